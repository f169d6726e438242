import CAdwaita
import CGtk
import CShim
import QuireRemote
import QuireEngine
import QuireImage
import QuireRemote

/// The document view: a viewport-sized `QuireCanvas` in a scrolled window. It turns GTK
/// input into `CanvasModel` calls, hands the model's plan to the render workers and draws
/// the model's pictures. It never renders a page itself.
@MainActor
final class PageCanvas: CanvasContent {
    let widget: UnsafeMutablePointer<GtkWidget> // the scrolled window holding the canvas
    private let canvas: OpaquePointer // QuireCanvas, owned by the scrolled window
    private var model: CanvasModel<PageImage>
    private let drawer = PictureDrawer()
    private let painter = DrawingPainter()
    /// The drawing tools (`DrawingTools`): while one is chosen, the primary button draws.
    weak var drawingInput: CanvasDrawing?
    private var threads: DocumentThreads?
    private var pointer = Point(x: 0, y: 0)
    private var reportedFailures: Set<Int> = []
    private var paused = false
    /// Shown again after its render helpers ended in the background, until the next plan.
    private var resumedWithoutWorkers = false
    /// The sequence of the last render result taken: later ones are on their way.
    private var seenResults = 0
    private var firstView = FirstViewHold()
    /// When the work the reader is not waiting for begins (`BackgroundStart`), and the
    /// timer of its patience.
    private var background = BackgroundStart()
    private var backgroundTimer: UInt32 = 0
    /// Whether the canvas had a size before (a resize after it may hold the first view again).
    private var hasSize = false
    /// Pages in view waiting long for their pictures say so (`SlowPages`); the timer looks
    /// again when the next one turns slow.
    private var slowPages = SlowPages()
    private var slowPagesTimer: UInt32 = 0
    private var slowPagesDue: Double?
    /// Where the last frame drew each "Draw at Lower Resolution" button (view coordinates).
    private var offerButtons: [(page: Int, area: graphene_rect_t)] = []

