/// Everything the document canvas knows, without a toolkit: the layout, the scroll
/// position, the pictures (sharp tiles and low-resolution stand-ins) and which pages failed.
/// The UI feeds it sizes, scrolls, zooms and finished renders, submits its `plan()` to the
/// render workers and draws its `drawList()`; the benchmark drives it the same way.
///
/// What a visible page shows, best first: its sharp tile; a tile of it at another scale
/// (right after a zoom), scaled; its low-resolution picture, scaled; blank paper.
public struct CanvasModel<Picture: RenderedPicture>: Sendable {
    public private(set) var layout: PageLayout
    /// Top-left corner of the view in content pixels.
    public private(set) var scroll = Point(x: 0, y: 0)
    public private(set) var deviceScale = 1.0
    public private(set) var sharp: TileCache<Picture>
    public private(set) var lowRes: TileCache<Picture>
    public private(set) var failures: [Int: String] = [:]
    public var planner = RenderPlanner()
    /// Pages before this one have their real sizes; the rest are estimates.
    public private(set) var pagesWithKnownSize = 1
    private var scrollingDown = true
    /// The pages the thumbnail sidebar shows, and the screen ahead of it: their
    /// low-resolution pictures (the very ones the canvas uses as stand-ins) are planned
    /// after the visible tiles, and those shown are kept like pages on screen.
    public private(set) var thumbnails: (shown: Range<Int>, ahead: [Int]) = (0..<0, [])
    /// A place asked for before the view had a size: shown by the first resize that gives
    /// it one. The latest request wins.
    public private(set) var pendingRequest: ViewRequest?
    /// A place the view was asked to bring to its top and could not, the document's end
    /// being in view (far out: a page gone to at 10 %), and the scroll position it stopped
    /// at. Until the view moves from there it is where the reader is: the current page, and
    /// what a zoom brings to the top.
    private var held: (place: (page: Int, fraction: Double), at: Double)?

    public init(pageSizes: [Size], zoom: ZoomMode, budget: Int) {
        layout = PageLayout(pageSizes: pageSizes, zoom: zoom)
        // Stand-ins are small; an eighth of the budget keeps hundreds of pages around the view.
        sharp = TileCache(budget: budget - budget / 8)
        lowRes = TileCache(budget: budget / 8)
    }

    public var hasViewport: Bool { layout.viewport.width > 0 && layout.viewport.height > 0 }

    public var visibleRect: Rect {
        Rect(x: scroll.x, y: scroll.y, width: layout.viewport.width, height: layout.viewport.height)
    }

    public var visiblePages: Range<Int> { hasViewport ? layout.pages(in: visibleRect) : 0..<0 }

    /// The page held (see `held`) while in view, else the page showing most of the view.
    public var currentPage: Int? {
        guard hasViewport else { return nil }
        if let held, visiblePages.contains(held.place.page) { return held.place.page }
        return layout.mostVisiblePage(in: visibleRect)
    }

    /// A new view size. Returns the scroll position that keeps the point at the top of
    /// the view where it was (the start of the document the first time), and the middle of
    /// the view across where it was (a page zoomed wider than the view stays centred).
    public mutating func resize(to size: Size) -> Point {
        let anchor = hasViewport ? viewAnchor : nil
        let across = middleAcross
        layout.setViewport(size)
        if hasViewport, let request = pendingRequest {
            pendingRequest = nil
            return position(for: request)
        }
        guard let anchor else { return position(showing: 0) }
        return clamped(Point(x: x(keepingMiddle: across), y: position(keeping: anchor).y))
    }

    /// How far the view's middle is from the middle of the content, across: the columns
    /// are centred in the content, so this is what stays put when the content's width
    /// changes (a wider page's size read, a narrower view).
    private var middleAcross: Double { scroll.x + layout.viewport.width / 2 - layout.contentSize.width / 2 }

    private func x(keepingMiddle across: Double) -> Double {
        layout.contentSize.width / 2 + across - layout.viewport.width / 2
    }

