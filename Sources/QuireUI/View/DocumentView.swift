import CAdwaita
import CGtk
import CShim
import QuireEngine
import QuireRemote

/// One document being viewed, or why it cannot be: its find bar and notices over a stack
/// of the canvas, an error page, a password prompt and the welcome page; its session
/// (opening, reloading, the file watched), and every part that belongs to it: search,
/// selection, caret, links and previews, annotations, forms, bookmarks, SyncTeX and the
/// place remembered, and its sidebar beside it. A window holds views as tabs
/// (`DocumentWindow`) and lends the one shown its chrome: the title, page entry, zoom
/// and actions follow that view (`chrome` is the window while this view is its current one).
@MainActor
final class DocumentView {
    /// The sidebar beside the find bar over the notices over the pages.
    let widget: UnsafeMutablePointer<GtkWidget>
    let searchBar = SearchBar()
    let sidebar = Sidebar()
    /// Above the page of a signed document: whether its signatures are valid.
    private let signatureBanner = SignatureBanner()
    private var signatures: DocumentSignatures?
    private var followPending = false
    private unowned var host: DocumentWindow
    private let stack = Stack()
    private let errorPage = StatusPage(icon: "dialog-error-symbolic")
    /// Opens the file again (Ctrl+R), as it is now.
    private let retryButton = quire_mnemonic_button_new(tr("_Try Again"))!
    private let passwordPage = PasswordPage()
    private var notice: Notices!
    private(set) var canvas: PageCanvas?
    /// The canvas and, while split, a second pane beside it (`DocumentView+Split`).
    var panes: SplitPanes?
    private var links: DocumentLinks?
    private(set) var selection: DocumentSelection?
    private(set) var caret: DocumentCaret?
    private(set) var readAloud: DocumentReadAloud?
    private(set) var search: DocumentSearch?
    /// A scan's text being recognised, and the line saying so.
    private var recognition: DocumentRecognition?
    private let recognitionBar = RecognitionBar()
    /// The document shown, as the view opened it: print and properties read its bytes;
    /// its helper answers the links and page objects' questions.
    private var shown: RemoteDocument?
    /// What the view shows of its document, and what opening it does next.
    private var session = DocumentSession()
    /// How readers left documents.
    private let states: DocumentStateStore
    private var configuration: Configuration { host.configuration }
    private var identity: DocumentIdentity?
    private var saveTimer: UInt32 = 0
    /// Set while the view's tab is in the background, until it is trimmed (`BackgroundTab`).
    private var backgroundTimer: UInt32 = 0
    private var watch: FileWatch?
    /// The reader's markups on the document shown.
    private(set) var annotations: DocumentAnnotations?
    /// The reader's drawings in hand: chosen, moved, resized, a signature placed.
    private(set) var drawingEditing: DrawingEditing?
    /// Drawing on the pages with the window's tool.
    private var drawingTools: DrawingTools?
    private var forms: DocumentForms?
    /// The reader's bookmarks and marks on the document shown.
    private(set) var bookmarks: DocumentBookmarks?
    /// The form widgets and the file's annotations of the pages in view, for both.
    private var objects: PageObjects?
    /// The document's title without the mark of unsaved changes.
    private var documentTitle = ""
    /// The title the window shows for this view.
    private(set) var title = "Quire"
    /// The bytes the reader is changing, kept whole while the file could be rewritten in
    /// place under them (`DocumentFile+KeptVersion`): "Keep This Version" shows and saves them.
    private var keptVersion: DocumentFile?
    private var openingCheck: DocumentOpening?
    private var syncTeX: DocumentSyncTeX?
    /// A forward search asked before the document was on screen.
    private var pendingForward: SourcePosition?
    /// The local file the view shows or opens, for a forward search to find it.
    private(set) var documentPath: String?
    /// A web document's download, made with the first (`WebOpening`).
    private var web: WebOpening?