    /// Called with the zero-based page that shows most, whenever it changes.
    var onCurrentPageChanged: ((Int) -> Void)?
    /// Called with the zoom in percent whenever the scale changes.
    var onZoomChanged: ((Double) -> Void)?
    private var reportedScale = 0.0
    /// Called when every page's size is known and every visible page has its sharp
    /// picture (or failed), after each change.
    var onSettled: (() -> Void)?
    /// Called once, when the work the reader is not waiting for may begin (`BackgroundStart`).
    var onBackgroundMayStart: (() -> Void)?
    /// Called when pages change size (real sizes read, or turned), for the thumbnails.
    var onPageSizesChanged: (() -> Void)?
    /// The document's page labels: numbers until they are read.
    private(set) var labels: PageLabels
    /// Called when labels arrive that change what a page shows, and when all are read.
    var onLabelsChanged: (() -> Void)?
    /// Called when a page the thumbnails show has a new picture (or failed).
    var onThumbnailArrived: ((Int) -> Void)?
    /// Called once for each page that cannot be drawn, with the reason in words for the reader.
    var onPageFailed: ((String) -> Void)?
    /// What is drawn over the pages (the selection, the search), in the order added.
    private var overlays: [WeakOverlay] = []
    func addOverlay(_ overlay: PageOverlay) { overlays.append(WeakOverlay(overlay: overlay)) }
    /// Told when other pages come into view, each in the order it began watching (the
    /// search's areas, the links, the selection's areas: none wraps another's handler).
    private var visiblePagesWatchers: [(Range<Int>) -> Void] = []
    func watchVisiblePages(_ watcher: @escaping (Range<Int>) -> Void) { visiblePagesWatchers.append(watcher) }
    /// Called whenever the view moves (scroll, zoom, layout), for the outline's section.
    var onViewMoved: (() -> Void)?
    /// Also told whenever the view moves (a link's preview, which then closes).
    private var viewMovedWatchers: [() -> Void] = []
    func watchViewMoved(_ watcher: @escaping () -> Void) { viewMovedWatchers.append(watcher) }
    /// The pointer moved over the view (view coordinates).
    var onPointerMoved: ((Point) -> Void)?
    /// Who takes a click of the primary button that did not move (view coordinates): each
    /// says whether it used it; the last to ask is asked first, as what is added later lies
    /// on top (the reader's markups over the page's links). The canvas's own "Draw at Lower
    /// Resolution" buttons come before them all.
    private var clickTakers: [(Point) -> Bool] = []
    func takeClicks(_ taker: @escaping (Point) -> Bool) { clickTakers.append(taker) }
    /// Who takes a press of the primary button before the selection does (a drawing to
    /// move or resize, a signature to place): the last to ask is asked first; the one that
    /// holds the press gets its drags (with Shift) and its release, and the selection none.
    private var pressTakers: [(_ at: Point, _ shift: Bool) -> PressHold?] = []
    func takePresses(_ taker: @escaping (_ at: Point, _ shift: Bool) -> PressHold?) { pressTakers.append(taker) }
    /// The press held now, until its release.
    var heldPress: PressHold?
    func offerPress(at point: Point, shift: Bool) -> PressHold? { pressTakers.reversed().lazy.compactMap { $0(point, shift) }.first }
    func primaryClicked(at point: Point) {
        guard !takeLowerResolutionOffer(at: point) else { return }
        _ = clickTakers.reversed().first { $0(point) }
    }
    /// Whether the last click of the primary button was made with Shift (a link then opens
    /// in the split view's other pane).
    var clickedWithShift = false
    /// A press of the primary button: presses (2 for a double press…), where, with Shift.
    var onPrimaryPress: ((Int, Point, Bool) -> Void)?
    /// The pointer moved to a point while the primary button is down.
    var onPrimaryDrag: ((Point) -> Void)?
    var onPrimaryRelease: (() -> Void)?
    /// The secondary button at a point.
    var onContextMenu: ((Point) -> Void)?
    /// Ctrl+C, Ctrl+A and Escape on the canvas; Escape's says whether it used the key
    /// (else it goes on to the window).
    var onCopyRequested: (() -> Void)?
    var onSelectAllRequested: (() -> Void)?
    /// Ctrl+Z, Ctrl+Shift+Z (or Ctrl+Y) and Delete on the canvas: here, not as application
    /// shortcuts, so that an entry keeps its own undo and Delete. Delete's says whether it
    /// used the key.
    var onUndoRequested: (() -> Void)?
    var onRedoRequested: (() -> Void)?
    var onDeleteRequested: (() -> Bool)?
    var onEscape: (() -> Bool)?
    /// `/` on the canvas.
    var onFindRequested: (() -> Void)?
    /// A key on the canvas, asked before its own keys: the form's (Tab through fields,
    /// Space on a check box); says whether it used the key.
    var onFieldKey: ((_ keyval: UInt32, _ shift: Bool) -> Bool)?
    /// Caret mode's keys (arrows, Home, End, Escape): true when taken.
    var onCaretKey: ((_ keyval: UInt32, _ control: Bool, _ shift: Bool) -> Bool)?
    /// Scrolls while a selection is dragged past the edge.
    private(set) lazy var autoscroll = DragAutoscroll(canvas: self)
    /// A key for the marks (`m`, `'` and the letter after); true when it took the key.
    var onMarkKey: ((_ keyval: UInt32, _ control: Bool) -> Bool)?
    /// A key for the annotations (Tab through them, arrows move the chosen drawing,
    /// Escape unchooses), asked after the form's and caret mode's; true when taken.
    var onAnnotationKey: ((_ keyval: UInt32, _ control: Bool, _ shift: Bool) -> Bool)?
    /// Told when the zoom or the turn changed what a point of a page is on screen.
    private var scaleWatchers: [() -> Void] = []
    func watchScale(_ watcher: @escaping () -> Void) { scaleWatchers.append(watcher) }
    private var watchedScale = (scale: 0.0, rotation: Rotation.none)
    private var reportedVisiblePages = 0..<0
    private var history = NavigationHistory<ViewPlace>()
    /// Whether going back and forward lead anywhere, after each change.
    var onHistoryChanged: ((_ back: Bool, _ forward: Bool) -> Void)?
    private(set) var currentPage = 0
    /// Pages (and the thumbnails, which ask) drawn in night colours.
    var night = NightMode() {
        didSet {
            redraw()
            if twin?.night.isOn != night.isOn { twin?.night = night }
        }
    }
    /// The desktop's style is dark: the canvas around the pages is dark grey, the pages white.
    var darkSurround = false {
        didSet {
            guard darkSurround != oldValue else { return }
            redraw()
            twin?.darkSurround = darkSurround
        }
    }
    /// The other pane of a split view, over the same document: the marks drawn over the
    /// pages (search, selection, annotations, form values) are the same objects in both, so
    /// what redraws this pane redraws that one; night and the surround follow each other.
    weak var twin: PageCanvas?
    /// A presentation: black around the page, no frame.
    var presenting = false { didSet { redraw() } }
    /// The pages as a screen reader finds them.
    private(set) var accessiblePages: AccessiblePages?

    convenience init(document: RemoteDocument, threads: DocumentThreads, zoom: ZoomMode, budget: Int) {
        self.init(model: CanvasModel(pageSizes: document.estimatedPageSizes(), zoom: zoom, budget: budget),
                  labels: PageLabels(pageCount: document.pageCount), threads: threads)
        accessiblePages = AccessiblePages(document: document, canvas: self)
    }

    /// A second pane beside `other` (a split view), served by its threads: it starts with
    /// the sizes and labels `other` has read, and takes the rest as they come.
    convenience init(beside other: PageCanvas, threads: DocumentThreads, zoom: ZoomMode, budget: Int) {
        var model = CanvasModel<PageImage>(pageSizes: other.documentSizes, zoom: zoom, budget: budget)
        let known = other.model.pagesWithKnownSize
        if known >= other.pageCount { model.keepEstimatedSizes() } else { _ = model.adoptPageSizes(Array(other.documentSizes.prefix(known)), from: 0) }
        self.init(model: model, labels: other.labels, threads: threads)
        night = other.night
        darkSurround = other.darkSurround
        twin = other
        other.twin = self
    }

