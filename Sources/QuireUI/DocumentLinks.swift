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
/// links of the pages in view, and of the page under the pointer, into a `LinkIndex`;
/// motion only asks the indexes (inside `HelperCallGuard.forbidding`). Until a page's
/// links arrive, it shows no link there. A click on such a page is held and followed
/// when they arrive, if the pointer is then still over the link clicked. The indexes of
/// the pages in view and of pages up to two away are kept; the rest are forgotten.
@MainActor
final class DocumentLinks {
    /// A page's links as the worker read them.
    private struct PageLinks: Sendable {
        var links: [Link]              // in annotation order, those the index kept
        var index: LinkIndex           // positions in `links` plus `index.omitted`

        func link(at point: Point) -> Link? {
            index.link(at: point).map { links[$0 - index.omitted] }
        }
    }

    private unowned let canvas: PageCanvas
    private let worker: DocumentWorker
    private let wanted = WantedPages()
    private var pages: [Int: PageLinks] = [:]
    private var asked: [Int] = []
    private var pointer: Point?
    private var shown: (link: Link?, overPage: Bool) = (nil, false)
    private var heldClick: (page: Int, spot: Point)?
    private var toldOfOmitted: Set<Int> = []
    /// The label a page shows, for "Go to page iv".
    private let labelOf: (Int) -> String
    /// Hands an allowed address to the desktop.
    var openURI: ((String) -> Void)?
    /// Tells the reader something (a refused link).
    var onNotice: ((String) -> Void)?

    init(file: DocumentFile, canvas: PageCanvas, labelOf: @escaping (Int) -> String) {
        self.canvas = canvas
        self.labelOf = labelOf
        worker = DocumentWorker(file: file)
        canvas.watchVisiblePages { [weak self] visible in self?.visiblePagesChanged(visible) }
        visiblePagesChanged(canvas.visiblePages)
    }

    isolated deinit { worker.stop() }

    /// A hand over a link, an I-beam over the page (where text can be selected), the arrow elsewhere.
    func pointerMoved(to point: Point) {
        pointer = point
        HelperCallGuard.forbidding {
            let spot = canvas.pagePoint(atView: point)
            let links = spot.flatMap { pages[$0.page] }
            if let spot, links == nil { ask(pointerPage: spot.page) }
            let link = spot.flatMap { links?.link(at: $0.point) }
            let overPage = spot != nil
            guard link != shown.link || overPage != shown.overPage else { return }
            shown = (link, overPage)
            let tooltip = link.map(describe)
            canvas.setPointer(cursor: link != nil ? "pointer" : overPage ? "text" : nil, tooltip: tooltip)
        }
    }

    /// Follows the link under `point`; returns whether there was one (or may be, on a
    /// page whose links are still being read).
    @discardableResult
    func clicked(at point: Point) -> Bool {
        heldClick = nil
        guard let (page, spot) = canvas.pagePoint(atView: point) else { return false }
        guard let links = pages[page] else {
            heldClick = (page, spot)
            ask(pointerPage: page)
            return true
        }
        guard let link = links.link(at: spot) else { return false }
        follow(link)
        return true
    }

    private func follow(_ link: Link) {
        switch link.target.action {
        case .goTo(let target): canvas.go(to: target)
        case .open(let uri): openURI?(uri)
        case .refuse(let reason): refuse(reason)
        }
    }

    private func refuse(_ reason: String) {
        printError(reason)
        onNotice?(reason)
    }

    private func describe(_ link: Link) -> String {
        switch link.target {
        case .page(let page, _): "Go to page \(labelOf(page))"
        case .uri: link.target.shownAddress ?? ""
        case .launch(let program): "Runs “\(program)” (Quire will not)"
        case .unsupported: "A link Quire does not follow"
        }
    }

    private func visiblePagesChanged(_ visible: Range<Int>) {
        pages = pages.filter { keeps($0.key) }
        ask(pointerPage: nil)
    }

    /// Whether a page's index is kept: the page is in view or up to two pages away.
    private func keeps(_ page: Int) -> Bool {
        let visible = canvas.visiblePages
        return (visible.lowerBound - 2..<visible.upperBound + 2).contains(page)
    }

    /// Asks the worker for the links of the pages in view (the pointer's first) that it
    /// has not read; the newest wish replaces the last.
    private func ask(pointerPage: Int?) {
        let missing = ([pointerPage].compactMap { $0 } + canvas.visiblePages).filter { pages[$0] == nil }
        var wish: [Int] = []
        for page in missing where !wish.contains(page) { wish.append(page) }
        guard wish != asked else { return }
        asked = wish
        wanted.set(wish)
        worker.run(key: "links") { [wanted] document in
            while let page = wanted.take() {
                let read = Self.read(page, of: document)
                MainLoop.invoke { [weak self] in self?.received(read, page: page) }
            }
        }
    }

    /// On the worker: the page's links, indexed.
    nonisolated private static func read(_ page: Int, of document: RemoteDocument) -> PageLinks {
        // poppler lists a page's links last first; the index takes them in annotation order.
        let all = Array(document.links(at: page).reversed())
        let index = LinkIndex(areas: all.map(\.area), page: document.pageSize(at: page))
        return PageLinks(links: Array(all.dropFirst(index.omitted)), index: index)
    }

    private func received(_ read: PageLinks, page: Int) {
        asked.removeAll { $0 == page }
        guard keeps(page) || heldClick?.page == page else { return }
        pages[page] = read
        if read.index.omitted > 0, toldOfOmitted.insert(page).inserted {
            onNotice?("Page \(page + 1) has \(read.index.omitted + read.links.count) links; Quire follows only the \(read.links.count) drawn last.")
        }
        if let pointer { pointerMoved(to: pointer) }
        if let held = heldClick, held.page == page {
            heldClick = nil
            let under = pointer.flatMap { canvas.pagePoint(atView: $0) }
            if let link = read.link(at: held.spot), under?.page == page, under.flatMap({ read.link(at: $0.point) }) == link {
                follow(link)
            }
        }
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
