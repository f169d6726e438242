import CAdwaita
import CGtk
import CShim
import QuireEngine

/// A name to type in a small popover: the entry opens holding the name, all selected, so
/// that typing replaces it. Enter takes what it holds; Escape cancels; a click elsewhere
/// closes it without taking the text. Its owner decides what each means: a rename ends
/// as it was but for Enter, a new bookmark is kept unless Escape cancels it.
@MainActor
final class NamePopover {
    /// How it closed.
    enum Ending { case taken(String), cancelled, dismissed }

    private let popover: UnsafeMutablePointer<GtkWidget>
    private let entry = Editable(gtk_entry_new())
    private(set) var isOpen = true
    private var ending = Ending.dismissed

    /// Opens over `parent`, pointing at `area` (widget coordinates; its whole self when nil).
    /// `closed` is told how it closed, however it does.
    init(title: String, name: String, over parent: UnsafeMutablePointer<GtkWidget>, pointingAt area: GdkRectangle? = nil,
         closed: @escaping @MainActor (Ending) -> Void) {
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
        let middle = area.map { Point(x: Double($0.x) + Double($0.width) / 2, y: Double($0.y) + Double($0.height) / 2) }
        PopoverTooltips.keepAway(whileOpen: popover, over: parent, from: middle)
        // The popover holds this object (its handlers do) until it goes.
        Signal.connect(entry.widget, "activate") {
            self.ending = .taken(self.entry.text)
            gtk_popover_popdown(quire_popover(self.popover))
        }
        // Before the popover's own Escape, which closes it as a click elsewhere does.
        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        Signal.connectKeyPressed(keys) { keyval, _ in
            guard Int32(keyval) == GDK_KEY_Escape else { return false }
            self.ending = .cancelled
            gtk_popover_popdown(quire_popover(self.popover))
            return true
        }
        gtk_widget_add_controller(popover, keys)
        Signal.connect(popover, "closed") {
            self.isOpen = false
            PopoverClosing.closed(self.popover)
            closed(self.ending)
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
