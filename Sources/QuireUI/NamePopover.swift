import CAdwaita
import CGtk
import CShim

/// A name to type in a small popover: the entry opens holding the name, all selected, so
/// that typing replaces it; Enter takes what it holds, Escape (or a click elsewhere) leaves
/// the name as it was.
@MainActor
final class NamePopover {
    private let popover: UnsafeMutablePointer<GtkWidget>
    private let entry = Editable(gtk_entry_new())
    private(set) var isOpen = true

    /// Opens over `parent`, pointing at `area` (widget coordinates; its whole self when nil).
    /// `done` is given the text when Enter takes it; `closed` is called however it closes.
    init(title: String, name: String, over parent: UnsafeMutablePointer<GtkWidget>, pointingAt area: GdkRectangle? = nil,
         taking done: @escaping @MainActor (String) -> Void, closed: @escaping @MainActor () -> Void) {
        popover = gtk_popover_new()
        let column = Box.column(spacing: 6)
        let heading = Label(title, xalign: 0)
        heading.addCSSClass("heading")
        column.append(heading)
        entry.text = name
        entry.setWidth(chars: 32)
        column.append(entry)
        gtk_popover_set_child(quire_popover(popover), column.widget)
        gtk_widget_set_parent(popover, parent)
        if var area { gtk_popover_set_pointing_to(quire_popover(popover), &area) }
        gtk_popover_set_position(quire_popover(popover), GTK_POS_BOTTOM)
        // The popover holds this object (its handlers do) until it goes.
        Signal.connect(entry.widget, "activate") {
            done(self.entry.text)
            gtk_popover_popdown(quire_popover(self.popover))
        }
        Signal.connect(popover, "closed") {
            self.isOpen = false
            PopoverClosing.closed(self.popover)
            closed()
        }
        gtk_popover_popup(quire_popover(popover))
        // Focusing an entry selects its text (GTK's select-on-focus), so typing replaces
        // the name. Only once: each selection claims the X primary selection, and claims
        // made in quick succession can come back as a loss of it, which unselects.
        gtk_widget_grab_focus(entry.widget)
    }

    func close() {
        if isOpen { gtk_popover_popdown(quire_popover(popover)) }
    }
}
