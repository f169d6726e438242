import CAdwaita
import CGtk
import CShim
import QuireRemote
import QuireEngine
import Synchronization

/// The document's links under the pointer: a hand and a tooltip saying where a link leads
/// (the page label, or the address); a click follows it. Internal links jump (and can be
/// gone back from); web and mail addresses go to the desktop's handler; anything else
/// (other schemes, Launch actions, JavaScript) is refused, and the reader is told so.
///
/// Pointer motion never waits for poppler: a thread of its own (`DocumentWorker`) reads the
/// links of the pages in view, and of the page under the pointer; motion only asks the
/// indexes (inside `HelperCallGuard.forbidding`). Until a page's links arrive, it shows no
/// link there. Which pages are read and kept, and what a click before then does, is
/// `LinkPages`'s policy.
@MainActor
final class DocumentLinks {
    private unowned let canvas: PageCanvas
    private let worker: DocumentWorker
    private let previews: LinkPreviews
    private let wanted = WantedPages()
    private var pages = LinkPages()
    private var pointer: Point?
    private var started = false
    private var shown: (link: Link?, overPage: Bool, annotation: String?) = (nil, false, nil)
    /// What the reader's annotation under a page point says (a note's text, a markup's
    /// words, with its author), shown as the tooltip before any link's.
    var describeAnnotation: ((_ page: Int, _ point: Point) -> String?)?
    /// The label a page shows, for "Go to page iv".
    private let labelOf: (Int) -> String
    /// Hands an allowed address to the desktop; false when no program there opens it.
    var openURI: ((String) -> Bool)?
    /// Asked before an internal link is followed (`fromPreview`: a click in its preview;
    /// the canvas tells whether Shift was held): true when the split view's other pane went
    /// there instead (`OtherPaneLinks`).
    var followInOtherPane: ((_ target: OutlineTarget, _ shift: Bool, _ fromPreview: Bool) -> Bool)?
    /// Tells the reader something (a refused link).
    var onNotice: ((String) -> Void)?

    /// Takes the canvas's pointer motion and clicks.
    init(document: RemoteDocument, canvas: PageCanvas, labelOf: @escaping (Int) -> String, tracePreviews: Bool = false) {
        self.canvas = canvas
        self.labelOf = labelOf
        worker = DocumentWorker(sharing: document)
        previews = LinkPreviews(file: document.file, canvas: canvas, lines: worker, trace: tracePreviews, labelOf: labelOf)
        previews.follow = { [unowned self] link in self.follow(link, fromPreview: true) }
        canvas.onPointerMoved = { [unowned self] point in self.pointerMoved(to: point) }
        canvas.takeClicks { [unowned self] point in self.clicked(at: point) }
        canvas.watchVisiblePages { [weak self] visible in self?.visiblePagesChanged(visible) }
    }

    /// The first view is drawn: the links of the pages in view may be read. Asked sooner,
    /// they compete with the first view for the processor, and their answer may take the
    /// frame the first picture would have been drawn in.
    func start() {
        guard !started else { return }
        started = true
        visiblePagesChanged(canvas.visiblePages)
    }

    isolated deinit { worker.stop() }

    /// A hand over a link, an I-beam over the page (where text can be selected), the arrow elsewhere.
    func pointerMoved(to point: Point) {
        pointer = point
        HelperCallGuard.forbidding {
            let spot = canvas.pagePoint(atView: point)
            ask(pages.pointer(overPage: spot?.page))
            let link = spot.flatMap { pages[$0.page]?.link(at: $0.point) }
            let annotation = spot.flatMap { describeAnnotation?($0.page, $0.point) }
            let overPage = spot != nil
            // Over an annotation, its tooltip; elsewhere on a page, a link's preview or a reference's.
            previews.pointer(over: link, at: annotation == nil ? spot : nil)
            guard link != shown.link || overPage != shown.overPage || annotation != shown.annotation else { return }
            shown = (link, overPage, annotation)
            // An internal link's preview says where it goes, in place of a tooltip over it.
            let tooltip = annotation ?? link.flatMap { if case .page = $0.target { nil } else { describe($0) } }
            canvas.setPointer(cursor: link != nil || annotation != nil ? "pointer" : overPage ? "text" : nil, tooltip: tooltip)
        }
    }

    /// Follows the link under `point`; returns whether there was one (or may be, on a
    /// page whose links are still being read).
    @discardableResult
    func clicked(at point: Point) -> Bool {
        if previews.takesClick() { return true }
        let (click, wish) = pages.click(at: canvas.pagePoint(atView: point))
        ask(wish)
        switch click {
        case .nothing: return false
        case .held: return true
        case .follow(let link):
            follow(link)
            return true
        }
    }

    private func follow(_ link: Link, fromPreview: Bool = false) {
        switch link.target.action {
        case .goTo(let target):
            if followInOtherPane?(target, canvas.clickedWithShift, fromPreview) != true { canvas.go(to: target) }
        case .open(let uri): if openURI?(uri) == false { refuse(URIPolicy.noProgram(for: uri)) }
        case .refuse(let reason): refuse(reason)
        }
    }

    private func refuse(_ reason: String) {
        printError(reason)
        onNotice?(reason)
    }

    private func describe(_ link: Link) -> String {
        switch link.target {
        case .page(let page, _): tr("Go to page {page}", ["page": labelOf(page)])
        case .uri: link.target.shownAddress ?? ""
        case .launch(let program): tr("Runs “{program}” (Quire will not)", ["program": program])
        case .unsupported: tr("A link Quire does not follow")
        }
    }

    private func visiblePagesChanged(_ visible: Range<Int>) {
        guard started else { return }
        ask(pages.viewShows(visible))
    }

    /// Hands the worker a new wish (the newest replaces the last).
    private func ask(_ wish: [Int]?) {
        guard let wish else { return }
        wanted.set(wish)
        worker.run(key: "links") { [wanted] document in
            while let page = wanted.take() {
                let read = LinkPages.Page(listed: document.links(at: page), pageSize: document.pageSize(at: page))
                MainLoop.invoke { [weak self] in self?.received(read, page: page) }
            }
        }
    }

    private func received(_ read: LinkPages.Page, page: Int) {
        let arrival = pages.received(read, forPage: page, pointer: pointer.flatMap { canvas.pagePoint(atView: $0) })
        guard arrival.kept else { return }
        if arrival.tellOmitted {
            onNotice?(tr("Page {page} has {count} links; Quire follows only the {followed} drawn last.", ["page": String(page + 1), "count": String(read.index.omitted + read.links.count), "followed": String(read.links.count)]))
        }
        if let pointer { pointerMoved(to: pointer) }
        if let link = arrival.follow { follow(link) }
    }
}

/// The pages whose links the worker is to read next: set by the main thread, taken by
/// the worker one at a time. The page being read is not asked for again.
private final class WantedPages: Sendable {
    private let state = Mutex<(waiting: [Int], reading: Int?)>(([], nil))

    func set(_ wanted: [Int]) {
        state.withLock { state in state.waiting = wanted.filter { $0 != state.reading } }
    }

    func take() -> Int? {
        state.withLock { state in
            state.reading = state.waiting.isEmpty ? nil : state.waiting.removeFirst()
            return state.reading
        }
    }
}