    /// Device pixels per logical pixel: from 1 to 16 (GTK's are whole numbers, 1 to 4 on
    /// today's screens); anything not a number is 1.
    public mutating func setDeviceScale(_ scale: Double) { deviceScale = scale.isNaN ? 1 : min(max(1, scale), 16) }

    /// Adopts real sizes for pages `first…` (they start as estimates). Returns the scroll
    /// position that keeps the page at the top of the view where it was.
    public mutating func adoptPageSizes(_ sizes: [Size], from first: Int) -> Point {
        let anchor = hasViewport ? viewAnchor : nil
        let across = middleAcross
        layout.setPageSizes(sizes, from: first)
        if first <= pagesWithKnownSize { pagesWithKnownSize = max(pagesWithKnownSize, first + sizes.count) }
        guard let anchor else { return scroll }
        return clamped(Point(x: x(keepingMiddle: across), y: position(keeping: anchor).y))
    }

    /// Whether a picture for `key` should be measured for smart fit (`InkColumns`): the
    /// whole page as laid out now, while its side wants samples, at any zoom, so that
    /// choosing smart fit needs no wait.
    public func wantsInk(of key: TileKey) -> Bool {
        key.cell == nil && key.rotation == layout.rotation && layout.ink.wants(key.page)
    }

    /// Adds `page`'s ink profile. Returns the scroll position that keeps the place when
    /// smart fit's box moved, else nil.
    public mutating func measuredInk(page: Int, profile: [Int]) -> Point? {
        var ink = layout.ink
        let changed = ink.add(page: page, profile: profile)
        let anchor = hasViewport ? viewAnchor : nil
        layout.setInk(ink)
        guard changed, layout.zoom == .fitInk, let anchor else { return nil }
        return clamped(Point(x: scroll.x, y: position(keeping: anchor).y))
    }

    /// No more sizes will come (their reader could not read them): the estimates stand.
    public mutating func keepEstimatedSizes() { pagesWithKnownSize = layout.pageCount }

    /// Records where the view is now (the toolkit owns scrolling).
    public mutating func scroll(to point: Point) {
        if point.y != scroll.y { scrollingDown = point.y > scroll.y }
        scroll = point
        if let held, abs(point.y - held.at) >= 1 { self.held = nil }
    }

    /// `point`, the position that shows `place` at the view's top as far as the content
    /// allows: holds the place when the content's end stopped it short.
    private mutating func hold(_ place: (page: Int, fraction: Double), at point: Point) -> Point {
        guard layout.pageCount > 0 else { return point }
        let place = (page: min(max(place.page, 0), layout.pageCount - 1), fraction: place.fraction)
        let top = layout.contentY(page: place.page, fraction: place.fraction) - layout.gap
        held = point.y < top - 1 ? (place, point.y) : nil
        return point
    }

    /// Changes the zoom keeping the content under `pointer` (view coordinates) where it is;
    /// without one, the place at the view's top (`place`, or the place held there: see
    /// `held`), held in turn when the content's end stops it short of the top. Returns the
    /// scroll position that does so.
    public mutating func setZoom(_ mode: ZoomMode, around pointer: Point? = nil) -> Point {
        let kept = pointer == nil ? held?.place ?? topAnchor : nil
        let focus = pointer ?? Point(x: layout.viewport.width / 2, y: layout.gap)
        let before = layout.scale
        let anchor = kept ?? layout.anchor(atContentY: scroll.y + focus.y)
        let oldWidth = layout.contentSize.width
        let fractionX = oldWidth > 0 ? (scroll.x + focus.x) / oldWidth : 0.5
        layout.setZoom(mode)
        guard layout.scale != before else { return scroll }
        let y = layout.contentY(page: anchor.page, fraction: anchor.fraction) - focus.y
        let x = fractionX * layout.contentSize.width - focus.x
        let point = clamped(Point(x: x, y: y))
        return pointer == nil ? hold(anchor, at: point) : point
    }

    /// Turns every page by `rotation` (on top of the document's own), keeping the page at
    /// the top of the view. Returns the scroll position that does so.
    public mutating func setRotation(_ rotation: Rotation) -> Point {
        let anchor = hasViewport ? viewAnchor : nil
        layout.setRotation(rotation)
        guard let anchor else { return scroll }
        return position(keeping: anchor)
    }

