import CAdwaita
import CGtk
import CShim
import QuireEngine

/// A combo box's or list's items in a popover pointing at the field: a click (or Enter)
/// on one chooses it; a list that takes several has a check box each, taken when the
/// popover closes; an editable combo box has an entry on top for a text of its own.
@MainActor
enum ChoicePicker {
    static func open(_ field: FormField, choice: FormField.Choice, value: FormValue, over canvas: PageCanvas,
                     taking done: @escaping @MainActor (FormValue?) -> Void) {
        let popover = gtk_popover_new()!
        let name = ControlNames.formField(name: field.name, label: field.label)
        setAccessibleName(popover, name)
        let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)!
        var chosen: Set<Int> = if case .chosen(let items) = value { Set(items) } else { [] }
        var result: FormValue?
        var first: UnsafeMutablePointer<GtkWidget>?
        if choice.editable {
            let entry = gtk_entry_new()!
            if case .text(let text) = value { gtk_editable_set_text(quire_editable(entry), text) }
            gtk_entry_set_placeholder_text(quire_entry(entry), tr("Type a value"))
            setAccessibleName(entry, name)
            Signal.connect(entry, "activate") {
                result = .text(String(cString: gtk_editable_get_text(quire_editable(entry))))
                gtk_popover_popdown(quire_popover(popover))
            }
            gtk_box_append(quire_box(column), entry)
            first = entry
        }
        for (index, item) in choice.items.enumerated() {
            let label = item.isEmpty ? " " : item
            let button: UnsafeMutablePointer<GtkWidget>
            if choice.multiple {
                let check = CheckButton(label: label)
                button = check.widget
                check.isActive = chosen.contains(index)
                Signal.connect(button, "toggled") {
                    if check.isActive { chosen.insert(index) } else { chosen.remove(index) }
                    result = .chosen(chosen.sorted())
                }
            } else {
                button = gtk_button_new_with_label(label)
                gtk_button_set_has_frame(quire_button(button), 0)
                if let child = gtk_button_get_child(quire_button(button)) { gtk_label_set_xalign(quire_label(child), 0) }
                if chosen.contains(index) { gtk_widget_add_css_class(button, "suggested-action") }
                Signal.connect(button, "clicked") {
                    result = .chosen([index])
                    gtk_popover_popdown(quire_popover(popover))
                }
            }
            gtk_box_append(quire_box(column), button)
            if first == nil || (!choice.editable && chosen.contains(index) && chosen.min() == index) { first = button }
        }
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(quire_scrolled_window(scrolled), column)
        gtk_scrolled_window_set_policy(quire_scrolled_window(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_propagate_natural_height(quire_scrolled_window(scrolled), 1)
        gtk_scrolled_window_set_max_content_height(quire_scrolled_window(scrolled), 400)
        gtk_widget_set_size_request(scrolled, 200, -1)
        gtk_popover_set_child(quire_popover(popover), scrolled)
        gtk_widget_set_parent(popover, canvas.canvasWidget)
        let area = canvas.viewRect(of: field.area, onPage: field.page)
        var at = GdkRectangle(x: Int32(saturating: area.x), y: Int32(saturating: area.y),
                              width: Int32(saturating: max(area.width, 1)), height: Int32(saturating: max(area.height, 1)))
        gtk_popover_set_pointing_to(quire_popover(popover), &at)
        gtk_popover_set_position(quire_popover(popover), GTK_POS_BOTTOM)
        Signal.connect(popover, "closed") {
            PopoverClosing.closed(popover)
            done(result)
        }
        gtk_popover_popup(quire_popover(popover))
        if let first { gtk_widget_grab_focus(first) }
    }
}
