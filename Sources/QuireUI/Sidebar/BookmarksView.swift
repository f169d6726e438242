import CAdwaita
import CGtk
import CShim
import QuireEngine

/// The Bookmarks pane: the reader's bookmarks in document order, each its name and its
/// page's label. A click (or Enter) goes to one; a double click, F2 or its context menu
/// renames it; Delete or its context menu deletes it. Without bookmarks, it says how to
/// add one. A list box, not a virtualized list: `MarkedPlaces` holds at most 200, and a
/// row of its own is what a rename's popover points at.
@MainActor
final class BookmarksView {
    let widget: UnsafeMutablePointer<GtkWidget>
    private let listBox = ListBox()
    private var list: UnsafeMutablePointer<GtkWidget> { listBox.widget }
    private let scrolled = gtk_scrolled_window_new()!
    private let empty = Label(tr("No bookmarks yet.\nPress Ctrl+D to bookmark the place you are reading."), wrap: true)
    private var rows: [UnsafeMutablePointer<GtkWidget>] = []
    private(set) var shown: [Bookmark] = []
    /// What the rows read, to leave them alone when it would not change.
    private struct Line: Equatable { let id, name, label: String }
    private var shownLines: [Line]?
    /// The row a context menu was opened on.
    private var menuRow: Int?
    /// Called with the bookmark chosen, renamed (with the list, and its row's area there,
    /// to point at: a row goes when the list changes), deleted.
    var onChosen: ((Bookmark) -> Void)?
    var onRename: ((Bookmark, UnsafeMutablePointer<GtkWidget>, GdkRectangle) -> Void)?
    var onDelete: ((Bookmark) -> Void)?

