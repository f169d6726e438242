import CGtk
import CShim

/// What a document window offers in its header bar's menus, and its actions' keys: the
/// main menu (the document as a whole), the view menu (zoom, pages, modes).
@MainActor
enum WindowMenus {
    /// The window's actions that have keys, and the keys (the application binds them).
    static let accelerators = [
        ("zoom-in", "<Control>plus|<Control>equal|<Control>KP_Add"),
        ("zoom-out", "<Control>minus|<Control>KP_Subtract"),
        ("zoom-reset", "<Control>0|<Control>KP_0"),
        ("rotate-left", "<Control>Left"),
        ("rotate-right", "<Control>Right"),
        ("go-to-page", "<Control>l"),
        ("find", "<Control>f"),
        ("find-next", "<Control>g|F3"),
        ("find-previous", "<Control><Shift>g|<Shift>F3"),
        ("go-back", "<Alt>Left|Back"),
        ("go-forward", "<Alt>Right|Forward"),
        ("sidebar", "F9"),
        ("print", "<Control>p"),
        ("properties", "<Alt>Return"),
        ("reload", "<Control>r"),
        ("night", "<Control>i"),
        ("fullscreen", "F11"),
        ("presentation", "F5"),
        ("show-help-overlay", "<Control>question"),
    ]

    /// The header bar's main menu: what there is to do with the document as a whole.
    static func mainMenuButton(recent: OpaquePointer) -> UnsafeMutablePointer<GtkWidget> {
        let button = gtk_menu_button_new()!
        gtk_menu_button_set_icon_name(OpaquePointer(button), "open-menu-symbolic")
        gtk_widget_set_tooltip_text(button, "Main menu")
        let menu = g_menu_new()!, document = g_menu_new()!, help = g_menu_new()!
        g_menu_append(menu, "_Open…", "app.open")
        g_menu_append_submenu(menu, "Open _Recent", quire_menu_model(UnsafeMutableRawPointer(recent)))
        g_menu_append(menu, "_New Window", "app.new-window")
        g_menu_append(document, "_Reload", "win.reload")
        g_menu_append(document, "_Print…", "win.print")
        g_menu_append(document, "P_roperties", "win.properties")
        g_menu_append(help, "_Keyboard Shortcuts", "win.show-help-overlay")
        for section in [document, help] {
            g_menu_append_section(menu, nil, quire_menu_model(UnsafeMutableRawPointer(section)))
            g_object_unref(UnsafeMutableRawPointer(section))
        }
        gtk_menu_button_set_menu_model(OpaquePointer(button), quire_menu_model(UnsafeMutableRawPointer(menu)))
        g_object_unref(UnsafeMutableRawPointer(menu))
        return button
    }

    static func zoomMenu() -> OpaquePointer {
        let menu = g_menu_new()!
        let zoom = g_menu_new()!, pages = g_menu_new()!, modes = g_menu_new()!
        // Fit Width and Fit Page are the two targets of one string state: the active one is marked.
        for (label, action) in [("Fit Width", "win.fit::width"), ("Fit Page", "win.fit::page"), ("100 %", "win.zoom-reset"),
                                ("Zoom In", "win.zoom-in"), ("Zoom Out", "win.zoom-out")] {
            g_menu_append(zoom, label, action)
        }
        for (label, action) in [("Continuous", "win.continuous"), ("Dual Pages", "win.dual"), ("Odd Pages Left", "win.odd-left"), ("Right to Left", "win.right-to-left"),
                                ("Rotate Left", "win.rotate-left"), ("Rotate Right", "win.rotate-right")] {
            g_menu_append(pages, label, action)
        }
        for (label, action) in [("Night Mode", "win.night"), ("Fullscreen", "win.fullscreen"), ("Presentation", "win.presentation")] {
            g_menu_append(modes, label, action)
        }
        for section in [zoom, pages, modes] {
            g_menu_append_section(menu, nil, quire_menu_model(UnsafeMutableRawPointer(section)))
            g_object_unref(UnsafeMutableRawPointer(section))
        }
        return menu
    }
}
