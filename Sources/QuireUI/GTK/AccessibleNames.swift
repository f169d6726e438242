import CGtk
import CShim

/// What a screen reader calls a control, and what it adds after the name. An icon-only
/// button has no words of its own: GTK 4.8 would read it as "GtkImage".
extension WidgetHandle {
    func setAccessibleName(_ name: String) { quire_accessible_name(widget, name) }
    func setAccessibleDescription(_ text: String) { quire_accessible_set_description(widget, text) }
}

/// The same for a widget Quire holds only as a pointer.
@MainActor
func setAccessibleName(_ widget: UnsafeMutablePointer<GtkWidget>, _ name: String) { quire_accessible_name(widget, name) }
