/// The links of the pages around the view, as a worker reads them, and what a click does
/// before they are read. The policy:
///  1. A page's links are kept while the page is in view or up to two pages from it; the
///     rest are forgotten (a long document's links are not all held).
///  2. The worker is asked for the pages in view whose links are not read, the page under
///     the pointer first. A new wish replaces the last; the same wish is not sent twice.
///  3. A click on a page whose links are not read yet is held (a later click replaces it)
///     and followed when they arrive, only if the pointer is then still over the link that
///     was clicked: a link is never followed from where the reader no longer points.
///  4. A page with more links than the index keeps is reported once.
/// The UI reads pages on a worker (`Page(listed:pageSize:)` is safe there) and turns
/// pointer motion and clicks into these calls; nothing here waits.
public struct LinkPages: Sendable {
    /// One page's links, indexed.
    public struct Page: Sendable {
        /// In annotation order: those the index kept.
        public let links: [Link]
        public let index: LinkIndex

        /// Indexes a page's links as the document lists them (poppler: drawn last first);
        /// at most `limit` (the last drawn) are kept.
        public init(listed: [Link], pageSize: Size, limit: Int = LinkIndex.maximumLinks) {
            let all = Array(listed.reversed())
            index = LinkIndex(areas: all.map(\.area), page: pageSize, limit: limit)
            links = Array(all.dropFirst(index.omitted))
        }

        public func link(at point: Point) -> Link? {
            index.link(at: point).map { links[$0 - index.omitted] }
        }
    }

    /// A point on a page (points from its top-left as displayed).
    public typealias Spot = (page: Int, point: Point)

    public enum Click: Equatable, Sendable {
        case nothing           // no link there
        case follow(Link)
        case held              // the page's links are being read
    }

    /// What an arrival of a page's links means.
    public struct Arrival: Equatable, Sendable {
        /// Whether they were kept (the view may have moved far away meanwhile).
        public var kept = false
        /// The held click's link, to be followed now.
        public var follow: Link?
        /// The page has links beyond the index's bound, first heard of now.
        public var tellOmitted = false
    }

    private var pages: [Int: Page] = [:]
    private var asked: [Int] = []
    private var held: Spot?
    private var toldOfOmitted: Set<Int> = []
    public private(set) var visible: Range<Int>

    public init(visible: Range<Int> = 0..<0) { self.visible = visible }

    /// The page's links, or nil while they are not read.
    public subscript(page: Int) -> Page? { pages[page] }

    /// The view shows `visible` now. Returns the pages to ask the worker for, when that
    /// changed (rule 2), after forgetting pages far from the view (rule 1).
    public mutating func viewShows(_ visible: Range<Int>) -> [Int]? {
        self.visible = visible
        pages = pages.filter { keeps($0.key) }
        return wish(pointerPage: nil)
    }

    /// The pointer is over `page` (nil: over no page). Returns the pages to ask for, when
    /// that changed.
    public mutating func pointer(overPage page: Int?) -> [Int]? {
        guard let page, pages[page] == nil else { return nil }
        return wish(pointerPage: page)
    }

    /// A click at `spot`. Returns what it does, and the pages to ask for when it is held.
    public mutating func click(at spot: Spot?) -> (click: Click, ask: [Int]?) {
        held = nil
        guard let spot else { return (.nothing, nil) }
        guard let links = pages[spot.page] else {
            held = spot
            return (.held, wish(pointerPage: spot.page))
        }
        return (links.link(at: spot.point).map(Click.follow) ?? .nothing, nil)
    }

    /// The worker read `page`'s links; `pointer` is where the pointer is now.
    public mutating func received(_ read: Page, forPage page: Int, pointer: Spot?) -> Arrival {
        asked.removeAll { $0 == page }
        var arrival = Arrival()
        guard keeps(page) || held?.page == page else { return arrival }
        pages[page] = read
        arrival.kept = true
        if read.index.omitted > 0 { arrival.tellOmitted = toldOfOmitted.insert(page).inserted }
        if let clicked = held, clicked.page == page {
            held = nil
            if let link = read.link(at: clicked.point), let pointer, pointer.page == page, read.link(at: pointer.point) == link {
                arrival.follow = link
            }
        }
        return arrival
    }

    /// Rule 1: the page is in view or up to two pages away.
    private func keeps(_ page: Int) -> Bool {
        (visible.lowerBound - 2..<visible.upperBound + 2).contains(page)
    }

    /// Rule 2: the unread pages in view, the pointer's first; nil when already asked.
    private mutating func wish(pointerPage: Int?) -> [Int]? {
        var wish: [Int] = []
        for page in [pointerPage].compactMap({ $0 }) + visible where pages[page] == nil && !wish.contains(page) {
            wish.append(page)
        }
        guard wish != asked else { return nil }
        asked = wish
        return wish
    }
}