    private init(model: CanvasModel<PageImage>, labels: PageLabels, threads: DocumentThreads) {
        self.model = model
        self.labels = labels
        (widget, canvas) = makeScrolledCanvas(role: GTK_ACCESSIBLE_ROLE_DOCUMENT)
        let canvasWidget = UnsafeMutablePointer<GtkWidget>(canvas)
        gtk_widget_set_hexpand(widget, 1)
        gtk_widget_set_vexpand(widget, 1)
        self.threads = threads
        show(on: canvas)
        threads.link.attach(self)
        addInputControllers(canvasWidget)
        Signal.connect(canvasWidget, "unmap") { [unowned self] in self.setPaused(true) }
        Signal.connect(canvasWidget, "map") { [unowned self] in self.setPaused(false) }
    }

    var pageCount: Int { model.layout.pageCount }

    func grabFocus() { gtk_widget_grab_focus(UnsafeMutablePointer(canvas)) }
    /// What a screen reader adds after the pages' name (the annotation Tab chose); empty for nothing.
    func setAccessibleDescription(_ text: String) { quire_accessible_set_description(canvasWidget, text) }

    /// Scrolls so that `page` starts at the top of the view (once the view has a size). A
    /// jump (`recording`) leaves a place to come back to with Alt+Left.
    func show(page: Int, recording: Bool = false) {
        go(.page(page), recording: recording)
    }

    var continuous: Bool { model.layout.continuous }
    var zoomMode: ZoomMode { model.layout.zoom }
    var rotation: Rotation { model.layout.rotation }
    /// Where the view is: the page at its top and how far down it.
    var place: ViewPlace { model.place }

    /// Shows `place` at the top of the view (once the view has a size).
    func show(place: ViewPlace) { go(.place(place), recording: false) }

    private func go(_ request: CanvasModel<PageImage>.ViewRequest, recording: Bool) {
        let before = model.place
        guard let target = model.go(request) else { return }
        if recording { recordJump(from: before) }
        contentSizeChanged()
        move(to: target)
        viewportChanged()
    }

    /// Lays out every page, or one page (or spread) at a time.
    func setContinuous(_ continuous: Bool) { relayout(to: model.setContinuous(continuous)) }

    /// One page at a time: a screen further (or back) within the page, else the next (or
    /// previous) page. Returns false when there is nothing further.
    @discardableResult
    func pageDown(forward: Bool) -> Bool {
        if let target = model.screen(forward: forward) {
            move(to: target)
            return true
        }
        guard let target = model.turn(forward: forward) else { return false }
        contentSizeChanged()
        move(to: target)
        viewportChanged()
        return true
    }

    var gap: Double { model.layout.gap }

    /// Changes the space between and around pages (none in a presentation).
    func setGap(_ gap: Double) { relayout(to: model.setGap(gap)) }

    /// Zooms, keeping the point under `focus` (view coordinates) in place.
    func setZoom(_ mode: ZoomMode, around focus: Point? = nil) { relayout(to: model.setZoom(mode, around: focus)) }

    /// Turns every page by a quarter turn clockwise (or anticlockwise), keeping the place.
    func rotate(clockwise: Bool) {
        setRotation(model.layout.rotation.adding(clockwise ? .quarter : .threeQuarters))
    }

    func setRotation(_ rotation: Rotation) {
        let target = model.setRotation(rotation)
        onPageSizesChanged?()
        contentSizeChanged()
        move(to: target)
        viewportChanged()
    }

    var arrangement: PageLayout.Arrangement { model.layout.arrangement }

    func setArrangement(_ arrangement: PageLayout.Arrangement) { relayout(to: model.setArrangement(arrangement)) }

    /// Shows the row `rows` rows after (or before) the current page's.
    func turn(rows: Int) { show(page: model.layout.page(rowsAway: rows, from: currentPage)) }

    /// Zoom in or out by steps of 20 % (a negative count zooms out), around `focus`.
    func zoom(steps: Double, around focus: Point? = nil) {
        let percent = model.layout.scale / ZoomMode.pixelsPerPointAt100 * 100
        let next = min(max(percent * pow(1.2, steps), ZoomMode.minimumPercent), ZoomMode.maximumPercent)
        setZoom(.percent(next), around: focus)
    }

    var viewportHeight: Double { model.layout.viewport.height }
    var viewportSize: Size { model.layout.viewport }
    var contentSize: Size { model.layout.contentSize }
    var scrollPosition: Point { model.scroll }
    var zoomPercent: Double { model.layout.scale / ZoomMode.pixelsPerPointAt100 * 100 }

    /// What the view shows, for scripts: "page=3/40 scale=1.416 rotation=90" (scale in
    /// device pixels per point).
    var summary: String {
        "page=\(currentPage + 1)/\(pageCount) scale=\(model.layout.scale * model.deviceScale) rotation=\(model.layout.rotation.rawValue)"
    }
    var pointerPosition: Point { pointer }
    func pointerMoved(to point: Point) { pointer = point }
    /// `area` of `page` in view coordinates (points from its top-left as displayed).
    func viewRect(of area: Rect, onPage page: Int) -> Rect { model.viewRect(of: area, onPage: page) }

    /// Scrolls by `delta` pixels, within the document.
    func scroll(by delta: Point) {
        move(to: model.clamped(Point(x: model.scroll.x + delta.x, y: model.scroll.y + delta.y)))
    }

