import CAdwaita
import CGtk
import CShim
import QuireEngine
import QuireRemote

/// One window: the header bar (title, page indicator, open button) and the sidebar beside
/// the document view (`DocumentView`), which holds everything of the document shown. The
/// window's chrome and actions follow that view.
@MainActor
final class DocumentWindow {
    let window: UnsafeMutablePointer<GtkWidget>
    /// The window, typed.
    private var toplevel: Window { Window(window) }
    let pageEntry = PageEntry()
    private let header: WindowHeader
    /// The header bar over the top of the window while fullscreen.
    let headerReveal: HeaderReveal
    let sidebar = Sidebar()
    private(set) var presentation: Presentation?
    private var followPending = false
    /// The desktop's light or dark style, followed by the canvas around the pages.
    private var colourScheme: ColourScheme?
    /// The actions on the document shown (`WindowActions`).
    private(set) var documentActions: [String] = []
    /// Which view each document opens with (the launch options, the remembered views).
    private var viewStart: ViewStart
    private(set) var configuration: Configuration
    /// The document viewed.
    private(set) var view: DocumentView!

    /// Called once the window shows something final: every visible page rendered, or an
    /// error, or the password prompt. Used by the snapshot mode.
    var onSettled: (() -> Void)?
    /// Asks the application to open a file chooser for this window.
    var onOpenRequest: (() -> Void)?
    var onClosed: (() -> Void)?
    /// A local file was opened (for the recent files).
    var onOpened: ((String) -> Void)?
    /// Files dragged onto the window, as URIs.
    var onFilesDropped: (([String]) -> Void)?

    init(application: UnsafeMutablePointer<GtkApplication>, start: ViewStart.Options,
         size: (width: Int, height: Int)?, states: DocumentStateStore, recentMenu: OpaquePointer,
         configuration: Configuration) {
        self.configuration = configuration
        viewStart = ViewStart(start)
        window = adw_application_window_new(application)
        Window(window).setDefaultSize(width: Int32(size?.width ?? 900), height: Int32(size?.height ?? 1100))
        Window(window).title = "Quire"

        header = WindowHeader(pageEntry: pageEntry, recentMenu: recentMenu, window: window)
        headerReveal = HeaderReveal(header: header.widget, window: window)
        view = DocumentView(host: self, states: states)
        // The sidebar keeps its width when the window grows; the document takes the rest.
        let paned = gtk_paned_new(GTK_ORIENTATION_HORIZONTAL)!
        gtk_paned_set_start_child(OpaquePointer(paned), self.sidebar.widget)
        gtk_paned_set_end_child(OpaquePointer(paned), view.widget)
        gtk_paned_set_resize_start_child(OpaquePointer(paned), 0)
        gtk_paned_set_shrink_start_child(OpaquePointer(paned), 0)
        gtk_paned_set_shrink_end_child(OpaquePointer(paned), 0)
        gtk_paned_set_position(OpaquePointer(paned), 230)
        headerReveal.setContent(paned)
        adw_application_window_set_content(UnsafeMutableRawPointer(window).assumingMemoryBound(to: AdwApplicationWindow.self), headerReveal.widget)
        headerReveal.isBusy = { [unowned self] in self.header.hasOpenMenu || self.pageEntry.hasFocus }
        self.sidebar.onGoTo = { [unowned self] target in self.canvas?.go(to: target) }
        // An annotation a little below the top of the view, so that the line before shows.
        // It is chosen, as a click on it would choose it: Delete deletes it.
        self.sidebar.onGoToArea = { [unowned self] page, area, source in
            self.canvas?.go(to: OutlineTarget(page: page, top: max(0, area.y - 24)))
            self.annotations?.choose(source)
            self.canvas?.grabFocus()
        }
        self.sidebar.onSettled = { [unowned self] in self.checkSettled() }
        header.onMenuClosed = { [unowned self] in self.canvas?.grabFocus() }
        documentActions = addActions()
        addNightAction()
        addFullscreenAction()
        presentation = Presentation(of: self)
        ShortcutsWindow.addAction(to: window)
        Actions.add("main-menu", to: window) { [unowned self] in self.header.openMainMenu() }
        enableDocumentActions(false)
        pageEntry.onGoTo = { [unowned self] page in self.canvas?.show(page: page, recording: true) }
        pageEntry.onDone = { [unowned self] in
            self.canvas?.grabFocus()
            self.headerReveal.settle()
        }
        // A minimised window stays mapped: its surface's state tells.
        Signal.connect(window, "realize") { [unowned self] () -> Void in
            guard let surface = gtk_native_get_surface(quire_native(self.window)) else { return }
            Signal.connect(surface, "notify::state") { [unowned self] (_: UnsafeMutableRawPointer?) in
                let state = gdk_toplevel_get_state(quire_toplevel(UnsafeMutableRawPointer(surface)))
                self.canvas?.setPaused(state.rawValue & GDK_TOPLEVEL_STATE_MINIMIZED.rawValue != 0)
            }
        }
        // Remembered while the widgets still tell their state: on destroy they no longer do.
        // Unsaved annotations keep the window open until the reader says what becomes of them.
        Signal.connectCloseRequest(window) { [unowned self] in
            if self.view.keepingUnsaved(then: { [unowned self] in self.close() }) { return true }
            self.view.rememberState()
            return false
        }
        DroppedFiles.accept(on: window) { [unowned self] uris in self.onFilesDropped?(uris) }
        colourScheme = ColourScheme { [unowned self] dark in self.canvas?.darkSurround = dark }
        Signal.connect(window, "destroy") { [unowned self] in
            self.colourScheme?.stop()
            self.view.stop()
            self.onClosed?()
        }
    }

