import CAdwaita
import CGtk
import CShim
import QuireEngine

/// The outline sidebar: the document's bookmarks as an expandable tree (a GtkListView over
/// a GtkTreeListModel whose items are entry numbers in an `OutlineTree`, children made
/// only when a row is expanded), with the target's page label at the right. A click or
/// Enter jumps; the entry of the reader's section is selected and kept in view; typing
/// finds entries by title.
@MainActor
final class OutlineView {
    let widget: UnsafeMutablePointer<GtkWidget> // a box: the find entry over the list
    let tree: OutlineTree
    private let model: TreeListModel
    private let selection: SingleSelection
    private let listView: ListView
    private var list: UnsafeMutablePointer<GtkWidget> { listView.widget }
    private let findField: SearchEntry
    private var findEntry: UnsafeMutablePointer<GtkWidget> { findField.widget }
    private let labelOf: (Int) -> String
    /// The rows bound now: their page label and entry, to show labels read later.
    private var boundPages: [ListItem: (label: Label, entry: Int)] = [:]
    private var found: Int?
    /// The entry of the reader's section, as last shown.
    private(set) var section: Int?
    /// Levels of nesting shown; deeper entries hang flat under the last level.
    nonisolated static let depthLimit = 12
    /// True once the list has been laid out with the reader's section scrolled into view.
    private(set) var isPlaced = false
    var onPlaced: (() -> Void)?
    /// Called with an entry the reader chose (it has a target).
    var onChosen: ((OutlineTarget) -> Void)?