    init(host: DocumentWindow, states: DocumentStateStore) {
        self.host = host
        self.states = states
        let welcome = StatusPage(icon: "x-office-document-symbolic")
        welcome.set(title: tr("Open a document"), message: tr("Choose a PDF file to read, or drop one on Quire’s icon."))
        errorPage.append(retryButton)
        stack.add(welcome.widget, named: "welcome")
        stack.add(Box.column(), named: "opening")
        stack.add(errorPage.widget, named: "error")
        stack.add(passwordPage.widget, named: "password")
        let column = Box.column()
        column.append(searchBar.widget)
        column.append(signatureBanner.widget)
        column.append(recognitionBar.widget)
        notice = Notices(over: stack.widget)
        gtk_widget_set_vexpand(notice.widget, 1)
        column.append(notice.widget)
        // The sidebar keeps its width when the window grows; the document takes the rest.
        let paned = Paned(GTK_ORIENTATION_HORIZONTAL)
        paned.setStart(sidebar.widget)
        paned.setEnd(column.widget)
        paned.keepStartWidth()
        paned.keepChildrenWhole()
        paned.position = 230
        paned.setAccessibleName(tr("Sidebar and document"))
        widget = paned.widget
        welcome.append(StatusPage.button(tr("_Open a Document…"), suggested: true) { [unowned self] in self.host.onOpenRequest?() })
        errorPage.append(StatusPage.button(tr("_Open Another Document…")) { [unowned self] in self.host.onOpenRequest?() })
        sidebar.onGoTo = { [unowned self] target in self.focusedCanvas?.go(to: target) }
        // An annotation a little below the top of the view, so that the line before shows.
        // It is chosen, as a click on it would choose it: Delete deletes it.
        sidebar.onGoToArea = { [unowned self] page, area, source in
            self.focusedCanvas?.go(to: OutlineTarget(page: page, top: max(0, area.y - 24)))
            self.annotations?.choose(source)
            self.focusedCanvas?.grabFocus()
        }
        sidebar.onSettled = { [unowned self] in self.chrome?.checkSettled() }
        signatureBanner.onDetails = { [unowned self] in self.setSidebar(open: true, view: .signatures) }
        sidebar.signatures.onChosen = { [unowned self] page in self.focusedCanvas?.show(page: page) }
        searchBar.onChanged = { [unowned self] text in self.search?.find(text, from: self.focusedCanvas?.currentPage ?? 0) }
        searchBar.onStep = { [unowned self] forward in self.search?.step(forward: forward) }
        searchBar.onChosen = { [unowned self] ordinal in self.search?.choose(ordinal) }
        searchBar.onClosed = { [unowned self] in
            self.search?.clear()
            self.focusedCanvas?.grabFocus()
        }
        passwordPage.onPassword = { [unowned self] password in self.perform(self.session.passwordTyped(password)) }
        gtk_widget_set_halign(retryButton, GTK_ALIGN_CENTER)
        gtk_widget_add_css_class(retryButton, "pill")
        gtk_actionable_set_action_name(retryButton.opaque, "win.reload")
    }

    /// Its tab is no longer the one shown (`BackgroundTab`): its canvases, unmapped, render
    /// nothing (`PageCanvas.setPaused`), and after a while only what they show is kept and
    /// the render helpers end.
    func wentToBackground() {
        if backgroundTimer != 0 { g_source_remove(backgroundTimer) }
        backgroundTimer = MainLoop.after(seconds: configuration.backgroundTrimSeconds) { [weak self] in
            self?.backgroundTimer = 0
            self?.panes?.second?.trimMemory()
            self?.canvas?.sendToBackground()
        }
    }

    /// Its tab is shown again: nothing is trimmed (mapped again, its canvases plan what
    /// they lack, and start helpers again if they ended).
    func cameToFront() {
        if backgroundTimer != 0 { g_source_remove(backgroundTimer) }
        backgroundTimer = 0
    }

    /// The window is going: every thread and helper of the document stops.
    func stop() {
        if backgroundTimer != 0 { g_source_remove(backgroundTimer) }
        backgroundTimer = 0
        search?.stop()
        recognition?.stop()
        selection?.stop()
        caret?.stop()
        readAloud?.stop()
        drawingTools?.close()
        panes?.second?.close()
        canvas?.close()
        openingCheck?.cancel()
        web?.cancel()
    }

    /// Recognises a scan's text in the background (`DocumentRecognition`): each page read
    /// goes to the search shown.
    private func recognise(_ file: DocumentFile, pageCount: Int, canvas: PageCanvas, stored: TextStoreSlot?) {
        guard let document = shown else { return }
        recognition = DocumentRecognition.start(file: file, pageCount: pageCount, documentLanguage: document.summary.language, canvas: canvas, bar: recognitionBar, stored: stored,
                                                firstPageHasText: { !(document.readableText(at: 0) ?? "").isEmpty },
                                                trace: configuration.tracesSearch)
        // Every reader of the page's text learns it: Find, caret mode, Read Aloud, screen readers.
        recognition?.onRecognised = { [unowned self] page, text in
            self.search?.pageRecognised(page, text: text)
            self.caret?.pageRecognised(page)
            self.readAloud?.pageRecognised(page)
            canvas.accessiblePages?.pageRecognised(page)
        }
        recognition?.onNotice = { [unowned self] text in self.notice.show(text) }
    }

    /// The view's tab was dropped on another window, which holds it from now on.
    func move(to window: DocumentWindow) {
        host = window
        annotations?.parent = window.window
        drawingTools?.follow(window.drawingChoice)
    }