    /// Scrolls to the very end of the document.
    func scrollToEnd() {
        move(to: model.clamped(Point(x: model.scroll.x, y: model.layout.contentSize.height)))
    }

    /// Drops every picture not on screen: the system is short of memory.
    func trimMemory() {
        model.trimToVisible()
        drawer.keepTextures { model.sharp[$0] != nil || model.lowRes[$0] != nil }
    }

    /// The tab has been in the background a while (`BackgroundTab`): only the pictures on
    /// screen stay, to show at once when it comes back, and the render helpers end.
    func sendToBackground() {
        trimMemory()
        threads?.endWorkers()
    }

    /// While the view cannot be seen (hidden, minimised) nothing is rendered; pending work
    /// is dropped and planned again when it shows.
    func setPaused(_ paused: Bool) {
        guard paused != self.paused else { return }
        self.paused = paused
        if paused {
            threads?.submit([], urgent: 0, seen: seenResults, from: self)
            watchSlowPages()
        } else {
            resumedWithoutWorkers = threads?.hasWorkers == false
            viewportChanged()
        }
    }

    /// Stops rendering; the window is going away.
    func close() {
        threads?.stop()
        detach()
    }

    /// A second pane closes: its work leaves the threads, which go on for the first pane.
    func detach() {
        threads?.detach(self)
        threads = nil
        if twin?.twin === self { twin?.twin = nil }
        twin = nil
        accessiblePages?.stop()
        if slowPagesTimer != 0 { g_source_remove(slowPagesTimer) }
        slowPagesTimer = 0
        slowPagesDue = nil
        if backgroundTimer != 0 { g_source_remove(backgroundTimer) }
        backgroundTimer = 0
    }


    var visiblePages: Range<Int> { model.visiblePages }
    /// Whether every page in view has its sharp picture (or failed).
    var showsSharp: Bool { model.visiblePagesComplete }
    var isSettled: Bool { model.isSettled && labels.isComplete }
    func redraw() {
        gtk_widget_queue_draw(UnsafeMutablePointer(canvas))
        if let twin { gtk_widget_queue_draw(twin.canvasWidget) }
    }

    /// The pictures may take `budget` bytes (the panes of a split view share the window's).
    func setBudget(_ budget: Int) {
        model.setBudget(budget)
        drawer.keepTextures { model.sharp[$0] != nil || model.lowRes[$0] != nil }
        submitPlan()
    }

    /// The sequence of the last render result taken.
    var lastResultTaken: Int { seenResults }

    /// Scrolls (or turns the page) so that `area` of `page` is in view, if it is not.
    func reveal(_ area: Rect, onPage page: Int, recording: Bool = true) {
        guard model.hasViewport else { return show(page: page) }
        let before = model.place
        guard let target = model.reveal(area, onPage: page) else { return }
        if recording { recordJump(from: before) }
        contentSizeChanged()
        move(to: target)
        viewportChanged()
    }

    /// Goes where an outline entry (or a thumbnail) leads: its page, and the destination at
    /// the top of the view when it has one. A jump, to come back from with Alt+Left.
    func go(to target: OutlineTarget) { go(.target(target), recording: true) }

    /// Goes to a place the reader marked (a bookmark, a mark): a jump, as above.
    func go(to place: ViewPlace) { go(.place(place), recording: true) }

    /// The page under a view point and the point on it (points from its top-left as displayed).
    func pagePoint(atView point: Point) -> (page: Int, point: Point)? { model.pagePoint(atView: point) }
    /// The same, taking the nearest page (clamped) when the point is beside or between pages.
    func pagePoint(nearView point: Point) -> (page: Int, point: Point)? { model.pagePoint(nearView: point) }
    /// Page sizes as the document displays them (before the reader's rotation).
    var documentSizes: [Size] { model.layout.documentSizes }
    var canvasWidget: UnsafeMutablePointer<GtkWidget> { UnsafeMutablePointer<GtkWidget>(canvas) }

    /// The pointer's shape ("pointer" over a link; nil for the default) and tooltip.
    func setPointer(cursor: String?, tooltip: String?) {
        let widget = UnsafeMutablePointer<GtkWidget>(canvas)
        gtk_widget_set_cursor_from_name(widget, drawingInput?.cursor ?? cursor)
        gtk_widget_set_tooltip_text(widget, drawingInput?.cursor == nil ? tooltip : nil)
    }

    /// Where the reader is, for finding their section in the outline.
    var readingPoint: (page: Int, top: Double) { model.readingPoint }

    /// Whether Back and Forward have a place to go to.
    var historyState: (back: Bool, forward: Bool) { (history.canGoBack, history.canGoForward) }

    /// Back (or forward) to where the last jump left; returns whether there was a place.
    @discardableResult
    func goThroughHistory(back: Bool) -> Bool {
        guard model.hasViewport, let place = back ? history.goBack(from: model.place) : history.goForward(from: model.place) else { return false }
        let target = model.position(of: place)
        contentSizeChanged()
        move(to: target)
        viewportChanged()
        onHistoryChanged?(history.canGoBack, history.canGoForward)
        return true
    }

    private func recordJump(from place: ViewPlace) {
        history.recordJump(from: place)
        onHistoryChanged?(history.canGoBack, history.canGoForward)
    }

