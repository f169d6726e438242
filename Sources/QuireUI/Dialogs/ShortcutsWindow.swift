import CAdwaita
import CGtk
import CShim
import QuireEngine

/// The keyboard shortcuts window (Ctrl+?, `win.show-help-overlay`): a GtkShortcutsWindow
/// listing every key Quire has: the window's and the application's accelerators, read
/// from their tables (a new one shows up here by itself, titled from its action name
/// until it is given a title), and the keys the canvas, the find bar and a presentation
/// handle themselves. GTK 4.8 builds this window only from GtkBuilder XML; it is built
/// the first time it is asked for, so that a window opens no slower for it.
@MainActor
enum ShortcutsWindow {
    struct Shortcut: Equatable {
        /// GTK accelerators, separated by spaces ("<Control>plus <Control>equal").
        let keys: String
        let title: String
    }

    struct Group {
        let title: String
        var shortcuts: [Shortcut]
    }

    /// Adds `win.show-help-overlay` to `window`, a GtkApplicationWindow.
    static func addAction(to window: UnsafeMutablePointer<GtkWidget>) {
        Actions.add("show-help-overlay", to: window) {
            let appWindow = quire_application_window(window)
            if gtk_application_window_get_help_overlay(appWindow) == nil {
                fixPageSwitcherStyle()
                owning(gtk_builder_new_from_string(builderXML, -1)!) { builder in
                    let overlay = gtk_builder_get_object(builder, "shortcuts")!
                    // GTK 4.8 reverses the order of a section's pages each time it lays them out
                    // again, which it does for every group added: build on one page, then paginate.
                    quire_object_set_uint(gtk_builder_get_object(builder, "section")!.gobject, "max-height", 16)
                    // The window keeps it (hidden, not destroyed, when closed), transient for itself.
                    gtk_application_window_set_help_overlay(appWindow, quire_shortcuts_window(overlay))
                    quire_shortcut_labels_spaced(quire_widget(overlay.gobject))
                }
            }
            gtk_window_present(quire_window(gtk_application_window_get_help_overlay(appWindow)!.gobject))
        }
    }

    /// Adwaita (GTK 4.8) gives the labels of a section's page buttons ("1", "2") negative
    /// margins: GTK warns that they measure -4 pixels wide each time the window is laid out.
    private static func fixPageSwitcherStyle() {
        StyleSheet.add("stackswitcher.circular > button.text-button > label { margin: 0; padding: 0; }")
    }

    /// The groups, in the order shown.
    static var groups: [Group] {
        var groups = [
            Group(title: N_("Document"), shortcuts: []),
            Group(title: N_("Tabs"), shortcuts: [
                Shortcut(keys: "<Control>Page_Down <Control>Tab", title: N_("Next tab")),
                Shortcut(keys: "<Control>Page_Up <Control><Shift>Tab", title: N_("Previous tab")),
                Shortcut(keys: "<Alt>1 <Alt>9", title: N_("The first to ninth tab")),
                Shortcut(keys: "<Control><Shift>Page_Down <Control><Shift>Page_Up", title: N_("Move the tab right or left")),
            ]),
            Group(title: N_("Moving Around"), shortcuts: [
                Shortcut(keys: "Page_Down Page_Up", title: N_("Scroll a screen down or up, or turn the page one page at a time")),
                Shortcut(keys: "space <Shift>space", title: N_("Scroll a screen down or up")),
                Shortcut(keys: "Down Up Left Right", title: N_("Scroll a little")),
                Shortcut(keys: "n", title: N_("Next page")),
                Shortcut(keys: "p", title: N_("Previous page")),
                Shortcut(keys: "Home End", title: N_("First page, end of the document")),
                Shortcut(keys: "m", title: N_("Mark the place shown: m, then a letter")),
                Shortcut(keys: "apostrophe grave", title: N_("Go to a mark: ' or `, then its letter")),
                Shortcut(keys: "Left Right Up Down Home End", title: N_("In the thumbnails: the page beside, above or below, the first or the last")),
            ]),
            Group(title: N_("Viewing"), shortcuts: []),
            Group(title: N_("Finding"), shortcuts: [
                Shortcut(keys: "slash", title: N_("Find (on the page)")),
                Shortcut(keys: "Return <Shift>Return", title: N_("Next or previous match (in the find bar)")),
                Shortcut(keys: "Escape", title: N_("Close the find bar")),
            ]),
            Group(title: N_("Selecting"), shortcuts: [
                Shortcut(keys: "<Control>a", title: N_("Select all")),
                Shortcut(keys: "<Control>c <Control>Insert", title: N_("Copy the selection")),
                Shortcut(keys: "Escape", title: N_("Clear the selection")),
            ]),
            Group(title: N_("Annotating"), shortcuts: [
                Shortcut(keys: "<Control>z", title: N_("Undo")),
                Shortcut(keys: "<Control><Shift>z <Control>y", title: N_("Redo")),
                Shortcut(keys: "Delete", title: N_("Delete the annotation clicked")),
                Shortcut(keys: "Tab <Shift>Tab", title: N_("Choose the page's next or previous annotation")),
                Shortcut(keys: "Left Right Up Down", title: N_("Move the chosen drawing by a point (with Shift, by ten)")),
                Shortcut(keys: "Escape", title: N_("Back to Select from a drawing tool; else choose no annotation")),
            ]),
            Group(title: N_("Presentation"), shortcuts: [
                Shortcut(keys: "Page_Down space Right Down Return", title: N_("Next page (also a click or the wheel)")),
                Shortcut(keys: "Page_Up BackSpace Left Up", title: N_("Previous page (also a right click)")),
                Shortcut(keys: "Home End", title: N_("First or last page")),
                Shortcut(keys: "Escape", title: N_("End the presentation")),
            ]),
        ]
        func add(_ table: [(String, String)]) {
            for (action, accels) in table {
                let (group, title) = described[action] ?? ("Document", action.split(separator: "-").joined(separator: " ").capitalizedFirst)
                let index = groups.firstIndex { $0.title == group }!
                groups[index].shortcuts.append(Shortcut(keys: shownKeys(accels), title: title))
            }
        }
        add(Application.accelerators)
        add(WindowMenus.accelerators)
        return groups
    }

