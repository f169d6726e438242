import CPoppler
import CSplash
import QuireEngine
#if canImport(Glibc)
import Glibc
#endif

extension Document {
    /// Adds `markup` to its page as a text markup annotation (one quadrilateral per area)
    /// or a note (a Text annotation over its one area), its colour, the marked text or the
    /// note's as /Contents and the author as /T (poppler sets /M); printed (/F 4), and
    /// with the appearance poppler draws it with as its /AP, for programs that draw only those.
    /// Areas are in points from the top-left of the page as displayed; poppler turns them
    /// into the page's own space (its /Rotate and crop box). False when the page cannot be
    /// loaded or no area is a real rectangle on it.
    public func add(_ markup: Markup) -> Bool {
        if let drawing = markup.drawing { return add(drawing, of: markup) }
        return withPage(markup.page) { page -> Bool? in
            var width = 0.0, height = 0.0
            poppler_page_get_size(page, &width, &height)
            let size = Rect(x: 0, y: 0, width: width, height: height)
            let areas = markup.areas.prefix(Markup.areaLimit).filter { area in
                [area.x, area.y, area.width, area.height].allSatisfy(\.isFinite) && !area.isEmpty && area.intersects(size)
            }
            guard !areas.isEmpty else { return false }
            // Bottom-left origin, as poppler's annotation calls take them.
            let quads = g_array_sized_new(0, 0, guint(MemoryLayout<PopplerQuadrilateral>.stride), guint(areas.count))!
            defer { g_array_unref(quads) }
            var bounds = (x1: Double.infinity, y1: Double.infinity, x2: -Double.infinity, y2: -Double.infinity)
            for area in areas {
                let top = height - area.y, bottom = height - area.maxY
                var quad = PopplerQuadrilateral(p1: PopplerPoint(x: area.x, y: top), p2: PopplerPoint(x: area.maxX, y: top),
                                                p3: PopplerPoint(x: area.x, y: bottom), p4: PopplerPoint(x: area.maxX, y: bottom))
                g_array_append_vals(quads, &quad, 1)
                bounds = (min(bounds.x1, area.x), min(bounds.y1, bottom), max(bounds.x2, area.maxX), max(bounds.y2, top))
            }
            var rect = PopplerRectangle(x1: bounds.x1, y1: bounds.y1, x2: bounds.x2, y2: bounds.y2)
            let made: OpaquePointer? = switch markup.kind {
            case .note: poppler_annot_text_new(document, &rect)
            case .highlight: poppler_annot_text_markup_new_highlight(document, &rect, quads)
            case .underline: poppler_annot_text_markup_new_underline(document, &rect, quads)
            case .strikeOut: poppler_annot_text_markup_new_strikeout(document, &rect, quads)
            case .squiggly: poppler_annot_text_markup_new_squiggly(document, &rect, quads)
            case .ink, .freeText, .line, .square, .circle, .stamp: nil // drawn: add(_:of:)
            }
            guard let annot = made else { return false }
            defer { g_object_unref(UnsafeMutableRawPointer(annot)) }
            let rgb = markup.colour.components
            func channel(_ value: Double) -> guint16 { guint16(min(max(value, 0), 1) * 65535) }
            var colour = PopplerColor(red: channel(rgb.red), green: channel(rgb.green), blue: channel(rgb.blue))
            poppler_annot_set_color(annot, &colour)
            let contents = markup.comment.isEmpty ? markup.text : markup.comment
            if !contents.isEmpty { poppler_annot_set_contents(annot, contents) }
            if !markup.author.isEmpty {
                poppler_annot_markup_set_label(annot, markup.author) // text markups and notes are PopplerAnnotMarkups
            }
            poppler_page_add_annot(page, annot)
            poppler_annot_set_flags(annot, POPPLER_ANNOT_FLAG_PRINT)
            csplash_keep_appearance(UnsafeMutableRawPointer(annot))
            return true
        } ?? false
    }

