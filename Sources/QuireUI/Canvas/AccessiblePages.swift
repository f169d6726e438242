import CAdwaita
import CGtk
import CShim
import QuireEngine
import QuireRemote

/// The pages as a screen reader finds them: the canvas is a document named for the file,
/// and the pages around the view (`PageTextNodes`' policy) are labels laid over their
/// pages, invisible (not mapped, not targeted by the pointer) yet in the accessibility tree
/// at the page's place, each holding its page's text (`NodeText`) and flowing to the next.
/// GTK 4.8 has no accessible object that is not a widget, and of its widgets only labels,
/// inscriptions and text views carry the AT-SPI Text interface; a label is what Orca's Say
/// All follows across pages (issue 47, INTEROP.md).
///
/// In caret mode, the caret's page is a text view instead (`AccessibleCaret`), in the
/// same flow. With GTK 4.14 the canvas would give each page's text itself, through
/// `GtkAccessibleText` (as Papers 49 does): that page object would take the place of the
/// labels made here and of `AccessibleCaret`'s views, behind the same calls.
///
/// Nothing is made, nor read, where GTK found no accessibility bus (GTK_A11Y=none, or none
/// runs): the reader without a screen reader pays nothing. Texts are read by the document
/// helper the links share, only once the first view is drawn.
@MainActor
final class AccessiblePages {
    private unowned let canvas: PageCanvas
    private let document: RemoteDocument
    /// Made when the first text is wanted: without a screen reader there is no thread.
    private var worker: DocumentWorker?
    private var nodes = PageTextNodes()
    private var labels: [GObjectRef] = []
    /// Texts read, by page, kept near the view (`PageTextNodes` rule 4).
    private var texts: [Int: NodeText] = [:]
    private var started = false
    private var refreshing = false
    /// Whether GTK talks to an accessibility bus, asked when the canvas first shows pages.
    private var busKnown: Bool?
    /// Caret mode's page, while a screen reader follows the caret.
    private lazy var caret = AccessibleCaret(canvas: canvas)
    /// Told where the screen reader put the caret.
    var onReaderMovedCaret: ((CaretPlace) -> Void)? {
        get { caret.onReaderMoved }
        set { caret.onReaderMoved = newValue }
    }

    init(document: RemoteDocument, canvas: PageCanvas) {
        self.canvas = canvas
        self.document = document
        let name = BoundedText.line(document.title ?? "", limit: BoundedText.Limit.documentTitle)
        quire_accessible_describe(canvas.canvasWidget, name.isEmpty ? fileName(document.file.displayPath) : name, nil)
        canvas.watchVisiblePages { [weak self] _ in self?.refreshSoon() }
        canvas.watchScale { [weak self] in self?.refreshSoon() }
    }

    isolated deinit { worker?.stop() }

    /// The first view is drawn: texts may be read.
    func start() {
        guard !started else { return }
        started = true
        update()
    }

    func stop() {
        worker?.stop()
        started = false
    }

    /// Caret mode's caret moved to `caret`, on a page whose characters are `characters`: the
    /// screen reader follows it, in a view that takes the page's label's place.
    func caretMoved(_ caret: Caret, characters: PageCharacters) {
        guard started, isWanted else { return }
        let page = caret.place.page
        let before = self.caret.page
        self.caret.show(caret, characters: characters, name: name(of: page))
        guard before != page else { return }
        refill(pages: [before, page])
    }

    /// Caret mode ended: the caret's page is a label again.
    func caretEnded() {
        let before = caret.page
        caret.end()
        refill(pages: [before])
    }

    private func refill(pages: [Int?]) {
        for page in pages.compactMap({ $0 }) { if let node = nodes.pages.firstIndex(of: page) { fill(node) } }
        link()
    }

    /// Once per turn of the main loop, and not now: the view may be moving inside the
    /// canvas's size allocation, where no child may be added.
    private func refreshSoon() {
        guard started, busKnown != false, !refreshing else { return }
        refreshing = true
        MainLoop.invoke { [weak self] in
            guard let self else { return }
            refreshing = false
            update()
            placeAll()
        }
    }

    /// Only with an accessibility bus and a screen reader listening on it (`AssistiveListening`).
    private var isWanted: Bool {
        if busKnown == nil, gtk_widget_get_mapped(canvas.canvasWidget) != 0 {
            busKnown = quire_accessibility_bus_known(canvas.canvasWidget) != 0
            if busKnown == true { AssistiveListening.shared.watch { [weak self] in self?.refreshSoon() } }
        }
        return busKnown == true && AssistiveListening.shared.isListening
    }

