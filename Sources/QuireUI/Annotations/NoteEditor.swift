import CAdwaita
import CGtk
import CShim
import QuireEngine

/// A note's text in a popover beside its icon: a few lines to type in, taken when the
/// popover closes (Escape or a click elsewhere), as GNOME's popovers commit.
@MainActor
enum NoteEditor {
    static func open(text: String, over canvas: UnsafeMutablePointer<GtkWidget>, pointingAt area: Rect,
                     taking done: @escaping @MainActor (String) -> Void) {
        let popover = gtk_popover_new()!
        let view = gtk_text_view_new()!
        gtk_text_view_set_wrap_mode(quire_text_view(view), GTK_WRAP_WORD_CHAR)
        gtk_widget_set_size_request(view, 260, 120)
        let buffer = gtk_text_view_get_buffer(quire_text_view(view))!
        gtk_text_buffer_set_text(buffer, text, -1)
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(quire_scrolled_window(scrolled), view)
        gtk_scrolled_window_set_policy(quire_scrolled_window(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_widget_set_size_request(scrolled, 260, 120)
        gtk_popover_set_child(quire_popover(popover), scrolled)
        gtk_widget_set_parent(popover, canvas)
        var at = GdkRectangle(x: Int32(saturating: area.x), y: Int32(saturating: area.y),
                              width: Int32(saturating: max(area.width, 1)), height: Int32(saturating: max(area.height, 1)))
        gtk_popover_set_pointing_to(quire_popover(popover), &at)
        Signal.connect(popover, "closed") {
            let typed = NoteEditor.text(in: view)
            PopoverClosing.closed(popover)
            if typed != text { done(typed) }
        }
        gtk_popover_popup(quire_popover(popover))
        gtk_widget_grab_focus(view)
    }

    /// All the text of a text view.
    static func text(in view: UnsafeMutablePointer<GtkWidget>) -> String {
        let buffer = gtk_text_view_get_buffer(quire_text_view(view))!
        var start = GtkTextIter(), end = GtkTextIter()
        gtk_text_buffer_get_bounds(buffer, &start, &end)
        guard let raw = gtk_text_buffer_get_text(buffer, &start, &end, 0) else { return "" }
        defer { g_free(raw) }
        return String(cString: raw)
    }
}