    /// Puts the reader's changes into the document, as a save writes them and a printout
    /// shows them: form values set, the file's annotations moved or resized, recoloured and those deleted taken
    /// out, then `markups` added (after: the refs name places among the file's own). Returns
    /// how many markups were added.
    public func write(_ changes: DocumentChanges, adding markups: [Markup]) -> Int {
        setFormValues(changes.fields)
        _ = reshape(Dictionary(changes.reshaped.map { ($0.ref, $0.area) }) { _, last in last })
        _ = setColours(Dictionary(changes.recoloured.map { ($0.ref, Optional($0.colour.rgb)) }) { _, last in last })
        _ = remove(changes.removed)
        return markups.filter { add($0) }.count
    }

    /// Writes the document, with the annotations added, to `descriptor` (a new file the
    /// window opened): the original bytes and an incremental update after them. Throws
    /// poppler's reason when it cannot.
    public func save(to descriptor: Int32) throws(RenderFailure) {
        var error: UnsafeMutablePointer<GError>?
        let written = poppler_document_save_to_fd(document, descriptor, 1, &error) != 0
        // poppler 22.12 leaves the FILE it wrote through open, its last buffer unwritten.
        let flushed = fflush(nil) == 0
        guard written else {
            defer { if let error { g_error_free(error) } }
            throw RenderFailure(error.map { String(cString: $0.pointee.message) } ?? "poppler could not write the document")
        }
        guard flushed else { throw RenderFailure("the document could not be written: \(String(cString: strerror(errno)))") }
    }
}

extension Document {
    /// The page's annotations a reader made (not links, form widgets or pop-ups), in the
    /// page's order, at most `FileAnnotation.perPageLimit`; a markup without contents is
    /// given the words under it.
    public func fileAnnotations(at index: Int) -> [FileAnnotation] {
        withPage(index) { page -> [FileAnnotation] in
            let size = Self.declaredSize(of: page)
            return Self.withAnnotMapping(page) { maps in
                var found: [FileAnnotation] = []
                for (position, map) in maps.enumerated() where found.count < FileAnnotation.perPageLimit {
                    guard let annot = map.annot, let kind = Self.kind(poppler_annot_get_annot_type(annot)) else { continue }
                    // Turned as the page displays, from the bottom: to the top-left origin.
                    var declared = Rect(x: map.area.x1, y: size.height - map.area.y2, width: map.area.x2 - map.area.x1, height: map.area.y2 - map.area.y1)
                    // A markup's words are its quadrilaterals: some writers give it a /Rect off the page.
                    if let quads = Self.quadBounds(annot, kind: kind, pageHeight: size.height) { declared = quads }
                    guard let area = PageGeometryLimits.area(declared, onPageOf: size) else { continue }
                    var text = Self.owned(poppler_annot_get_contents(annot))
                    if text.isEmpty, [.highlight, .underline, .squiggly, .strikeOut].contains(kind) {
                        // A selection from just inside its top-left to just inside its bottom-right
                        // (top-left origin, as selections are): the words it covers, in reading order.
                        let inset = min(area.height / 4, 2.0)
                        var rect = PopplerRectangle(x1: area.x + 0.5, y1: area.y + inset, x2: area.maxX - 0.5, y2: area.maxY - inset)
                        text = Self.owned(poppler_page_get_selected_text(page, POPPLER_SELECTION_GLYPH, &rect))
                    }
                    let isMarkup = g_type_check_instance_is_a(UnsafeMutableRawPointer(annot).assumingMemoryBound(to: GTypeInstance.self), poppler_annot_markup_get_type()) != 0
                    let author = isMarkup ? Self.owned(poppler_annot_markup_get_label(annot)) : ""
                    var colour: [Double]?
                    if let rgb = poppler_annot_get_color(annot) {
                        colour = [rgb.pointee.red, rgb.pointee.green, rgb.pointee.blue].map { Double($0) / 65535 }
                        g_free(rgb)
                    }
                    found.append(FileAnnotation(page: index, index: position, area: area, kind: kind, colour: colour, text: text, author: author))
                }
                return found
            }
        } ?? []
    }

