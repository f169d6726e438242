import CAdwaita
import CGtk
import CShim
import QuireRemote
import QuireEngine
import Synchronization

/// The sidebar (F9): a switcher over the outline, the thumbnails, the annotations, the
/// bookmarks and (for a signed document) the signatures of the document shown, by the engine's rules for which view shows and when the outline is read
/// (`SidebarChoice`); it reads the outline on a thread of its own, and the file's
/// annotations on another the first time their view shows.
@MainActor
final class Sidebar {
    let widget: UnsafeMutablePointer<GtkWidget>
    private let stack = Stack()
    private let outlinePage = Box.column()
    private let outlineMessage = Label(wrap: true)
    private let thumbnailPage = Box.column()
    private let annotationPage = Box.column()
    private let bookmarkPage = Box.column()
    /// The document's signatures, which `DocumentSignatures` fills; its button shows only
    /// for a signed document.
    let signatures = SignaturesView()
    private let signaturePage = Box.column()
    /// The reader's bookmarks, which `DocumentBookmarks` fills for each document.
    let bookmarks = BookmarksView()
    private(set) var annotations: AnnotationsView?
    /// The reading of the file's annotations, stopped when the document goes.
    private var annotationReading: AnnotationReading?
    /// Called with the page, area and source of an annotation chosen.
    var onGoToArea: ((Int, Rect, AnnotationList.Source) -> Void)?
    private(set) var outline: OutlineView?
    private(set) var thumbnails: ThumbnailView?
    private var file: DocumentFile?
    private weak var canvas: PageCanvas?
    private var labelOf: (Int) -> String = { String($0 + 1) }
    private var choice = SidebarChoice()
    private var generation = 0
    private var switching = false
    private var readerAt: (page: Int, point: (page: Int, top: Double)) = (0, (0, 0))
    /// Called with an outline entry's destination, or a thumbnail's page.
    var onGoTo: ((OutlineTarget) -> Void)?
    /// Called when what the sidebar shows may have become complete.
    var onSettled: (() -> Void)?

    init() {
        outlineMessage.addCSSClass("dim-label")
        gtk_widget_set_vexpand(outlineMessage.widget, 1)
        gtk_widget_set_margin_start(outlineMessage.widget, 12)
        gtk_widget_set_margin_end(outlineMessage.widget, 12)
        outlinePage.append(outlineMessage)
        bookmarkPage.append(bookmarks.widget)
        // Icons, their names as tooltips: three titles would widen the sidebar by a third.
        for (page, view, title, icon) in [(outlinePage, SidebarView.outline, tr("Outline"), "view-list-symbolic"),
                                          (thumbnailPage, .thumbnails, tr("Thumbnails"), "view-grid-symbolic"),
                                          (annotationPage, .annotations, tr("Annotations"), "document-edit-symbolic"),
                                          (bookmarkPage, .bookmarks, tr("Bookmarks"), "user-bookmarks-symbolic")] {
            stack.add(page, named: view.rawValue, title: title)
            stack.setIcon(icon, of: page)
        }
        signaturePage.append(signatures.widget)
        stack.add(signaturePage, named: SidebarView.signatures.rawValue, title: tr("Signatures"))
        stack.setIcon("security-high-symbolic", of: signaturePage)
        stack.setPageVisible(signaturePage.widget, false)
        let switcher = StackSwitcher(for: stack)
        switcher.setAccessibleName(tr("Sidebar"))
        gtk_widget_set_halign(switcher.widget, GTK_ALIGN_CENTER)
        gtk_widget_set_margin_top(switcher.widget, 6)
        gtk_widget_set_margin_bottom(switcher.widget, 6)
        let column = Box.column()
        widget = column.widget
        gtk_widget_set_size_request(widget, 180, -1)
        column.append(switcher)
        column.append(gtk_separator_new(GTK_ORIENTATION_HORIZONTAL))
        gtk_widget_set_vexpand(stack.widget, 1)
        column.append(stack)
        gtk_widget_set_visible(widget, 0)
        Signal.connect(stack.widget, "notify::visible-child-name") { [unowned self] (_: UnsafeMutableRawPointer?) in
            if !self.switching, self.choice.switchedByReader() { self.readOutline() }
            self.readAnnotationsIfShown()
            self.onSettled?()
        }
    }

