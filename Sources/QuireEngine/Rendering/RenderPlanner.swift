/// What to render next, replanned on every viewport change. The policy:
///  1. the sharp tiles on screen, nearest the viewport's centre first (urgent); on a page
///     cut into cells, its low-resolution picture first: one render that covers the whole
///     view at once, where the cells take one render each; and before those cells, the
///     low-resolution picture of a page cut into cells that comes within one and a half
///     screens in the scroll direction (urgent too): the workers start nothing else while
///     cells on screen are drawn (`RenderWorkers`), and at deep zoom on a scan they always
///     are, so a stand-in planned later came only once its page was on screen, blank;
///  2. the sharp tile of the next page in the scroll direction: the page to come into view;
///  3. low-resolution pictures of the pages around the view, so that a page scrolled into
///     view is never blank (cheap, and kept apart from the sharp tiles); a page whose whole
///     sharp picture comes in step 2 or 5 gets none, but a page cut into cells does: its
///     cells are planned only once they are near the view, too late to stand in for it;
///  4. cells just outside the view, on pages cut into cells (deep zoom);
///  5. sharp tiles of the other `ahead` pages in the scroll direction, nearest first;
///  6. sharp tiles of `behind` pages against it.
/// Tiles already cached (or pages that failed) are left out. A page the reader had drawn
/// at a lower resolution (`LowerResolution`) is one whole picture at its cap.
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
    /// Pages drawn at a lower resolution, and the offers to do so.
    public internal(set) var lowerResolution = LowerResolution()

    public init(ahead: Int = 2, behind: Int = 1, lowResAround: Int = 6) {
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
        // Pages whose whole sharp pictures come next anyway get no stand-in: on a scan a
        // stand-in costs a full image decode, as much as the sharp picture.
        let prefetched = Set((forward + backward).filter { !isCut(page: $0, layout: layout, deviceScale: deviceScale) })
        var lowOrder: [Int] = []
        for index in 0..<max(lowAhead.count, lowBehind.count) {
            if index < lowAhead.count, !prefetched.contains(lowAhead[index]) { lowOrder.append(lowAhead[index]) }
            if index < lowBehind.count, !prefetched.contains(lowBehind[index]) { lowOrder.append(lowBehind[index]) }
        }
        // Half a view further in the scroll direction and a quarter to each side.
        let near = Rect(x: visible.x - visible.width / 4, y: visible.y - (scrollingDown ? 0 : visible.height / 2),
                        width: visible.width * 1.5, height: visible.height * 1.5)

        func sharp(_ page: Int, covering area: Rect) -> [TileKey] {
            sharpKeys(page: page, covering: area, layout: layout, deviceScale: deviceScale)
        }
        let cutOnScreen = visibleOrder.filter { isCut(page: $0, layout: layout, deviceScale: deviceScale) }
        // The view and one and a half screens beyond it in the scroll direction.
        let approach = Rect(x: visible.x, y: visible.y - (scrollingDown ? 0 : visible.height * 1.5),
                            width: visible.width, height: visible.height * 2.5)
        let coming = layout.pages(in: approach).filter { !onScreen.contains($0) && isCut(page: $0, layout: layout, deviceScale: deviceScale) }
        let standIns = (cutOnScreen + coming).map { lowResKey(page: $0, layout: layout) }.filter { !isCached($0) }
        let urgent = standIns + visibleOrder.flatMap { sharp($0, covering: visible) }.filter { !isCached($0) }
        let urgentSet = Set(urgent)
        // A page whose whole sharp picture is already here needs no stand-in.
        let low = lowOrder.filter { isCut(page: $0, layout: layout, deviceScale: deviceScale)
                || !isCached(tileKey(page: $0, layout: layout, deviceScale: deviceScale)) }
            .map { lowResKey(page: $0, layout: layout) }.filter { !isCached($0) && !urgentSet.contains($0) }
        let nearCells = cutOnScreen.flatMap { sharp($0, covering: near) }.filter { !isCached($0) && !urgentSet.contains($0) }
        let next = forward.prefix(1).flatMap { sharp($0, covering: near) }.filter { !isCached($0) }
        let later = (forward.dropFirst() + backward).flatMap { sharp($0, covering: near) }.filter { !isCached($0) }
        return Plan(tiles: urgent + next + low + nearCells + later, urgent: urgent.count)
    }

    /// Whether `page` is cut into cells at this zoom: when its picture would hold more than
    /// four times the view's pixels.
    public func isCut(page: Int, layout: PageLayout, deviceScale: Double) -> Bool {
        guard lowerResolution.cap(page) == nil else { return false }
        let size = layout.pageSizes[page]
        let scale = layout.scale * deviceScale
        let pagePixels = size.width * size.height * scale * scale
        let viewPixels = layout.viewport.width * layout.viewport.height * deviceScale * deviceScale
        return viewPixels > 0 && pagePixels > 4 * viewPixels
    }

    /// The sharp tiles of `page` that cover `area` (content pixels): the whole page, or
    /// the cells that meet the area, nearest its centre first.
    public func sharpKeys(page: Int, covering area: Rect, layout: PageLayout, deviceScale: Double) -> [TileKey] {
        guard isCut(page: page, layout: layout, deviceScale: deviceScale) else {
            return [tileKey(page: page, layout: layout, deviceScale: deviceScale)]
        }
        let rect = layout.pageRect(page)
        let part = rect.intersection(area)
        guard !part.isEmpty else { return [] }
        let scale = layout.scale * deviceScale
        let side = Double(TileKey.cellSide)
        let size = layout.pageSizes[page]
        let lastColumn = (TileKey.pixels(size.width * scale) - 1) / TileKey.cellSide
        let lastRow = (TileKey.pixels(size.height * scale) - 1) / TileKey.cellSide
        func cells(_ from: Double, _ to: Double, last: Int) -> ClosedRange<Int> {
            // A sliver under a pixel wide past a cell's edge is that one cell, not a reversed range.
            let first = min(max(Int(saturating: from / side), 0), last)
            return first...min(max(Int(saturating: (to - 1) / side), first), last)
        }
        let columns = cells((part.x - rect.x) * deviceScale, (part.maxX - rect.x) * deviceScale, last: lastColumn)
        let rows = cells((part.y - rect.y) * deviceScale, (part.maxY - rect.y) * deviceScale, last: lastRow)
        let centre = (x: (part.x + part.width / 2 - rect.x) * deviceScale, y: (part.y + part.height / 2 - rect.y) * deviceScale)
        func distance(_ cell: TileKey.Cell) -> Double {
            let dx = (Double(cell.column) + 0.5) * side - centre.x, dy = (Double(cell.row) + 0.5) * side - centre.y
            return dx * dx + dy * dy
        }
        return rows.flatMap { row in columns.map { TileKey.Cell(column: $0, row: row) } }
            .sorted { distance($0) < distance($1) }
            .map { TileKey(page: page, rotation: layout.rotation, scale: scale, cell: $0) }
    }

    /// The key of `page`'s whole-page sharp picture at the layout's scale on this screen
    /// (at most its cap, if it has one).
    public func tileKey(page: Int, layout: PageLayout, deviceScale: Double) -> TileKey {
        let wanted = layout.scale * deviceScale
        return TileKey(page: page, rotation: layout.rotation,
                       scale: TileKey.boundedScale(lowerResolution.cap(page).map { min($0, wanted) } ?? wanted, for: layout.pageSizes[page]))
    }

    /// The key of `page`'s low-resolution picture: whatever the zoom, the same picture
    /// (the one thumbnails can share).
    public func lowResKey(page: Int, layout: PageLayout) -> TileKey {
        let size = layout.pageSizes[page]
        let side = max(size.width, size.height)
        return TileKey(page: page, rotation: layout.rotation, scale: side > 0 ? Self.lowResSide / side : 1)
    }
}
