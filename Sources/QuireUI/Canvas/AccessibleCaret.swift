import CAdwaita
import CGtk
import CShim
import QuireEngine

/// Caret mode's caret as a screen reader follows it (`CaretMirror`'s rules): the caret's
/// page in a read-only text view laid over the page, invisible like the pages' labels
/// (`AccessiblePages`), whose cursor and selection are the caret's, and which has the focus
/// while the caret is in it, so that Orca reads the line, word or character the caret moved
/// over and names the page it enters. GTK 4.8 sends caret and selection events for text
/// views only (INTEROP.md). The keys never reach the view's own bindings (which would move
/// a caret of its own: Ctrl+End to the text's end): GTK 4.8 runs no shortcut of a widget
/// that is not mapped, so they go on to the canvas's, as when the canvas has the focus.
/// Made only while a screen reader listens and caret mode is on.
@MainActor
final class AccessibleCaret {
    private unowned let canvas: PageCanvas
    private var views: [GObjectRef] = []
    private var mirror = CaretMirror()
    /// While the caret is copied into a view: the marks it sets are not the reader's.
    private var mirroring = false
    /// Told where the screen reader put the caret (AT-SPI's SetCaretOffset on the view).
    var onReaderMoved: ((CaretPlace) -> Void)?

    init(canvas: PageCanvas) { self.canvas = canvas }

    /// The page the caret is mirrored on, and its view.
    var page: Int? { mirror.page }
    var widget: UnsafeMutablePointer<GtkWidget>? { mirror.current.map { view($0) } }

    /// Mirrors `caret`, on a page whose characters are `characters`, named `name`.
    func show(_ caret: Caret, characters: PageCharacters, name: String) {
        while views.count < CaretMirror.nodeCount { views.append(makeView()) }
        let focusHere = focusIsInCanvas
        let before = mirror.current
        let (node, isNew) = mirror.show(page: caret.place.page)
        let buffer = gtk_text_view_get_buffer(quire_text_view(view(node)))!
        mirroring = true
        defer { mirroring = false }
        if isNew {
            gtk_text_buffer_set_text(buffer, CaretMirror.text(of: characters), -1)
            quire_accessible_describe(view(node), name, nil)
            place(view(node), page: caret.place.page)
        }
        let (cursor, bound) = CaretMirror.offsets(of: caret, count: Int(gtk_text_buffer_get_char_count(buffer)))
        var cursorAt = GtkTextIter(), boundAt = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(buffer, &cursorAt, Int32(cursor))
        gtk_text_buffer_get_iter_at_offset(buffer, &boundAt, Int32(bound))
        gtk_text_buffer_select_range(buffer, &cursorAt, &boundAt)
        guard isNew else { return }
        // The new page's view takes the focus, then the last one leaves: the focus never
        // falls back to the window on the way.
        if focusHere { gtk_widget_grab_focus(view(node)) }
        if let before, before != node { unparent(view(before)) }
    }

    /// Caret mode ended: the views leave, and the focus they had goes back to the canvas.
    func end() {
        guard mirror.current != nil else { return }
        let hadFocus = views.contains { gtk_widget_has_focus(view(of: $0)) != 0 }
        mirror.end()
        for index in views.indices { unparent(view(index)) }
        if hadFocus { canvas.grabFocus() }
    }

    /// The zoom or the turn moved the pages: the view follows its page.
    func placeAgain() {
        if let node = mirror.current, let page = mirror.page { place(view(node), page: page) }
    }

    private func view(_ node: Int) -> UnsafeMutablePointer<GtkWidget> { view(of: views[node]) }
    private func view(of ref: GObjectRef) -> UnsafeMutablePointer<GtkWidget> { ref.typed(as: GtkWidget.self) }

    /// Whether the window's focus is the canvas or in it: only then may a view take it.
    private var focusIsInCanvas: Bool {
        guard let root = gtk_widget_get_root(canvas.canvasWidget), let focus = gtk_root_get_focus(root) else { return false }
        return focus == canvas.canvasWidget || gtk_widget_is_ancestor(focus, canvas.canvasWidget) != 0
    }

    private func makeView() -> GObjectRef {
        let ref = GObjectRef(taking: g_object_ref_sink(gtk_text_view_new())!)
        let widget = view(of: ref)
        gtk_text_view_set_editable(quire_text_view(widget), 0)
        gtk_text_view_set_cursor_visible(quire_text_view(widget), 1)
        gtk_widget_set_can_target(widget, 0)
        let buffer = gtk_text_view_get_buffer(quire_text_view(widget))!
        quire_text_buffer_watch_cursor(buffer, { cursor, _, data in
            let listener: ReaderMoves = CallbackData.borrow(data)
            MainActor.assumeIsolated { listener.owner?.readerMoved(cursor: Int(cursor), node: listener.node) }
        }, CallbackData.lend(ReaderMoves(owner: self, node: views.count)), CallbackData.release)
        return ref
    }

    /// A mark the reader set: the caret goes there, on the view's page.
    private func readerMoved(cursor: Int, node: Int) {
        guard !mirroring, node == mirror.current, let page = mirror.page else { return }
        let count = gtk_text_buffer_get_char_count(gtk_text_view_get_buffer(quire_text_view(view(node))))
        onReaderMoved?(CaretMirror.place(offset: cursor, onPage: page, count: Int(count)))
    }

    private func place(_ widget: UnsafeMutablePointer<GtkWidget>, page: Int) {
        let size = canvas.documentSizes[page]
        canvas.place(widget, over: Rect(x: 0, y: 0, width: size.width, height: size.height), onPage: page, textTurn: .none)
        // As the pages' labels: allocated, so in the tree at the page's place, never drawn.
        gtk_widget_set_child_visible(widget, 0)
    }

    private func unparent(_ widget: UnsafeMutablePointer<GtkWidget>) {
        if gtk_widget_get_parent(widget) != nil { gtk_widget_unparent(widget) }
    }
}

/// What a view's buffer tells of its marks reaches its `AccessibleCaret` while it lives.
@MainActor
private final class ReaderMoves {
    weak var owner: AccessibleCaret?
    let node: Int
    init(owner: AccessibleCaret, node: Int) {
        self.owner = owner
        self.node = node
    }
}