    var isOpen: Bool { gtk_widget_get_visible(widget) != 0 }

    var view: SidebarView {
        stack.shown.flatMap(SidebarView.init(rawValue:)) ?? .outline
    }

    /// Shows the sidebar, on `view` when given: the reader's choice, kept, unless not
    /// `chosen` (a view remembered from before, which an empty outline still overrides).
    func open(_ view: SidebarView? = nil, chosen: Bool = true) {
        if let view { show(view) }
        gtk_widget_set_visible(widget, 1)
        if choice.opened(on: view, chosen: chosen) { readOutline() }
        readAnnotationsIfShown()
    }

    func close() {
        gtk_widget_set_visible(widget, 0)
        choice.closed()
    }

    /// A new document: thumbnails through its canvas, the outline read when wanted.
    func attach(file: DocumentFile, canvas: PageCanvas, labelOf: @escaping (Int) -> String) {
        generation += 1
        self.file = file
        self.canvas = canvas
        self.labelOf = labelOf
        readerAt = (0, (0, 0))
        setOutline(nil, message: tr("Reading the outline…"))
        if let old = thumbnails { thumbnailPage.remove(old.widget) }
        let thumbnails = ThumbnailView(pages: canvas, labelOf: labelOf)
        thumbnails.onChosen = { [unowned self] page in self.onGoTo?(OutlineTarget(page: page)) }
        thumbnails.onSettled = { [unowned self] in self.onSettled?() }
        self.thumbnails = thumbnails
        thumbnails.setCurrent(0)
        thumbnailPage.append(thumbnails.widget)
        annotationReading?.stop()
        annotationReading = nil
        if let old = annotations { annotationPage.remove(old.widget) }
        let annotations = AnnotationsView(pageCount: canvas.pageCount, labelOf: labelOf)
        annotations.onChosen = { [unowned self] row in self.onGoToArea?(row.page, row.area, row.source) }
        self.annotations = annotations
        annotationPage.append(annotations.widget)
        if let view = choice.attached() { show(view) }
        readAnnotationsIfShown()
    }

    /// The reader's annotations changed: the annotations view lists them.
    func annotationsChanged(_ edits: AnnotationEdits) {
        annotations?.show(edits)
    }

    /// Reads the file's annotations, once a document, when their view first shows: a
    /// long document's take a while, and most readers never look.
    private func readAnnotationsIfShown() {
        guard isOpen, view == .annotations, annotationReading == nil, let file, annotations != nil else { return }
        let reading = AnnotationReading()
        annotationReading = reading
        let generation = self.generation, pageCount = canvas?.pageCount ?? 0
        startThread {
            reading.read(file, pages: pageCount) { batch in
                MainLoop.invoke { [weak self] in
                    guard let self, self.generation == generation else { return }
                    self.annotations?.received(batch)
                    self.onSettled?()
                }
            }
        }
    }

    /// The document's labels were read: the captions and the outline's pages change.
    func labelsChanged() {
        thumbnails?.labelsChanged()
        outline?.labelsChanged()
        signatures.labelsChanged()
    }

    /// The canvas has drawn its first view: reading the outline no longer competes with it.
    func firstViewDrawn() {
        if choice.drewFirstView() { readOutline() }
    }

    /// The reader moved: follow with the current page and section.
    func follow(page: Int, point: (page: Int, top: Double)) {
        readerAt = (page, point)
        thumbnails?.setCurrent(page)
        outline?.follow(point)
    }

    /// True when the view shown is complete: the outline read, or every thumbnail in view drawn.
    var isSettled: Bool {
        guard isOpen else { return true }
        switch view {
        case .outline: return choice.outlineKnown && (outline?.isPlaced ?? true)
        case .thumbnails: return thumbnails?.isSettled ?? true
        case .annotations: return annotations?.isComplete ?? true
        case .bookmarks: return true
        case .signatures: return signatures.isComplete
        }
    }

