/// How a chosen drawing is taken in hand: its handles, what a press is on, and what a drag
/// or an arrow key makes of it. The policy:
///  1. A chosen drawing shows its bounds with eight handles (corners and sides), a line or
///     arrow a handle at each end instead. A handle is `sidePixels` view pixels square
///     whatever the zoom: its side in points is that over the view's pixels per point.
///  2. A press on a handle resizes (or moves that end of a line); anywhere else within
///     the chosen drawing's bounds moves it.
///  3. A handle's drag moves its edges by the pointer's offset, the opposite corner (or
///     side) fixed; never below `Drawing.smallest` points a side, and an edge never
///     crosses the one fixed. A corner with `keepingAspect` (Shift), and always a stamp,
///     keeps the width to height ratio.
///  4. A move keeps the drawing's bounds on its page (as much of it as fits).
///  5. An arrow key moves it by one point, with Shift by ten.
public struct DrawingHandles: Sendable {
    public enum Handle: CaseIterable, Sendable {
        case topLeft, top, topRight, right, bottomRight, bottom, bottomLeft, left
        /// A line's ends.
        case start, end
    }

    /// What a press is on (rule 2).
    public enum Grip: Equatable, Sendable {
        case handle(Handle)
        case body
    }

    public let drawing: Drawing
    /// A handle's side, points.
    public let side: Double

    public static let sidePixels = 9.0

    /// `pixelsPerPoint`: the view's scale (rule 1).
    public init(drawing: Drawing, pixelsPerPoint: Double) {
        self.drawing = drawing
        side = Self.sidePixels / max(pixelsPerPoint, 0.01)
    }

    /// The frame drawn around it: what it covers.
    public var frame: Rect { drawing.bounds }

    /// Each handle's square, points on the page.
    public var handles: [(handle: Handle, area: Rect)] {
        centres.map { ($0.handle, Rect(x: $0.centre.x - side / 2, y: $0.centre.y - side / 2, width: side, height: side)) }
    }

    private var centres: [(handle: Handle, centre: Point)] {
        if case .line(let from, let to, _) = drawing.shape { return [(.start, from), (.end, to)] }
        let box = frame
        return [(.topLeft, Point(x: box.x, y: box.y)), (.top, Point(x: box.midX, y: box.y)), (.topRight, Point(x: box.maxX, y: box.y)),
                (.right, Point(x: box.maxX, y: box.midY)), (.bottomRight, Point(x: box.maxX, y: box.maxY)),
                (.bottom, Point(x: box.midX, y: box.maxY)), (.bottomLeft, Point(x: box.x, y: box.maxY)), (.left, Point(x: box.x, y: box.midY))]
    }

    /// What `point` is on (rule 2); nil when it is beside the drawing. A handle a little
    /// larger than it is drawn, for fingers and shaky hands.
    public func grip(at point: Point) -> Grip? {
        let reach = side * 0.75
        if let near = centres.first(where: { abs($0.centre.x - point.x) <= reach && abs($0.centre.y - point.y) <= reach }) {
            return .handle(near.handle)
        }
        let box = frame
        if point.x >= box.x, point.x <= box.maxX, point.y >= box.y, point.y <= box.maxY { return .body }
        if drawing.hits(point, slack: side / 2) { return .body }
        return nil
    }

    /// The drawing with `handle` dragged by `offset` points (rule 3).
    public func dragging(_ handle: Handle, by offset: Point, keepingAspect: Bool = false) -> Drawing {
        if case .line(let from, let to, let arrow) = drawing.shape {
            var line = drawing
            switch handle {
            case .start: line.shape = .line(from: Point(x: from.x + offset.x, y: from.y + offset.y), to: to, arrow: arrow)
            case .end: line.shape = .line(from: from, to: Point(x: to.x + offset.x, y: to.y + offset.y), arrow: arrow)
            default: return drawing
            }
            return line.bounded()
        }
        let g = drawing.geometryBounds, least = Drawing.smallest
        let movesLeft = [.topLeft, .left, .bottomLeft].contains(handle), movesRight = [.topRight, .right, .bottomRight].contains(handle)
        let movesTop = [.topLeft, .top, .topRight].contains(handle), movesBottom = [.bottomLeft, .bottom, .bottomRight].contains(handle)
        var left = g.x, right = g.maxX, top = g.y, bottom = g.maxY
        if movesLeft { left = min(g.x + offset.x, right - least) }
        if movesRight { right = max(g.maxX + offset.x, left + least) }
        if movesTop { top = min(g.y + offset.y, bottom - least) }
        if movesBottom { bottom = max(g.maxY + offset.y, top + least) }
        var rect = Rect(x: left, y: top, width: right - left, height: bottom - top)
        let stamp = if case .stamp = drawing.shape { true } else { false }
        if (keepingAspect || stamp), g.width > 0, g.height > 0 {
            let horizontal = movesLeft || movesRight, vertical = movesTop || movesBottom
            let sx = rect.width / g.width, sy = rect.height / g.height
            var scale = horizontal && vertical ? max(sx, sy) : horizontal ? sx : sy
            scale = max(scale, least / min(g.width, g.height))
            let width = g.width * scale, height = g.height * scale
            // The fixed side stays; a side handle grows the other way about the middle.
            let x = movesLeft ? g.maxX - width : movesRight ? g.x : g.midX - width / 2
            let y = movesTop ? g.maxY - height : movesBottom ? g.y : g.midY - height / 2
            rect = Rect(x: x, y: y, width: width, height: height)
        }
        return drawing.resized(to: rect)
    }

    /// `drawing` moved by `offset`, as far as its bounds stay on a page of `page`'s size (rule 4).
    public static func moving(_ drawing: Drawing, by offset: Point, onPage page: Size) -> Drawing {
        let box = drawing.bounds
        func clamp(_ delta: Double, _ low: Double, _ high: Double, _ limit: Double) -> Double {
            // Too large to fit: its top-left corner stays on the page.
            if high - low >= limit { return max(min(delta, limit - low), -low) }
            return min(max(delta, -low), limit - high)
        }
        let dx = clamp(offset.x, box.x, box.maxX, page.width), dy = clamp(offset.y, box.y, box.maxY, page.height)
        return drawing.moved(by: Point(x: dx, y: dy))
    }

    /// The offset of an arrow key (rule 5): `dx` and `dy` each -1, 0 or 1.
    public static func nudge(dx: Int, dy: Int, large: Bool) -> Point {
        let step = large ? 10.0 : 1.0
        return Point(x: Double(dx) * step, y: Double(dy) * step)
    }
}
