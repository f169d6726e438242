/// Page areas (search matches, later selections and links) on screen: areas are in points
/// from the top-left of the page as the document displays it; the view adds the reader's
/// rotation, the zoom and the page's place.
extension CanvasModel {
    /// `area` of `page` in view coordinates.
    public func viewRect(of area: Rect, onPage page: Int) -> Rect {
        let content = contentRect(of: area, onPage: page)
        return Rect(x: content.x - scroll.x, y: content.y - scroll.y, width: content.width, height: content.height)
    }

    /// `area` of `page` in content pixels.
    public func contentRect(of area: Rect, onPage page: Int) -> Rect {
        let size = layout.documentSizes[page]
        let turned: Rect
        switch layout.rotation {
        case .none: turned = area
        case .quarter: turned = Rect(x: size.height - area.maxY, y: area.x, width: area.height, height: area.width)
        case .half: turned = Rect(x: size.width - area.maxX, y: size.height - area.maxY, width: area.width, height: area.height)
        case .threeQuarters: turned = Rect(x: area.y, y: size.width - area.maxX, width: area.height, height: area.width)
        }
        let page = layout.pageRect(page), scale = layout.scale
        return Rect(x: page.x + turned.x * scale, y: page.y + turned.y * scale, width: turned.width * scale, height: turned.height * scale)
    }

    /// The scroll position that brings `area` of `page` into view, or nil when it is in
    /// view already. Off screen, it is centred; one page at a time, its page is turned to.
    public mutating func reveal(_ area: Rect, onPage page: Int) -> Point? {
        guard layout.pageCount > page, page >= 0 else { return nil }
        var turned = false
        if !layout.continuous, !layout.pagesShown.contains(page) {
            _ = go(to: page)
            turned = true
        }
        let target = contentRect(of: area, onPage: page)
        let view = visibleRect
        let fits = target.x >= view.x && target.maxX <= view.maxX && target.y >= view.y && target.maxY <= view.maxY
        if fits && !turned { return nil }
        var point = scroll
        if turned || target.y < view.y || target.maxY > view.maxY { point.y = target.midY - view.height / 2 }
        if target.x < view.x || target.maxX > view.maxX { point.x = target.x + target.width / 2 - view.width / 2 }
        return clamped(point)
    }

    /// Where the view is, as a place that survives zoom and layout changes.
    public var place: ViewPlace {
        let anchor = topAnchor
        return ViewPlace(page: anchor.page, fraction: (anchor.fraction * 1000).rounded() / 1000)
    }

    /// The scroll position that shows `place` (turning to its page, one page at a time).
    public mutating func position(of place: ViewPlace) -> Point {
        let page = min(max(place.page, 0), max(layout.pageCount - 1, 0))
        _ = go(to: page)
        return clamped(Point(x: scroll.x, y: layout.contentY(page: page, fraction: place.fraction) - layout.gap))
    }
}

extension CanvasModel {
    /// The scroll position that puts the point `top` points down `page` (as the document
    /// displays it) at the top of the view: where an outline entry or a link leads. Without
    /// a `top`, or across a quarter-turned page, the page's top.
    public mutating func position(ofTop top: Double?, onPage page: Int) -> Point {
        guard layout.pageCount > 0 else { return scroll }
        let page = min(max(page, 0), layout.pageCount - 1)
        let start = go(to: page)
        guard let top, !layout.rotation.isQuarterTurn else { return start }
        let width = layout.documentSizes[page].width
        let line = contentRect(of: Rect(x: 0, y: min(max(top, 0), layout.documentSizes[page].height), width: width, height: 0), onPage: page)
        // A gap's margin above, as above a page's top.
        return clamped(Point(x: start.x, y: line.y - layout.gap))
    }