    /// Shows the Signatures view's button (a signed document) or hides it; hidden while shown,
    /// the sidebar goes to the outline.
    func showsSignatures(_ shown: Bool) {
        if !shown, view == .signatures { show(.outline) }
        stack.setPageVisible(signaturePage.widget, shown)
    }

    /// What the sidebar shows, for `--snapshot`'s report.
    var summary: String? {
        guard isOpen else { return nil }
        switch view {
        case .outline:
            guard let outline else { return "sidebar=outline entries=0" }
            let section = outline.selectedEntry.map { " section=\"\(outline.tree.entries[$0].title)\"" } ?? ""
            return "sidebar=outline entries=\(outline.tree.count)\(section)"
        case .thumbnails:
            guard let shown = thumbnails?.shownPages, !shown.isEmpty else { return "sidebar=thumbnails" }
            return "sidebar=thumbnails thumbnails=\(shown.lowerBound + 1)-\(shown.upperBound) current=\((thumbnails?.current ?? 0) + 1)"
        case .annotations:
            return "sidebar=annotations annotations=\(annotations?.rows.count ?? 0)"
        case .signatures:
            return "sidebar=signatures signatures=\(signatures.verdicts.count)"
        case .bookmarks:
            let first = bookmarks.shown.first.map { " first=\"\($0.name)\"" } ?? ""
            return "sidebar=bookmarks bookmarks=\(bookmarks.count)\(first)"
        }
    }

    private func show(_ view: SidebarView) {
        switching = true
        stack.shown = view.rawValue
        switching = false
    }

    private func readOutline() {
        guard let file else { return }
        let generation = self.generation
        // A helper of its own: the outline of a large book takes a while to read.
        startThread {
            let outcome = Result { () throws(DocumentError) in try RemoteDocument(file: file).outline() }
            MainLoop.invoke { [weak self] in self?.outlineRead(outcome, generation: generation) }
        }
    }

    private func outlineRead(_ outcome: Result<OutlineTree?, DocumentError>, generation: Int) {
        guard generation == self.generation else { return }
        let tree = if case .success(let read) = outcome { read } else { OutlineTree?.none }
        let read: SidebarChoice.Outline = tree.map { $0.isEmpty ? .empty : .entries } ?? .unreadable
        if let view = choice.outlineRead(read) { show(view) }
        switch read {
        // Not "no outline": the reader is told it could not be read.
        case .unreadable: setOutline(nil, message: tr("The outline could not be read"))
        case .empty: setOutline(nil, message: tr("This document has no outline"))
        default:
            guard let tree else { break }
            let view = OutlineView(tree: tree, labelOf: labelOf)
            view.onChosen = { [unowned self] target in self.onGoTo?(target) }
            view.onPlaced = { [unowned self] in self.onSettled?() }
            setOutline(view, message: nil)
            view.follow(readerAt.point)
        }
        onSettled?()
    }

    private func setOutline(_ view: OutlineView?, message: String?) {
        if let old = outline { outlinePage.remove(old.widget) }
        outline = view
        if let view { outlinePage.append(view.widget) }
        outlineMessage.text = message ?? ""
        outlineMessage.setVisible(message != nil)
    }
}

/// The file's annotations read page by page by a helper of their own, in batches, until
/// all are read or the reading is stopped (the document went).
final class AnnotationReading: Sendable {
    private let stopped = Mutex(false)

    func stop() { stopped.withLock { $0 = true } }

    func read(_ file: DocumentFile, pages: Int, deliver: @Sendable ([(page: Int, annotations: [FileAnnotation])]) -> Void) {
        guard let document = try? RemoteDocument(file: file) else {
            deliver((0..<pages).map { ($0, []) })
            return
        }
        var batch: [(page: Int, annotations: [FileAnnotation])] = []
        var sent = monotonicSeconds()
        for page in 0..<pages {
            guard !stopped.withLock({ $0 }) else { return }
            // A page that cannot be read lists none: the rest are still read.
            batch.append((page, document.fileAnnotations(at: page) ?? []))
            if monotonicSeconds() - sent > 0.1 || page == pages - 1 {
                deliver(batch)
                batch = []
                sent = monotonicSeconds()
            }
        }
    }
}
