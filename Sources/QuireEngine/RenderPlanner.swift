/// What to render next, replanned on every viewport change. The policy:
///  1. visible pages' sharp tiles, nearest the viewport's centre first (urgent);
///  2. low-resolution pictures of the pages around the view, so that a page scrolled into
///     view is never blank (cheap, and kept apart from the sharp tiles);
///  3. sharp tiles of `ahead` pages in the scroll direction, nearest first;
///  4. sharp tiles of `behind` pages against it.
/// Tiles already cached (or pages that failed) are left out.
public struct RenderPlanner: Sendable {
    /// Tiles in the order to render them; the first `urgent` are on screen.
    public struct Plan: Equatable, Sendable {
        public var tiles: [TileKey]
        public var urgent: Int
    }

    public var ahead: Int
    public var behind: Int
    /// How many pages beyond the view on each side get a low-resolution picture.
    public var lowResAround: Int

    public init(ahead: Int = 2, behind: Int = 1, lowResAround: Int = 8) {
        self.ahead = ahead
        self.behind = behind
        self.lowResAround = lowResAround
    }

    /// Low-resolution pictures fit a 200-pixel square: a thumbnail's size.
    public static let lowResSide = 200.0

    public func plan(layout: PageLayout, visible: Rect, scrollingDown: Bool = true,
                     deviceScale: Double, isCached: (TileKey) -> Bool) -> Plan {
        let onScreen = layout.pages(in: visible)
        guard !onScreen.isEmpty else { return Plan(tiles: [], urgent: 0) }
        let centre = visible.midY
        let visibleOrder = onScreen.sorted {
            abs(layout.pageRect($0).midY - centre) < abs(layout.pageRect($1).midY - centre)
        }
        func pages(after count: Int) -> [Int] { Array(onScreen.upperBound..<min(layout.pageCount, onScreen.upperBound + count)) }
        func pages(before count: Int) -> [Int] { Array((max(0, onScreen.lowerBound - count)..<onScreen.lowerBound).reversed()) }
        let forward = scrollingDown ? pages(after: ahead) : pages(before: ahead)
        let backward = scrollingDown ? pages(before: behind) : pages(after: behind)
        // Low-res pictures: nearest first, alternating in favour of the scroll direction.
        let lowAhead = scrollingDown ? pages(after: lowResAround) : pages(before: lowResAround)
        let lowBehind = scrollingDown ? pages(before: lowResAround / 2) : pages(after: lowResAround / 2)
        var lowOrder: [Int] = []
        for index in 0..<max(lowAhead.count, lowBehind.count) {
            if index < lowAhead.count { lowOrder.append(lowAhead[index]) }
            if index < lowBehind.count { lowOrder.append(lowBehind[index]) }
        }

        let urgent = visibleOrder.map { tileKey(page: $0, layout: layout, deviceScale: deviceScale) }.filter { !isCached($0) }
        // A page whose sharp tile is already here needs no stand-in.
        let low = lowOrder.filter { !isCached(tileKey(page: $0, layout: layout, deviceScale: deviceScale)) }
            .map { lowResKey(page: $0, layout: layout) }.filter { !isCached($0) }
        let later = (forward + backward).map { tileKey(page: $0, layout: layout, deviceScale: deviceScale) }.filter { !isCached($0) }
        return Plan(tiles: urgent + low + later, urgent: urgent.count)
    }

    /// The key of the sharp picture of `page` at the layout's scale on this screen.
    public func tileKey(page: Int, layout: PageLayout, deviceScale: Double) -> TileKey {
        TileKey(page: page, rotation: layout.rotation,
                scale: TileKey.boundedScale(layout.scale * deviceScale, for: layout.pageSizes[page]))
    }

    /// The key of `page`'s low-resolution picture: whatever the zoom, the same picture
    /// (the one thumbnails can share).
    public func lowResKey(page: Int, layout: PageLayout) -> TileKey {
        let size = layout.pageSizes[page]
        let side = max(size.width, size.height)
        return TileKey(page: page, rotation: layout.rotation, scale: side > 0 ? Self.lowResSide / side : 1)
    }
}