    /// After a change of layout: the new content size, the view at `target`, a new plan.
    private func relayout(to target: Point) {
        contentSizeChanged()
        move(to: target)
        viewportChanged()
    }

    private func move(to point: Point) {
        quire_canvas_scroll_to(canvas, point.x, point.y)
        // The adjustment reports a change only when there is one; the model must know either way.
        model.scroll(to: Point(x: quire_canvas_get_x(canvas), y: quire_canvas_get_y(canvas)))
    }

    private func contentSizeChanged() {
        let content = model.layout.contentSize
        quire_canvas_set_content_size(canvas, content.width, content.height)
    }

    func resize(width: Double, height: Double) {
        LaunchTrace.mark("canvas \(Int(width))×\(Int(height))")
        if hasSize { firstView.resized() }
        hasSize = true
        model.setDeviceScale(Double(gtk_widget_get_scale_factor(UnsafeMutablePointer(canvas))))
        let target = model.resize(to: Size(width: width, height: height))
        contentSizeChanged()
        move(to: target)
        viewportChanged()
    }

    func scrolled(to point: Point) {
        model.scroll(to: point)
        viewportChanged()
    }

    /// Replans rendering for the new viewport and tells the window the current page.
    private func viewportChanged() {
        guard model.hasViewport else { return }
        submitPlan()
        if let page = model.currentPage, page != currentPage {
            currentPage = page
            // Not now: this may run inside size allocation, where other widgets must not resize.
            MainLoop.invoke { [weak self] in
                guard let self, self.currentPage == page else { return }
                self.onCurrentPageChanged?(page)
            }
        }
        if model.layout.scale != reportedScale {
            reportedScale = model.layout.scale
            let percent = reportedScale / ZoomMode.pixelsPerPointAt100 * 100
            MainLoop.invoke { [weak self] in self?.onZoomChanged?(percent) }
        }
        let visible = model.visiblePages
        if visible != reportedVisiblePages {
            reportedVisiblePages = visible
            for watcher in visiblePagesWatchers { watcher(visible) }
        }
        onViewMoved?()
        for watcher in viewMovedWatchers { watcher() }
        if watchedScale != (model.layout.scale, model.layout.rotation) {
            watchedScale = (model.layout.scale, model.layout.rotation)
            // Not now: this may run inside size allocation.
            MainLoop.invoke { [weak self] in for watcher in self?.scaleWatchers ?? [] { watcher() } }
        }
        watchSlowPages()
        gtk_widget_queue_draw(UnsafeMutablePointer(canvas))
        if model.isSettled { onSettled?() }
    }

    /// Notes which pages in view wait for pictures, and looks again when one turns slow.
    /// (Called for every tile that arrives: the timer is made again only when it is due at another time.)
    private func watchSlowPages() {
        let due = slowPages.update(waiting: paused ? [] : model.waitingPages, now: monotonicSeconds())
        guard due != slowPagesDue else { return } // due is set exactly while the timer runs
        if slowPagesTimer != 0 { g_source_remove(slowPagesTimer) }
        slowPagesTimer = 0
        slowPagesDue = due
        guard let due else { return }
        slowPagesTimer = MainLoop.after(seconds: due - monotonicSeconds()) { [weak self] in
            guard let self else { return }
            self.slowPagesTimer = 0
            self.slowPagesDue = nil
            self.watchSlowPages()
            self.redraw()
        }
    }

    func adopt(_ sizes: [Size], from first: Int) {
        let target = model.adoptPageSizes(sizes, from: first)
        onPageSizesChanged?()
        guard model.hasViewport else { return }
        defer { if model.isSettled { onSettled?() } }
        contentSizeChanged()
        move(to: target)
        viewportChanged()
    }

    func adopt(labels read: [String?], from first: Int) {
        guard labels.adopt(read, from: first) else { return }
        onLabelsChanged?()
        accessiblePages?.labelsChanged()
    }

    /// The sizes and labels are all read, or will not be: what was not read stays estimated.
    func tablesRead() {
        model.keepEstimatedSizes()
        labels.finish()
        onLabelsChanged?()
        if model.isSettled { onSettled?() }
    }

    func received(_ result: RenderWorkers<RemoteRenderer>.Result) {
        seenResults = max(seenResults, result.sequence)
        LaunchTrace.mark("picture arrived: page \(result.key.page + 1) at scale \(result.key.scale)")
        if case .failure(let failure) = result.outcome, reportedFailures.insert(result.key.page).inserted {
            printError("page \(result.key.page + 1) could not be rendered: \(failure)")
            onPageFailed?(failure.description)
        }
        let shown = model.accept(result.key, result.outcome) == .shown
        if case .success(let picture) = result.outcome, model.wantsInk(of: result.key),
           let target = model.measuredInk(page: result.key.page, profile: picture.inkProfile()) {
            relayout(to: target)
        }
        watchSlowPages()
        drawer.keepTextures { model.sharp[$0] != nil || model.lowRes[$0] != nil }
        if shown { gtk_widget_queue_draw(UnsafeMutablePointer(canvas)) }
        if firstView.viewIs(complete: model.visiblePagesComplete) {
            MainLoop.afterEachFrame(of: UnsafeMutablePointer(canvas)) { [self] in
                firstView.painted()
                background.firstViewPainted(at: monotonicSeconds())
                watchBackgroundPatience()
                // The pages ahead once the events already here are handled: a window
                // manager's resize at map (a tiling one's, the harness's) holds the view
                // again first, so that the pictures at the real size are not queued behind
                // pages ahead at the predicted one (viewer-bench: page 1 waited 31 ms).
                MainLoop.whenIdle { [weak self] in
                    self?.submitPlan()
                    self?.considerBackgroundStart()
                }
                accessiblePages?.start()
                return false
            }
        }
        if model.thumbnails.shown.contains(result.key.page) { onThumbnailArrived?(result.key.page) }
        if model.isSettled { onSettled?() }
        considerBackgroundStart()
    }

