import CAdwaita
import CGtk
import CShim
import QuireEngine

/// What a document window offers in its header bar's menus, and its actions' keys: the
/// main menu (the document as a whole), the view menu (zoom, pages, modes).
@MainActor
enum WindowMenus {
    /// The window's actions that have keys, and the keys (the application binds them).
    static let accelerators = [
        ("main-menu", "F10"),
        ("zoom-in", "<Control>plus|<Control>equal|<Control>KP_Add"),
        ("zoom-out", "<Control>minus|<Control>KP_Subtract"),
        ("zoom-reset", "<Control>0|<Control>KP_0"),
        ("rotate-left", "<Control>Left"),
        ("rotate-right", "<Control>Right"),
        ("go-to-page", "<Control>l"),
        ("find", "<Control>f"),
        ("find-next", "<Control>g|F3"),
        ("find-previous", "<Control><Shift>g|<Shift>F3"),
        ("find-regex", "<Control><Alt>r"),
        ("find-everywhere", "<Control><Shift>f"),
        ("go-back", "<Alt>Left|Back"),
        ("go-forward", "<Alt>Right|Forward"),
        ("sidebar", "F9"),
        ("split", "<Control>backslash"),
        ("print", "<Control>p"),
        ("properties", "<Alt>Return"),
        ("reload", "<Control>r"),
        ("night", "<Control>i"),
        ("fullscreen", "F11"),
        ("presentation", "F5"),
        ("show-help-overlay", "<Control>question"),
        ("highlight", "<Control>h"),
        ("underline", "<Control>u"),
        ("strike-out", "<Control><Shift>x"),
        ("save", "<Control>s"),
        ("save-as", "<Control><Shift>s"),
        ("add-note", "<Control>m"),
        ("caret", "F7"),
        ("add-bookmark", "<Control>d"),
        ("read-aloud", "<Control><Shift>y"),
        ("read-aloud-stop", "Escape"),
        ("annotation-toolbar", "F6"),
        ("tool::pen", "<Control>1"),
        ("tool::eraser", "<Control>2"),
        ("tool::text-box", "<Control>3"),
        ("tool::line", "<Control>4"),
        ("tool::arrow", "<Control>5"),
        ("tool::rectangle", "<Control>6"),
        ("tool::ellipse", "<Control>7"),
        ("tool::stamp", "<Control>8"),
        ("drawing-fill", "<Control>9"),
        ("stamp-picture", "<Control><Shift>p"),
    ]

    /// The header bar's main menu: what there is to do with the document as a whole.
    static func mainMenuButton(recent: OpaquePointer) -> UnsafeMutablePointer<GtkWidget> {
        let button = gtk_menu_button_new()!
        gtk_menu_button_set_icon_name(button.opaque, "open-menu-symbolic")
        gtk_widget_set_tooltip_text(button, tr("Main menu"))
        owning(g_menu_new()!) { menu in
            g_menu_append(menu, tr("_Open…"), "app.open")
            g_menu_append_submenu(menu, tr("Open _Recent"), quire_menu_model(recent.gobject))
            g_menu_append(menu, tr("_New Window"), "app.new-window")
            appendSection(to: menu, [(tr("_Save"), "win.save"), (tr("Save _As…"), "win.save-as"), (tr("Save with Recognised _Text…"), "win.save-with-text"), (tr("_Reload"), "win.reload"), (tr("_Print…"), "win.print"), (tr("P_roperties"), "win.properties")])
            appendSection(to: menu, [(tr("Find in All _Documents…"), "win.find-everywhere"), (tr("Add _Bookmark"), "win.add-bookmark"), (tr("Si_gnature…"), "win.place-signature"),
                                     (tr("Spli_t View"), "win.split")])
            appendSection(to: menu, [(tr("Rea_d Aloud"), "win.read-aloud"), (tr("Stop Reading Alo_ud"), "win.read-aloud-stop")])
            appendSection(to: menu, [(tr("_Preferences"), "app.preferences"), (tr("_Keyboard Shortcuts"), "win.show-help-overlay"), (tr("_About Quire"), "app.about")])
            gtk_menu_button_set_menu_model(button.opaque, quire_menu_model(menu.gobject))
        }
        return button
    }

