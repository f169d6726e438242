/// What the reader drew on a page rather than over its text: the shape of a drawn `Markup`
/// (ink, a text box, a line or arrow, a rectangle, an ellipse, a stamp). The policy:
///  1. Geometry is in points from the top-left of the page as it displays, as `Markup`'s
///     areas are; the helper that writes it turns it into the page's own space.
///  2. What a reader can make stays bounded, whatever the device sent: a stroke keeps at
///     most `pointLimit` points (evenly thinned, its ends kept), an ink drawing at most
///     `strokeLimit` strokes; widths and font sizes are clamped to what reads on paper;
///     coordinates that are not numbers are dropped. `bounded()` is applied on every way in
///     (made, reshaped, read from the wire).
///  3. Moving translates every point; resizing maps the drawing's bounds onto the new
///     rectangle (a line's ends and ink's points with it), never below `smallest` points.
///  4. `bounds` is what the drawing covers, its stroke's half width included: what the
///     annotation's /Rect is and what a click chooses it by.
public struct Drawing: Hashable, Sendable {
    public enum Shape: Hashable, Sendable {
        /// Freehand strokes, each its points in order.
        case ink([[Point]])
        /// A straight line; an arrow has its head at `to`.
        case line(from: Point, to: Point, arrow: Bool)
        case rectangle(Rect)
        case ellipse(Rect)
        /// A text box's frame; its text is the markup's.
        case textBox(Rect)
        case stamp(Rect, Stamp)
    }

    public var shape: Shape
    /// The stroke's width, points (ink, lines, outlines; a text box's frame has none).
    public var width: Double
    /// A rectangle's or ellipse's inside; nil leaves it clear.
    public var fill: Markup.Colour?
    /// A text box's font size, points.
    public var fontSize: Double

    public init(_ shape: Shape, width: Double = 2, fill: Markup.Colour? = nil, fontSize: Double = 12) {
        self.shape = shape; self.width = width; self.fill = fill; self.fontSize = fontSize
        self = bounded()
    }

    public static let pointLimit = 4096
    public static let strokeLimit = 1024
    public static let widthRange = 0.25...48.0
    public static let fontSizeRange = 4.0...144.0
    /// The least width and height a resize leaves (rule 3).
    public static let smallest = 4.0

    /// The markup kind this drawing is.
    public var kind: Markup.Kind {
        switch shape {
        case .ink: .ink
        case .line: .line
        case .rectangle: .square
        case .ellipse: .circle
        case .textBox: .freeText
        case .stamp: .stamp
        }
    }

    /// The frame of a shape given one (all but ink and lines).
    public var frame: Rect? {
        switch shape {
        case .rectangle(let rect), .ellipse(let rect), .textBox(let rect), .stamp(let rect, _): rect
        case .ink, .line: nil
        }
    }

    /// What it covers (rule 4).
    public var bounds: Rect {
        let points: [Point] = switch shape {
        case .ink(let strokes): strokes.flatMap { $0 }
        case .line(let from, let to, _): [from, to]
        case .rectangle(let rect), .ellipse(let rect), .textBox(let rect), .stamp(let rect, _):
            [Point(x: rect.x, y: rect.y), Point(x: rect.maxX, y: rect.maxY)]
        }
        guard let first = points.first else { return Rect(x: 0, y: 0, width: 0, height: 0) }
        var left = first.x, top = first.y, right = first.x, bottom = first.y
        for point in points {
            left = min(left, point.x); right = max(right, point.x); top = min(top, point.y); bottom = max(bottom, point.y)
        }
        // An arrow's head reaches past its end by about three widths.
        let reach = switch shape {
        case .ink, .rectangle, .ellipse: width / 2
        case .line(_, _, let arrow): arrow ? width * 3 + 4 : width / 2
        case .textBox, .stamp: 0.0
        }
        return Rect(x: left - reach, y: top - reach, width: right - left + 2 * reach, height: bottom - top + 2 * reach)
    }

    /// Moved by `offset` (rule 3).
    public func moved(by offset: Point) -> Drawing {
        mapped { Point(x: $0.x + offset.x, y: $0.y + offset.y) }
    }