    /// The point the reader is at, for finding their section: the top of the view, as a page
    /// and points down it (as the document displays it), one pixel down, so that a heading
    /// brought to the top belongs to the section it starts even when the view stopped a
    /// fraction of a pixel above it (a place kept as a fraction of its page, a scroll in
    /// whole pixels); the bottom of the view once the document is scrolled to its end, where
    /// later sections can never reach the top.
    public var readingPoint: (page: Int, top: Double) {
        let atEnd = scroll.y >= clamped(Point(x: 0, y: .infinity)).y - 1 && scroll.y > 0
        let y = atEnd ? scroll.y + layout.viewport.height - layout.gap : scroll.y + layout.gap + 1
        let anchor = layout.anchor(atContentY: y)
        let height = layout.documentSizes[anchor.page].height
        switch layout.rotation {
        case .none: return (anchor.page, anchor.fraction * height)
        case .half: return (anchor.page, (1 - anchor.fraction) * height)
        case .quarter, .threeQuarters: return (anchor.page, atEnd ? height : 0)
        }
    }
}

extension CanvasModel {
    /// The page under `point` (view coordinates) and the point on it, in points from the
    /// top-left of the page as the document displays it: the inverse of `viewRect(of:onPage:)`,
    /// for hit-testing links and selecting text.
    public func pagePoint(atView point: Point) -> (page: Int, point: Point)? {
        let content = Point(x: point.x + scroll.x, y: point.y + scroll.y)
        guard let page = visiblePages.first(where: { page in
            let rect = layout.pageRect(page)
            return content.x >= rect.x && content.x < rect.maxX && content.y >= rect.y && content.y < rect.maxY
        }) else { return nil }
        let rect = layout.pageRect(page), scale = layout.scale
        let turned = Point(x: (content.x - rect.x) / scale, y: (content.y - rect.y) / scale)
        let size = layout.documentSizes[page]
        switch layout.rotation {
        case .none: return (page, turned)
        case .quarter: return (page, Point(x: turned.y, y: size.height - turned.x))
        case .half: return (page, Point(x: size.width - turned.x, y: size.height - turned.y))
        case .threeQuarters: return (page, Point(x: size.width - turned.y, y: turned.x))
        }
    }
}

extension CanvasModel {
    /// Like `pagePoint(atView:)`, but beside or between pages it takes the nearest visible
    /// page and clamps the point onto it: a drag that leaves the page goes on selecting.
    public func pagePoint(nearView point: Point) -> (page: Int, point: Point)? {
        if let exact = pagePoint(atView: point) { return exact }
        let content = Point(x: point.x + scroll.x, y: point.y + scroll.y)
        func distance(_ page: Int) -> Double {
            let rect = layout.pageRect(page)
            let dx = max(rect.x - content.x, 0, content.x - rect.maxX), dy = max(rect.y - content.y, 0, content.y - rect.maxY)
            return dx * dx + dy * dy
        }
        guard let page = visiblePages.min(by: { distance($0) < distance($1) }) else { return nil }
        let rect = layout.pageRect(page)
        let inside = Point(x: min(max(content.x, rect.x), rect.maxX - 0.001), y: min(max(content.y, rect.y), rect.maxY - 0.001))
        return pagePoint(atView: Point(x: inside.x - scroll.x, y: inside.y - scroll.y))
    }
}

extension CanvasModel {
    /// The page at the top of the view and how far down it the view starts, measured a
    /// gap below the view's top (a page shown from its top has its gap above it in view).
    /// Past a page's end (in the gap, or a rounding error short of the next page's top) is
    /// the next page's top: "the end of the page before" would come back a gap higher.
    var topAnchor: (page: Int, fraction: Double) {
        var anchor = layout.anchor(atContentY: scroll.y + layout.gap)
        if anchor.fraction >= 1, case let next = layout.page(rowsAway: 1, from: anchor.page), next != anchor.page {
            anchor = (next, 0)
        }
        return anchor
    }

    /// Where the view's top is, to be kept through a change of size, turn or arrangement:
    /// the page there and how far down it, and how many pixels the view starts into the gap
    /// beside it (the gaps keep their size when pages change theirs).
    var viewAnchor: (page: Int, fraction: Double, offset: Double) {
        let anchor = layout.anchor(atContentY: scroll.y)
        return (anchor.page, anchor.fraction, scroll.y - layout.contentY(page: anchor.page, fraction: anchor.fraction))
    }

    /// The scroll position that puts `anchor` back at the view's top.
    func position(keeping anchor: (page: Int, fraction: Double, offset: Double)) -> Point {
        clamped(Point(x: scroll.x, y: layout.contentY(page: anchor.page, fraction: anchor.fraction) + anchor.offset))
    }
}