    /// True while the view shows no document and so can take one (Ctrl+O reuses it).
    var isEmpty: Bool { session.isEmpty && web?.isDownloading != true }

    /// Whether the view shows a document, an error, a prompt or the welcome page.
    var phase: DocumentSession.Phase { session.phase }

    /// Memory is short: keep only what is on screen.
    func trimMemory() {
        canvas?.trimMemory()
        panes?.second?.trimMemory()
    }

    /// Whether the canvas, the search, the sidebar and the signatures' check are complete.
    var isSettled: Bool {
        canvas?.isSettled == true && panes?.second?.isSettled != false && search?.isSettled == true && sidebar.isSettled
            && signatures?.isSettled != false
    }

    /// The window, while this view is the one it shows: the chrome follows only that view.
    var chrome: DocumentWindow? { host.isCurrent(self) ? host : nil }

    /// Shows or hides the sidebar, and says so in the action's state.
    func setSidebar(open: Bool, view: SidebarView? = nil, chosen: Bool = true) {
        guard canvas != nil || !open else { return }
        if open { sidebar.open(view, chosen: chosen) } else { sidebar.close() }
        if let chrome { Actions.setState("sidebar", of: chrome.window, open) }
        if !open { canvas?.grabFocus() }
        chrome?.checkSettled()
    }

    /// The sidebar follows the reader, after the move (which may happen during layout).
    private func followReader() {
        guard !followPending else { return }
        followPending = true
        MainLoop.invoke { [weak self] in
            guard let self, let canvas = self.canvas else { return }
            self.followPending = false
            self.sidebar.follow(page: canvas.currentPage, point: canvas.readingPoint)
        }
    }

    /// The window's chrome takes this view's state: it has just become the one shown.
    func showChrome() {
        guard let chrome else { return }
        chrome.viewTitleChanged(self)
        let canvas: PageCanvas? = if case .document = phase { focusedCanvas } else { nil }
        chrome.enableDocumentActions(canvas != nil)
        chrome.saveableChanged(hasUnsavedChanges)
        Actions.setState("sidebar", of: chrome.window, sidebar.isOpen)
        Actions.setState("split", of: chrome.window, panes?.isOpen ?? false)
        if let canvas {
            canvas.night.isOn = host.isNight
            chrome.pageEntry.labelOf = { [unowned canvas] in canvas.labels.label(at: $0) }
            chrome.pageEntry.lookUp = { [unowned canvas] in canvas.labels.lookUp($0) }
            showPane()
            chrome.updateArrangementStates()
            chrome.caretModeChanged(caret?.isOn ?? false)
            chrome.readAloudChanged(readAloud?.state ?? .off)
            chrome.showZoom(true)
        } else {
            chrome.pageEntry.hide()
            chrome.showZoom(false)
        }
    }

    private func setTitle(_ text: String) {
        title = text
        host.viewTitleChanged(self)
    }

    /// The canvas's context menu: Copy and Select All.
    private func showContextMenu(at point: Point) {
        guard let canvas else { return }
        // A right click on a markup chooses it, for its colours and Delete.
        let onMarkup = annotations?.click(at: point, editing: false) ?? false
        if onMarkup, let colour = annotations?.chosenColour { Actions.setChoice("annotation-colour", of: host.window, colour.name) }
        let popover = WindowMenus.contextMenu(onMarkup: onMarkup, onFileAnnotation: annotations?.chosenInFile != nil,
                                              colours: annotations?.chosenColours ?? [])
        Actions.setEnabled("copy", of: host.window, selection?.isEmpty == false)
        WindowMenus.popUp(popover, on: canvas.canvasWidget, at: point)
    }

    /// Whether the reader has changes not saved (Quit asks about these windows first).
    var hasUnsavedChanges: Bool { annotations?.isModified ?? false }

    /// Quit's question for this view: `done(true)` once nothing would be lost by closing
    /// it (saved, discarded, or nothing to lose), `done(false)` if the reader cancels or
    /// the save fails. Closes nothing.
    func settleUnsaved(_ done: @escaping @MainActor (Bool) -> Void) {
        if !keepingUnsaved(then: { done(true) }, cancelled: { done(false) }) { done(true) }
    }