    /// Arranges pages in one column or in spreads, keeping the place. Returns the scroll
    /// position that does so.
    public mutating func setArrangement(_ arrangement: PageLayout.Arrangement) -> Point {
        let anchor = hasViewport ? viewAnchor : nil
        layout.setArrangement(arrangement)
        guard let anchor else { return scroll }
        return position(keeping: anchor)
    }

    /// Lays out every page, or one page (or spread) at a time, keeping the current page.
    public mutating func setContinuous(_ continuous: Bool) -> Point {
        let page = currentPage ?? 0
        layout.setContinuous(continuous, showing: page)
        return position(showing: page)
    }

    /// Changes the space between and around pages, showing the current page from its top.
    public mutating func setGap(_ gap: Double) -> Point {
        let page = currentPage ?? 0
        layout.setGap(gap)
        return position(showing: page)
    }

    /// Where the view can be asked to go.
    public enum ViewRequest: Equatable, Sendable {
        case page(Int)               // its top
        case place(ViewPlace)        // a remembered place
        case target(OutlineTarget)   // an outline entry's or a link's destination
    }

    /// Goes where `request` says: returns the scroll position that shows it, or nil when
    /// the view has no size yet (then the first resize that gives it one goes there).
    public mutating func go(_ request: ViewRequest) -> Point? {
        guard hasViewport else { pendingRequest = request; return nil }
        return position(for: request)
    }

    private mutating func position(for request: ViewRequest) -> Point {
        switch request {
        case .page(let page): return hold((page, 0), at: go(to: page))
        case .place(let place): return hold((place.page, place.fraction), at: position(of: place))
        case .target(let target):
            let point = position(ofTop: target.top, onPage: target.page)
            guard layout.pageCount > 0 else { return point }
            // The line's place down its page, when the page is not turned.
            let page = min(max(target.page, 0), layout.pageCount - 1), top = layout.rotation == .none ? target.top ?? 0 : 0
            let fraction = top / max(layout.documentSizes[page].height, 1)
            return hold((page, fraction.isNaN ? 0 : min(max(fraction, 0), 1)), at: point)
        }
    }

    /// Goes to `page`: scrolls there, or, one page at a time, turns to it. Returns the
    /// scroll position that shows it from its top.
    public mutating func go(to page: Int) -> Point {
        if !layout.continuous { layout.setContinuous(false, showing: page) }
        return position(showing: page)
    }

    /// One page at a time: the scroll position a screen further (or back), or nil when the
    /// shown page or spread is at its end and the next key should turn it.
    public func screen(forward: Bool) -> Point? {
        let step = layout.viewport.height * 0.9
        let target = clamped(Point(x: scroll.x, y: scroll.y + (forward ? step : -step)))
        return abs(target.y - scroll.y) < 1 ? nil : target
    }

    /// One page at a time: turns to the next (or previous) page or spread, showing its top
    /// (or, going back, its bottom). Returns the scroll position, or nil at either end.
    public mutating func turn(forward: Bool) -> Point? {
        guard let page = currentPage else { return nil }
        let next = layout.page(rowsAway: forward ? 1 : -1, from: page)
        guard next != layout.page(rowsAway: 0, from: page) else { return nil }
        layout.setContinuous(false, showing: next)
        let top = position(showing: next)
        return forward ? top : clamped(Point(x: top.x, y: .infinity))
    }

    /// The scroll position that shows `page` from its top, centred across.
    public func position(showing page: Int) -> Point {
        guard layout.pageCount > 0 else { return Point(x: 0, y: 0) }
        let rect = layout.pageRect(min(max(page, 0), layout.pageCount - 1))
        return clamped(Point(x: rect.x + rect.width / 2 - layout.viewport.width / 2, y: rect.y - layout.gap))
    }

    /// `point` within the content, a coordinate that is not a number at its start.
    public func clamped(_ point: Point) -> Point {
        let content = layout.contentSize
        func clamp(_ value: Double, _ end: Double) -> Double { value.isNaN ? 0 : min(max(value, 0), max(0, end)) }
        return Point(x: clamp(point.x, content.width - layout.viewport.width), y: clamp(point.y, content.height - layout.viewport.height))
    }

