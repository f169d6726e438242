import CAdwaita
import CGtk
import CShim
import QuireEngine

/// The window's header bar (Adwaita's, which titles itself with the window's title): sidebar, open, back and forward, the page entry; the main
/// menu and the zoom menu at the end. A click on a button leaves the focus on the page,
/// and a menu that closes gives the keys back to the page (`onMenuClosed`).
@MainActor
final class WindowHeader {
    let widget: UnsafeMutablePointer<GtkWidget>
    private let zoomButton: UnsafeMutablePointer<GtkWidget>
    private let mainMenu: UnsafeMutablePointer<GtkWidget>

    /// A header-bar menu closed with the focus on its button: the page is to take it.
    var onMenuClosed: (() -> Void)?

    init(pageEntry: PageEntry, recentMenu: OpaquePointer, window: UnsafeMutablePointer<GtkWidget>) {
        widget = adw_header_bar_new()!
        let header = OpaquePointer(widget)
        let sidebarButton = gtk_toggle_button_new()!
        gtk_button_set_icon_name(quire_button(sidebarButton), "sidebar-show-symbolic")
        gtk_widget_set_tooltip_text(sidebarButton, tr("Sidebar (F9)"))
        gtk_actionable_set_action_name(OpaquePointer(sidebarButton), "win.sidebar")
        adw_header_bar_pack_start(header, sidebarButton)
        let open = gtk_button_new_from_icon_name("document-open-symbolic")!
        gtk_widget_set_tooltip_text(open, tr("Open a document (Ctrl+O)"))
        gtk_actionable_set_action_name(OpaquePointer(open), "app.open")
        adw_header_bar_pack_start(header, open)
        let history = Box.row()
        history.addCSSClass("linked")
        for (icon, action, tip) in [("go-previous-symbolic", "win.go-back", tr("Back (Alt+Left)")), ("go-next-symbolic", "win.go-forward", tr("Forward (Alt+Right)"))] {
            let button = gtk_button_new_from_icon_name(icon)!
            gtk_widget_set_tooltip_text(button, tip)
            gtk_actionable_set_action_name(OpaquePointer(button), action)
            gtk_widget_set_focus_on_click(button, 0)
            history.append(button)
        }
        adw_header_bar_pack_start(header, history.widget)
        adw_header_bar_pack_start(header, pageEntry.widget)
        mainMenu = WindowMenus.mainMenuButton(recent: recentMenu)
        adw_header_bar_pack_end(header, mainMenu)
        zoomButton = gtk_menu_button_new()
        gtk_widget_set_tooltip_text(zoomButton, tr("Zoom"))
        WindowMenus.setZoomMenu(on: zoomButton)
        adw_header_bar_pack_end(header, zoomButton)
        gtk_widget_set_visible(zoomButton, 0)
        // A click leaves the focus on the page, so that Page Down and Space go on reading.
        for button in [sidebarButton, open] { gtk_widget_set_focus_on_click(button, 0) }
        for button in [zoomButton, mainMenu] {
            givesFocusBack(from: button, in: window)
            PopoverTooltips.keepAway(from: button)
        }
    }

    /// Whether one of its menus is open.
    var hasOpenMenu: Bool {
        [zoomButton, mainMenu].contains { button in
            gtk_menu_button_get_popover(OpaquePointer(button)).map { gtk_widget_get_visible(quire_widget(UnsafeMutableRawPointer($0))) != 0 } ?? false
        }
    }

    /// Opens the main menu (F10, as in GNOME's applications).
    func openMainMenu() { gtk_menu_button_popup(OpaquePointer(mainMenu)) }

    /// The zoom menu shows with a document.
    func showZoom(_ shown: Bool) { gtk_widget_set_visible(zoomButton, shown ? 1 : 0) }

    func setZoomLabel(percent: Double) {
        gtk_menu_button_set_label(OpaquePointer(zoomButton), tr("{percent} %", ["percent": String(Int(percent.rounded()))]))
    }

    /// Once a header-bar menu closes, the page has the keys again: else Space reopens the
    /// menu and Page Down does nothing until the page is clicked.
    private func givesFocusBack(from button: UnsafeMutablePointer<GtkWidget>, in window: UnsafeMutablePointer<GtkWidget>) {
        guard let popover = gtk_menu_button_get_popover(OpaquePointer(button)) else { return }
        Signal.connect(popover, "closed") { [weak self] in
            // After GTK has put the focus back on the button.
            MainLoop.invoke { [weak self] in
                let focus = Window(window).focus
                if focus == nil || focus == button || gtk_widget_is_ancestor(focus, button) != 0 { self?.onMenuClosed?() }
            }
        }
    }
}