    /// When the document has annotations not saved, asks whether to save them first, and
    /// returns true: `proceed` then runs once they are saved or discarded (never if the
    /// reader cancels, or the save fails: `cancelled` runs then). False, doing nothing,
    /// when there is nothing to lose.
    func keepingUnsaved(externalChange: Bool = false, then proceed: @escaping @MainActor () -> Void,
                        cancelled: @escaping @MainActor () -> Void = {}) -> Bool {
        guard let annotations, annotations.isModified else { return false }
        let discarding = {
            // What follows (a close, a reload) no longer asks.
            annotations.discard()
            proceed()
        }
        if externalChange {
            UnsavedChanges.ask(over: host.window, title: tr("The file changed on disk"),
                               detail: tr("Reloading shows the new version and discards your annotations that are not saved. Keeping this version keeps them."),
                               save: nil, discard: tr("Reload"), cancel: tr("Keep This Version")) { [unowned self] choice in
                if choice == .discard { discarding() } else { self.keepThisVersion() }
            }
            return true
        }
        let question = session.shown.map { UnsavedQuestion(source: $0, title: shown?.title) }
        UnsavedChanges.ask(over: host.window, title: question?.heading ?? documentTitle, detail: question?.detail ?? "") { choice in
            switch choice {
            case .save: annotations.save { if $0 { proceed() } else { cancelled() } }
            case .discard: discarding()
            case .cancel: cancelled()
            }
        }
        return true
    }

    /// The reader kept the version shown over a change on disk. A file replaced whole (a
    /// new inode) leaves the view's descriptor on that version: nothing to do. A file
    /// rewritten in place no longer has it: the view goes over to the copy kept since the
    /// first change, with the place and the changes, and saving writes that version.
    private func keepThisVersion() {
        guard let shown, !shown.file.bytesAsOpened, let annotations else { return }
        guard let kept = keptVersion, kept !== shown.file else {
            return notice.show(tr("Another program rewrote the file before Quire could keep a copy of this version, so your changes cannot be saved into it"))
        }
        let view = currentState.map { ViewStart.Kept(state: $0, search: searchBar.isOpen ? searchBar.text : nil, match: search?.currentMatch) }
        let edits = annotations.edits
        guard let source = session.shown else { return }
        openingCheck?.cancel()
        openingCheck = DocumentOpening.reopen(kept) { [unowned self] outcome in
            self.openingCheck = nil
            switch outcome {
            case .success(let opened):
                self.load(opened.document, renderer: opened.renderer, from: source, keeping: view)
                self.annotations?.adopt(edits)
            case .failure(let error):
                self.notice.show(error.description)
            }
        }
    }

    /// Once the reader has something to lose, the bytes they change are kept whole (a copy
    /// of the file's size, in the temporary folder): at once when small (a few milliseconds,
    /// so no other program's write comes between), else on a thread.
    private func keepVersionOnce() {
        guard keptVersion == nil, let file = shown?.file else { return }
        if let size = file.byteCount, size <= 8 << 20 { return keptVersion = file.keptVersion() }
        keptVersion = file
        startThread {
            let kept = file.keptVersion()
            MainLoop.invoke { [weak self] in
                guard let self, self.shown?.file === file else { return }
                self.keptVersion = kept
            }
        }
    }

    /// Escape while a document without a view is being opened or asks for its password:
    /// the check stops and the view is empty again. False when there was nothing to stop.
    func giveUpOpening() -> Bool {
        if web?.cancel() == true, session.isEmpty {
            showWelcome()
            return true
        }
        guard let effects = session.giveUp() else { return false }
        perform(effects)
        return true
    }

    func showWelcome() {
        setTitle("Quire")
        chrome?.enableDocumentActions(false)
        stack.shown = "welcome"
        chrome?.onSettled?()
    }

    /// Finds `text` and shows `match` (the search across documents chose it), once the
    /// document is shown if it is still opening.
    func find(_ text: String, at match: SearchResults.Match) {
        guard let search, shown != nil, !session.isEmpty else { return pendingFind = (text, match) }
        searchBar.open(text: text)
        search.find(text, at: match)
    }
    /// A match to show once the document opening is shown.
    private var pendingFind: (text: String, match: SearchResults.Match)?

    /// Opens a path or URI given on the command line, by the file chooser or by the desktop.
    func open(_ argument: String, password: String? = nil) {
        if keepingUnsaved(then: { [unowned self] in self.open(argument, password: password) }) { return }
        web?.cancel()
        if let address = WebAddress(argument) { return download(address) }
        do {
            let source = try DocumentSource(pathOrURI: argument, password: password)
            documentPath = if case .file(let path) = source.location { path } else { nil }
            host.onTabsChanged?()
            perform(session.open(source))
        } catch {
            printError(error.description)
            perform(session.cannotOpen(error))
        }
    }