    /// Where each action goes, and what it is called.
    private static let described: [String: (group: String, title: String)] = [
        "open": (N_("Document"), N_("Open a document")),
        "open-location": (N_("Document"), N_("Open a document from a web address")),
        "close": (N_("Document"), N_("Close the tab (the window with its last tab)")),
        "quit": (N_("Document"), N_("Quit")),
        "new-window": (N_("Document"), N_("New window")),
        "print": (N_("Document"), N_("Print")),
        "properties": (N_("Document"), N_("Document properties")),
        "show-help-overlay": (N_("Document"), N_("Keyboard shortcuts")),
        "main-menu": (N_("Document"), N_("Open the main menu")),
        "go-to-page": (N_("Moving Around"), N_("Go to a page (number or label)")),
        "go-back": (N_("Moving Around"), N_("Back to where a jump left")),
        "go-forward": (N_("Moving Around"), N_("Forward again")),
        "caret": (N_("Moving Around"), N_("Caret mode: the arrows, Home and End move a text cursor, with Shift they select")),
        "add-bookmark": (N_("Moving Around"), N_("Bookmark the place shown")),
        "zoom-in": (N_("Viewing"), N_("Zoom in")),
        "zoom-out": (N_("Viewing"), N_("Zoom out")),
        "zoom-reset": (N_("Viewing"), N_("Real size (100 %)")),
        "rotate-left": (N_("Viewing"), N_("Rotate left")),
        "rotate-right": (N_("Viewing"), N_("Rotate right")),
        "sidebar": (N_("Viewing"), N_("Show or hide the sidebar")),
        "split": (N_("Viewing"), N_("Split view: the document twice, each pane with its own place")),
        "night": (N_("Viewing"), N_("Night mode")),
        "fullscreen": (N_("Viewing"), N_("Fullscreen")),
        "presentation": (N_("Viewing"), N_("Presentation")),
        "read-aloud": (N_("Viewing"), N_("Read aloud from the caret, the selection or the top of the view; again to pause and resume")),
        "read-aloud-stop": (N_("Viewing"), N_("Stop reading aloud")),
        "find": (N_("Finding"), N_("Find")),
        "find-next": (N_("Finding"), N_("Next match")),
        "find-previous": (N_("Finding"), N_("Previous match")),
        "find-regex": (N_("Finding"), N_("Regular expressions in Find, on or off")),
        "find-everywhere": (N_("Finding"), N_("Find in all documents whose text Quire keeps")),
        "highlight": (N_("Annotating"), N_("Highlight the selection")),
        "underline": (N_("Annotating"), N_("Underline the selection")),
        "strike-out": (N_("Annotating"), N_("Strike out the selection")),
        "add-note": (N_("Annotating"), N_("Add a note where the pointer is")),
        "annotation-toolbar": (N_("Annotating"), N_("Show or hide the annotation toolbar")),
        "tool::pen": (N_("Annotating"), N_("Pen: draw freehand")),
        "tool::eraser": (N_("Annotating"), N_("Eraser: drag over ink to take it away")),
        "tool::text-box": (N_("Annotating"), N_("Text box: click or drag, then type")),
        "tool::line": (N_("Annotating"), N_("Line (Shift keeps it at 45° steps)")),
        "tool::arrow": (N_("Annotating"), N_("Arrow")),
        "tool::rectangle": (N_("Annotating"), N_("Rectangle (Shift keeps it square)")),
        "tool::ellipse": (N_("Annotating"), N_("Ellipse (Shift keeps it round)")),
        "tool::stamp": (N_("Annotating"), N_("Stamp: click or drag to place it")),
        "drawing-fill": (N_("Annotating"), N_("Fill rectangles and ellipses, on or off")),
        "stamp-picture": (N_("Annotating"), N_("Choose a picture for a stamp")),
        "save": (N_("Document"), N_("Save the annotations into the file")),
        "save-as": (N_("Document"), N_("Save as another file, with the annotations, and show it")),
    ]

    /// An accelerator table's "a|b|c" as the shortcuts window shows them, without the
    /// keypad's copies of the same keys.
    private static func shownKeys(_ accels: String) -> String {
        accels.split(separator: "|").filter { !$0.contains("KP_") }.joined(separator: " ")
    }

    static var builderXML: String {
        func escaped(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
        }
        func property(_ name: String, _ value: String) -> String { "<property name=\"\(name)\">\(escaped(value))</property>" }
        var xml = "<interface><object class=\"GtkShortcutsWindow\" id=\"shortcuts\">" + property("title", tr("Keyboard Shortcuts"))
            + "<child><object class=\"GtkShortcutsSection\" id=\"section\">" + property("section-name", "shortcuts") + property("max-height", "1000")
        for group in groups {
            xml += "<child><object class=\"GtkShortcutsGroup\">" + property("title", tr(group.title))
            for shortcut in group.shortcuts {
                xml += "<child><object class=\"GtkShortcutsShortcut\">" + property("accelerator", shortcut.keys)
                    + property("title", tr(shortcut.title)) + "</object></child>"
            }
            xml += "</object></child>"
        }
        return xml + "</object></child></object></interface>"
    }
}

private extension String {
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