    /// Looks again when the patience of `BackgroundStart` is over (rule 3).
    private func watchBackgroundPatience() {
        guard backgroundTimer == 0, let due = background.due else { return }
        backgroundTimer = MainLoop.after(seconds: due - monotonicSeconds()) { [weak self] in
            self?.backgroundTimer = 0
            self?.considerBackgroundStart()
        }
    }

    /// Tells the view when the work the reader is not waiting for may begin (`BackgroundStart`).
    private func considerBackgroundStart() {
        guard onBackgroundMayStart != nil, background.due != nil, model.hasViewport else { return }
        let left = model.plan().tiles.count
        guard background.begins(hold: firstView.state, tilesLeft: left, now: monotonicSeconds()) else { return }
        if backgroundTimer != 0 { g_source_remove(backgroundTimer) }
        backgroundTimer = 0
        LaunchTrace.mark("background work begins: \(left == 0 ? "the pages around the view are drawn" : "\(left) pictures still to draw")")
        onBackgroundMayStart?()
    }

    // MARK: Thumbnails: the sidebar draws the canvas's own low-resolution pictures.

    /// Page sizes as laid out (turned as the reader turned them).
    var pageSizes: [Size] { model.layout.pageSizes }

    /// The sidebar shows `shown` and looks a screen ahead to `ahead`: their pictures are
    /// planned after what the canvas shows.
    func showThumbnails(shown: Range<Int>, ahead: [Int]) {
        guard shown != model.thumbnails.shown || ahead != model.thumbnails.ahead else { return }
        model.setThumbnails(shown: shown, ahead: ahead)
        submitPlan()
    }

    /// Redraws `pages` with the document's contents of `revision` (the reader's form
    /// values): their pictures stay until the new ones come.
    func contentChanged(pages: [Int], revision: Int) {
        contentChanged(pages: pages, revision: revision, twinToo: true)
    }

    private func contentChanged(pages: [Int], revision: Int, twinToo: Bool) {
        model.contentChanged(pages: pages, revision: revision)
        submitPlan()
        redraw()
        if twinToo { twin?.contentChanged(pages: pages, revision: revision, twinToo: false) }
    }

    /// Hands the model's plan to the workers: only what is on screen until the first
    /// complete view is painted; nothing while paused.
    private func submitPlan() {
        guard model.hasViewport, !paused else { return }
        let plan = model.plan()
        let tiles = firstView.tiles(of: plan)
        if let first = tiles.first { LaunchTrace.mark("tiles asked, the first at scale \(first.scale)") }
        if let threads, !threads.hasWorkers, !tiles.isEmpty {
            // Back from the background with what it shows still sharp (`BackgroundTab`
            // rule 3): what lies ahead waits for the reader's next move.
            if resumedWithoutWorkers, plan.urgent == 0 { return resumedWithoutWorkers = false }
            threads.restartWorkers()
            seenResults = 0
        }
        resumedWithoutWorkers = false
        threads?.submit(tiles, urgent: plan.urgent, seen: seenResults, from: self)
    }

    /// The best picture of `page` for a thumbnail: its low-resolution one, else any whole
    /// picture of it the canvas holds (shrunk); nil while there is none.
    func thumbnailPicture(_ page: Int) -> (key: TileKey, image: PageImage)? {
        let low = model.planner.lowResKey(page: page, layout: model.layout)
        if let image = model.lowRes[low] { return (low, image) }
        return model.sharp.nearestPicture(to: model.sharpKey(page)).map { ($0.key, $0.picture) }
    }

    /// A click on a "Draw at Lower Resolution" button takes its page's offer: the page is
    /// asked for again at that resolution. Returns whether the click was on one.
    func takeLowerResolutionOffer(at point: Point) -> Bool {
        guard let (page, _) = offerButtons.first(where: { _, area in
            var inside = graphene_point_t(x: Float(point.x), y: Float(point.y))
            var area = area
            return graphene_rect_contains_point(&area, &inside)
        }), model.drawAtLowerResolution(page) else { return false }
        printError("page \(page + 1) is drawn at a lower resolution")
        reportedFailures.remove(page)
        submitPlan()
        watchSlowPages()
        redraw()
        return true
    }

    /// Whether `page` could not be rendered.
    func failed(_ page: Int) -> Bool { model.failures[page] != nil }