    /// Downloads a web document (or takes its stored copy), then opens the copy as a file.
    private func download(_ address: WebAddress) {
        documentPath = nil
        host.onTabsChanged?()
        let web = self.web ?? WebOpening(stack: stack)
        if self.web == nil {
            self.web = web
            web.onTitle = { [unowned self] title in self.setTitle(title) }
            web.onCancelled = { [unowned self] in if self.session.isEmpty { self.showWelcome() } }
            web.onOpenAnother = { [unowned self] in self.host.onOpenRequest?() }
            web.onNotice = { [unowned self] text in self.notice.show(text) }
            web.onCopy = { [unowned self] source, notice in
                self.perform(self.session.open(source))
                if let notice { self.notice.show(notice) }
            }
        }
        chrome?.enableDocumentActions(false)
        web.start(address)
    }

    /// Reads the file again (Ctrl+R, or when it changed on disk), keeping the place, zoom,
    /// layout and search; or tries again a document that could not be opened.
    func reload() { reload(externalChange: false) }

    private func reload(externalChange: Bool) {
        if keepingUnsaved(externalChange: externalChange, then: { [unowned self] in self.reload(externalChange: false) }) { return }
        // A web document shown is asked of its server again first (its copy keeps its name).
        if case .document = session.phase, let address = session.shown?.webAddress.flatMap(WebAddress.init), let web {
            return web.refresh(address) { [unowned self] notice in
                self.reread()
                if let notice { self.notice.show(notice) }
            }
        }
        reread()
    }

    private func reread() {
        let kept = currentState.map { ViewStart.Kept(state: $0, search: searchBar.isOpen ? searchBar.text : nil, match: search?.currentMatch) }
        perform(session.reload(keeping: kept))
    }

    /// Does what the document session says (`DocumentSession`'s rules); `opened` is the
    /// document an opening has just read, for its `load`.
    private func perform(_ effects: [DocumentSession.Effect], opened: DocumentOpening.Opened? = nil) {
        for effect in effects {
            switch effect {
            case .startOpening(let source, let ticket):
                openingCheck?.cancel()
                openingCheck = DocumentOpening.open(source, watchdogs: configuration.watchdogs) { [unowned self] outcome in
                    self.openingCheck = nil
                    switch outcome {
                    case .success(let opened): self.perform(self.session.opened(ticket: ticket), opened: opened)
                    case .failure(let error):
                        printError(error.description)
                        self.perform(self.session.failed(error, ticket: ticket))
                    }
                }
                // An early opening: the window may draw its first view ahead, now or as it opens.
                if let opening = openingCheck, opening.isEarly { host.predictFirstView(of: source, opening: opening) }
            case .cancelOpening:
                openingCheck?.cancel()
                openingCheck = nil
            case .showOpening(let title):
                setTitle(title)
                chrome?.enableDocumentActions(false)
                stack.shown = "opening"
            case .showWelcome:
                showWelcome()
            case .showPassword(let error):
                passwordPage.show(error)
                showRefusal(page: "password")
            case .showError(let error):
                errorPage.set(title: error.title, message: error.message)
                gtk_widget_set_visible(retryButton, session.canRetry ? 1 : 0)
                showRefusal(page: "error")
            case .load(let source, let kept):
                guard let opened else { preconditionFailure("a document loaded without being opened") }
                load(opened.document, renderer: opened.renderer, from: source, keeping: kept)
            case .addRecent(let path):
                host.onOpened?(path)
            case .watch(let path):
                watch = path.flatMap { FileWatch(path: $0) }
                watch?.changed = { [unowned self] in self.reload(externalChange: true) }
                watch?.deleted = { [unowned self] in self.perform(self.session.fileDeleted()) }
            case .notice(let text):
                notice.show(text)
            }
        }
    }

    /// The reader's view of the document shown, as remembered.
    private var currentState: DocumentState? {
        guard case .document = session.phase, let canvas else { return nil }
        let night = host.isNight
        // A presentation is not a way of reading to come back to: the view before it is.
        if let before = host.presentation?.viewBefore {
            return DocumentState(place: canvas.place, zoom: before.zoom, arrangement: before.arrangement, continuous: before.continuous,
                                 rotation: canvas.rotation, sidebarOpen: before.sidebar != nil,
                                 sidebarView: DocumentState.SidebarView(rawValue: before.sidebar?.rawValue ?? "") ?? .thumbnails,
                                 night: night)
        }
        return DocumentState(place: canvas.place, zoom: canvas.zoomMode, arrangement: canvas.arrangement, continuous: canvas.continuous,
                             rotation: canvas.rotation, sidebarOpen: sidebar.isOpen,
                             sidebarView: DocumentState.SidebarView(rawValue: sidebar.view.rawValue) ?? .outline, night: night,
                             split: panes?.state)
    }

