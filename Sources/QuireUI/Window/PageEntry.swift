import CAdwaita
import CGtk
import CShim
import QuireEngine

/// The header bar's "12 / 340": an entry showing the current page, which takes a page
/// label or number (Ctrl+L focuses it, Enter goes there, Escape gives up). Where the
/// document labels its pages ("iv", "A-3"), the entry shows the label and the count reads
/// "(4 / 340)", as in Papers.
@MainActor
final class PageEntry {
    let widget: UnsafeMutablePointer<GtkWidget>
    private let entry = Editable(gtk_entry_new())
    private let total = Label()
    private var pageCount = 0
    private var current = 0
    private var editing = false
    /// Called with the zero-based page the reader typed.
    var onGoTo: ((Int) -> Void)?
    /// Called when the entry is done with (Enter or Escape), to give focus back.
    var onDone: (() -> Void)?
    /// The document's label of a page (its number when it has none).
    var labelOf: ((Int) -> String)?
    /// Where a typed label or number leads (`PageLabels.lookUp`).
    var lookUp: ((String) -> PageLabels.Lookup)?
    /// What was typed before the labels that may name it were read: looked up again as they come.
    private var waiting: String?

    /// Whether the reader is typing in it.
    var hasFocus: Bool {
        guard let root = gtk_widget_get_root(entry.widget), let focus = gtk_root_get_focus(root) else { return false }
        return focus == entry.widget || gtk_widget_is_ancestor(focus, entry.widget) != 0
    }

    init() {
        let box = Box.row(spacing: 6)
        widget = box.widget
        entry.setWidth(chars: 4)
        entry.setMaxWidth(chars: 6)
        entry.setAlignment(1)
        gtk_widget_set_tooltip_text(entry.widget, tr("Go to a page by its label or number (Ctrl+L)"))
        entry.setAccessibleName(tr("Page"))
        total.addCSSClass("numeric")
        box.append(entry)
        box.append(total)
        Signal.connect(entry.widget, "activate") { [unowned self] in self.submit() }
        let keys = gtk_event_controller_key_new()!
        Signal.connectKeyPressed(keys) { [unowned self] keyval, _ in
            guard Int32(keyval) == GDK_KEY_Escape else { return false }
            self.editing = false
            self.show(page: self.current, of: self.pageCount)
            self.onDone?()
            return true
        }
        gtk_widget_add_controller(entry.widget, keys)
        gtk_widget_set_visible(widget, 0)
    }

    /// Shows "page / count" (one-based), unless the reader is typing in it.
    func show(page: Int, of count: Int) {
        current = page
        pageCount = count
        gtk_widget_set_visible(widget, 1)
        let number = String(page + 1)
        let label = labelOf?(page) ?? number
        // Translators: after the page entry: "/ 40", or "(3 / 40)" after a page label such as "iii".
        total.text = label == number ? tr("/ {count}", ["count": String(count)]) : tr("({number} / {count})", ["number": number, "count": String(count)])
        // Spoken after "Page" and the entry's text: "of 340", not a slash.
        entry.setAccessibleDescription(NodeText.name(page: page, pageCount: count, label: label))
        if !editing { entry.text = label }
    }

    func hide() { gtk_widget_set_visible(widget, 0) }

    /// What it shows, for `--snapshot`'s report: `indicator="ii (2 / 6)"`.
    var summary: String {
        "indicator=\"\(entry.text) \(total.text)\""
    }

    /// Ctrl+L: focus the entry with its text selected, ready to type over.
    func focus() {
        editing = true
        // Selected before the focus comes, as the find bar does (GTK 4.8's blink warning).
        entry.select(from: 0, to: -1)
        gtk_widget_grab_focus(entry.widget)
    }

    private func submit() {
        editing = false
        go(to: entry.text)
        onDone?()
    }

    private func go(to typed: String) {
        waiting = nil
        switch lookUp?(typed) ?? .nowhere {
        case .page(let page): onGoTo?(page)
        case .notYetKnown: waiting = typed
        case .nowhere:
            gtk_widget_error_bell(entry.widget)
            show(page: current, of: pageCount)
        }
    }

    /// Labels were read: what the entry shows, and what was typed before them, follow.
    func labelsChanged() {
        show(page: current, of: pageCount)
        if let waiting { go(to: waiting) }
    }
}