    /// The view menu, on `button`.
    static func setZoomMenu(on button: UnsafeMutablePointer<GtkWidget>) {
        owning(g_menu_new()!) { menu in
            // Fit Width, Fit Page and Smart Fit (the ink's width) are the targets of one string state: the active one is marked.
            appendSection(to: menu, [(tr("Fit Width"), "win.fit::width"), (tr("Fit Page"), "win.fit::page"), (tr("Smart Fit"), "win.fit::ink"),
                                     (tr("100 %"), "win.zoom-reset"),
                                     (tr("Zoom In"), "win.zoom-in"), (tr("Zoom Out"), "win.zoom-out")])
            appendSection(to: menu, [(tr("Continuous"), "win.continuous"), (tr("Dual Pages"), "win.dual"), (tr("Odd Pages Left"), "win.odd-left"),
                                     (tr("Right to Left"), "win.right-to-left"), (tr("Rotate Left"), "win.rotate-left"), (tr("Rotate Right"), "win.rotate-right")])
            appendSection(to: menu, [(tr("Night Mode"), "win.night"), (tr("Fullscreen"), "win.fullscreen"), (tr("Presentation"), "win.presentation")])
            appendSection(to: menu, [(tr("Caret Mode"), "win.caret")])
            gtk_menu_button_set_menu_model(button.opaque, quire_menu_model(menu.gobject))
        }
    }

    /// The canvas's context menu: Copy and Select All, and marking the selection; on a
    /// markup (`onMarkup`), its colours (those its kind offers), its note and Delete first;
    /// on one of the file's own annotations (`onFileAnnotation`), its colours and Delete.
    static func contextMenu(onMarkup: Bool, onFileAnnotation: Bool = false, colours: [Markup.Colour]) -> UnsafeMutablePointer<GtkWidget> {
        owning(g_menu_new()!) { menu in
            if onMarkup || onFileAnnotation {
                appendSection(to: menu, colours.map { ($0.title, "win.annotation-colour::" + $0.name) })
                appendSection(to: menu, (onMarkup ? [(tr("Edit _Note…"), "win.edit-annotation-note")] : []) + [(tr("_Delete Annotation"), "win.delete-annotation")])
            }
            g_menu_append(menu, tr("_Copy"), "win.copy")
            g_menu_append(menu, tr("Select _All"), "win.select-all")
            appendSection(to: menu, [(tr("_Highlight"), "win.highlight"), (tr("_Underline"), "win.underline"), (tr("_Strike Out"), "win.strike-out"),
                                     (tr("S_quiggly Underline"), "win.squiggly"), (tr("Add _Note Here"), "win.add-note")])
            return gtk_popover_menu_new_from_model(quire_menu_model(menu.gobject))!
        }
    }

    /// Pops `menu` up on `parent` at `point` (widget coordinates), as a context menu: no
    /// arrow, its left edge there; it is taken off `parent` once closed.
    static func popUp(_ menu: UnsafeMutablePointer<GtkWidget>, on parent: UnsafeMutablePointer<GtkWidget>, at point: Point) {
        gtk_widget_set_parent(menu, parent)
        var at = GdkRectangle(x: Int32(point.x), y: Int32(point.y), width: 1, height: 1)
        gtk_popover_set_pointing_to(quire_popover(menu), &at)
        gtk_popover_set_has_arrow(quire_popover(menu), 0)
        gtk_widget_set_halign(menu, GTK_ALIGN_START)
        Signal.connect(menu, "closed") { PopoverClosing.closed(menu) }
        PopoverTooltips.keepAway(whileOpen: menu, over: parent, from: point)
        gtk_popover_popup(quire_popover(menu))
    }

    /// A section of `items` (label, action) at the end of `menu`.
    private static func appendSection(to menu: OpaquePointer, _ items: [(String, String)]) {
        owning(g_menu_new()!) { section in
            for (label, action) in items { g_menu_append(section, label, action) }
            g_menu_append_section(menu, nil, quire_menu_model(section.gobject))
        }
    }
}