    /// Writes down how the reader has left the document (on closing, and at a pause).
    /// A write waits for the disk (two fsyncs) on this thread: at a pause it is skipped
    /// when nothing changed; on closing it is always made, so the document counts as used.
    func rememberState(onlyIfChanged: Bool = false) {
        if saveTimer != 0 { g_source_remove(saveTimer) }
        saveTimer = 0
        guard let identity, let state = currentState else { return }
        if onlyIfChanged && states.state(for: identity) == state { return }
        do {
            try states.remember(state, places: bookmarks?.places, for: identity)
            bookmarks?.adopt(states.places(for: identity))
        } catch {
            printError("cannot remember the reading position: \(error)")
        }
    }

    /// A pause of two seconds after the view last moved is when it is remembered; a crash
    /// or a kill then loses at most that much.
    func rememberSoon() {
        if saveTimer != 0 { g_source_remove(saveTimer) }
        saveTimer = MainLoop.after(seconds: 2) { [weak self] in
            self?.saveTimer = 0
            self?.rememberState(onlyIfChanged: true)
        }
    }

    private func load(_ document: RemoteDocument, renderer: PreparedRenderer, from source: DocumentSource, keeping kept: ViewStart.Kept?) {
        LaunchTrace.mark("document shown")
        let file = document.file
        let threads = DocumentThreads(file: file, renderer: renderer, threads: configuration.workerThreads)
        rememberState()
        shown = document
        keptVersion = nil
        search?.stop()
        recognition?.stop()
        recognition = nil
        panes?.close()
        canvas?.close()
        if kept?.search == nil { searchBar.close() }
        if kept != nil { notice.hide() }
        identity = DocumentIdentity(of: document, from: source)
        let remembered = identity.flatMap { states.state(for: $0) }
        let start = host.planStart(remembered: remembered, kept: kept)
        let canvas = PageCanvas(document: document, threads: threads, zoom: start.zoom, budget: configuration.pictureCacheBytes)
        self.canvas = canvas
        canvas.darkSurround = host.isDark
        if let chrome { chrome.setNight(start.night ?? chrome.isNight) } else { canvas.night.isOn = host.isNight }
        let textStoreBytes = Settings.shared.preferences.textStoreMiB << 20
        let stored = identity.flatMap { file.textStoreKey(identity: $0, pageCount: document.pageCount) }
            .flatMap { textStoreBytes > 0 ? TextStoreSlot(store: TextStore(budget: textStoreBytes), key: $0) : nil }
        let search = DocumentSearch(file: file, pageCount: document.pageCount, textBudget: configuration.textCacheBytes, stored: stored,
                                    threads: configuration.workerThreads, trace: configuration.tracesSearch, canvas: canvas, bar: searchBar,
                                    pageLabel: { [unowned canvas] in canvas.labels.label(at: $0) },
                                    options: { [unowned self] in self.host.searchOptions })
        self.search = search
        chrome?.enableDocumentActions(true)
        setTitle(document.title ?? source.displayName)
        chromeFollows(canvas)
        chrome?.pageEntry.labelOf = { [unowned canvas] in canvas.labels.label(at: $0) }
        chrome?.pageEntry.lookUp = { [unowned canvas] in canvas.labels.lookUp($0) }
        // The pages around the view are drawn: the search threads may read ahead at idle
        // priority, and a scan's text be recognised.
        canvas.onBackgroundMayStart = { [unowned self, unowned canvas, unowned search] in
            search.fillCacheInBackground(from: canvas.currentPage)
            self.recognise(file, pageCount: document.pageCount, canvas: canvas, stored: stored)
        }
        var filling = false
        canvas.onSettled = { [unowned self] in
            if !filling {
                filling = true
                self.sidebar.firstViewDrawn()
                self.links?.start()
                self.objects?.start()
                self.signatures?.start()
                StallWatch.restart()
            }
            self.chrome?.checkSettled()
        }
        search.onSettled = { [unowned self] in self.chrome?.checkSettled() }
        sidebar.attach(file: file, canvas: canvas, labelOf: { [unowned canvas] in canvas.labels.label(at: $0) })
        canvas.onLabelsChanged = { [unowned self, unowned search] in
            self.chrome?.pageEntry.labelsChanged()
            self.sidebar.labelsChanged()
            self.bookmarks?.labelsChanged()
            search.labelsChanged()
            self.chrome?.checkSettled()
        }
        canvas.onPageSizesChanged = { [unowned self] in self.sidebar.thumbnails?.pageSizesChanged() }
        canvas.onThumbnailArrived = { [unowned self] _ in self.sidebar.thumbnails?.pictureArrived() }
        canvas.onPageFailed = { [unowned self] reason in self.notice.show(reason) }
        canvas.onViewMoved = { [unowned self] in
            self.followReader()
            self.rememberSoon()
        }
        // The helper that opened the document stays on for the view's questions about
        // pages: links, then annotations and form fields, in one process.
        let links = DocumentLinks(document: document, canvas: canvas, labelOf: { [unowned canvas] in canvas.labels.label(at: $0) },
                                  tracePreviews: configuration.tracesPreviews)
        links.onNotice = { [unowned self] text in self.notice.show(text) }
        links.openURI = { [unowned self] uri in AddressLaunch.open(uri, over: quire_window(self.host.window)) }
        self.links = links
        selection?.stop()
        let selection = DocumentSelection(canvas: canvas, file: file)
        self.selection = selection
        caret?.stop()
        let caret = DocumentCaret(canvas: canvas, selection: selection, stored: stored, trace: configuration.tracesSearch)
        caret.onModeChanged = { [unowned self] on in self.chrome?.caretModeChanged(on) }
        self.caret = caret
        readAloud?.stop()
        let readAloud = DocumentReadAloud(canvas: canvas, selection: selection, caret: caret, stored: stored)
        readAloud.onNotice = { [unowned self] text in self.notice.show(text) }
        readAloud.onStateChanged = { [unowned self] state in self.chrome?.readAloudChanged(state) }
        self.readAloud = readAloud
        // A web document's copy belongs to the cache: its markups are saved where the reader chooses.
        let path: String? = if case .file(let path) = source.location, source.webAddress == nil { path } else { nil }
        let objects = PageObjects(document: document, canvas: canvas)
        self.objects = objects
        let annotations = DocumentAnnotations(canvas: canvas, file: file, path: path, objects: objects)
        annotations.nameToSave = source.webAddress.flatMap(WebAddress.init)?.displayName
        self.annotations = annotations
        documentTitle = document.title ?? source.displayName
        annotations.onModifiedChanged = { [unowned self] modified in
            self.setTitle((modified ? "• " : "") + self.documentTitle)
            if modified { self.keepVersionOnce() }
            self.chrome?.saveableChanged(modified)
        }
        annotations.onNotice = { [unowned self] text in self.notice.show(text) }
        annotations.onMarkupsChanged = { [unowned self, unowned annotations] in
            self.sidebar.annotationsChanged(annotations.edits)
        }
        annotations.onSaved = { [unowned self] in
            self.watch?.adoptCurrent()
            if let path { self.signatures?.saved(to: path) }
        }
        annotations.parent = host.window
        drawingTools?.close()
        drawingTools = DrawingTools(canvas: canvas, annotations: annotations, choice: host.drawingChoice)
        let syncTeX = DocumentSyncTeX(file: file, canvas: canvas, pdfPath: path)
        syncTeX.onNotice = { [unowned self] text in self.notice.show(text) }
        self.syncTeX = syncTeX
        if let forward = pendingForward { syncTeXForward(forward) }
        forms?.close()
        let forms = DocumentForms(canvas: canvas, annotations: annotations, objects: objects)
        forms.onNotice = { [unowned self] text in self.notice.show(text) }
        self.forms = forms
        links.describeAnnotation = { [unowned annotations, unowned forms] page, point in
            annotations.describe(page: page, point: point) ?? forms.describe(page: page, point: point)
        }
        attachSignatures(file: file, canvas: canvas, forms: forms)
        // The copy holds the annotations now (they count as saved): it is shown, as an
        // editor shows what it saved as.
        annotations.onSavedAs = { [unowned self] path in self.open(path) }
        canvas.onUndoRequested = { [unowned annotations] in annotations.undo() }
        canvas.onRedoRequested = { [unowned annotations] in annotations.redo() }
        canvas.onDeleteRequested = { [unowned annotations] in annotations.deleteChosen() }
        // The form's fields under the reader's markups, those under the selection, the
        // selection under the search's marks.
        let drawingEditing = DrawingEditing(canvas: canvas, annotations: annotations)
        drawingEditing.onNotice = { [unowned self] text in self.notice.show(text) }
        self.drawingEditing = drawingEditing
        canvas.addOverlay(forms)
        canvas.addOverlay(annotations)
        canvas.addOverlay(drawingEditing)
        canvas.addOverlay(selection)
        canvas.addOverlay(search)
        canvas.addOverlay(caret)
        canvas.addOverlay(readAloud)
        canvas.onContextMenu = { [unowned self] point in self.showContextMenu(at: point) }
        // A reload keeps the reader's bookmarks, as it keeps the view, even when the file
        // rebuilt in its place counts as another document.
        let rememberedPlaces = identity.map { states.places(for: $0) } ?? MarkedPlaces()
        let places = kept == nil ? rememberedPlaces : rememberedPlaces.merged(with: self.bookmarks?.places ?? MarkedPlaces())
        let bookmarks = DocumentBookmarks(places: places, canvas: canvas, file: file,
                                          view: sidebar.bookmarks, labelOf: { [unowned canvas] in canvas.labels.label(at: $0) })
        bookmarks.knownOutline = { [unowned self] in self.sidebar.outline?.tree }
        bookmarks.onChanged = { [unowned self] in self.rememberState() }
        bookmarks.onNotice = { [unowned self] text in self.notice.show(text) }
        canvas.onMarkKey = { [unowned bookmarks] keyval, control in bookmarks.keyPressed(keyval, control: control) }
        self.bookmarks = bookmarks
        canvas.onFindRequested = { [unowned self] in self.searchBar.open() }
        let panes = SplitPanes(first: canvas, shared: .init(document: document, threads: threads, budget: configuration.pictureCacheBytes,
                                                            overlays: [forms, annotations, drawingEditing, selection, search, caret, readAloud], search: search, selection: selection,
                                                            links: links, tracePreviews: configuration.tracesPreviews))
        watch(panes, notices: notice, openURI: links.openURI)
        chrome?.pageEntry.show(page: 0, of: canvas.pageCount)
        chrome?.updateHistoryButtons(back: false, forward: false)
        if start.rotation != canvas.rotation { canvas.setRotation(start.rotation) }
        if start.arrangement != canvas.arrangement { canvas.setArrangement(start.arrangement) }
        if start.continuous != canvas.continuous { canvas.setContinuous(start.continuous) }
        if let place = start.place { canvas.show(place: place) }
        chrome?.updateArrangementStates()
        if let page = start.page { canvas.show(page: page) }
        switch start.search {
        case .find(let text, let page):
            searchBar.open(text: text)
            search.find(text, from: page)
        case .findAgain(let text, let match, let page):
            search.findAgain(text, keeping: match, from: page ?? canvas.currentPage)
        case nil:
            break
        }
        if let (text, match) = pendingFind {
            pendingFind = nil
            find(text, at: match)
        }
        if let start = start.sidebar { setSidebar(open: true, view: start.view, chosen: start.chosen) }
        stack.remove(named: "document")
        stack.add(panes.widget, named: "document")
        if let split = kept.map({ $0.state?.split }) ?? remembered?.split { panes.open(split, focusing: false) }
        stack.shown = "document"
        chrome?.showZoom(true)
        // A tab opened behind the one chosen takes no focus from it.
        if chrome != nil, !searchBar.isOpen { canvas.grabFocus() }
    }