    /// The key of `page`'s whole-page sharp picture at the current zoom.
    public func sharpKey(_ page: Int) -> TileKey {
        planner.tileKey(page: page, layout: layout, deviceScale: deviceScale)
    }

    /// The sharp tiles that show `page` where it is visible: the whole page, or its
    /// visible cells when the zoom cuts it into cells.
    public func visibleSharpKeys(_ page: Int) -> [TileKey] {
        planner.sharpKeys(page: page, covering: visibleRect, layout: layout, deviceScale: deviceScale)
    }

    /// Whether a sharp tile is one the current zoom and rotation want.
    private func isWanted(_ key: TileKey) -> Bool {
        guard key.rotation == layout.rotation else { return false }
        if planner.isCut(page: key.page, layout: layout, deviceScale: deviceScale) {
            return key.cell != nil && key.scale == layout.scale * deviceScale
        }
        return key == sharpKey(key.page)
    }

    /// What to render now, most needed first. Sharp tiles off screen are planned only
    /// while they fit the budget beside what is on screen: a prefetched page evicted
    /// before it is seen would only be rendered again.
    public func plan() -> RenderPlanner.Plan {
        guard hasViewport else { return RenderPlanner.Plan(tiles: [], urgent: 0) }
        var plan = planner.plan(layout: layout, visible: visibleRect, scrollingDown: scrollingDown, deviceScale: deviceScale,
                                isCached: { key in
                                    failures[key.page] != nil || isCurrent(sharp[key], page: key.page) || isCurrent(lowRes[key], page: key.page)
                                })
        func bytes(_ key: TileKey) -> Int {
            let size = key.pixelSize(for: layout.pageSizes[key.page])
            return size.width * size.height * 4
        }
        var committed = visiblePages.flatMap(visibleSharpKeys).reduce(0) { $0 + bytes($1) }
        plan.tiles = plan.tiles.enumerated().filter { index, key in
            guard index >= plan.urgent, key != planner.lowResKey(page: key.page, layout: layout) else { return true }
            committed += bytes(key)
            return committed <= sharp.budget
        }.map(\.element)
        return withThumbnails(plan)
    }

    /// Thumbnails shown come right after what is on screen, the screen ahead of them last.
    private func withThumbnails(_ plan: RenderPlanner.Plan) -> RenderPlanner.Plan {
        guard !thumbnails.shown.isEmpty else { return plan }
        func wanted(_ pages: [Int]) -> [TileKey] {
            pages.filter { $0 < layout.pageCount && failures[$0] == nil }
                .map { planner.lowResKey(page: $0, layout: layout) }.filter { !isCurrent(lowRes[$0], page: $0.page) }
        }
        let shown = wanted(Array(thumbnails.shown)), ahead = wanted(thumbnails.ahead)
        let added = Set(shown + ahead)
        let rest = plan.tiles[plan.urgent...].filter { !added.contains($0) }
        return RenderPlanner.Plan(tiles: plan.tiles[..<plan.urgent] + shown + rest + ahead, urgent: plan.urgent)
    }

    /// Tells which pages the thumbnail sidebar shows (empty when it is closed).
    public mutating func setThumbnails(shown: Range<Int>, ahead: [Int]) {
        thumbnails = (shown, ahead)
    }

    /// How far a low-resolution picture is from being seen, in pages; nil when it is on
    /// screen, in the canvas or among the thumbnails.
    private static func lowResDistance(_ key: TileKey, visible: Range<Int>, thumbnails: Range<Int>) -> Double? {
        guard let canvas = TileCache<Picture>.distance(ofPage: key.page, from: visible),
              let sidebar = TileCache<Picture>.distance(ofPage: key.page, from: thumbnails) else { return nil }
        return min(canvas, sidebar)
    }

    public enum Acceptance: Equatable, Sendable {
        case shown   // kept, and on screen now
        case kept    // kept for later
        case stale   // at a scale no longer wanted: dropped
    }

