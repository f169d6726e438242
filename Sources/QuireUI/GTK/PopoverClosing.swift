import CGtk
import CShim

/// What every popover over a widget does once it has closed: the keys go back at once to
/// the widget it was opened over (the page, for the canvas's menus and editors), so that
/// Ctrl+Z or Page Down typed straight after work, unless the reader's choice opened
/// another popover, which keeps them; and it is unparented on an idle turn (not while it
/// closes).
@MainActor
enum PopoverClosing {
    /// Call from the popover's "closed" handler.
    static func closed(_ popover: UnsafeMutablePointer<GtkWidget>) {
        if let owner = gtk_widget_get_parent(popover) {
            let focus = gtk_widget_get_root(owner).flatMap { gtk_root_get_focus($0) }
            let inAnother = focus.flatMap { gtk_widget_get_ancestor($0, gtk_popover_get_type()) }.map { $0 != popover } ?? false
            if !inAnother { gtk_widget_grab_focus(owner) }
        }
        MainLoop.invoke { gtk_widget_unparent(popover) }
    }
}