    /// Shows and marks the place of a TeX source line (once the document is on screen).
    func syncTeXForward(_ position: SourcePosition) {
        guard case .document = session.phase, let syncTeX else { return pendingForward = position }
        pendingForward = nil
        syncTeX.forward(position)
    }

    /// A new document's signatures: the banner and the Signatures view wait for them, a
    /// signature field's tooltip says its state, and a click on one tells it and opens the view.
    private func attachSignatures(file: DocumentFile, canvas: PageCanvas, forms: DocumentForms) {
        let signatures = DocumentSignatures(file: file, pageCount: canvas.pageCount, banner: signatureBanner, view: sidebar.signatures,
                                            labelOf: { [unowned canvas] in canvas.labels.label(at: $0) })
        self.signatures = signatures
        sidebar.showsSignatures(false)
        signatures.onChecked = { [unowned self] outcome in
            self.sidebar.showsSignatures(outcome != .unsigned)
            self.chrome?.checkSettled()
        }
        forms.describeSignature = { [unowned signatures] name in signatures.describe(field: name) }
        forms.onSignatureClicked = { [unowned self, unowned signatures] name in
            if let said = signatures.describe(field: name) { self.notice.show(said.split(separator: "\n").prefix(2).joined(separator: ". ")) }
            self.setSidebar(open: true, view: .signatures)
        }
    }

    /// The error page or the password prompt, in place of the opening page.
    private func showRefusal(page: String) {
        signatures = nil
        signatureBanner.hide()
        setSidebar(open: false)
        chrome?.enableDocumentActions(false)
        chrome?.showZoom(false)
        chrome?.pageEntry.hide()
        stack.shown = page
        chrome?.onSettled?()
    }

    func printDocument(from currentPage: Int) {
        guard let shown, let source = session.shown else { return }
        let toFile = configuration.printToFile.map { (path: $0, pages: configuration.printPages) }
        PrintJob.start(file: shown.file, of: source, edits: annotations?.edits ?? AnnotationEdits(), pageCount: shown.pageCount, currentPage: currentPage, toFile: toFile,
                       parent: host.window) { [weak self] message in self?.notice.show(message) }
    }

    func showProperties() {
        guard let shown else { return }
        PropertiesDialog.present(file: shown.file, parent: host.window, reportingTo: configuration.propertiesReport)
    }
}
