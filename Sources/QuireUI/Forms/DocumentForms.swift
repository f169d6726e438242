import CAdwaita
import CGtk
import CShim
import QuireEngine

/// The document's form, filled in place. The fields of the pages in view are read by
/// `PageObjects` and kept (`FormPages`, whose policy says what a click and Tab do); a text
/// field is typed in an entry over it (`FieldEditor`), a choice picked from a popover
/// (`ChoicePicker`), a check box or radio button turned by a click or Space. Every value goes into the one history of the reader's changes
/// (`DocumentAnnotations`), and from there to the render helpers, which draw the fields
/// with the reader's values (poppler makes their appearance), and to the save.
/// No script of the document runs, ever: a form that has them is told so once.
@MainActor
final class DocumentForms {
    private unowned let canvas: PageCanvas
    private unowned let annotations: DocumentAnnotations
    private var pages = FormPages()
    /// The widget with the keyboard's focus (its editor open, for a text field).
    private(set) var focused: Int?
    private var editor: FieldEditor?
    private var toldOfScripts = false
    var onNotice: ((String) -> Void)?
    /// What a signature field says of its signature (`DocumentSignatures`), by its name.
    var describeSignature: ((String) -> String?)?
    /// A signature field was clicked: its name.
    var onSignatureClicked: ((String) -> Void)?

    init(canvas: PageCanvas, annotations: DocumentAnnotations, objects: PageObjects) {
        self.canvas = canvas
        self.annotations = annotations
        canvas.takeClicks { [unowned self] point in self.click(at: point) }
        objects.onFields = { [unowned self] page, fields in self.received(fields, page: page) }
        objects.onFormUnreadable = { [unowned self] in
            let notice = tr("This document's form could not be read: its fields cannot be filled")
            printError(notice)
            self.onNotice?(notice)
        }
        canvas.watchScale { [weak self] in
            guard let self else { return }
            self.editor?.show(on: self.canvas)
        }
        canvas.onFieldKey = { [unowned self] keyval, shift in self.key(keyval, shift: shift) }
        annotations.pagesOfFields = { [unowned self] ids in self.pages(showing: ids) }
    }

    private var values: [Int: FormValue] { annotations.edits.fieldValues }

    private func received(_ fields: [FormField], page: Int) {
        pages.received(fields, forPage: page)
        canvas.redraw()
    }

    /// A click on a fillable field takes it (`FormPages` rule 2).
    private func click(at point: Point) -> Bool {
        if let (page, at) = canvas.pagePoint(atView: point), let field = pages.field(onPage: page, at: at), case .signature = field.kind,
           let onSignatureClicked {
            onSignatureClicked(field.name)
            return true
        }
        guard let (page, at) = canvas.pagePoint(atView: point), let field = pages.field(onPage: page, at: at), field.isFillable else {
            if focused != nil { unfocus() }
            return false
        }
        focus(field, acting: true)
        return true
    }

    /// Gives `field` the keyboard: a text field opens its editor; `acting` (a click, Space)
    /// also turns a button or opens a choice.
    private func focus(_ field: FormField, acting: Bool) {
        editor?.close()
        editor = nil
        focused = field.id
        canvas.reveal(field.area, onPage: field.page)
        canvas.redraw()
        if field.scripted, !toldOfScripts {
            toldOfScripts = true
            let notice = tr("This form has scripts that would fill in or check fields. Quire never runs them: fields keep what you enter")
            printError(notice)
            onNotice?(notice)
        }
        switch field.kind {
        case .text:
            guard case .text(let text) = FormPages.value(of: field, in: values) else { return }
            let editor = FieldEditor(field, text: text) { [weak self] ending, key in self?.edited(field, ending, key: key) }
            self.editor = editor
            editor.show(on: canvas)
        case .checkBox, .radio:
            if acting { annotations.setFields(pages.toggled(field, in: values)) }
        case .choice(let choice):
            guard acting else { return }
            ChoicePicker.open(field, choice: choice, value: FormPages.value(of: field, in: values), over: canvas) { [weak self] value in
                guard let self else { return }
                if let value { self.annotations.setFields([FieldValue(id: field.id, value: value)]) }
                self.canvas.grabFocus()
            }
        case .pushButton, .signature:
            return
        }
    }

    private func edited(_ field: FormField, _ ending: FieldEditor.Ending, key: FieldEditor.Key?) {
        editor = nil
        if case .taken(let text) = ending, FormPages.value(of: field, in: values) != .text(text) {
            annotations.setFields([FieldValue(id: field.id, value: .text(text))])
        }
        switch key {
        case .tab(let backwards):
            canvas.grabFocus()
            _ = tab(backwards: backwards)
        case .enter, .escape:
            canvas.grabFocus()
        case nil:
            break
        }
    }

    private func unfocus() {
        editor?.close()
        editor = nil
        focused = nil
        canvas.redraw()
    }

    /// Tab, Shift+Tab, and Space or Enter on a focused button or choice; Escape lets go.
    private func key(_ keyval: UInt32, shift: Bool) -> Bool {
        switch Int32(keyval) {
        case GDK_KEY_Tab, GDK_KEY_KP_Tab: return tab(backwards: shift)
        case GDK_KEY_ISO_Left_Tab: return tab(backwards: true)
        case GDK_KEY_space, GDK_KEY_Return, GDK_KEY_KP_Enter:
            guard let focused, let field = pages.field(id: focused) else { return false }
            focus(field, acting: true)
            return true
        case GDK_KEY_Escape:
            guard focused != nil else { return false }
            unfocus()
            return true
        default:
            return false
        }
    }

    private func tab(backwards: Bool) -> Bool {
        guard let next = pages.next(after: focused, backwards: backwards, fromPage: canvas.currentPage) else { return false }
        focus(next, acting: false)
        return true
    }

    /// The pages read that show the widgets `ids`, or other widgets of their fields (which
    /// poppler draws from the same value): to draw again when their values change.
    private func pages(showing ids: Set<Int>) -> [Int] {
        let names = Set(ids.compactMap { pages.field(id: $0)?.name })
        return pages.readPages.filter { page in pages[page]?.contains { ids.contains($0.id) || names.contains($0.name) } ?? false }
    }

    /// What the field under `point` of `page` is for, as its tooltip: its name for a
    /// reader, and whether it is read-only.
    func describe(page: Int, point: Point) -> String? {
        if let field = pages.field(onPage: page, at: point), case .signature = field.kind, let said = describeSignature?(field.name) { return said }
        guard let field = pages.field(onPage: page, at: point), !field.label.isEmpty || field.readOnly else { return nil }
        let label = field.label.isEmpty ? tr("A form field") : field.label
        return field.readOnly ? tr("{field} (read-only)", ["field": label]) : label
    }

    /// Closes an editor open (taking what was typed), as the document goes.
    func close() { unfocus() }
}

extension DocumentForms: PageOverlay {
    func marks(onPage page: Int) -> [PageMark] {
        guard let fields = pages[page], !fields.isEmpty else { return [] }
        let fillable = fields.filter(\.isFillable)
        let focus = fillable.filter { $0.id == focused }.map(\.area)
        return [PageMark(fillable.map(\.area), style: .formField)] + (focus.isEmpty ? [] : [PageMark(focus, style: .focusedField)])
    }
}