    func draw(_ snapshot: OpaquePointer, width: Double, height: Double) {
        let scale = model.deviceScale
        // Positions come from the model in Double (floats lose pixels deep in long documents)
        // and are snapped to device pixels so that pictures stay crisp.
        func snap(_ value: Double) -> Float { Float((value * scale).rounded() / scale) }
        var background = graphene_rect_t(origin: .init(x: 0, y: 0), size: .init(width: Float(width), height: Float(height)))
        // A presentation shows the page on black, without a frame.
        let black = GdkRGBA(red: 0, green: 0, blue: 0, alpha: 1)
        // Night mode turns the light surround dark itself; a dark style without it darkens it.
        let dark = darkSurround && !night.isOn
        var surround = presenting ? black : dark ? GdkRGBA(red: 0.16, green: 0.16, blue: 0.16, alpha: 1)
            : night.colour(GdkRGBA(red: 0.87, green: 0.87, blue: 0.87, alpha: 1))
        gtk_snapshot_append_color(snapshot, &surround, &background)
        let edge = presenting ? black : dark ? GdkRGBA(red: 0.05, green: 0.05, blue: 0.05, alpha: 1)
            : night.colour(GdkRGBA(red: 0.6, green: 0.6, blue: 0.6, alpha: 1))
        var white = GdkRGBA(red: 1, green: 1, blue: 1, alpha: 1)
        let now = monotonicSeconds()
        offerButtons = []
        var blank = false
        for page in model.drawList() {
            if page.quality == .blank { blank = true }
            let left = snap(page.rect.x), top = snap(page.rect.y)
            var bounds = graphene_rect_t(origin: .init(x: left, y: top),
                                         size: .init(width: snap(page.rect.maxX) - left, height: snap(page.rect.maxY) - top))
            let frame = graphene_rect_t(origin: .init(x: left - 1, y: top - 1),
                                        size: .init(width: bounds.size.width + 2, height: bounds.size.height + 2))
            // Highlights multiply the page under them, as a marker on paper: the words stay
            // black. (At night the page is inverted, and a multiplied highlight would vanish
            // into the dark: there it is laid over, like the other marks.)
            var multiplied: [PageMark] = [], laidOver: [PageMark] = []
            for mark in overlays.flatMap({ $0.overlay?.marks(onPage: page.page) ?? [] }) {
                if !night.isOn, case .markup(.highlight, _) = mark.style { multiplied.append(mark) } else { laidOver.append(mark) }
            }
            if !multiplied.isEmpty { gtk_snapshot_push_blend(snapshot, GSK_BLEND_MODE_MULTIPLY) }
            night.drawing(snapshot) {
                // Paper under what is missing; a sharp picture covers it all.
                if page.quality != .sharp { gtk_snapshot_append_color(snapshot, &white, &bounds) }
                for layer in page.layers {
                    LaunchTrace.mark("picture drawn at scale \(layer.key.scale)")
                    // The origin on a device pixel and the size in whole device pixels: a sharp
                    // picture then lands pixel for pixel.
                    var area = graphene_rect_t(origin: .init(x: snap(layer.rect.x), y: snap(layer.rect.y)),
                                               size: .init(width: snap(layer.rect.width), height: snap(layer.rect.height)))
                    drawer.draw(layer.picture, key: layer.key, in: &area, deviceScale: scale, snapshot, widget: UnsafeMutablePointer(canvas))
                }
                if let reason = model.failures[page.page] {
                    let offer = model.offersLowerResolution(page.page)
                    if let button = drawFailure(reason, offer: offer, over: !page.layers.isEmpty, in: bounds, snapshot,
                                                widget: UnsafeMutablePointer(canvas)) {
                        offerButtons.append((page.page, button))
                    }
                } else if slowPages.isSlow(page.page, now: now) {
                    drawStillDrawing(page: page.page, in: bounds, viewHeight: Float(height), snapshot, widget: UnsafeMutablePointer(canvas))
                }
            }
            if !multiplied.isEmpty {
                gtk_snapshot_pop(snapshot)
                for mark in multiplied { draw(mark, onPage: page.page, snapshot, snap: snap, multiplying: true) }
                gtk_snapshot_pop(snapshot)
            }
            // A one-pixel border, not a filled rectangle under the page: every pixel filled
            // twice is paid again on every frame by the software renderer. Drawn after the
            // pictures, whose whole device pixels may reach a pixel past the page's edge.
            border(snapshot, frame, edge)
            for mark in laidOver { draw(mark, onPage: page.page, snapshot, snap: snap) }
        }
        if FrameRecorder.isOn { FrameRecorder.pagesDrawn(blank: blank) }
    }

