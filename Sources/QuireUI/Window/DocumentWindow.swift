import CAdwaita
import CGtk
import CShim
import QuireEngine
import QuireRemote

/// One window: the header bar (title, page indicator, open button) over tabs of document
/// views (`DocumentView`, each with its sidebar), the tab bar shown once there are two.
/// The window's title, page entry, zoom and actions follow the view of the tab chosen.
@MainActor
final class DocumentWindow {
    let window: UnsafeMutablePointer<GtkWidget>
    /// The window, typed.
    var toplevel: Window { Window(window) }
    let pageEntry = PageEntry()
    private let header: WindowHeader
    /// The header bar over the top of the window while fullscreen.
    let headerReveal: HeaderReveal
    private(set) var presentation: Presentation?
    /// The desktop's light or dark style, followed by the canvas around the pages.
    private var colourScheme: ColourScheme?
    /// The actions on the document shown (`WindowActions`).
    private(set) var documentActions: [String] = []
    /// Which view each document opens with (the launch options, the remembered views).
    private var viewStart: ViewStart
    private(set) var configuration: Configuration
    let states: DocumentStateStore
    let tabs: DocumentTabs
    /// The drawing tool and its style, for every tab (`DrawingTools`), and their toolbar.
    let drawingChoice = DrawingChoice()
    let annotationToolbar = AnnotationToolbar()
    /// The view of the tab chosen.
    var view: DocumentView { tabs.current }

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
    /// Its tabs changed: opened, closed, chosen, moved, or a document opened in one.
    var onTabsChanged: (() -> Void)?
    /// What the tabs showed when the window began to close.
    var keptSession: LastSession.Window?
    /// Its size and state when it began to close, for the next window (`WindowGeometry`).
    var keptGeometry: WindowGeometry?
    /// Its size and state now; nil before it has any.
    var geometry: WindowGeometry? {
        let size = toplevel.defaultSize
        return WindowGeometry.kept(width: size.width, height: size.height, maximized: toplevel.isMaximized)
    }
    /// A new window, for a tab dropped outside every window.
    var onNewWindow: (() -> DocumentWindow)?