    /// The bounds of a text markup's quadrilaterals (top-left origin, as the page displays);
    /// nil for another kind, or none that is a number.
    private static func quadBounds(_ annot: OpaquePointer, kind: FileAnnotation.Kind, pageHeight: Double) -> Rect? {
        guard [.highlight, .underline, .squiggly, .strikeOut].contains(kind), let quads = poppler_annot_text_markup_get_quadrilaterals(annot) else { return nil }
        defer { g_array_unref(quads) }
        var xs: [Double] = [], ys: [Double] = []
        let count = min(Int(quads.pointee.len), Markup.areaLimit)
        guard count > 0, let data = quads.pointee.data else { return nil }
        data.withMemoryRebound(to: PopplerQuadrilateral.self, capacity: count) { quad in
            for index in 0..<count {
                for point in [quad[index].p1, quad[index].p2, quad[index].p3, quad[index].p4] where point.x.isFinite && point.y.isFinite {
                    xs.append(point.x)
                    ys.append(pageHeight - point.y)
                }
            }
        }
        guard let left = xs.min(), let right = xs.max(), let top = ys.min(), let bottom = ys.max(), right > left, bottom > top else { return nil }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// Runs `body` with each annotation of `refs` (on their pages, by their place in the
    /// page's annotation mapping); refs to none are passed over. The annotations stay the
    /// page's: poppler draws and saves what `body` does to them.
    private func withAnnotations(_ refs: [FileAnnotation.Ref], _ body: (FileAnnotation.Ref, OpaquePointer, OpaquePointer) -> Void) {
        for (page, onPage) in Dictionary(grouping: refs, by: \.page) {
            _ = withPage(page) { pageObject -> Bool? in
                Self.withAnnotMapping(pageObject) { maps in
                    // All found before any is changed: a removal would move the places of the rest.
                    for ref in Set(onPage) where maps.indices.contains(ref.index) {
                        if let annot = maps[ref.index].annot { body(ref, pageObject, annot) }
                    }
                }
                return true
            }
        }
    }

    /// Hides the file's annotations `refs` from drawing (or shows them again): a flag,
    /// so that an undo gives each back as it was. Returns their flags before.
    public func setHidden(_ refs: [FileAnnotation.Ref], _ hidden: Bool, restoring: [FileAnnotation.Ref: UInt32] = [:]) -> [FileAnnotation.Ref: UInt32] {
        var before: [FileAnnotation.Ref: UInt32] = [:]
        withAnnotations(refs) { ref, _, annot in
            let flags = poppler_annot_get_flags(annot).rawValue
            before[ref] = flags
            let new = hidden ? flags | POPPLER_ANNOT_FLAG_HIDDEN.rawValue : restoring[ref] ?? flags & ~POPPLER_ANNOT_FLAG_HIDDEN.rawValue
            poppler_annot_set_flags(annot, PopplerAnnotFlag(rawValue: new))
        }
        return before
    }

    /// Gives the file's annotations new colours (red, green, blue, 0…1; nil for none);
    /// poppler draws them anew, and that appearance is their /AP (setting a colour drops the
    /// file's). A text box's colour is its words' (its /DA; nil: black). Returns the
    /// colours they had.
    public func setColours(_ colours: [FileAnnotation.Ref: [Double]?]) -> [FileAnnotation.Ref: [Double]?] {
        var before: [FileAnnotation.Ref: [Double]?] = [:]
        withAnnotations(Array(colours.keys)) { ref, _, annot in
            defer { csplash_keep_appearance(UnsafeMutableRawPointer(annot)) }
            let wanted = (colours[ref] ?? nil).flatMap { $0.count == 3 ? $0.map { min(max($0.isFinite ? $0 : 0, 0), 1) } : nil }
            var words = [0.0, 0, 0]
            let isTextBox = wanted.map { rgb in rgb.withUnsafeBufferPointer { csplash_free_text_colour(UnsafeMutableRawPointer(annot), $0.baseAddress, &words) } }
                ?? csplash_free_text_colour(UnsafeMutableRawPointer(annot), nil, &words)
            if isTextBox != 0 {
                before[ref] = words
                return
            }
            if let old = poppler_annot_get_color(annot) {
                before[ref] = [old.pointee.red, old.pointee.green, old.pointee.blue].map { Double($0) / 65535 }
                g_free(old)
            } else {
                before[ref] = .some(nil)
            }
            guard let rgb = wanted else {
                poppler_annot_set_color(annot, nil)
                return
            }
            func channel(_ value: Double) -> guint16 { guint16(value * 65535) }
            var colour = PopplerColor(red: channel(rgb[0]), green: channel(rgb[1]), blue: channel(rgb[2]))
            poppler_annot_set_color(annot, &colour)
        }
        return before
    }

    /// Moves or resizes the file's annotations onto their areas (points from the top-left of
    /// the page as displayed; see reshaped_annotations.cpp); text markups, links and widgets
    /// stay. Returns the areas they had, for an undo to give back.
    public func reshape(_ areas: [FileAnnotation.Ref: Rect]) -> [FileAnnotation.Ref: Rect] {
        var before: [FileAnnotation.Ref: Rect] = [:]
        withAnnotations(Array(areas.keys)) { ref, _, annot in
            guard let area = areas[ref] else { return }
            var to = [area.x, area.y, area.width, area.height], from = [0.0, 0, 0, 0]
            if csplash_reshape_annotation(UnsafeMutableRawPointer(annot), &to, &from) != 0 {
                before[ref] = Rect(x: from[0], y: from[1], width: from[2], height: from[3])
            }
        }
        return before
    }

    /// Takes the file's annotations `refs` out of their pages, for a save; returns how many.
    public func remove(_ refs: [FileAnnotation.Ref]) -> Int {
        var removed = 0
        withAnnotations(refs) { _, page, annot in
            poppler_page_remove_annot(page, annot)
            removed += 1
        }
        return removed
    }

    private static func kind(_ type: PopplerAnnotType) -> FileAnnotation.Kind? {
        switch type {
        case POPPLER_ANNOT_TEXT: .note
        case POPPLER_ANNOT_FREE_TEXT: .freeText
        case POPPLER_ANNOT_HIGHLIGHT: .highlight
        case POPPLER_ANNOT_UNDERLINE: .underline
        case POPPLER_ANNOT_SQUIGGLY: .squiggly
        case POPPLER_ANNOT_STRIKE_OUT: .strikeOut
        case POPPLER_ANNOT_INK: .ink
        case POPPLER_ANNOT_LINE: .line
        case POPPLER_ANNOT_SQUARE: .square
        case POPPLER_ANNOT_CIRCLE: .circle
        case POPPLER_ANNOT_POLYGON, POPPLER_ANNOT_POLY_LINE: .polygon
        case POPPLER_ANNOT_STAMP: .stamp
        case POPPLER_ANNOT_CARET: .caret
        case POPPLER_ANNOT_FILE_ATTACHMENT: .fileAttachment
        case POPPLER_ANNOT_SOUND: .sound
        // Links, widgets and pop-ups are the document's workings; the rest are not marks.
        case POPPLER_ANNOT_LINK, POPPLER_ANNOT_WIDGET, POPPLER_ANNOT_POPUP, POPPLER_ANNOT_SCREEN, POPPLER_ANNOT_MOVIE,
             POPPLER_ANNOT_PRINTER_MARK, POPPLER_ANNOT_TRAP_NET, POPPLER_ANNOT_WATERMARK, POPPLER_ANNOT_3D: nil
        default: .other
        }
    }

    /// A string poppler handed over (to free), display-safe line by line, bounded.
    private static func owned(_ raw: UnsafeMutablePointer<CChar>?) -> String {
        guard let raw else { return "" }
        defer { g_free(raw) }
        return FormValue.safeText(PopplerText.prefix(raw, bytes: FileAnnotation.textLimit * 4) ?? "", limit: FileAnnotation.textLimit)
    }
}