    /// Takes a finished render. A sharp tile at a scale no longer wanted is stale and
    /// dropped, unless its page is in view without any whole picture: then it stands in.
    @discardableResult
    public mutating func accept(_ key: TileKey, _ outcome: Result<Picture, RenderFailure>) -> Acceptance {
        guard key.page < layout.pageCount else { return .stale }
        let visible = visiblePages
        switch outcome {
        case .success(let picture) where isWanted(key):
            let onScreen = Set(visible.flatMap(visibleSharpKeys))
            sharp.removeOthers(of: key)
            sharp.insert(picture, for: key) { key in
                // Whole pictures of visible pages are on screen (or under missing cells);
                // cells of a visible page off screen go before other pages.
                if visible.contains(key.page) { return key.cell == nil || onScreen.contains(key) ? nil : 0.5 }
                return TileCache<Picture>.distance(ofPage: key.page, from: visible)
            }
        case .success(let picture) where key == planner.lowResKey(page: key.page, layout: layout):
            let shown = thumbnails.shown
            lowRes.insert(picture, for: key) { Self.lowResDistance($0, visible: visible, thumbnails: shown) }
        case .success(let picture) where key.cell == nil && key.rotation == layout.rotation && visible.contains(key.page)
            && sharp.nearestPicture(to: sharpKey(key.page)) == nil:
            // Rendered for the view before a zoom or resize: better than nothing or the
            // low-resolution picture while the sharp one comes; it gives way to that.
            sharp.insert(picture, for: key) { $0 == key ? 0.5 : TileCache<Picture>.distance(ofPage: $0.page, from: visible) }
        case .success:
            return .stale
        case .failure(let failure):
            failures[key.page] = failure.description
            let low = planner.lowResKey(page: key.page, layout: layout)
            if failure.isTooSlow, key != low {
                planner.lowerResolution.tooSlow(key, pageSize: layout.pageSizes[key.page], lowResScale: low.scale)
            }
        }
        return visible.contains(key.page) || thumbnails.shown.contains(key.page) ? .shown : .kept
    }

    /// Whether `page` failed by taking too long, and can be drawn at a lower resolution.
    public func offersLowerResolution(_ page: Int) -> Bool {
        failures[page] != nil && planner.lowerResolution.offer(page) != nil
    }

    /// The reader asked for `page` at the lower resolution offered: it fails no more, and
    /// the next plan asks for it so (`LowerResolution`). Returns whether it was offered.
    @discardableResult
    public mutating func drawAtLowerResolution(_ page: Int) -> Bool {
        guard failures[page] != nil, planner.lowerResolution.take(page) else { return false }
        failures[page] = nil
        return true
    }

    /// Drops every picture not on screen (memory is short).
    /// A new picture budget, split as at the start; what no longer fits goes, farthest
    /// from the view first, never what is on screen.
    public mutating func setBudget(_ budget: Int) {
        let visible = visiblePages, onScreen = Set(visible.flatMap(visibleSharpKeys)), shown = thumbnails.shown
        sharp.setBudget(budget - budget / 8) { key in
            if visible.contains(key.page) { return key.cell == nil || onScreen.contains(key) ? nil : 0.5 }
            return TileCache<Picture>.distance(ofPage: key.page, from: visible)
        }
        lowRes.setBudget(budget / 8) { Self.lowResDistance($0, visible: visible, thumbnails: shown) }
    }

    public mutating func trimToVisible() {
        let visible = visiblePages
        let onScreen = Set(visible.flatMap(visibleSharpKeys))
        sharp.evictAll { visible.contains($0.page) && ($0.cell == nil || onScreen.contains($0)) }
        lowRes.evictAll { visible.contains($0.page) || thumbnails.shown.contains($0.page) }
    }

    /// True when every visible page shows its sharp tiles or its failure.
    public var visiblePagesComplete: Bool { hasViewport && !visiblePages.contains(where: isWaiting) }

    /// The pages in view still waiting for their sharp pictures (failed ones wait no more).
    public var waitingPages: [Int] { hasViewport ? visiblePages.filter(isWaiting) : [] }

