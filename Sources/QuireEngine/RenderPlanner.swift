/// What to render next, replanned on every viewport change. The policy:
///  1. visible pages, nearest the viewport's centre first;
///  2. then `ahead` pages in the scroll direction, nearest first;
///  3. then `behind` pages against it.
/// Pages already cached at the wanted scale are left out.
public struct RenderPlanner: Sendable {
    /// Tiles in the order to render them; the first `urgent` are on screen.
    public struct Plan: Equatable, Sendable {
        public var tiles: [TileKey]
        public var urgent: Int
    }

    public var ahead: Int
    public var behind: Int

    public init(ahead: Int = 2, behind: Int = 1) {
        self.ahead = ahead
        self.behind = behind
    }

    public func plan(layout: PageLayout, visible: Rect, scrollingDown: Bool = true,
                     deviceScale: Double, isCached: (TileKey) -> Bool) -> Plan {
        let onScreen = layout.pages(in: visible)
        guard !onScreen.isEmpty else { return Plan(tiles: [], urgent: 0) }
        let centre = visible.midY
        let visibleOrder = onScreen.sorted {
            abs(layout.pageRect($0).midY - centre) < abs(layout.pageRect($1).midY - centre)
        }
        let after = Array(onScreen.upperBound..<min(layout.pageCount, onScreen.upperBound + (scrollingDown ? ahead : behind)))
        let before = Array((max(0, onScreen.lowerBound - (scrollingDown ? behind : ahead))..<onScreen.lowerBound).reversed())
        func keys(_ pages: [Int]) -> [TileKey] {
            pages.map { tileKey(page: $0, layout: layout, deviceScale: deviceScale) }.filter { !isCached($0) }
        }
        let urgent = keys(visibleOrder)
        return Plan(tiles: urgent + keys(scrollingDown ? after + before : before + after), urgent: urgent.count)
    }

    /// The key of the sharp picture of `page` at the layout's scale on this screen.
    public func tileKey(page: Int, layout: PageLayout, deviceScale: Double) -> TileKey {
        TileKey(page: page, scale: TileKey.boundedScale(layout.scale * deviceScale, for: layout.pageSizes[page]))
    }
}
