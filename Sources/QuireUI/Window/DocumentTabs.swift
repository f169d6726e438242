import CAdwaita
import CGtk
import CShim
import QuireEngine

/// A window's document views as tabs: libadwaita's tab view, and its tab bar over it,
/// made with the second tab (made at launch, it delayed a one-document window's content
/// by about 9 ms: viewer-bench, 3 alternated runs) and hidden while there is one. Its
/// keys are GNOME's (Ctrl+Tab, Shift+Ctrl+Tab, Ctrl+Page Up and Down, Alt+1…9), without
/// Ctrl+Home and Ctrl+End, which stay the first and last page. A tab dragged out of the
/// bar makes a window of its own, or joins the window it is dropped on: its view moves
/// whole (place, zoom, search, unsaved changes), helpers and all.
@MainActor
final class DocumentTabs {
    /// The tab bar (once made) over the tab view.
    let widget: UnsafeMutablePointer<GtkWidget>
    private let tabView = TabView()
    /// The views, in the tabs' order.
    private(set) var views: [DocumentView] = []
    /// The view of the tab chosen.
    private(set) var current: DocumentView!
    weak var host: DocumentWindow?
    private let column: Box
    /// Made with the second tab: one document's window does not pay for it at launch.
    private var bar: TabBar?
    /// Called when tabs are added, closed, chosen or moved.
    var onChanged: (() -> Void)?
    /// A tab was dropped outside every window: the tabs of a new window for it.
    var onNewWindow: (() -> DocumentTabs)?
    /// The last tab was dragged away to another window.
    var onEmptied: (() -> Void)?
    /// The window is closing: its tab view's pages go without being closed or moved.
    var isClosing = false
    /// The tab whose context menu is open, for its items.
    private var menuPage: TabPage?
    /// A view between two windows: libadwaita detaches its tab from one tab view, then at
    /// once attaches it to the other.
    private static var moving: DocumentView?

    init() {
        let view = tabView.object
        tabView.setShortcuts([ADW_TAB_VIEW_SHORTCUT_CONTROL_TAB, ADW_TAB_VIEW_SHORTCUT_CONTROL_SHIFT_TAB,
                              ADW_TAB_VIEW_SHORTCUT_CONTROL_PAGE_UP, ADW_TAB_VIEW_SHORTCUT_CONTROL_PAGE_DOWN,
                              ADW_TAB_VIEW_SHORTCUT_CONTROL_SHIFT_PAGE_UP, ADW_TAB_VIEW_SHORTCUT_CONTROL_SHIFT_PAGE_DOWN,
                              ADW_TAB_VIEW_SHORTCUT_ALT_DIGITS, ADW_TAB_VIEW_SHORTCUT_ALT_ZERO])
        let column = Box.column()
        self.column = column
        gtk_widget_set_vexpand(tabView.widget, 1)
        column.append(tabView.widget)
        widget = column.widget
        Signal.connect(view, "notify::selected-page") { [unowned self] (_: UnsafeMutableRawPointer?) in self.selectionChanged() }
        Signal.connect(view, "notify::n-pages") { [unowned self] (_: UnsafeMutableRawPointer?) in if !self.isClosing { self.onChanged?() } }
        Signal.connect(view, "page-reordered") { [unowned self] (_: UnsafeMutableRawPointer?, _: Int32) in self.onChanged?() }
        Signal.connect(view, "page-detached") { [unowned self] (page: UnsafeMutableRawPointer?, _: Int32) in self.detached(page) }
        Signal.connect(view, "page-attached") { [unowned self] (page: UnsafeMutableRawPointer?, _: Int32) in self.attached(page) }
        Signal.connectMaking(view, "create-window") { [unowned self] in self.onNewWindow?().tabView.object }
        // While a tab is dragged every window shows its tab bar, to drop it on: one of a
        // single tab too, whose bar was never made.
        Signal.connect(view, "notify::is-transferring-page") { [unowned self] (_: UnsafeMutableRawPointer?) in
            if self.bar == nil, self.tabView.isTransferringPage { self.addBar() }
        }
        // A tab's context menu: Move to New Window (the tear-off, from the keyboard too).
        owning(g_menu_new()!) { menu in
            g_menu_append(menu, tr("Move to _New Window"), "win.move-tab-to-new-window")
            tabView.setMenu(menu)
        }
        // Kept when the menu closes (it may close before its item acts); checked when used.
        Signal.connect(view, "setup-menu") { [unowned self] (page: UnsafeMutableRawPointer?) in
            if let page { self.menuPage = TabPage(page) }
        }
        // A tab closed by its own button asks about its changes first; one closed by `close`
        // (Ctrl+W, which has asked) is no longer among the views.
        Signal.connectAnswering(view, "close-page") { [unowned self] argument in
            guard let argument else { return false }
            let page = TabPage(argument)
            guard let closed = self.views.first(where: { self.page(of: $0) == page }) else {
                self.tabView.finishClosing(page, confirmed: true)
                return true
            }
            closed.settleUnsaved { [unowned self] closing in
                guard closing else { return self.tabView.finishClosing(page, confirmed: false) }
                closed.rememberState()
                self.forget(closed)
                self.tabView.finishClosing(page, confirmed: true)
            }
            return true
        }
    }