    // The document view's parts, for the actions, the presentation and fullscreen.
    var canvas: PageCanvas? { view.canvas }
    var searchBar: SearchBar { view.searchBar }
    var search: DocumentSearch? { view.search }
    var selection: DocumentSelection? { view.selection }
    var caret: DocumentCaret? { view.caret }
    var annotations: DocumentAnnotations? { view.annotations }
    var bookmarks: DocumentBookmarks? { view.bookmarks }
    var documentPath: String? { view.documentPath }
    var isEmpty: Bool { view.isEmpty }
    var phase: DocumentSession.Phase { view.phase }
    var hasUnsavedChanges: Bool { view.hasUnsavedChanges }
    var isDark: Bool { colourScheme?.isDark ?? false }
    func open(_ argument: String, password: String? = nil) { view.open(argument, password: password) }
    func reload() { view.reload() }
    func showWelcome() { view.showWelcome() }
    func giveUpOpening() -> Bool { view.giveUpOpening() }
    func trimMemory() { view.trimMemory() }
    func rememberSoon() { view.rememberSoon() }
    func syncTeXForward(_ position: SourcePosition) { view.syncTeXForward(position) }
    func settleUnsaved(_ done: @escaping @MainActor (Bool) -> Void) { view.settleUnsaved(done) }
    func printDocument(from currentPage: Int) { view.printDocument(from: currentPage) }
    func showProperties() { view.showProperties() }

    /// The preferences anew, for the next document (they changed while the window was empty).
    func renewStart(_ start: ViewStart.Options, pictureCacheBytes: Int) {
        viewStart.renew(start)
        configuration.pictureCacheBytes = pictureCacheBytes
    }

    /// How a document opens: the launch's own view for the first one, else as remembered.
    func planStart(remembered: DocumentState?, kept: ViewStart.Kept?) -> ViewStart.Plan {
        viewStart.plan(remembered: remembered, kept: kept)
    }

    /// What the document view shows, for `--snapshot`'s report; nil without a document.
    var summary: String? {
        canvas.map { [$0.summary, pageEntry.summary, search?.summary, sidebar.summary].compactMap { $0 }.joined(separator: " ") }
    }

    /// Tells the snapshot mode when the canvas, the search and the sidebar are all complete.
    func checkSettled() {
        guard view.isSettled, sidebar.isSettled else { return }
        onSettled?()
    }

    /// Shows or hides the sidebar, and says so in the action's state.
    func setSidebar(open: Bool, view: SidebarView? = nil, chosen: Bool = true) {
        guard canvas != nil || !open else { return }
        if open { sidebar.open(view, chosen: chosen) } else { sidebar.close() }
        Actions.setState("sidebar", of: window, open)
        if !open { canvas?.grabFocus() }
        checkSettled()
    }

    /// The sidebar follows the reader, after the move (which may happen during layout).
    func followReader() {
        guard !followPending else { return }
        followPending = true
        MainLoop.invoke { [weak self] in
            guard let self, let canvas = self.canvas else { return }
            self.followPending = false
            self.sidebar.follow(page: canvas.currentPage, point: canvas.readingPoint)
        }
    }

    /// The view's title (the document's, marked while it has unsaved changes) is the window's.
    func viewTitleChanged(_ view: DocumentView) { toplevel.title = view.title }

    /// The search's options are the window's toggles.
    var searchOptions: (caseSensitive: Bool, wholeWords: Bool) {
        (Actions.state("find-case-sensitive", of: window), Actions.state("find-whole-words", of: window))
    }

    func showZoom(_ shown: Bool) { header.showZoom(shown) }

    private var watchingFrames = false
    func present() {
        toplevel.present()
        if !watchingFrames { RestingHeap.watch(toplevel.widget) }
        watchingFrames = true
    }

    func close() {
        if view.keepingUnsaved(then: { [unowned self] in self.close() }) { return }
        view.rememberState()
        toplevel.destroy()
    }

    func updateZoomLabel(_ percent: Double) {
        header.setZoomLabel(percent: percent)
        updateFitState()
    }
}
