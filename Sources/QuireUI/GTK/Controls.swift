import CGtk
import CShim

// Typed handles on the controls Quire builds by hand: buttons, switches, entries, a
// spinner. As in Widgets.swift, a handle does not own its widget.

/// A button (GtkButton, and the toggle buttons made from it).
@MainActor
struct Button: WidgetHandle {
    let widget: UnsafeMutablePointer<GtkWidget>
    private var button: UnsafeMutablePointer<GtkButton> { quire_button(widget) }

    init(_ widget: UnsafeMutablePointer<GtkWidget>) { self.widget = widget }
    /// A button showing the icon `named`.
    init(icon name: String) { widget = gtk_button_new_from_icon_name(name) }
    /// A button that stays in when clicked, until clicked again.
    static func toggle(icon name: String) -> Button {
        let toggle = Button(gtk_toggle_button_new())
        gtk_button_set_icon_name(toggle.button, name)
        return toggle
    }

    /// The action a click activates ("win.sidebar"), which also makes it sensitive or not.
    func setAction(_ name: String) { gtk_actionable_set_action_name(widget.opaque, name) }
}

/// A button that opens a menu or a popover (GtkMenuButton).
@MainActor
struct MenuButton: WidgetHandle {
    let widget: UnsafeMutablePointer<GtkWidget>
    private var button: OpaquePointer { widget.opaque }

    init(_ widget: UnsafeMutablePointer<GtkWidget>) { self.widget = widget }
    init(icon name: String? = nil) {
        widget = gtk_menu_button_new()
        if let name { gtk_menu_button_set_icon_name(button, name) }
    }

    /// Its popover: the one it was given, or the one made for its menu.
    var popover: UnsafeMutablePointer<GtkWidget>? { gtk_menu_button_get_popover(button).map { quire_widget($0) } }
    func setPopover(_ popover: UnsafeMutablePointer<GtkWidget>) { gtk_menu_button_set_popover(button, popover) }
    /// Whether its popover shows.
    var isOpen: Bool { popover.map { gtk_widget_get_visible($0) != 0 } ?? false }

    /// The menu it opens (a GMenuModel), if it was given one.
    var menu: UnsafeMutablePointer<GMenuModel>? { gtk_menu_button_get_menu_model(button) }
    func setMenu(_ menu: some GObjectPointer) { gtk_menu_button_set_menu_model(button, quire_menu_model(menu.gobject)) }

    func setLabel(_ label: String) { gtk_menu_button_set_label(button, label) }
    func popup() { gtk_menu_button_popup(button) }
    func popdown() { gtk_menu_button_popdown(button) }
}

/// A check box with a label (GtkCheckButton).
@MainActor
struct CheckButton: WidgetHandle {
    let widget: UnsafeMutablePointer<GtkWidget>
    private var button: UnsafeMutablePointer<GtkCheckButton> { widget.typed() }

    init(label: String) { widget = gtk_check_button_new_with_label(label) }
    init(_ widget: UnsafeMutablePointer<GtkWidget>) { self.widget = widget }

    var isActive: Bool {
        get { gtk_check_button_get_active(button) != 0 }
        nonmutating set { gtk_check_button_set_active(button, newValue ? 1 : 0) }
    }
}

/// An on/off switch (GtkSwitch).
@MainActor
struct Switch: WidgetHandle {
    let widget: UnsafeMutablePointer<GtkWidget>
    private var toggle: OpaquePointer { widget.opaque }

    init() { widget = gtk_switch_new() }

    var isActive: Bool {
        get { gtk_switch_get_active(toggle) != 0 }
        nonmutating set { gtk_switch_set_active(toggle, newValue ? 1 : 0) }
    }
}

/// A spinner, shown turning while something is under way.
@MainActor
struct Spinner: WidgetHandle {
    let widget: UnsafeMutablePointer<GtkWidget>
    private var spinner: OpaquePointer { widget.opaque }

    init() { widget = gtk_spinner_new() }

    func setSpinning(_ spinning: Bool) { if spinning { gtk_spinner_start(spinner) } else { gtk_spinner_stop(spinner) } }
}

/// An entry for a search (GtkSearchEntry): it tells its text after typing pauses.
@MainActor
struct SearchEntry: WidgetHandle {
    let widget: UnsafeMutablePointer<GtkWidget>
    private var entry: OpaquePointer { widget.opaque }

    init(placeholder: String) {
        widget = gtk_search_entry_new()
        quire_object_set_string(widget, "placeholder-text", placeholder)
    }

    var editable: Editable { Editable(widget) }
    /// The pause after typing, in milliseconds, before `search-changed`.
    func setSearchDelay(milliseconds: UInt32) { gtk_search_entry_set_search_delay(entry, milliseconds) }
    /// Keys typed on `widget` start a search here.
    func captureKeys(from widget: UnsafeMutablePointer<GtkWidget>) { gtk_search_entry_set_key_capture_widget(entry, widget) }
}

/// An entry whose text is hidden (GtkPasswordEntry).
@MainActor
struct PasswordEntry: WidgetHandle {
    let widget: UnsafeMutablePointer<GtkWidget>

    /// With an icon that shows the text while pressed.
    init() {
        widget = gtk_password_entry_new()
        gtk_password_entry_set_show_peek_icon(widget.opaque, 1)
    }
}