    /// `view` leaves the tabs: its threads and helpers end.
    private func forget(_ view: DocumentView) {
        views.removeAll { $0 === view }
        view.stop()
    }

    /// A tab left: one closed went through `forget` first, so a view still here was
    /// dragged away, to be taken by the tabs it is dropped on.
    private func detached(_ page: UnsafeMutableRawPointer?) {
        guard !isClosing, let page, let child = TabPage(page).child,
              let view = views.first(where: { $0.widget == child }) else { return }
        views.removeAll { $0 === view }
        Self.moving = view
        if views.isEmpty { onEmptied?() }
    }

    /// A tab dropped here from another window: its view is this window's now, in place of
    /// the welcome page of a window that showed no document.
    private func attached(_ page: UnsafeMutableRawPointer?) {
        guard !isClosing, let page, let moving = Self.moving, TabPage(page).child == moving.widget, let host else { return }
        Self.moving = nil
        let welcome = views.count == 1 && views[0].isEmpty ? views[0] : nil
        views.append(moving)
        moving.move(to: host)
        if let welcome { close(welcome) }
        choose(moving)
    }

    /// The tab bar over the tabs, hidden again while there is one.
    private func addBar() {
        let bar = TabBar(view: tabView)
        self.bar = bar
        column.prepend(bar.widget)
    }

    /// The views in the order the reader sees their tabs (a tab dragged along the bar moves).
    var ordered: [DocumentView] {
        (0..<tabView.pageCount).compactMap { index in
            let child = tabView.page(at: index).child
            return views.first { $0.widget == child }
        }
    }

    private func page(of view: DocumentView) -> TabPage? { tabView.page(holding: view.widget) }

    /// Adds `view` as the last tab and chooses it.
    @discardableResult
    func add(_ view: DocumentView) -> DocumentView {
        views.append(view)
        if views.count == 2, bar == nil { addBar() }
        tabView.append(view.widget).setTitle(view.title)
        choose(view)
        return view
    }

    func choose(_ view: DocumentView) {
        guard let page = page(of: view) else { return }
        tabView.select(page)
        selectionChanged()
    }

    func setTitle(_ title: String, of view: DocumentView) {
        guard let page = page(of: view) else { return }
        page.setTitle(title)
    }

    /// Move to New Window: the tab whose menu is open (else the chosen one) goes to a new
    /// window, as if dragged out; the last tab stays (its window is already its own).
    func moveToNewWindow() {
        let pages = (0..<tabView.pageCount).map(tabView.page(at:))
        guard views.count > 1, let page = pages.first(where: { $0 == menuPage }) ?? tabView.selected, let other = onNewWindow?() else { return }
        menuPage = nil
        tabView.transfer(page, to: other.tabView, at: 0)
    }

    /// Closes `view`'s tab (the reader has already been asked about its changes).
    func close(_ view: DocumentView) {
        guard let page = page(of: view) else { return }
        forget(view)
        tabView.close(page)
    }

    /// Tab switches counted, for `QUIRE_TRACE_LAUNCH`'s lines.
    private static var switches = 0

    /// With `QUIRE_TRACE_LAUNCH=1`: when a tab was chosen, and whether the first frame after
    /// showed its pages sharp (`scripts/tabs-memory.sh` reads these).
    private func traceSwitch(to chosen: DocumentView) {
        guard LaunchTrace.isOn else { return }
        Self.switches += 1
        let switchNumber = Self.switches
        LaunchTrace.mark("tab chosen (switch \(switchNumber))", beyondLimit: true)
        MainLoop.afterEachFrame(of: chosen.widget) { [weak chosen] in
            LaunchTrace.mark("tab painted (switch \(switchNumber)): \(chosen?.canvas?.showsSharp == true ? "sharp" : "waiting for pictures")", beyondLimit: true)
            return false
        }
    }

    private func selectionChanged() {
        guard !isClosing, let child = tabView.selected?.child,
              let chosen = views.first(where: { $0.widget == child }), chosen !== current else { return }
        let previous = current
        current = chosen
        if let previous, views.contains(where: { $0 === previous }) { previous.wentToBackground() }
        chosen.cameToFront()
        if previous != nil { traceSwitch(to: chosen) }
        // GTK 4.8 does not pass on the resizes a hidden tab's widgets queued while it was
        // hidden (the tab view's stack made it child-invisible, which stops them): without a
        // resize of its own the view is drawn without allocations, blank, and the tab bar with it.
        gtk_widget_queue_resize(chosen.widget)
        host?.tabChosen()
        onChanged?()
    }
}
