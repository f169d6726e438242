import CAdwaita
import CGtk
import CShim
import QuireEngine

/// The list of matches, in document order, each with its page label and its line: a
/// virtualized GtkListView over a GtkStringList of Pango markup, so that tens of
/// thousands of rows cost only the rows on screen. Rows are inserted as results stream in.
/// The Annotations pane lists its rows the same way (`lines`: each row wraps to that many).
@MainActor
final class SearchResultsList {
    let widget: UnsafeMutablePointer<GtkWidget> // a scrolled window
    private let list: OpaquePointer             // GtkStringList
    private let selection: SingleSelection
    private let view: ListView
    /// Called with the chosen row's match number, from 1.
    var onChosen: ((Int) -> Void)?

    private static func rowTemplate(lines: Int) -> String { """
        <?xml version="1.0" encoding="UTF-8"?>
        <interface>
          <template class="GtkListItem">
            <property name="child">
              <object class="GtkLabel">
                <property name="xalign">0</property>
                <property name="use-markup">1</property>
                <property name="ellipsize">end</property>
                <property name="wrap">\(lines > 1 ? 1 : 0)</property>
                <property name="wrap-mode">word-char</property>
                <property name="lines">\(lines)</property>
                <property name="margin-top">3</property>
                <property name="margin-bottom">3</property>
                <binding name="label">
                  <lookup name="string" type="GtkStringObject">
                    <lookup name="item">GtkListItem</lookup>
                  </lookup>
                </binding>
              </object>
            </property>
          </template>
        </interface>
        """
    }

    /// `sized`: a popover's list, of its own size (`fit`); else it takes the room it is given.
    init(lines: Int = 1, sized: Bool = true) {
        list = gtk_string_list_new(nil)
        // The selection model takes the list; the view takes the selection and the factory.
        selection = SingleSelection(taking: list)
        let bytes = Self.rowTemplate(lines: lines).withCString { g_bytes_new($0, gsize(strlen($0))) }
        let factory = gtk_builder_list_item_factory_new_from_bytes(nil, bytes)
        g_bytes_unref(bytes)
        view = ListView(selection, factory: factory!)
        view.activateOnSingleClick()
        view.addCSSClass("navigation-sidebar")
        widget = gtk_scrolled_window_new()
        gtk_scrolled_window_set_policy(quire_scrolled_window(widget), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        // A popover takes its child's size; content sizes are ignored without scrollbars across.
        if sized { fit(width: Self.width) } else { gtk_widget_set_vexpand(widget, 1) }
        gtk_scrolled_window_set_child(quire_scrolled_window(widget), view.widget)
        Signal.connect(view.widget, "activate") { [unowned self] (position: UnsafeMutableRawPointer?) in
            // A guint passed in a pointer's place: only its low 32 bits are meant.
            let row = Int(UInt32(truncatingIfNeeded: Int(bitPattern: position)))
            self.onChosen?(row + 1)
        }
    }

    private static let width = 460

    /// At most `room` pixels wide (the window may be narrower than the list likes).
    func fit(width room: Int) {
        gtk_widget_set_size_request(widget, Int32(max(200, min(Self.width, room))), 380)
    }

    var count: Int { Int(g_list_model_get_n_items(list)) } // a GtkStringList is a GListModel

    func removeAll() { gtk_string_list_splice(list, 0, UInt32(count), nil) }

    /// Inserts rows before row `position` (from 0).
    func insert(_ rows: [String], at position: Int) {
        guard !rows.isEmpty else { return }
        var pointers = rows.map { strdup($0) } + [nil]
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

    /// A row's markup: the page label, dimmed, then the line with the match in bold.
    static func row(label: String, context: MatchContext) -> String {
        "<span alpha=\"55%\">\(escaped(label))</span>   \(escaped(context.before))<b>\(escaped(context.match))</b>\(escaped(context.after))"
    }

    /// `text` as Pango markup shows it literally.
    static func escaped(_ text: String) -> String {
        guard let raw = g_markup_escape_text(text, -1) else { return "" }
        defer { g_free(raw) }
        return String(cString: raw)
    }
}