    /// `opening`: the argument the window is made to open, whose first view it predicts as
    /// soon as it can measure its chrome, when the document is already open by then.
    init(application: UnsafeMutablePointer<GtkApplication>, start: ViewStart.Options,
         geometry: WindowGeometry, states: DocumentStateStore, recentMenu: OpaquePointer,
         configuration: Configuration, opening argument: String? = nil) {
        self.configuration = configuration
        self.states = states
        viewStart = ViewStart(start)
        window = adw_application_window_new(application)
        Window(window).setDefaultSize(width: Int32(geometry.width), height: Int32(geometry.height))
        // Before the first view is predicted: a maximised window's size is not (`WindowGeometry` rule 4).
        if geometry.maximized { Window(window).maximize() }
        Window(window).title = "Quire"

        header = WindowHeader(pageEntry: pageEntry, recentMenu: recentMenu, window: window)
        headerReveal = HeaderReveal(header: header.widget, window: window)
        tabs = DocumentTabs()
        tabs.host = self
        tabs.onChanged = { [unowned self] in self.onTabsChanged?() }
        tabs.onNewWindow = { [unowned self] in self.onNewWindow!().tabs }
        // Its last tab went to another window: this one goes, after the drop.
        tabs.onEmptied = { [unowned self] in MainLoop.invoke { [weak self] in self?.destroy() } }
        let content = Box.column()
        content.append(annotationToolbar.widget)
        content.append(tabs.widget)
        headerReveal.setContent(content.widget)
        adw_application_window_set_content(window.typed(as: AdwApplicationWindow.self), headerReveal.widget)
        // Before the view is built (10 ms): the header and the tabs are what decides the canvas's size.
        if let argument, WebAddress(argument) == nil, let source = try? DocumentSource(pathOrURI: argument) {
            predictFirstView(of: source)
        }
        tabs.add(DocumentView(host: self, states: states))
        headerReveal.isBusy = { [unowned self] in self.header.hasOpenMenu || self.pageEntry.hasFocus }
        header.onMenuClosed = { [unowned self] in self.canvas?.grabFocus() }
        documentActions = addActions() + addDrawingActions()
        addNightAction()
        addFullscreenAction()
        presentation = Presentation(of: self)
        ShortcutsWindow.addAction(to: window)
        Actions.add("main-menu", to: window) { [unowned self] in self.header.openMainMenu() }
        Actions.add("move-tab-to-new-window", to: window) { [unowned self] in self.tabs.moveToNewWindow() }
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
                let state = gdk_toplevel_get_state(quire_toplevel(surface.gobject))
                let minimised = state.rawValue & GDK_TOPLEVEL_STATE_MINIMIZED.rawValue != 0
                for pane in [self.view.canvas, self.view.panes?.second] { pane?.setPaused(minimised) }
            }
        }
        // Remembered while the widgets still tell their state: on destroy they no longer do.
        // Unsaved annotations keep the window open until the reader says what becomes of them.
        Signal.connectCloseRequest(window) { [unowned self] in
            if self.hasUnsavedChanges {
                self.settleUnsaved { [unowned self] closing in if closing { self.closeAll() } }
                return true
            }
            self.tabs.views.forEach { $0.rememberState() }
            self.closing()
            return false
        }
        DroppedFiles.accept(on: window) { [unowned self] uris in self.onFilesDropped?(uris) }
        colourScheme = ColourScheme { [unowned self] dark in self.tabs.views.forEach { $0.canvas?.darkSurround = dark } }
        Signal.connect(window, "destroy") { [unowned self] in
            self.colourScheme?.stop()
            self.tabs.views.forEach { $0.stop() }
            self.onClosed?()
        }
    }

    // The chosen view's parts, for the actions, the presentation and fullscreen.
    var canvas: PageCanvas? { view.focusedCanvas }
    var sidebar: Sidebar { view.sidebar }
    var searchBar: SearchBar { view.searchBar }
    var search: DocumentSearch? { view.search }
    var selection: DocumentSelection? { view.selection }
    var caret: DocumentCaret? { view.caret }
    var readAloud: DocumentReadAloud? { view.readAloud }
    var annotations: DocumentAnnotations? { view.annotations }
    var bookmarks: DocumentBookmarks? { view.bookmarks }
    var documentPath: String? { view.documentPath }
    var phase: DocumentSession.Phase { view.phase }
    var isDark: Bool { colourScheme?.isDark ?? false }
    func reload() { view.reload() }
    func showWelcome() { view.showWelcome() }
    func giveUpOpening() -> Bool { view.giveUpOpening() }
    func rememberSoon() { view.rememberSoon() }
    func printDocument(from currentPage: Int) { view.printDocument(from: currentPage) }
    func showProperties() { view.showProperties() }
    func setSidebar(open: Bool, view sidebarView: SidebarView? = nil, chosen: Bool = true) {
        view.setSidebar(open: open, view: sidebarView, chosen: chosen)
    }

    /// True while the window shows one tab with no document: it can take one (Ctrl+O reuses it).
    var isEmpty: Bool { tabs.views.count == 1 && view.isEmpty }
    func isCurrent(_ view: DocumentView) -> Bool { tabs.current === view }

    /// Opens a path or URI in the chosen tab.
    func open(_ argument: String, password: String? = nil) { view.open(argument, password: password) }

    /// A forward search: the tab showing the PDF moves there.
    func syncTeXForward(_ position: SourcePosition) { view.syncTeXForward(position) }

    /// Memory is short: every tab keeps only what is on screen.
    func trimMemory() { tabs.views.forEach { $0.trimMemory() } }

    /// Whether a tab has changes not saved (Quit asks about these windows first).
    var hasUnsavedChanges: Bool { tabs.views.contains(where: \.hasUnsavedChanges) }

    /// The preferences anew, for the next document (they changed while the window was empty).
    func renewStart(_ start: ViewStart.Options, pictureCacheBytes: Int) {
        viewStart.renew(start)
        configuration.pictureCacheBytes = pictureCacheBytes
    }

    /// How a document opens: the launch's own view for the first one, else as remembered.
    func planStart(remembered: DocumentState?, kept: ViewStart.Kept?) -> ViewStart.Plan {
        viewStart.plan(remembered: remembered, kept: kept)
    }

    /// The first view's first tile drawn while the window is still being built, shows the
    /// document and is realized (`FirstViewPrediction`), once per window: the canvas's size
    /// is the tabs' (one tab shows no tab bar, and a document's view opens without its bars
    /// and sidebar), laid out at the window's default size before the window is realized.
    /// What the prediction needs is measured and copied here, as the window is built; the
    /// tile is predicted and drawn ahead as soon as the early opening of `source` has the
    /// document: at once if it has, else on the opening's thread when its summary comes,
    /// while this thread goes on building the window (or has shown it, empty, meanwhile).
    /// `opening`: the early one a view took over (else the one still waiting for a window).
    /// A window already shown (a document opened in a new tab) lays out its canvas at once,
    /// and predicts nothing; neither does one whose document was not opened early.
    func predictFirstView(of source: DocumentSource, opening: DocumentOpening? = nil) {
        guard !predictedFirstView, tabs.views.count <= 1, let opening = opening ?? DocumentOpening.earlyOpening(of: source),
              quire_window_lay_out_early(toplevel.window) != 0 else { return }
        predictedFirstView = true
        let viewport = Size(width: Double(gtk_widget_get_width(tabs.widget)), height: Double(gtk_widget_get_height(tabs.widget)))
        let deviceScale = Double(gtk_widget_get_scale_factor(tabs.widget)), budget = configuration.pictureCacheBytes
        // The entry remembered under the file's path, checked against the document's identity once it is open.
        let path: String? = if case .file(let path) = source.location { path } else { nil }
        let entry = path.flatMap { DocumentIdentity(path: $0) }.flatMap { states.remembered(atPath: $0.path) }
        let start = viewStart // a copy: the one-time options stay for the document shown
        opening.whenOpened { opened in
            let remembered = DocumentIdentity(of: opened.document, from: source).flatMap { identity in
                entry.flatMap { identity.isSameDocument(as: $0.identity) ? $0.state : nil }
            }
            var start = start
            guard let tile = FirstViewPrediction.firstTile(pageSizes: opened.document.estimatedPageSizes(),
                                                           start: start.plan(remembered: remembered, kept: nil),
                                                           opensSplit: remembered?.split != nil, viewport: viewport,
                                                           deviceScale: deviceScale, budget: budget) else { return }
            LaunchTrace.mark("first view predicted: canvas \(Int(viewport.width))×\(Int(viewport.height)), page \(tile.page + 1) at scale \(tile.scale)")
            opened.renderer.drawAhead(tile)
        }
    }

    /// What the document view shows, for `--snapshot`'s report; nil without a document.
    var summary: String? {
        canvas.map { [$0.summary, pageEntry.summary, search?.summary, sidebar.summary, view.panes?.summary].compactMap { $0 }.joined(separator: " ") }
    }

    /// Tells the snapshot mode when the canvas, the search and the sidebar are all complete.
    func checkSettled() {
        guard view.isSettled else { return }
        onSettled?()
    }

    /// The search's options are the window's toggles.
    var searchOptions: SearchOptions {
        SearchOptions(caseSensitive: Actions.state("find-case-sensitive", of: window), wholeWords: Actions.state("find-whole-words", of: window),
                      regex: Actions.state("find-regex", of: window))
    }

    func showZoom(_ shown: Bool) { header.showZoom(shown) }

    private var watchingFrames = false
    private var predictedFirstView = false
    func present() {
        DocumentOpening.reportReady()
        toplevel.present()
        if !watchingFrames { RestingHeap.watch(toplevel.widget) }
        if !watchingFrames, let path = configuration.framesTrace { FrameRecorder.start(path: path, window: window) }
        watchingFrames = true
    }

    func updateZoomLabel(_ percent: Double) {
        header.setZoomLabel(percent: percent)
        updateFitState()
    }
}
