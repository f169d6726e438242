import CGtk
import CShim

// Typed handles on GTK's lists: the virtualized list view over a model (its selection, its
// item factory, the items it binds, the tree model the outline opens row by row) and the
// plain list box. A handle does not own its object: the list view owns its factory and
// selection, the selection its model, as GTK hands them on.

/// A list of rows made and bound on demand for the items of a selection model (GtkListView).
@MainActor
struct ListView: WidgetHandle {
    let widget: UnsafeMutablePointer<GtkWidget>

    /// Takes `selection` and `factory`.
    init(_ selection: SingleSelection, factory: OpaquePointer) { widget = gtk_list_view_new(selection.selection, factory) }

    /// A click activates a row, as Enter does (else it takes a double click).
    func activateOnSingleClick() { gtk_list_view_set_single_click_activate(widget.opaque, 1) }

    /// Scrolls the row at `position` into view. GTK 4.8 has no gtk_list_view_scroll_to;
    /// the list's action does it.
    func scroll(to position: UInt32) {
        _ = gtk_widget_activate_action_variant(widget, "list.scroll-to-item", g_variant_new_uint32(position))
    }
}

/// One row or none chosen of a list model (GtkSingleSelection), and only by the reader.
@MainActor
struct SingleSelection {
    let selection: OpaquePointer

    /// Over `model` (a GListModel), which it takes; nothing selected until `selected` is set,
    /// and the reader may unselect.
    init(taking model: OpaquePointer) {
        selection = gtk_single_selection_new(model)
        gtk_single_selection_set_autoselect(selection, 0)
        gtk_single_selection_set_can_unselect(selection, 1)
    }

    /// The position of the row selected (nil: none); setting nil unselects.
    var selected: UInt32? {
        get {
            let position = gtk_single_selection_get_selected(selection)
            return position == UInt32.max ? nil : position
        }
        nonmutating set { gtk_single_selection_set_selected(selection, newValue ?? UInt32.max) }
    }
}

/// What a list view shows a row in (GtkListItem), as its factory's signals give it.
struct ListItem: Hashable {
    let item: OpaquePointer

    var child: UnsafeMutablePointer<GtkWidget>? {
        get { gtk_list_item_get_child(item) }
        nonmutating set { gtk_list_item_set_child(item, newValue) }
    }

    /// The model's item this row shows now (no reference of its own).
    var object: UnsafeMutableRawPointer? { gtk_list_item_get_item(item) }

    /// Its position in the list.
    var position: UInt32 { gtk_list_item_get_position(item) }
}

/// Makes and binds a list view's rows with Swift closures (GtkSignalListItemFactory).
@MainActor
struct ListItemFactory {
    let factory: OpaquePointer

    init() { factory = gtk_signal_list_item_factory_new() }

    /// `setup` (a row is made), `bind` (it shows an item), `unbind` (it stops showing it).
    func on(_ signal: String, _ body: @escaping @MainActor (ListItem) -> Void) {
        Signal.connectOpaque(factory, signal) { item in body(ListItem(item: item!)) }
    }
}

/// A tree as a flat list of rows (GtkTreeListModel): a row's children are asked for when
/// it opens. A GListModel of `TreeListRow`s.
@MainActor
struct TreeListModel {
    let model: OpaquePointer

    /// Over the top level `root` (a GListModel, which it takes); `children` is asked for an
    /// item's children (a new GListModel, or nil for none) with `data`, freed with `destroy`.
    init(root: OpaquePointer, children: GtkTreeListModelCreateModelFunc, data: UnsafeMutableRawPointer,
         destroy: @escaping @convention(c) (UnsafeMutableRawPointer?) -> Void) {
        model = gtk_tree_list_model_new(root, 0, 0, children, data, destroy)
    }

    /// Runs `body` with the row at `position` of the flat list, holding it meanwhile; nil
    /// past the end.
    func withRow<R>(at position: UInt32, _ body: (TreeListRow) -> R) -> R? {
        guard let row = g_list_model_get_item(model, position) else { return nil }
        return owning(row) { body(TreeListRow($0)) }
    }

    /// The row of the top level's item `index`, a reference the caller owns.
    func topRow(_ index: UInt32) -> OpaquePointer? { gtk_tree_list_model_get_child_row(model, index) }
}

/// A row of a tree list model (GtkTreeListRow); not a reference of its own.
@MainActor
struct TreeListRow {
    let row: OpaquePointer

    init(_ row: some GObjectPointer) { self.row = row.opaque }

    var isExpanded: Bool {
        get { gtk_tree_list_row_get_expanded(row) != 0 }
        nonmutating set { gtk_tree_list_row_set_expanded(row, newValue ? 1 : 0) }
    }

    /// The row of its child item `index`, a reference the caller owns.
    func childRow(_ index: UInt32) -> OpaquePointer? { gtk_tree_list_row_get_child_row(row, index) }

    /// Its position in the flat list.
    var position: UInt32 { gtk_tree_list_row_get_position(row) }

    /// How deep it hangs: 0 at the top level.
    var depth: Int { Int(gtk_tree_list_row_get_depth(row)) }

    /// The string of its item, a GtkStringObject.
    var string: String? {
        guard let item = gtk_tree_list_row_get_item(row) else { return nil }
        return owning(item) { StringObject.string(of: $0) }
    }
}

/// An item of a GtkStringList.
enum StringObject {
    static func string(of item: some GObjectPointer) -> String? {
        gtk_string_object_get_string(item.opaque).map { String(cString: $0) }
    }
}

/// The arrow that opens and closes a tree list row, before the row's own widget (GtkTreeExpander).
@MainActor
struct TreeExpander: WidgetHandle {
    let widget: UnsafeMutablePointer<GtkWidget>
    private var expander: OpaquePointer { widget.opaque }

    init() { widget = gtk_tree_expander_new() }
    init(_ widget: UnsafeMutablePointer<GtkWidget>) { self.widget = widget }

    var child: UnsafeMutablePointer<GtkWidget>? {
        get { gtk_tree_expander_get_child(expander) }
        nonmutating set { gtk_tree_expander_set_child(expander, newValue) }
    }

    /// The row it opens and closes.
    func setRow(_ row: TreeListRow) { gtk_tree_expander_set_list_row(expander, row.row) }
}

/// A list of rows that are widgets of their own (GtkListBox), for short lists.
@MainActor
struct ListBox: WidgetHandle {
    let widget: UnsafeMutablePointer<GtkWidget>
    private var list: OpaquePointer { widget.opaque }

    init() { widget = gtk_list_box_new() }

    func append(_ row: UnsafeMutablePointer<GtkWidget>) { gtk_list_box_append(list, row) }
    func remove(_ row: UnsafeMutablePointer<GtkWidget>) { gtk_list_box_remove(list, row) }
    func select(_ row: UnsafeMutablePointer<GtkWidget>) { gtk_list_box_select_row(list, quire_list_box_row(row)) }

    /// The index of the row selected, if any.
    var selectedIndex: Int? { gtk_list_box_get_selected_row(list).map { Int(gtk_list_box_row_get_index($0)) } }
    /// The index of the row at `y` (the list's coordinates), if any.
    func index(atY y: Double) -> Int? { gtk_list_box_get_row_at_y(list, Int32(y)).map { Int(gtk_list_box_row_get_index($0)) } }
    /// The index of `row` (a GtkListBoxRow, as `row-activated` gives it).
    static func index(of row: some GObjectPointer) -> Int { Int(gtk_list_box_row_get_index(quire_list_box_row(row.gobject))) }
}
