/// What to render next, replanned on every viewport change. The policy:
///  1. visible pages, nearest the viewport's centre first;
///  2. then `ahead` pages in the scroll direction, nearest first;
///  3. then `behind` pages against it.
/// Pages already cached at the wanted scale are left out.
public struct RenderPlanner: Sendable {
    public var ahead: Int
    public var behind: Int

    public init(ahead: Int = 2, behind: Int = 1) {
        self.ahead = ahead
        self.behind = behind
    }

    public func plan(layout: PageLayout, visible: Rect, scrollingDown: Bool = true,
                     deviceScale: Double, isCached: (TileKey) -> Bool) -> [TileKey] {
        let onScreen = layout.pages(in: visible)
        guard !onScreen.isEmpty else { return [] }
        let centre = visible.midY
        let visibleOrder = onScreen.sorted {
            abs(layout.pageRect($0).midY - centre) < abs(layout.pageRect($1).midY - centre)
        }
        let after = Array(onScreen.upperBound..<min(layout.pageCount, onScreen.upperBound + (scrollingDown ? ahead : behind)))
        let before = Array((max(0, onScreen.lowerBound - (scrollingDown ? behind : ahead))..<onScreen.lowerBound).reversed())
        let order = visibleOrder + (scrollingDown ? after + before : before + after)
        return order.map { tileKey(page: $0, layout: layout, deviceScale: deviceScale) }.filter { !isCached($0) }
    }

    /// The key of the sharp picture of `page` at the layout's scale on this screen.
    public func tileKey(page: Int, layout: PageLayout, deviceScale: Double) -> TileKey {
        TileKey(page: page, scale: TileKey.boundedScale(layout.scale * deviceScale, for: layout.pageSizes[page]))
    }
}