    private func isWaiting(_ page: Int) -> Bool {
        failures[page] == nil && !visibleSharpKeys(page).allSatisfy { isCurrent(sharp[$0], page: page) }
    }

    /// The revision of the document's contents each changed page shows now (pages not
    /// here show revision 0, the document as opened).
    public private(set) var pageRevisions: [Int: Int] = [:]

    /// The reader changed what `pages` show (a form field's value), now `revision`: their
    /// pictures stay on screen until new ones, drawn with the change, replace them; until
    /// then the pages are planned again and count as waiting. A render already running
    /// with the old contents is taken when it comes, and planned again.
    public mutating func contentChanged(pages: [Int], revision: Int) {
        for page in pages where (0..<layout.pageCount).contains(page) {
            pageRevisions[page] = max(pageRevisions[page] ?? 0, revision)
        }
    }

    /// Whether `picture` shows `page`'s contents as they are now.
    private func isCurrent(_ picture: Picture?, page: Int) -> Bool {
        guard let picture else { return false }
        return picture.revision >= pageRevisions[page] ?? 0
    }

    /// True once every page's real size is known and the view shows all it will.
    public var isSettled: Bool { pagesWithKnownSize >= layout.pageCount && visiblePagesComplete }

    /// `reduced`: the page's own picture at the lower resolution the reader chose.
    public enum Quality: Equatable, Sendable { case sharp, reduced, scaled, lowRes, blank, failed }

    /// A picture to draw and where, in view coordinates (not yet snapped to device pixels).
    public struct Layer: Sendable {
        public let rect: Rect
        public let key: TileKey
        public let picture: Picture
    }

    /// One visible page as it is to be drawn: its rectangle (view coordinates), the
    /// pictures to draw in order, and how good the result is.
    public struct PageDrawing: Sendable {
        public let page: Int
        public let rect: Rect
        public let layers: [Layer]
        public let quality: Quality
    }

    public func drawList() -> [PageDrawing] {
        visiblePages.map { page in
            let content = layout.pageRect(page)
            let rect = Rect(x: content.x - scroll.x, y: content.y - scroll.y, width: content.width, height: content.height)
            let wanted = visibleSharpKeys(page)
            let present = wanted.compactMap { key in sharp[key].map { (key, $0) } }
            // Sharp pictures are drawn at their own pixel size, one picture pixel to one
            // device pixel: no resampling, no blur.
            func native(_ key: TileKey, _ picture: Picture) -> Layer {
                let pixels = key.pixelRect(for: layout.pageSizes[page])
                return Layer(rect: Rect(x: rect.x + Double(pixels.x) / deviceScale, y: rect.y + Double(pixels.y) / deviceScale,
                                        width: Double(pixels.width) / deviceScale, height: Double(pixels.height) / deviceScale),
                             key: key, picture: picture)
            }
            let cells = present.filter { $0.0.cell != nil }.map(native)
            if !wanted.isEmpty, present.count == wanted.count {
                if planner.lowerResolution.cap(page) != nil, let (key, picture) = present.first, key.cell == nil,
                   key.scale < layout.scale * deviceScale {
                    return PageDrawing(page: page, rect: rect, layers: [Layer(rect: rect, key: key, picture: picture)], quality: .reduced)
                }
                return PageDrawing(page: page, rect: rect, layers: present.map(native), quality: .sharp)
            }
            // Under what is missing: a whole picture at another scale, else the stand-in.
            if let (key, picture) = sharp.nearestPicture(to: sharpKey(page)) {
                return PageDrawing(page: page, rect: rect, layers: [Layer(rect: rect, key: key, picture: picture)] + cells, quality: .scaled)
            }
            let low = planner.lowResKey(page: page, layout: layout)
            if let picture = lowRes[low] {
                return PageDrawing(page: page, rect: rect, layers: [Layer(rect: rect, key: low, picture: picture)] + cells, quality: .lowRes)
            }
            let quality: Quality = failures[page] != nil ? .failed : .blank
            return PageDrawing(page: page, rect: rect, layers: cells, quality: quality)
        }
    }
}
