import CPoppler
import CSplash
import QuireEngine
#if canImport(Glibc)
import Glibc
#endif

extension Document {
    /// The page's form widgets in the page's annotation order (its tab order), at most
    /// `FormField.perPageLimit`, areas turned as the page displays and clipped to it (a
    /// widget with nothing on the page is dropped). Their full names are walked up /Parent
    /// by `csplash_field_names`: poppler-glib's own walk never ends where the chain loops.
    public func formFields(at index: Int) -> [FormField] {
        withPage(index) { page -> [FormField] in
            let size = Self.declaredSize(of: page)
            guard let mapping = poppler_page_get_form_field_mapping(page) else { return [] }
            defer { poppler_page_free_form_field_mapping(mapping) }
            // poppler lists them last first.
            let widgets = Self.items(of: mapping, as: PopplerFormFieldMapping.self).reversed()
                .compactMap { map in map.field.map { (field: $0, area: map.area) } }
            let rotation = Self.rotation(of: page, size: size, unrotated: widgets.first?.area)
            let kept = Array(widgets.prefix(FormField.perPageLimit))
            let full = kept.isEmpty ? [:] : Self.fieldNames(page, index: index, ids: kept.map { poppler_form_field_get_id($0.field) })
            return kept.compactMap { widget in
                let shown = Self.turned(widget.area, by: rotation, pageSize: size)
                guard let area = PageGeometryLimits.area(shown, onPageOf: size) else { return nil }
                let name = full[poppler_form_field_get_id(widget.field)] ?? Self.owned(poppler_form_field_get_partial_name(widget.field), limit: FormField.nameLimit)
                return Self.formField(widget.field, page: index, area: area, turn: Rotation(degrees: rotation), name: name)
            }
        } ?? []
    }

