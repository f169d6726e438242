/// Continuous single-column layout: pages stacked top to bottom in widget pixels, a fixed
/// gap between them and around them, each centred horizontally in the wider of the viewport
/// and the widest page. Geometry for any number of pages is two arrays; lookups by
/// position are binary searches.
public struct PageLayout: Sendable {
    /// Page sizes in points as laid out: the page's own /Rotate and the reader's `rotation` applied.
    public private(set) var pageSizes: [Size]
    /// Page sizes in points as the document gives them (its own /Rotate applied).
    public private(set) var documentSizes: [Size]
    /// The reader's rotation of every page, on top of the document's.
    public private(set) var rotation: Rotation = .none
    public private(set) var zoom: ZoomMode
    public private(set) var viewport: Size
    /// Logical pixels per point.
    public private(set) var scale: Double = ZoomMode.pixelsPerPointAt100
    public let gap: Double

    private var heightBefore: [Double] = [0] // heightBefore[i]: sum of heights of pages < i, in points
    private var widest: Double = 0
    private var tallest: Double = 0

    public init(pageSizes: [Size], zoom: ZoomMode = .fitWidth, viewport: Size = .zero, gap: Double = 12) {
        self.pageSizes = pageSizes
        documentSizes = pageSizes
        self.zoom = zoom
        self.viewport = viewport
        self.gap = gap
        rebuild()
    }

    public var pageCount: Int { pageSizes.count }

    public mutating func setViewport(_ size: Size) { viewport = size; updateScale() }
    public mutating func setZoom(_ mode: ZoomMode) { zoom = mode; updateScale() }

    public mutating func setRotation(_ rotation: Rotation) {
        guard rotation != self.rotation else { return }
        self.rotation = rotation
        pageSizes = documentSizes.map { $0.rotated(by: rotation) }
        rebuild()
    }
    /// Adopts a page's real size (sizes may first be estimates).
    public mutating func setPageSize(_ size: Size, at index: Int) {
        setPageSizes([size], from: index)
    }

    /// Adopts the real sizes of pages `first…`; one rebuild for the whole batch.
    public mutating func setPageSizes(_ sizes: [Size], from first: Int) {
        var changed = false
        for (offset, size) in sizes.enumerated() where pageSizes.indices.contains(first + offset) {
            if documentSizes[first + offset] != size {
                documentSizes[first + offset] = size
                pageSizes[first + offset] = size.rotated(by: rotation)
                changed = true
            }
        }
        if changed { rebuild() }
    }

    public var contentSize: Size {
        Size(width: max(viewport.width, widest * scale + 2 * gap),
             height: heightBefore[pageCount] * scale + gap * Double(pageCount + 1))
    }

    /// The page's rectangle in content pixels.
    public func pageRect(_ index: Int) -> Rect {
        let size = pageSizes[index]
        let width = size.width * scale
        return Rect(x: ((contentSize.width - width) / 2).rounded(.down),
                    y: top(of: index), width: width, height: size.height * scale)
    }

    /// Pages that intersect `rect` (content pixels), in order.
    public func pages(in rect: Rect) -> Range<Int> {
        guard pageCount > 0, !rect.isEmpty else { return 0..<0 }
        let first = firstPage(endingAfter: rect.y)
        var last = first
        while last < pageCount && top(of: last) < rect.maxY { last += 1 }
        return first..<max(first, last)
    }

    /// The page showing most of `rect`; ties go to the earlier page.
    public func mostVisiblePage(in rect: Rect) -> Int? {
        var best: (page: Int, area: Double)?
        for page in pages(in: rect) {
            let visible = pageRect(page).intersection(rect)
            let area = visible.width * visible.height
            if best == nil || area > best!.area { best = (page, area) }
        }
        return best?.page
    }

    /// Where a page's point lands in content pixels (for anchoring across zoom changes).
    public func contentY(page: Int, fraction: Double) -> Double {
        top(of: page) + fraction * pageSizes[page].height * scale
    }

    /// The page under content y and how far down it is (0…1); gaps count as the page below.
    public func anchor(atContentY y: Double) -> (page: Int, fraction: Double) {
        guard pageCount > 0 else { return (0, 0) }
        let page = firstPage(endingAfter: y)
        let height = pageSizes[page].height * scale
        let fraction = height > 0 ? (y - top(of: page)) / height : 0
        return (page, min(max(fraction, 0), 1))
    }

    private func top(of index: Int) -> Double {
        heightBefore[index] * scale + gap * Double(index + 1)
    }

    /// Binary search: the first page whose bottom edge is below `y` (the last page if none).
    private func firstPage(endingAfter y: Double) -> Int {
        var low = 0, high = pageCount - 1
        while low < high {
            let mid = (low + high) / 2
            if top(of: mid) + pageSizes[mid].height * scale + gap <= y { low = mid + 1 } else { high = mid }
        }
        return low
    }

    private mutating func rebuild() {
        heightBefore = [0]
        heightBefore.reserveCapacity(pageCount + 1)
        widest = 0
        tallest = 0
        for size in pageSizes {
            heightBefore.append(heightBefore[heightBefore.count - 1] + size.height)
            widest = max(widest, size.width)
            tallest = max(tallest, size.height)
        }
        updateScale()
    }

    private mutating func updateScale() {
        let fitWidth = (viewport.width - 2 * gap) / widest
        let fitHeight = (viewport.height - 2 * gap) / tallest
        var computed: Double
        switch zoom {
        case .percent(let percent): computed = percent / 100 * ZoomMode.pixelsPerPointAt100
        case .fitWidth: computed = fitWidth
        case .fitPage: computed = min(fitWidth, fitHeight)
        }
        let lowest = ZoomMode.minimumPercent / 100 * ZoomMode.pixelsPerPointAt100
        let highest = ZoomMode.maximumPercent / 100 * ZoomMode.pixelsPerPointAt100
        if !computed.isFinite || computed <= 0 { computed = ZoomMode.pixelsPerPointAt100 }
        scale = min(max(computed, lowest), highest)
    }
}
