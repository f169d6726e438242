import CGtk
import CShim
import QuireEngine

/// While a popover is open, the tooltip of what it opened from stays away. GTK 4.8 hides a
/// tooltip on the click, then shows it again at once (the pointer still rests on the button
/// as the popover takes the pointer), over the menu it opened. So the widgets under the
/// point it opened from, up to its owner, have their tooltips turned off while it shows,
/// and back on when it hides.
@MainActor
enum PopoverTooltips {
    /// For `popover` over `owner`, opened from `point` (owner's coordinates; the owner
    /// alone when nil).
    static func keepAway(whileOpen popover: UnsafeMutablePointer<GtkWidget>, over owner: UnsafeMutablePointer<GtkWidget>, from point: Point? = nil) {
        var silenced: [UnsafeMutablePointer<GtkWidget>] = []
        Signal.connect(popover, "show") {
            var widget = point.flatMap { gtk_widget_pick(owner, $0.x, $0.y, GTK_PICK_DEFAULT) } ?? owner
            while true {
                if gtk_widget_get_has_tooltip(widget) != 0 {
                    // Held: a row may go (deleted from its own menu) while the menu is open.
                    g_object_ref(widget)
                    gtk_widget_set_has_tooltip(widget, 0)
                    silenced.append(widget)
                }
                guard widget != owner, let parent = gtk_widget_get_parent(widget) else { break }
                widget = parent
            }
        }
        Signal.connect(popover, "hide") {
            for widget in silenced {
                gtk_widget_set_has_tooltip(widget, 1)
                g_object_unref(widget)
            }
            silenced = []
        }
    }

    /// For the popover of `button`.
    static func keepAway(from button: MenuButton) {
        guard let popover = button.popover else { return }
        keepAway(whileOpen: popover, over: button.widget)
    }
}