    /// The full names of the page's widgets `ids`, read through one of its annotations (a
    /// widget is one); an id without a name is missing.
    private static func fieldNames(_ page: OpaquePointer, index: Int, ids: [Int32]) -> [Int32: String] {
        let wanted = ids.map { UInt32(bitPattern: $0) }
        // A name is at most 1,024 bytes, and its NUL.
        var buffer = [CChar](repeating: 0, count: wanted.count * 1025)
        let written = withAnnotMapping(page) { mappings -> Int in
            guard let annot = mappings.first?.annot, let index = Int32(exactly: index) else { return -1 }
            return wanted.withUnsafeBufferPointer { ids in
                buffer.withUnsafeMutableBufferPointer { out in
                    csplash_field_names(UnsafeMutableRawPointer(annot), index, ids.baseAddress, ids.count, out.baseAddress, out.count)
                }
            }
        }
        guard written > 0 else { return [:] }
        var names: [Int32: String] = [:]
        var start = 0
        for id in ids where start < written {
            let end = buffer[start..<written].firstIndex(of: 0) ?? written
            names[id] = String(decoding: buffer[start..<end].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            start = end + 1
        }
        return names
    }

    /// Sets widgets' values, in order: what the reader typed, ticked and chose. poppler
    /// draws the widgets anew from them (their appearance streams), and a save writes them.
    /// Ids the document has no widget for, and values of the wrong kind, change nothing.
    public func setFormValues(_ values: [FieldValue]) {
        var set: [Int: [UInt32]] = [:]
        for (id, value) in values.map({ ($0.id, $0.value) }) {
            guard let id = Int32(exactly: id), let field = poppler_document_get_form_field(document, id) else { continue }
            defer { g_object_unref(UnsafeMutableRawPointer(field)) }
            Self.set(value, of: field)
            set[Self.pageIndex(ofWidget: Int(id)), default: []].append(UInt32(bitPattern: id))
        }
        for (page, ids) in set { redrawStandaloneWidgets(ids, onPage: page) }
    }

    /// Splash over this document's own objects, so that it draws what was set here (form
    /// values, hidden and recoloured annotations), where `SplashPages(descriptor:)` reads the
    /// file as it is. poppler-glib does not give its document: it is reached through an
    /// annotation of the first of `pages` that has one; nil when none has.
    public func splashPagesOfItsOwn(findingAnnotationOn pages: [Int]) -> SplashPages? {
        for index in pages {
            let found = withPage(index) { page in
                Self.withAnnotMapping(page) { mappings in
                    mappings.first?.annot.flatMap { SplashPages(borrowing: UnsafeMutableRawPointer($0), from: self) }
                }
            }
            if let found { return found }
        }
        return nil
    }

    /// poppler-glib's setters do not redraw, on the page, a widget no AcroForm lists
    /// (`csplash_redraw_standalone_widgets`): these are drawn anew here.
    private func redrawStandaloneWidgets(_ ids: [UInt32], onPage index: Int) {
        guard let page = Int32(exactly: index) else { return }
        _ = withPage(index) { pdfPage in
            Self.withAnnotMapping(pdfPage) { mappings in
                let widgets = mappings.compactMap(\.annot).filter { poppler_annot_get_annot_type($0) == POPPLER_ANNOT_WIDGET }
                    .map { Optional(UnsafeMutableRawPointer($0)) }
                _ = widgets.withUnsafeBufferPointer { annots in
                    ids.withUnsafeBufferPointer { csplash_redraw_standalone_widgets(annots.baseAddress, annots.count, page, $0.baseAddress, $0.count) }
                }
            }
        }
    }

    /// The page of a widget's id: poppler numbers a page's widgets from its page number
    /// (from 1) in the upper half of the id (FormWidget::encodeID).
    public static func pageIndex(ofWidget id: Int) -> Int { Int(UInt32(truncatingIfNeeded: id) >> 16) - 1 }

    /// A widget's value now (the document's, or the last set).
    public func formValue(id: Int) -> FormValue? {
        guard let id = Int32(exactly: id), let field = poppler_document_get_form_field(document, id) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(field)) }
        return Self.value(of: field)
    }

    private static func set(_ value: FormValue, of field: OpaquePointer) {
        switch (poppler_form_field_get_field_type(field), value) {
        case (POPPLER_FORM_FIELD_TEXT, .text(let text)):
            let limit = Int(poppler_form_field_text_get_max_len(field))
            let bounded = String(text.prefix(limit > 0 ? min(limit, FormField.textLimit) : FormField.textLimit))
            poppler_form_field_text_set_text(field, bounded)
        case (POPPLER_FORM_FIELD_BUTTON, .on(let on)):
            guard poppler_form_field_button_get_button_type(field) != POPPLER_FORM_BUTTON_PUSH else { return }
            poppler_form_field_button_set_state(field, on ? 1 : 0)
        case (POPPLER_FORM_FIELD_CHOICE, .chosen(let items)):
            let count = Int(poppler_form_field_choice_get_n_items(field))
            poppler_form_field_choice_unselect_all(field)
            let multiple = poppler_form_field_choice_can_select_multiple(field) != 0
            for item in items.filter({ $0 >= 0 && $0 < count }).prefix(multiple ? FormField.itemLimit : 1) {
                poppler_form_field_choice_select_item(field, Int32(item))
            }
        case (POPPLER_FORM_FIELD_CHOICE, .text(let text)):
            guard poppler_form_field_choice_is_editable(field) != 0 else { return }
            poppler_form_field_choice_set_text(field, String(text.prefix(FormField.textLimit)))
        default:
            return
        }
    }

    private static func value(of field: OpaquePointer) -> FormValue {
        switch poppler_form_field_get_field_type(field) {
        case POPPLER_FORM_FIELD_TEXT:
            return .text(ownedText(poppler_form_field_text_get_text(field)))
        case POPPLER_FORM_FIELD_BUTTON:
            return .on(poppler_form_field_button_get_state(field) != 0)
        case POPPLER_FORM_FIELD_CHOICE:
            let count = min(Int(poppler_form_field_choice_get_n_items(field)), FormField.itemLimit)
            let chosen = (0..<max(count, 0)).filter { poppler_form_field_choice_is_item_selected(field, Int32($0)) != 0 }
            if chosen.isEmpty, poppler_form_field_choice_is_editable(field) != 0 {
                let text = owned(poppler_form_field_choice_get_text(field), limit: FormField.textLimit)
                if !text.isEmpty { return .text(text) }
            }
            return .chosen(chosen)
        default:
            return .text("")
        }
    }

    private static func formField(_ field: OpaquePointer, page: Int, area: Rect, turn: Rotation, name: String) -> FormField? {
        let kind: FormField.Kind
        var readOnly = poppler_form_field_is_read_only(field) != 0
        switch poppler_form_field_get_field_type(field) {
        case POPPLER_FORM_FIELD_TEXT:
            let type = poppler_form_field_text_get_text_type(field)
            // A file to pick would be read from the reader's disk: not offered.
            if type == POPPLER_FORM_TEXT_FILE_SELECT { readOnly = true }
            kind = .text(multiline: type == POPPLER_FORM_TEXT_MULTILINE, password: poppler_form_field_text_is_password(field) != 0,
                         maxLength: max(0, Int(poppler_form_field_text_get_max_len(field))))
        case POPPLER_FORM_FIELD_BUTTON:
            switch poppler_form_field_button_get_button_type(field) {
            case POPPLER_FORM_BUTTON_CHECK: kind = .checkBox
            case POPPLER_FORM_BUTTON_RADIO: kind = .radio
            default: kind = .pushButton
            }
        case POPPLER_FORM_FIELD_CHOICE:
            let count = min(max(Int(poppler_form_field_choice_get_n_items(field)), 0), FormField.itemLimit)
            let items = (0..<count).map { owned(poppler_form_field_choice_get_item(field, Int32($0)), limit: FormField.nameLimit) }
            kind = .choice(FormField.Choice(combo: poppler_form_field_choice_get_choice_type(field) == POPPLER_FORM_CHOICE_COMBO,
                                            editable: poppler_form_field_choice_is_editable(field) != 0,
                                            multiple: poppler_form_field_choice_can_select_multiple(field) != 0, items: items))
        case POPPLER_FORM_FIELD_SIGNATURE: kind = .signature
        default: return nil
        }
        let scripts = [POPPLER_ADDITIONAL_ACTION_FIELD_MODIFIED, POPPLER_ADDITIONAL_ACTION_FORMAT_FIELD,
                       POPPLER_ADDITIONAL_ACTION_VALIDATE_FIELD, POPPLER_ADDITIONAL_ACTION_CALCULATE_FIELD]
        // The actions stay the field's: not freed here.
        let scripted = scripts.contains { poppler_form_field_get_additional_action(field, $0) != nil }
        return FormField(id: Int(poppler_form_field_get_id(field)), page: page, area: area, kind: kind,
                         name: name,
                         label: owned(poppler_form_field_get_alternate_ui_name(field), limit: FormField.nameLimit),
                         readOnly: readOnly, scripted: scripted, fontSize: poppler_form_field_get_font_size(field), value: value(of: field),
                         pageTurn: turn)
    }

    /// A field's text poppler handed over (to free), display-safe line by line.
    private static func ownedText(_ raw: UnsafeMutablePointer<CChar>?) -> String {
        guard let raw else { return "" }
        defer { g_free(raw) }
        return FormValue.safeText(PopplerText.prefix(raw, bytes: FormField.textLimit * 4) ?? "")
    }

    /// A string poppler handed over (to free), display-safe, at most `limit` characters.
    private static func owned(_ raw: UnsafeMutablePointer<CChar>?, limit: Int) -> String {
        guard let raw else { return "" }
        defer { g_free(raw) }
        return PopplerText.line(raw, limit: limit) ?? ""
    }

    /// The page's /Rotate, which poppler-glib does not tell: found by turning a widget's
    /// area (unrotated, as form mappings give it) each way until it lands where poppler's
    /// annotation mapping (which turns them) has a widget. 0 when none matches.
    private static func rotation(of page: OpaquePointer, size: Size, unrotated area: PopplerRectangle?) -> Int {
        guard let area else { return 0 }
        let widgets = withAnnotMapping(page) { maps in
            maps.compactMap { map in map.annot.flatMap { poppler_annot_get_annot_type($0) == POPPLER_ANNOT_WIDGET ? map.area : nil } }
        }
        func near(_ a: PopplerRectangle, _ b: Rect) -> Bool {
            abs(a.x1 - b.x) < 0.5 && abs(a.x2 - b.maxX) < 0.5 && abs(size.height - a.y2 - b.y) < 0.5 && abs(size.height - a.y1 - b.maxY) < 0.5
        }
        return [0, 90, 180, 270].first { rotation in
            let candidate = turned(area, by: rotation, pageSize: size)
            return widgets.contains { near($0, candidate) }
        } ?? 0
    }

    /// An unrotated widget area (bottom-left origin) as the page displays (top-left
    /// origin), as poppler's annotation mapping turns it; `pageSize` is the turned size.
    private static func turned(_ rect: PopplerRectangle, by rotation: Int, pageSize size: Size) -> Rect {
        let x1 = min(rect.x1, rect.x2), x2 = max(rect.x1, rect.x2), y1 = min(rect.y1, rect.y2), y2 = max(rect.y1, rect.y2)
        let width = x2 - x1, height = y2 - y1
        // Bottom-left origin on the turned page first.
        let (left, bottom, across, up): (Double, Double, Double, Double) = switch rotation {
        case 90: (y1, size.height - x2, height, width)
        case 180: (size.width - x2, size.height - y2, width, height)
        case 270: (size.width - y2, x1, height, width)
        default: (x1, y1, width, height)
        }
        return Rect(x: left, y: size.height - (bottom + up), width: across, height: up)
    }
}
