import CAdwaita
import CGtk
import CShim
import QuireEngine

/// The list of matches, in document order, each with its page label and its line: a
/// virtualized GtkListView over a GtkStringList of Pango markup, so that tens of
/// thousands of rows cost only the rows on screen. Rows are inserted as results stream in.
/// The Annotations pane lists its rows the same way (`lines`: each row wraps to that many).
/// Each row has a name for a screen reader, kept beside the list (the markup's dot and
/// dimmed parts read badly).
@MainActor
final class SearchResultsList {
    let widget: UnsafeMutablePointer<GtkWidget> // a scrolled window
    private let list: OpaquePointer             // GtkStringList
    private let selection: SingleSelection
    private let view: ListView
    private var names: [String] = []
    /// A row: what it shows, as Pango markup, and what a screen reader calls it.
    struct Row {
        let markup: String
        let name: String
    }
    /// Called with the chosen row's match number, from 1.
    var onChosen: ((Int) -> Void)?

    /// `sized`: a popover's list, of its own size (`fit`); else it takes the room it is given.
    init(lines: Int = 1, sized: Bool = true) {
        list = gtk_string_list_new(nil)
        // The selection model takes the list; the view takes the selection and the factory.
        selection = SingleSelection(taking: list)
        let factory = ListItemFactory()
        factory.on("setup") { item in item.child = Self.rowLabel(lines: lines) }
        view = ListView(selection, factory: factory.factory)
        view.activateOnSingleClick()
        view.addCSSClass("navigation-sidebar")
        widget = gtk_scrolled_window_new()
        gtk_scrolled_window_set_policy(quire_scrolled_window(widget), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        // A popover takes its child's size; content sizes are ignored without scrollbars across.
        if sized { fit(width: Self.width) } else { gtk_widget_set_vexpand(widget, 1) }
        gtk_scrolled_window_set_child(quire_scrolled_window(widget), view.widget)
        factory.on("bind") { [unowned self] item in
            guard let child = item.child, let object = item.object else { return }
            gtk_label_set_markup(quire_label(child), StringObject.string(of: object) ?? "")
            let position = Int(item.position)
            if self.names.indices.contains(position), let row = gtk_widget_get_parent(child) { setAccessibleName(row, self.names[position]) }
        }
        Signal.connect(view.widget, "activate") { [unowned self] (position: UnsafeMutableRawPointer?) in
            // A guint passed in a pointer's place: only its low 32 bits are meant.
            let row = Int(UInt32(truncatingIfNeeded: Int(bitPattern: position)))
            self.onChosen?(row + 1)
        }
    }

    private static let width = 460

    /// What a screen reader calls the list.
    func setName(_ name: String) { view.setAccessibleName(name) }

    /// At most `room` pixels wide (the window may be narrower than the list likes).
    func fit(width room: Int) {
        gtk_widget_set_size_request(widget, Int32(max(200, min(Self.width, room))), 380)
    }

    var count: Int { Int(g_list_model_get_n_items(list)) } // a GtkStringList is a GListModel

    func removeAll() {
        names = []
        gtk_string_list_splice(list, 0, UInt32(count), nil)
    }

    /// Inserts rows before row `position` (from 0).
    func insert(_ rows: [Row], at position: Int) {
        guard !rows.isEmpty else { return }
        names.insert(contentsOf: rows.map(\.name), at: min(position, names.count))
        var pointers = rows.map { strdup($0.markup) } + [nil]
        defer { pointers.forEach { free($0) } }
        pointers.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                gtk_string_list_splice(list, UInt32(position), 0, $0)
            }
        }
    }

    /// Marks the row of match `ordinal` (from 1) and scrolls it into view.
    func select(_ ordinal: Int) {
        guard ordinal >= 1, ordinal <= count else { return }
        selection.selected = UInt32(ordinal - 1)
        view.scroll(to: UInt32(ordinal - 1))
    }

    /// A match's row: the page label, dimmed, then the line with the match in bold.
    static func row(label: String, context: MatchContext) -> Row {
        Row(markup: "<span alpha=\"55%\">\(escaped(label))</span>   \(escaped(context.before))<b>\(escaped(context.match))</b>\(escaped(context.after))",
            name: ControlNames.match(pageLabel: label, line: context.before + context.match + context.after))
    }

    /// A row's label: a line or `lines` wrapped, ellipsized at the end.
    private static func rowLabel(lines: Int) -> UnsafeMutablePointer<GtkWidget> {
        let label = Label(xalign: 0)
        label.ellipsize()
        if lines > 1 {
            gtk_label_set_wrap(quire_label(label.widget), 1)
            gtk_label_set_wrap_mode(quire_label(label.widget), PANGO_WRAP_WORD_CHAR)
        }
        gtk_label_set_lines(quire_label(label.widget), Int32(lines))
        gtk_widget_set_margin_top(label.widget, 3)
        gtk_widget_set_margin_bottom(label.widget, 3)
        return label.widget
    }

    /// `text` as Pango markup shows it literally.
    static func escaped(_ text: String) -> String {
        guard let raw = g_markup_escape_text(text, -1) else { return "" }
        defer { g_free(raw) }
        return String(cString: raw)
    }
}