    /// Its geometry (without the stroke's reach) mapped onto `rect` (rule 3).
    public func resized(to rect: Rect) -> Drawing {
        let from = geometryBounds
        let to = Rect(x: rect.x, y: rect.y, width: max(rect.width, Self.smallest), height: max(rect.height, Self.smallest))
        let sx = from.width > 0 ? to.width / from.width : 1, sy = from.height > 0 ? to.height / from.height : 1
        return mapped { Point(x: to.x + ($0.x - from.x) * sx, y: to.y + ($0.y - from.y) * sy) }
    }

    /// The bounds of its points, no stroke counted.
    public var geometryBounds: Rect {
        var plain = self
        plain.width = 0
        if case .line(let from, let to, _) = shape { plain.shape = .line(from: from, to: to, arrow: false) }
        return plain.bounds
    }

    private func mapped(_ move: (Point) -> Point) -> Drawing {
        func rect(_ rect: Rect) -> Rect {
            let a = move(Point(x: rect.x, y: rect.y)), b = move(Point(x: rect.maxX, y: rect.maxY))
            return Rect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
        }
        var moved = self
        moved.shape = switch shape {
        case .ink(let strokes): .ink(strokes.map { $0.map(move) })
        case .line(let from, let to, let arrow): .line(from: move(from), to: move(to), arrow: arrow)
        case .rectangle(let frame): .rectangle(rect(frame))
        case .ellipse(let frame): .ellipse(rect(frame))
        case .textBox(let frame): .textBox(rect(frame))
        case .stamp(let frame, let stamp): .stamp(rect(frame), stamp)
        }
        return moved.bounded()
    }

    /// Within the limits (rule 2).
    public func bounded() -> Drawing {
        var out = self
        out.width = Self.clamp(width, Self.widthRange, otherwise: 2)
        out.fontSize = Self.clamp(fontSize, Self.fontSizeRange, otherwise: 12)
        func finite(_ point: Point) -> Bool { point.x.isFinite && point.y.isFinite && abs(point.x) < 1e6 && abs(point.y) < 1e6 }
        func rect(_ rect: Rect) -> Rect {
            guard [rect.x, rect.y, rect.width, rect.height].allSatisfy({ $0.isFinite && abs($0) < 1e6 }) else { return Rect(x: 0, y: 0, width: 0, height: 0) }
            return Rect(x: rect.x, y: rect.y, width: max(rect.width, 0), height: max(rect.height, 0))
        }
        switch shape {
        case .ink(let strokes):
            out.shape = .ink(strokes.prefix(Self.strokeLimit).map { Self.thinned($0.filter(finite), to: Self.pointLimit) }.filter { !$0.isEmpty })
        case .line(let from, let to, let arrow):
            out.shape = finite(from) && finite(to) ? .line(from: from, to: to, arrow: arrow) : .line(from: Point(x: 0, y: 0), to: Point(x: 0, y: 0), arrow: arrow)
        case .rectangle(let frame): out.shape = .rectangle(rect(frame))
        case .ellipse(let frame): out.shape = .ellipse(rect(frame))
        case .textBox(let frame): out.shape = .textBox(rect(frame))
        case .stamp(let frame, let stamp): out.shape = .stamp(rect(frame), stamp)
        }
        return out
    }

    /// Whether it has anything to draw: a stroke with a point, a line of some length, a frame with an area.
    public var isVisible: Bool {
        switch shape {
        case .ink(let strokes): !strokes.isEmpty
        case .line(let from, let to, _): from != to
        case .rectangle(let frame), .ellipse(let frame), .textBox(let frame), .stamp(let frame, _): !frame.isEmpty
        }
    }