    /// Gives the nodes the pages around the view, and reads the texts they lack.
    private func update() {
        guard started, isWanted else { return }
        let visible = canvas.visiblePages
        let changed = nodes.show(visible: visible, pageCount: canvas.pageCount)
        texts = texts.filter { nodes.keeps($0.key, visible: visible) }
        guard !changed.isEmpty else { return }
        while labels.count < nodes.poolSize, labels.count <= changed.max() ?? 0 { labels.append(makeLabel()) }
        for node in changed { fill(node) }
        link()
        read(nodes.inPageOrder.map(\.page).filter { texts[$0] == nil })
    }

    private func makeLabel() -> GObjectRef {
        let label = GObjectRef(taking: g_object_ref_sink(gtk_label_new(nil))!)
        let widget = label.typed(as: GtkWidget.self)
        gtk_widget_set_can_target(widget, 0)
        gtk_label_set_xalign(label.opaque, 0)
        gtk_label_set_yalign(label.opaque, 0)
        return label
    }

    /// Shows in `node` what is known of its page's text, over its page; a node without a
    /// page leaves the canvas.
    private func fill(_ node: Int) {
        let widget = labels[node].typed(as: GtkWidget.self)
        guard let page = nodes.pages[node], page != caret.page else {
            if gtk_widget_get_parent(widget) != nil { gtk_widget_unparent(widget) }
            return
        }
        gtk_label_set_text(labels[node].opaque, (texts[page] ?? .reading).text)
        describe(node, page: page)
        place(widget, page: page)
    }

    private func describe(_ node: Int, page: Int) {
        quire_accessible_describe(labels[node].typed(as: GtkWidget.self), name(of: page), (texts[page] ?? .reading).description)
    }

    private func name(of page: Int) -> String {
        NodeText.name(page: page, pageCount: canvas.pageCount, label: canvas.labels.label(at: page))
    }

    /// The document's page labels were read after the nodes were named: "Page 3 of 40"
    /// becomes "Page 3 of 40, labelled iii".
    func labelsChanged() {
        for (node, page) in nodes.inPageOrder where page != caret.page { describe(node, page: page) }
    }

    private func place(_ widget: UnsafeMutablePointer<GtkWidget>, page: Int) {
        let size = canvas.documentSizes[page]
        canvas.place(widget, over: Rect(x: 0, y: 0, width: size.width, height: size.height), onPage: page, textTurn: .none)
        // Not mapped, so never drawn, yet allocated, so in the accessibility tree at its
        // page's place (INTEROP.md). After `place`: a new parent makes a child visible again.
        gtk_widget_set_child_visible(widget, 0)
    }

    /// The zoom or the turn moved the pages: the nodes follow. (A scroll leaves them where
    /// they are in the content, which is what `place` sets.)
    private func placeAll() {
        for (node, page) in nodes.inPageOrder where page != caret.page { place(labels[node].typed(as: GtkWidget.self), page: page) }
        caret.placeAgain()
    }

    /// Each node flows to the next page's, the last to none; the caret's view is its page's.
    private func link() {
        var order = nodes.inPageOrder.filter { $0.page != caret.page }.map { (page: $0.page, widget: labels[$0.node].typed(as: GtkWidget.self)) }
        if let page = caret.page, let widget = caret.widget { order.append((page, widget)) }
        order.sort { $0.page < $1.page }
        for (index, entry) in order.enumerated() {
            let next = index + 1 < order.count && order[index + 1].page == entry.page + 1 ? order[index + 1] : nil
            quire_accessible_flow_to(entry.widget, next?.widget)
        }
    }

    /// Reads `pages`' texts on the worker, a page at a time. A newer view's reading replaces
    /// one still waiting: it asks for every page its nodes lack.
    private func read(_ pages: [Int]) {
        guard !pages.isEmpty else { return }
        if worker == nil { worker = DocumentWorker(sharing: document) }
        worker?.run(key: "page text") { document in
            for page in pages {
                let text = NodeText(read: document.readableText(at: page))
                MainLoop.invoke { [weak self] in self?.received(text, page: page) }
            }
        }
    }

    /// A scan's page was recognised: a node showing it reads its text again, so a screen
    /// reader finds the recognised words where it found none.
    func pageRecognised(_ page: Int) {
        texts[page] = nil
        guard started, isWanted, nodes.pages.contains(page) else { return }
        if let node = nodes.pages.firstIndex(of: page) { fill(node) }
        read([page])
    }

    private func received(_ text: NodeText, page: Int) {
        guard nodes.keeps(page, visible: canvas.visiblePages) else { return }
        texts[page] = text
        if let node = nodes.pages.firstIndex(of: page) { fill(node) }
    }
}

private func fileName(_ path: String) -> String {
    BoundedText.line(path.split(separator: "/").last ?? "", limit: BoundedText.Limit.documentTitle)
}
