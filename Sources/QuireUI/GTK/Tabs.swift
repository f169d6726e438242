import CAdwaita
import CGtk
import CShim

/// libadwaita's tab view: the pages of a window's documents, one shown at a time.
@MainActor
struct TabView {
    let object: OpaquePointer

    init() { object = adw_tab_view_new()! }

    init(_ pointer: some GObjectPointer) { object = pointer.opaque }

    var widget: UnsafeMutablePointer<GtkWidget> { object.typed() }

    func setShortcuts(_ shortcuts: [AdwTabViewShortcuts]) {
        adw_tab_view_set_shortcuts(object, AdwTabViewShortcuts(rawValue: shortcuts.reduce(0) { $0 | $1.rawValue }))
    }

    var pageCount: Int32 { adw_tab_view_get_n_pages(object) }

    func page(at index: Int32) -> TabPage { TabPage(adw_tab_view_get_nth_page(object, index)) }

    /// The page holding `child`, if it is one of this view's.
    func page(holding child: UnsafeMutablePointer<GtkWidget>) -> TabPage? { adw_tab_view_get_page(object, child).map(TabPage.init) }

    var selected: TabPage? { adw_tab_view_get_selected_page(object).map(TabPage.init) }

    func select(_ page: TabPage) { adw_tab_view_set_selected_page(object, page.object) }

    @discardableResult
    func append(_ child: UnsafeMutablePointer<GtkWidget>) -> TabPage { TabPage(adw_tab_view_append(object, child)!) }

    /// Closes `page`: its `close-page` handler answers, at once or later (`finishClosing`).
    func close(_ page: TabPage) { adw_tab_view_close_page(object, page.object) }

    func finishClosing(_ page: TabPage, confirmed: Bool) { adw_tab_view_close_page_finish(object, page.object, confirmed ? 1 : 0) }

    /// The menu a tab's context menu (right click, Menu key) shows.
    func setMenu(_ menu: some GObjectPointer) { adw_tab_view_set_menu_model(object, quire_menu_model(menu.gobject)) }

    /// Moves `page` into `other`'s tabs, at `position`, as a drag would.
    func transfer(_ page: TabPage, to other: TabView, at position: Int32) {
        adw_tab_view_transfer_page(object, page.object, other.object, position)
    }

    /// True while a tab is dragged, in any window.
    var isTransferringPage: Bool { adw_tab_view_get_is_transferring_page(object) != 0 }
}

/// One tab of a `TabView`: its child, title and tooltip. A value compared as its pointer,
/// so not confined to the main actor (Equatable's `==` is not isolated); used on it only.
struct TabPage: Equatable {
    let object: OpaquePointer

    init(_ pointer: some GObjectPointer) { object = pointer.opaque }

    var child: UnsafeMutablePointer<GtkWidget>? { adw_tab_page_get_child(object) }

    func setTitle(_ title: String) {
        adw_tab_page_set_title(object, title)
        adw_tab_page_set_tooltip(object, title)
    }
}

/// libadwaita's tab bar over a `TabView`, hidden while it has one tab.
@MainActor
struct TabBar {
    let object: OpaquePointer

    init(view: TabView) {
        object = adw_tab_bar_new()!
        adw_tab_bar_set_view(object, view.object)
        adw_tab_bar_set_autohide(object, 1)
    }

    var widget: UnsafeMutablePointer<GtkWidget> { object.typed() }
}