    init() {
        let column = Box.column()
        widget = column.widget
        empty.addCSSClass("dim-label")
        empty.centreLines()
        gtk_widget_set_margin_start(empty.widget, 12)
        gtk_widget_set_margin_end(empty.widget, 12)
        gtk_widget_set_margin_top(empty.widget, 18)
        column.append(empty)
        gtk_widget_add_css_class(list, "navigation-sidebar")
        setAccessibleName(list, tr("Bookmarks"))
        gtk_scrolled_window_set_policy(quire_scrolled_window(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(quire_scrolled_window(scrolled), list)
        gtk_widget_set_vexpand(scrolled, 1)
        column.append(scrolled)
        Signal.connect(list, "row-activated") { [unowned self] (row: UnsafeMutableRawPointer?) in
            guard let bookmark = self.bookmark(at: row) else { return }
            self.onChosen?(bookmark)
        }
        addGestures()
        addMenuActions()
        show([], labelOf: { String($0 + 1) })
    }

    var count: Int { shown.count }

    /// Lists `bookmarks`; the row selected stays selected (or the one now in its place).
    /// Rows that would read the same are left alone: a row replaced between a click's
    /// press and its release takes no click (labels read, the store written at a pause).
    func show(_ bookmarks: [Bookmark], labelOf: (Int) -> String) {
        let lines = bookmarks.map { Line(id: $0.id, name: $0.name, label: labelOf($0.place.page)) }
        guard lines != shownLines else {
            shown = bookmarks // the same rows, for bookmarks that may differ in what they do not show
            return
        }
        let selected = selectedIndex
        shown = bookmarks
        shownLines = lines
        let hadFocus = rows.contains { gtk_widget_has_focus($0) != 0 }
        for row in rows { listBox.remove(row) }
        rows = lines.map { line in
            let content = Box.row(spacing: 8)
            let name = Label(line.name, xalign: 0)
            name.ellipsize()
            gtk_widget_set_hexpand(name.widget, 1)
            let page = Label(line.label, xalign: 1)
            page.addCSSClass("dim-label")
            page.addCSSClass("numeric")
            content.append(name)
            content.append(page)
            let row = gtk_list_box_row_new()!
            gtk_list_box_row_set_child(quire_list_box_row(row), content.widget)
            gtk_widget_set_tooltip_text(row, line.name)
            setAccessibleName(row, ControlNames.bookmark(name: line.name, pageLabel: line.label))
            listBox.append(row)
            return row
        }
        empty.setVisible(bookmarks.isEmpty)
        gtk_widget_set_visible(scrolled, bookmarks.isEmpty ? 0 : 1)
        if let selected, !rows.isEmpty {
            let row = rows[min(selected, rows.count - 1)]
            listBox.select(row)
            if hadFocus { gtk_widget_grab_focus(row) }
        }
    }

    /// Gives the keys back to the selected row (after a rename's popover, say).
    func focusSelection() {
        if let index = selectedIndex { gtk_widget_grab_focus(rows[index]) }
    }

    private var selectedIndex: Int? {
        guard let index = listBox.selectedIndex else { return nil }
        return shown.indices.contains(index) ? index : nil
    }

    private func bookmark(at row: UnsafeMutableRawPointer?) -> Bookmark? {
        guard let row else { return nil }
        let index = ListBox.index(of: row)
        return shown.indices.contains(index) ? shown[index] : nil
    }

    private func index(atY y: Double) -> Int? {
        guard let index = listBox.index(atY: y) else { return nil }
        return shown.indices.contains(index) ? index : nil
    }

    private func rename(_ index: Int?) {
        guard let index else { return }
        var bounds = graphene_rect_t()
        guard gtk_widget_compute_bounds(rows[index], list, &bounds) != 0 else { return }
        let area = GdkRectangle(x: Int32(bounds.origin.x), y: Int32(bounds.origin.y), width: Int32(bounds.size.width), height: Int32(bounds.size.height))
        onRename?(shown[index], list, area)
    }

    private func delete(_ index: Int?) {
        guard let index else { return }
        onDelete?(shown[index])
    }

    /// A double click renames; the secondary button opens the context menu; F2 renames
    /// and Delete deletes the selected row.
    private func addGestures() {
        let click = gtk_gesture_click_new()!
        Signal.connectClick(click, "pressed") { [unowned self] presses, _, y in
            if presses == 2 { self.rename(self.index(atY: y)) }
        }
        gtk_widget_add_controller(list, click)
        let menu = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(menu, 3)
        // On the release, as the canvas's menu (PageCanvas+Input.swift says why).
        Signal.connectClick(menu, "released") { [unowned self] _, x, y in
            guard let index = self.index(atY: y) else { return }
            self.listBox.select(self.rows[index])
            self.showMenu(for: index, at: Point(x: x, y: y))
        }
        gtk_widget_add_controller(list, menu)
        let keys = gtk_event_controller_key_new()!
        Signal.connectKeyPressed(keys) { [unowned self] keyval, _ in
            switch Int32(keyval) {
            case GDK_KEY_F2: self.rename(self.selectedIndex)
            case GDK_KEY_Delete, GDK_KEY_KP_Delete: self.delete(self.selectedIndex)
            default: return false
            }
            return true
        }
        gtk_widget_add_controller(list, keys)
    }

    /// `bookmark.rename` and `bookmark.delete`, for the context menu, acting on its row.
    private func addMenuActions() {
        Actions.addGroup("bookmark", to: list) { group in
            Actions.add("rename", to: group) { [unowned self] in self.rename(self.menuRow) }
            Actions.add("delete", to: group) { [unowned self] in self.delete(self.menuRow) }
        }
    }

    private func showMenu(for index: Int, at point: Point) {
        menuRow = index
        let popover = owning(g_menu_new()!) { menu in
            g_menu_append(menu, tr("_Rename…"), "bookmark.rename")
            g_menu_append(menu, tr("_Delete"), "bookmark.delete")
            return gtk_popover_menu_new_from_model(quire_menu_model(menu.gobject))!
        }
        WindowMenus.popUp(popover, on: list, at: point)
    }
}