    /// A selection in translucent blue; a search match in translucent yellow, the current
    /// one in orange, a pixel wider all round so that it shows around the letters.
    private func draw(_ mark: PageMark, onPage page: Int, _ snapshot: OpaquePointer, snap: (Double) -> Float, multiplying: Bool = false) {
        if case .drawing(let drawing, let colour, let text) = mark.style {
            let size = model.layout.documentSizes[page], bounds = drawing.bounds
            let whole = model.viewRect(of: Rect(x: 0, y: 0, width: size.width, height: size.height), onPage: page)
            let area = model.viewRect(of: Rect(x: bounds.x - 2, y: bounds.y - 2, width: bounds.width + 4, height: bounds.height + 4), onPage: page)
            return painter.paint(drawing, colour: colour, text: text, snapshot, page: whole, size: size, rotation: model.layout.rotation, area: area)
        }
        var (colour, margin) = switch mark.style {
        case .drawing: (GdkRGBA(), 0.0)
        case .selection: (GdkRGBA(red: 0.21, green: 0.52, blue: 0.89, alpha: 0.35), 0.0)
        case .chosenMarkup: (GdkRGBA(red: 0.21, green: 0.52, blue: 0.89, alpha: 0.3), 2.0)
        // Where a form can be filled, faintly, as other viewers show it; the field with the
        // keyboard's focus more strongly.
        case .formField: (GdkRGBA(red: 0, green: 0.33, blue: 1, alpha: 0.1), 0.0)
        case .caret: (night.isOn ? GdkRGBA(red: 1, green: 1, blue: 1, alpha: 1) : GdkRGBA(red: 0, green: 0, blue: 0, alpha: 1), 0.0)
        case .focusedField: (GdkRGBA(red: 0.21, green: 0.52, blue: 0.89, alpha: 0.35), 1.0)
        case .match: (GdkRGBA(red: 1, green: 0.8, blue: 0, alpha: 0.4), 1.0)
        case .currentMatch: (GdkRGBA(red: 1, green: 0.4, blue: 0, alpha: 0.55), 1.0)
        // Read Aloud's sentence: violet, apart from the selection's blue and the search's
        // yellow; lighter and stronger at night, where the faint one hardly showed on black.
        case .spoken: (night.isOn ? GdkRGBA(red: 0.7, green: 0.45, blue: 1, alpha: 0.45) : GdkRGBA(red: 0.55, green: 0.2, blue: 0.9, alpha: 0.3), 2.0)
        case .syncTeX(let opacity): (GdkRGBA(red: 0.1, green: 0.7, blue: 0.25, alpha: Float(0.45 * opacity)), 2.0)
        case .markup(let kind, let markupColour):
            (GdkRGBA(red: Float(markupColour.components.red), green: Float(markupColour.components.green),
                     blue: Float(markupColour.components.blue), alpha: kind == .highlight && !multiplying ? 0.45 : 1), 0.0)
        // A chosen drawing: a thin accent-blue frame a little outside it, white handles edged in the same blue.
        case .drawingFrame, .drawingHandle: (GdkRGBA(red: 0.21, green: 0.52, blue: 0.89, alpha: 1), 0.0)
        }
        for rect in mark.rects {
            // A line under the words, or through them, a tenth of their height thick.
            let rect = switch mark.style {
            case .markup(.underline, _), .markup(.squiggly, _):
                Rect(x: rect.x, y: rect.maxY - max(rect.height / 10, 1), width: rect.width, height: max(rect.height / 10, 1))
            case .markup(.strikeOut, _):
                Rect(x: rect.x, y: rect.midY - max(rect.height / 20, 0.5), width: rect.width, height: max(rect.height / 10, 1))
            default: rect
            }
            let view = model.viewRect(of: rect, onPage: page)
            let left = snap(view.x - margin), top = snap(view.y - margin)
            var area = graphene_rect_t(origin: .init(x: left, y: top),
                                       size: .init(width: snap(view.maxX + margin) - left, height: snap(view.maxY + margin) - top))
            switch mark.style {
            case .drawingFrame:
                border(snapshot, area, colour)
            case .drawingHandle:
                var white = GdkRGBA(red: 1, green: 1, blue: 1, alpha: 1)
                gtk_snapshot_append_color(snapshot, &white, &area)
                border(snapshot, area, colour)
            default:
                gtk_snapshot_append_color(snapshot, &colour, &area)
            }
        }
    }

    /// A one-pixel line around `rect`.
    private func border(_ snapshot: OpaquePointer, _ rect: graphene_rect_t, _ colour: GdkRGBA) {
        var rect = rect, outline = GskRoundedRect()
        gsk_rounded_rect_init_from_rect(&outline, &rect, 0)
        var widths: (Float, Float, Float, Float) = (1, 1, 1, 1)
        var colours = (colour, colour, colour, colour)
        withUnsafePointer(to: &widths) { widthsPointer in
            withUnsafePointer(to: &colours) { coloursPointer in
                gtk_snapshot_append_border(snapshot, &outline,
                                           UnsafeRawPointer(widthsPointer).assumingMemoryBound(to: Float.self),
                                           UnsafeRawPointer(coloursPointer).assumingMemoryBound(to: GdkRGBA.self))
            }
        }
    }
}

/// A press of the primary button someone took (`PageCanvas.takePresses`): where the
/// pointer is dragged (view coordinates, with Shift), and the release.
struct PressHold {
    var dragged: @MainActor (_ to: Point, _ shift: Bool) -> Void
    var released: @MainActor () -> Void
}

/// Something drawn over the canvas's pages: it says what to mark on a page, and asks the
/// canvas to redraw when that changes.
@MainActor
protocol PageOverlay: AnyObject {
    func marks(onPage page: Int) -> [PageMark]
}

/// The canvas does not keep its overlays alive: their owner, the window, does.
private struct WeakOverlay {
    weak var overlay: PageOverlay?
}
