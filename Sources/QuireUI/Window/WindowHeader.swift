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
    private let zoomButton = MenuButton()
    private let mainMenu: MenuButton

    /// A header-bar menu closed with the focus on its button: the page is to take it.
    var onMenuClosed: (() -> Void)?

    init(pageEntry: PageEntry, recentMenu: OpaquePointer, window: UnsafeMutablePointer<GtkWidget>) {
        let header = Adw.HeaderBar()
        widget = header.widget
        let sidebarButton = Button.toggle(icon: "sidebar-show-symbolic")
        gtk_widget_set_tooltip_text(sidebarButton.widget, tr("Sidebar (F9)"))
        sidebarButton.setAccessibleName(tr("Sidebar"))
        sidebarButton.setAction("win.sidebar")
        header.packStart(sidebarButton.widget)
        let open = Button(icon: "document-open-symbolic")
        gtk_widget_set_tooltip_text(open.widget, tr("Open a document (Ctrl+O)"))
        open.setAccessibleName(tr("Open a document"))
        open.setAction("app.open")
        header.packStart(open.widget)
        let history = Box.row()
        history.addCSSClass("linked")
        for (icon, action, name, tip) in [("go-previous-symbolic", "win.go-back", tr("Back"), tr("Back (Alt+Left)")),
                                          ("go-next-symbolic", "win.go-forward", tr("Forward"), tr("Forward (Alt+Right)"))] {
            let button = Button(icon: icon)
            gtk_widget_set_tooltip_text(button.widget, tip)
            button.setAccessibleName(name)
            button.setAction(action)
            gtk_widget_set_focus_on_click(button.widget, 0)
            history.append(button)
        }
        header.packStart(history.widget)
        header.packStart(pageEntry.widget)
        mainMenu = MenuButton(WindowMenus.mainMenuButton(recent: recentMenu))
        header.packEnd(mainMenu.widget)
        mainMenu.setAccessibleName(tr("Main menu"))
        gtk_widget_set_tooltip_text(zoomButton.widget, tr("Zoom"))
        zoomButton.setAccessibleName(tr("Zoom"))
        WindowMenus.setZoomMenu(on: zoomButton.widget)
        header.packEnd(zoomButton.widget)
        zoomButton.setVisible(false)
        // As Evince's: the annotation toolbar under the header bar.
        let annotate = Button.toggle(icon: "document-edit-symbolic")
        gtk_widget_set_tooltip_text(annotate.widget, tr("Annotate (F6)"))
        annotate.setAccessibleName(tr("Annotate"))
        annotate.setAction("win.annotation-toolbar")
        gtk_widget_set_focus_on_click(annotate.widget, 0)
        header.packEnd(annotate.widget)
        // A click leaves the focus on the page, so that Page Down and Space go on reading.
        for button in [sidebarButton, open] { gtk_widget_set_focus_on_click(button.widget, 0) }
        for button in [zoomButton, mainMenu] {
            givesFocusBack(from: button, in: window)
            PopoverTooltips.keepAway(from: button)
        }
    }

    /// Whether one of its menus is open.
    var hasOpenMenu: Bool {
        zoomButton.isOpen || mainMenu.isOpen
    }

    /// Opens the main menu (F10, as in GNOME's applications).
    func openMainMenu() { mainMenu.popup() }

    /// The zoom menu shows with a document.
    func showZoom(_ shown: Bool) { zoomButton.setVisible(shown) }

    func setZoomLabel(percent: Double) {
        zoomButton.setLabel(tr("{percent} %", ["percent": String(Int(percent.rounded()))]))
    }

    /// Once a header-bar menu closes, the page has the keys again: else Space reopens the
    /// menu and Page Down does nothing until the page is clicked.
    private func givesFocusBack(from menuButton: MenuButton, in window: UnsafeMutablePointer<GtkWidget>) {
        guard let popover = menuButton.popover else { return }
        let button = menuButton.widget
        Signal.connect(popover, "closed") { [weak self] in
            // After GTK has put the focus back on the button.
            MainLoop.invoke { [weak self] in
                let focus = Window(window).focus
                if focus == nil || focus == button || gtk_widget_is_ancestor(focus, button) != 0 { self?.onMenuClosed?() }
            }
        }
    }
}