    /// Whether `point` is on what it draws, within `slack` points: near a stroke or a line,
    /// on a shape's outline (or inside, when filled), inside a text box or stamp. An
    /// eraser takes a stroke only where it passes.
    public func hits(_ point: Point, slack: Double) -> Bool {
        let reach = slack + width / 2
        switch shape {
        case .ink(let strokes):
            return strokes.contains { stroke in
                if stroke.count == 1 { return Self.distance(point, stroke[0], stroke[0]) <= reach }
                return zip(stroke, stroke.dropFirst()).contains { Self.distance(point, $0, $1) <= reach }
            }
        case .line(let from, let to, _):
            return Self.distance(point, from, to) <= reach
        case .rectangle(let frame):
            let outer = Rect(x: frame.x - reach, y: frame.y - reach, width: frame.width + 2 * reach, height: frame.height + 2 * reach)
            let inner = Rect(x: frame.x + reach, y: frame.y + reach, width: frame.width - 2 * reach, height: frame.height - 2 * reach)
            return outer.contains(point) && (fill != nil || inner.isEmpty || !inner.contains(point))
        case .ellipse(let frame):
            let rx = frame.width / 2, ry = frame.height / 2
            guard rx > 0, ry > 0 else { return false }
            let dx = point.x - frame.midX, dy = point.y - frame.midY
            let outer = (dx * dx) / ((rx + reach) * (rx + reach)) + (dy * dy) / ((ry + reach) * (ry + reach))
            guard outer <= 1 else { return false }
            if fill != nil || rx <= reach || ry <= reach { return true }
            return (dx * dx) / ((rx - reach) * (rx - reach)) + (dy * dy) / ((ry - reach) * (ry - reach)) >= 1
        case .textBox(let frame), .stamp(let frame, _):
            return Rect(x: frame.x - slack, y: frame.y - slack, width: frame.width + 2 * slack, height: frame.height + 2 * slack).contains(point)
        }
    }

    /// The distance from `point` to the segment from `a` to `b`.
    static func distance(_ point: Point, _ a: Point, _ b: Point) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y, length = dx * dx + dy * dy
        let t = length > 0 ? min(max(((point.x - a.x) * dx + (point.y - a.y) * dy) / length, 0), 1) : 0
        let x = a.x + t * dx - point.x, y = a.y + t * dy - point.y
        return (x * x + y * y).squareRoot()
    }

    /// At most `limit` points, evenly chosen, the first and last kept.
    static func thinned(_ points: [Point], to limit: Int) -> [Point] {
        guard points.count > limit, limit >= 2 else { return points }
        let step = Double(points.count - 1) / Double(limit - 1)
        return (0..<limit).map { points[min(Int((Double($0) * step).rounded()), points.count - 1)] }
    }

    private static func clamp(_ value: Double, _ range: ClosedRange<Double>, otherwise: Double) -> Double {
        value.isFinite ? min(max(value, range.lowerBound), range.upperBound) : otherwise
    }
}

/// A stamp: one of PDF's standard ones (its name drawn in a frame, as other viewers draw
/// them), or a picture the reader chose (a drawn signature is ink, not this).
public enum Stamp: Hashable, Sendable {
    case standard(StandardStamp)
    case picture(StampPicture)
}

/// PDF's standard stamp names (ISO 32000 12.5.6.12), the ones offered.
public enum StandardStamp: String, CaseIterable, Sendable {
    case approved = "Approved", draft = "Draft", confidential = "Confidential", final = "Final",
         notApproved = "NotApproved", forComment = "ForComment", expired = "Expired", asIs = "AsIs"

    /// Its words on the stamp and in the menu, in the reader's language.
    public var title: String {
        switch self {
        case .approved: tr("Approved")
        case .draft: tr("Draft")
        case .confidential: tr("Confidential")
        case .final: tr("Final")
        case .notApproved: tr("Not Approved")
        case .forComment: tr("For Comment")
        case .expired: tr("Expired")
        case .asIs: tr("As Is")
        }
    }
}

/// A picture placed as a stamp: premultiplied BGRA rows (cairo's ARGB32, as the window
/// decoded it), at most `sideLimit` pixels a side; a larger picture is scaled down before it
/// gets here.
public struct StampPicture: Hashable, Sendable {
    public let width: Int
    public let height: Int
    public let pixels: [UInt8]

    public static let sideLimit = 2048

    /// Nil when the sizes are out of bounds or the pixels are not width × height × 4 bytes.
    public init?(width: Int, height: Int, pixels: [UInt8]) {
        guard (1...Self.sideLimit).contains(width), (1...Self.sideLimit).contains(height), pixels.count == width * height * 4 else { return nil }
        self.width = width; self.height = height; self.pixels = pixels
    }
}
