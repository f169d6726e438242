import CAdwaita
import CGtk
import CShim

/// A window's document views as tabs: libadwaita's tab view, and its tab bar over it,
/// made with the second tab (made at launch, it delayed a one-document window's content
/// by about 9 ms: viewer-bench, 3 alternated runs) and hidden while there is one. Its
/// keys are GNOME's (Ctrl+Tab, Shift+Ctrl+Tab, Ctrl+Page Up and Down, Alt+1…9), without
/// Ctrl+Home and Ctrl+End, which stay the first and last page.
@MainActor
final class DocumentTabs {
    /// The tab bar (once made) over the tab view.
    let widget: UnsafeMutablePointer<GtkWidget>
    private let tabView: OpaquePointer
    /// The views, in the tabs' order.
    private(set) var views: [DocumentView] = []
    /// The view of the tab chosen.
    private(set) var current: DocumentView!
    weak var host: DocumentWindow?
    private let column: Box
    /// Made with the second tab: one document's window does not pay for it at launch.
    private var bar: OpaquePointer?

    init() {
        let view = adw_tab_view_new()!
        tabView = view
        let shortcuts = ADW_TAB_VIEW_SHORTCUT_CONTROL_TAB.rawValue | ADW_TAB_VIEW_SHORTCUT_CONTROL_SHIFT_TAB.rawValue
            | ADW_TAB_VIEW_SHORTCUT_CONTROL_PAGE_UP.rawValue | ADW_TAB_VIEW_SHORTCUT_CONTROL_PAGE_DOWN.rawValue
            | ADW_TAB_VIEW_SHORTCUT_CONTROL_SHIFT_PAGE_UP.rawValue | ADW_TAB_VIEW_SHORTCUT_CONTROL_SHIFT_PAGE_DOWN.rawValue
            | ADW_TAB_VIEW_SHORTCUT_ALT_DIGITS.rawValue | ADW_TAB_VIEW_SHORTCUT_ALT_ZERO.rawValue
        adw_tab_view_set_shortcuts(view, AdwTabViewShortcuts(rawValue: shortcuts))
        let column = Box.column()
        self.column = column
        let viewWidget = UnsafeMutableRawPointer(view).assumingMemoryBound(to: GtkWidget.self)
        gtk_widget_set_vexpand(viewWidget, 1)
        column.append(viewWidget)
        widget = column.widget
        Signal.connect(view, "notify::selected-page") { [unowned self] (_: UnsafeMutableRawPointer?) in self.selectionChanged() }
        // A tab closed by its own button asks about its changes first; one closed by `close`
        // (Ctrl+W, which has asked) is no longer among the views.
        Signal.connectAnswering(view, "close-page") { [unowned self] argument in
            guard let argument else { return false }
            let page = OpaquePointer(argument)
            guard let closed = self.views.first(where: { self.page(of: $0) == page }) else {
                adw_tab_view_close_page_finish(self.tabView, page, 1)
                return true
            }
            closed.settleUnsaved { [unowned self] closing in
                guard closing else { return adw_tab_view_close_page_finish(self.tabView, page, 0) }
                closed.rememberState()
                self.forget(closed)
                adw_tab_view_close_page_finish(self.tabView, page, 1)
            }
            return true
        }
    }

    /// `view` leaves the tabs: its threads and helpers end.
    private func forget(_ view: DocumentView) {
        views.removeAll { $0 === view }
        view.stop()
    }

    /// The tab bar over the tabs, hidden again while there is one.
    private func addBar() {
        let bar = adw_tab_bar_new()!
        self.bar = bar
        adw_tab_bar_set_view(bar, tabView)
        adw_tab_bar_set_autohide(bar, 1)
        column.prepend(UnsafeMutableRawPointer(bar).assumingMemoryBound(to: GtkWidget.self))
    }

    private func page(of view: DocumentView) -> OpaquePointer? {
        adw_tab_view_get_page(tabView, view.widget)
    }

    /// Adds `view` as the last tab and chooses it.
    @discardableResult
    func add(_ view: DocumentView) -> DocumentView {
        views.append(view)
        if views.count == 2, bar == nil { addBar() }
        let page = adw_tab_view_append(tabView, view.widget)!
        adw_tab_page_set_title(page, view.title)
        choose(view)
        return view
    }

    func choose(_ view: DocumentView) {
        guard let page = page(of: view) else { return }
        adw_tab_view_set_selected_page(tabView, page)
        selectionChanged()
    }

    func setTitle(_ title: String, of view: DocumentView) {
        guard let page = page(of: view) else { return }
        adw_tab_page_set_title(page, title)
        adw_tab_page_set_tooltip(page, title)
    }

    /// Closes `view`'s tab (the reader has already been asked about its changes).
    func close(_ view: DocumentView) {
        guard let page = page(of: view) else { return }
        forget(view)
        adw_tab_view_close_page(tabView, page)
    }

    private func selectionChanged() {
        guard let page = adw_tab_view_get_selected_page(tabView), let child = adw_tab_page_get_child(page),
              let chosen = views.first(where: { $0.widget == child }), chosen !== current else { return }
        current = chosen
        // GTK 4.8 does not pass on the resizes a hidden tab's widgets queued while it was
        // hidden (the tab view's stack made it child-invisible, which stops them): without a
        // resize of its own the view is drawn without allocations, blank, and the tab bar with it.
        gtk_widget_queue_resize(chosen.widget)
        host?.tabChosen()
    }
}