    init(tree: OutlineTree, labelOf: @escaping (Int) -> String) {
        self.tree = tree
        self.labelOf = labelOf
        let root = OutlineRows.stringList(tree.children(of: nil, depthLimit: Self.depthLimit).map(String.init))
        let create: GtkTreeListModelCreateModelFunc = { item, data in
            CallbackData.borrow(data, as: OutlineRows.self).children(of: item)
        }
        model = TreeListModel(root: root, children: create, data: CallbackData.lend(OutlineRows(tree)), destroy: CallbackData.release)
        selection = SingleSelection(taking: model.model)
        // Made with autoselect on, it selected the first row: nothing is, until followed.
        selection.selected = nil
        let factory = ListItemFactory()
        listView = ListView(selection, factory: factory.factory)
        gtk_widget_add_css_class(listView.widget, "navigation-sidebar")
        // The keys go to a row's expander, which Adwaita draws no focus ring on: without
        // this, walking the outline with Tab or the arrows showed no row as focused.
        StyleSheet.add(".navigation-sidebar > row > treeexpander:focus-visible "
                       + "{ outline: 2px solid alpha(@accent_color, 0.5); outline-offset: -2px; border-radius: 6px; }")
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(quire_scrolled_window(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(quire_scrolled_window(scrolled), listView.widget)
        gtk_widget_set_vexpand(scrolled, 1)
        findField = SearchEntry(placeholder: tr("Find in outline"))
        findField.setAccessibleName(tr("Find in outline"))
        listView.setAccessibleName(tr("Outline"))
        findField.captureKeys(from: listView.widget)
        gtk_widget_set_margin_start(findField.widget, 6)
        gtk_widget_set_margin_end(findField.widget, 6)
        gtk_widget_set_margin_top(findField.widget, 6)
        gtk_widget_set_margin_bottom(findField.widget, 6)
        let column = Box.column()
        widget = column.widget
        column.append(findField.widget)
        column.append(scrolled)
        factory.on("setup") { [unowned self] item in self.setUp(item) }
        factory.on("bind") { [unowned self] item in self.bind(item) }
        factory.on("unbind") { [unowned self] item in self.boundPages[item] = nil }
        // The list view owns the factory (and the selection, which owns the model): no unref here.
        Signal.connect(list, "activate") { [unowned self] (position: UnsafeMutableRawPointer?) in
            // A guint passed in a pointer's place: only its low 32 bits are meant.
            if let entry = self.entry(atPosition: UInt32(truncatingIfNeeded: Int(bitPattern: position))) { self.choose(entry) }
        }
        Signal.connect(findEntry, "changed") { [unowned self] in
            // Typing on the list starts here: the entry takes the keys that follow at once
            // (not after the search delay), or a space would activate the list's row.
            if let root = gtk_widget_get_root(self.list), let focus = gtk_root_get_focus(root),
               focus == self.list || gtk_widget_is_ancestor(focus, self.list) != 0 {
                gtk_widget_grab_focus(self.findEntry)
                self.findField.editable.setCursor(at: -1)
            }
        }
        Signal.connect(findEntry, "search-changed") { [unowned self] in
            self.find(after: self.found.map { $0 - 1 })
        }
        Signal.connect(findEntry, "next-match") { [unowned self] in self.find(after: self.found) }
        Signal.connect(findEntry, "previous-match") { [unowned self] in self.find(before: self.found) }
        Signal.connect(findEntry, "activate") { [unowned self] in
            // Enter typed before the search delay ran finds first.
            if self.findText != self.searched { self.find(after: self.found.map { $0 - 1 }) }
            if let found = self.found { self.choose(found) }
        }
        Signal.connect(findEntry, "stop-search") { [unowned self] in
            self.findField.editable.text = ""
            gtk_widget_grab_focus(self.list)
        }
        // Entries the document asks to show open start open, the top level first.
        expandInitiallyOpen()
        // A list scrolls to an item only once it has a size: each time it shows, after its
        // first frame, the selected entry is brought into view.
        Signal.connect(list, "map") { [unowned self] in self.placeAfterNextFrame() }
    }

    private func placeAfterNextFrame() {
        MainLoop.afterEachFrame(of: list) { [weak self] in self?.place() ?? false }
    }

    /// Returns whether to wait for another frame.
    private func place() -> Bool {
        guard gtk_widget_get_width(list) > 0 else { return true }
        if let position = selection.selected { show(position) }
        if !isPlaced {
            isPlaced = true
            onPlaced?()
        }
        return false
    }

    /// Follows the reader: selects the entry of the section at `point` (or its nearest
    /// shown ancestor, without opening closed entries) and scrolls it into view.
    func follow(_ point: (page: Int, top: Double)) {
        let section = tree.section(page: point.page, top: point.top)
        guard section != self.section else { return }
        self.section = section
        guard let section, let position = position(of: section, opening: false) else {
            // Before the first section (a title page, the contents): nothing is selected.
            // GtkSingleSelection does not implement unselect_all in GTK 4.8.
            selection.selected = nil
            return
        }
        show(position)
    }

    /// The entry selected now, if any.
    var selectedEntry: Int? {
        selection.selected.flatMap(entry(atPosition:))
    }

    /// Opens the rows down to `entry`, selects it and scrolls to it; for window tests and
    /// type-ahead.
    func reveal(_ entry: Int) {
        // The selection no longer shows the section last followed: the next move follows anew.
        section = entry
        if let position = position(of: entry, opening: true) { show(position) }
    }

    func focus() { gtk_widget_grab_focus(list) }

    private func choose(_ entry: Int) {
        reveal(entry)
        if let target = tree.entries[entry].target { onChosen?(target) }
    }

    private var findText: String { findField.editable.text }
    private var searched = ""

    /// Ctrl+G or Ctrl+Shift+G while the outline's find has the keys (the window's Find
    /// Next and Previous take them before the entry does): the next or previous entry
    /// found. False, doing nothing, when the find does not have the keys.
    func stepFind(forward: Bool) -> Bool {
        guard let root = gtk_widget_get_root(findEntry), let focus = gtk_root_get_focus(root),
              focus == findEntry || gtk_widget_is_ancestor(focus, findEntry) != 0 else { return false }
        // Typed before the search delay ran: the first entry found is found first.
        if findText != searched { find(after: found.map { $0 - 1 }) }
        if forward { find(after: found) } else { find(before: found) }
        return true
    }

    private func find(after start: Int?) {
        searched = findText
        reveal(found: tree.find(searched, after: start))
    }

    private func find(before end: Int?) {
        searched = findText
        reveal(found: tree.find(searched, before: end))
    }

    private func reveal(found match: Int?) {
        let text = searched
        guard let match else {
            found = nil
            if !text.isEmpty { gtk_widget_error_bell(findEntry) }
            return
        }
        found = match
        reveal(match)
    }

    private func show(_ position: UInt32) {
        selection.selected = position
        listView.scroll(to: position)
    }

    // MARK: Rows

    private func setUp(_ item: ListItem) {
        let expander = TreeExpander()
        let row = Box.row(spacing: 8)
        let box = row.widget
        let title = Label(xalign: 0)
        title.ellipsize()
        gtk_widget_set_hexpand(title.widget, 1)
        let page = Label()
        page.addCSSClass("dim-label")
        // A label as long as a document may make one (`BoundedText.Limit.pageLabel`) would
        // leave the title no room: past "Appendix B-3" it is ellipsized.
        page.ellipsize()
        page.setMaxWidth(chars: 12)
        row.append(title)
        row.append(page)
        expander.child = box
        item.child = expander.widget
        // One click on the title jumps (the arrow only opens and closes).
        let click = gtk_gesture_click_new()!
        Signal.connectClick(click, "released") { [unowned self] presses, _, _ in
            if presses == 1, let entry = self.boundPages[item]?.entry { self.choose(entry) }
        }
        gtk_widget_add_controller(box, click)
    }

    /// The document's labels were read: the rows in view show them.
    func labelsChanged() {
        for (item, (label, entry)) in boundPages {
            label.text = tree.entries[entry].target.map { labelOf($0.page) } ?? ""
            if let object = item.object { nameRow(item, entry: entry, depth: TreeListRow(object).depth) }
        }
    }

    /// What a screen reader says of a row: its title, level and page. The row's focus is
    /// the list's row widget (made by GTK) or the expander inside it: both are named.
    private func nameRow(_ item: ListItem, entry: Int, depth: Int) {
        guard let expander = item.child else { return }
        let value = tree.entries[entry]
        let name = ControlNames.outlineEntry(title: value.title.isEmpty ? tr("Untitled") : value.title, level: depth + 1,
                                             pageLabel: value.target.map { labelOf($0.page) })
        setAccessibleName(expander, name)
        if let row = gtk_widget_get_parent(expander) { setAccessibleName(row, name) }
    }

    private func bind(_ item: ListItem) {
        guard let object = item.object, let expander = item.child.map(TreeExpander.init), let box = expander.child,
              let title = gtk_widget_get_first_child(box), let page = gtk_widget_get_last_child(box) else { return }
        let row = TreeListRow(object)
        expander.setRow(row)
        guard let entry = Self.entry(ofRow: row) else { return }
        let value = tree.entries[entry]
        let text = value.title.isEmpty ? tr("Untitled") : value.title
        Label(title).text = text
        gtk_widget_set_tooltip_text(title, value.target == nil ? tr("{title} (its destination is missing)", ["title": text]) : text)
        Label(page).text = value.target.map { labelOf($0.page) } ?? ""
        boundPages[item] = (Label(page), entry)
        nameRow(item, entry: entry, depth: row.depth)
        // An entry without a destination is shown, dimmed, and leads nowhere.
        if value.target == nil { gtk_widget_add_css_class(title, "dim-label") } else { gtk_widget_remove_css_class(title, "dim-label") }
    }

    // MARK: Positions in the flattened list

    /// The list position of `entry`'s row, opening its ancestors when `opening`; otherwise
    /// the position of its nearest shown ancestor.
    private func position(of entry: Int, opening: Bool) -> UInt32? {
        var row: GObjectRef?
        var chain = [entry]
        while let parent = tree.parent(of: chain[0], depthLimit: Self.depthLimit) { chain.insert(parent, at: 0) }
        for step in chain {
            let siblings = tree.children(of: tree.parent(of: step, depthLimit: Self.depthLimit), depthLimit: Self.depthLimit)
            guard let index = siblings.firstIndex(of: step) else { return nil }
            if let parent = row.map(TreeListRow.init), !parent.isExpanded {
                guard opening else { break }
                parent.isExpanded = true
            }
            let next = row.map { TreeListRow($0).childRow(UInt32(index)) } ?? model.topRow(UInt32(index))
            guard let next else { break }
            row = GObjectRef(taking: next)
        }
        return row.map { TreeListRow($0).position }
    }

    private func entry(atPosition position: UInt32) -> Int? {
        model.withRow(at: position) { Self.entry(ofRow: $0) } ?? nil
    }

    private func expandInitiallyOpen() {
        // Top to bottom: opening a row inserts its children after it, to be visited next.
        var position: UInt32 = 0
        while model.withRow(at: position, { (row: TreeListRow) -> Void in
            if let entry = Self.entry(ofRow: row), tree.opensAtStart(entry, depthLimit: Self.depthLimit) {
                row.isExpanded = true
            }
        }) != nil {
            position += 1
            if position > OutlineTree.rowsOpenedAtStart { break }
        }
    }

    private static func entry(ofRow row: TreeListRow) -> Int? {
        row.string.flatMap { Int($0) }
    }

}

/// What the tree model asks for when a row opens: its children, as a list of entry
/// numbers. Not tied to the main actor: it holds only the (immutable) tree.
final class OutlineRows: Sendable {
    private let tree: OutlineTree
    init(_ tree: OutlineTree) { self.tree = tree }

    func children(of item: gpointer?) -> OpaquePointer? {
        guard let entry = Self.entry(ofItem: item) else { return nil }
        let children = tree.children(of: entry, depthLimit: OutlineView.depthLimit)
        return children.isEmpty ? nil : Self.stringList(children.map(String.init))
    }

    static func entry(ofItem item: gpointer?) -> Int? {
        guard let item, let string = StringObject.string(of: item) else { return nil }
        return Int(string)
    }

    static func stringList(_ strings: [String]) -> OpaquePointer {
        var pointers = strings.map { strdup($0) } + [nil]
        defer { pointers.forEach { free($0) } }
        return pointers.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                gtk_string_list_new($0)
            }
        }
    }
}
