import Foundation

/// The reader's drawing tools, and what a press, drag and release with each makes. The policy:
///  1. Select draws nothing: the pointer selects text and follows links. Every other tool
///     draws with the primary button.
///  2. A line or arrow runs from the press to the pointer; a rectangle, ellipse, text box
///     or stamp spans them. Shift keeps a rectangle or ellipse square and a line at 45°
///     steps.
///  3. A drag under `leastDrag` points both ways makes no shape; a click with the text box
///     makes a box of `textBoxSize`, a click with a stamp a stamp `stampWidth` wide (a
///     picture's aspect kept), their corner at the click. A picture dragged keeps its
///     aspect too, as wide as the drag.
///  4. What is drawn stays on the page it started on: points are clamped to its size, and a
///     box made by a click is moved in where it would overhang.
public enum DrawingTool: String, CaseIterable, Sendable {
    case select, pen, eraser, textBox = "text-box", line, arrow, rectangle, ellipse, stamp

    /// Whether the primary button draws (rule 1).
    public var draws: Bool { self != .select }

    /// The markup kind it makes; nil for Select and the eraser.
    public var kind: Markup.Kind? {
        switch self {
        case .select, .eraser: nil
        case .pen: .ink
        case .textBox: .freeText
        case .line, .arrow: .line
        case .rectangle: .square
        case .ellipse: .circle
        case .stamp: .stamp
        }
    }

    public static let leastDrag = 2.0
    public static let textBoxSize = Size(width: 160, height: 32)
    public static let stampWidth = 150.0
    /// A standard stamp's height to its width, on a click.
    public static let standardStampAspect = 0.3

    /// The shape a drag from `start` to `end` makes on a page of `page` size (rules 2 to 4);
    /// nil for the pen and eraser (`InkStroke`), and for a drag too small to draw.
    public func shape(from start: Point, to end: Point, square: Bool, page: Size, style: DrawingStyle) -> Drawing? {
        let start = Self.clamped(start, to: page)
        var end = Self.clamped(end, to: page)
        let dx = end.x - start.x, dy = end.y - start.y
        let clicked = abs(dx) < Self.leastDrag && abs(dy) < Self.leastDrag
        if square, !clicked { end = Self.clamped(self == .line || self == .arrow ? Self.snapped(dx, dy, from: start) : Self.squared(dx, dy, from: start), to: page) }
        let span = Rect(x: min(start.x, end.x), y: min(start.y, end.y), width: abs(end.x - start.x), height: abs(end.y - start.y))
        let fill = style.filled ? style.colour : nil
        switch self {
        case .select, .pen, .eraser: return nil
        case .line, .arrow:
            guard !clicked else { return nil }
            return Drawing(.line(from: start, to: end, arrow: self == .arrow), width: style.width)
        case .rectangle, .ellipse:
            guard span.width >= Self.leastDrag || span.height >= Self.leastDrag, !clicked else { return nil }
            return Drawing(self == .rectangle ? .rectangle(span) : .ellipse(span), width: style.width, fill: fill)
        case .textBox:
            let frame = clicked ? Self.placed(Self.textBoxSize, at: start, on: page) : span
            return Drawing(.textBox(frame), width: style.width, fontSize: style.fontSize)
        case .stamp:
            guard let stamp = style.stamp else { return nil }
            let aspect: Double? = if case .picture(let picture) = stamp { Double(picture.height) / Double(picture.width) } else { nil }
            let frame: Rect
            if clicked {
                frame = Self.placed(Size(width: Self.stampWidth, height: Self.stampWidth * (aspect ?? Self.standardStampAspect)), at: start, on: page)
            } else if let aspect {
                frame = Self.placed(Size(width: max(span.width, Self.leastDrag), height: max(span.width, Self.leastDrag) * aspect),
                                    at: Point(x: span.x, y: span.y), on: page)
            } else {
                frame = span
            }
            return Drawing(.stamp(frame, stamp), width: style.width)
        }
    }

    static func clamped(_ point: Point, to page: Size) -> Point {
        Point(x: min(max(point.x, 0), page.width), y: min(max(point.y, 0), page.height))
    }

    /// `size` with its corner at `corner`, moved in so that it stays on the page (and
    /// shrunk to the page when larger).
    static func placed(_ size: Size, at corner: Point, on page: Size) -> Rect {
        let width = min(size.width, page.width), height = min(size.height, page.height)
        return Rect(x: min(corner.x, page.width - width), y: min(corner.y, page.height - height), width: width, height: height)
    }

    /// The end of a square from `start` over the drag (dx, dy): the longer side both ways.
    private static func squared(_ dx: Double, _ dy: Double, from start: Point) -> Point {
        let side = max(abs(dx), abs(dy))
        return Point(x: start.x + (dx < 0 ? -side : side), y: start.y + (dy < 0 ? -side : side))
    }

    /// The end of a line at the nearest 45° step, as long as the drag.
    private static func snapped(_ dx: Double, _ dy: Double, from start: Point) -> Point {
        let length = (dx * dx + dy * dy).squareRoot(), step = Double.pi / 4
        let angle = (atan2(dy, dx) / step).rounded() * step
        // Exact zeros on the axes, not 1e-16.
        let cosine = abs(cos(angle)) < 1e-9 ? 0 : cos(angle), sine = abs(sin(angle)) < 1e-9 ? 0 : sin(angle)
        return Point(x: start.x + length * cosine, y: start.y + length * sine)
    }
}

/// How the tools draw: the colour, the stroke's width, whether shapes are filled, a text
/// box's font size, the stamp chosen.
public struct DrawingStyle: Hashable, Sendable {
    public var colour: Markup.Colour
    public var width: Double
    public var filled: Bool
    public var fontSize: Double
    public var stamp: Stamp?

    public init(colour: Markup.Colour = .blueInk, width: Double = 2, filled: Bool = false, fontSize: Double = 12, stamp: Stamp? = nil) {
        self.colour = colour; self.width = width; self.filled = filled; self.fontSize = fontSize; self.stamp = stamp
    }

    /// The widths offered, points.
    public static let widths: [Double] = [1, 2, 4, 8]
    /// The text sizes offered, points.
    public static let fontSizes: [Double] = [10, 12, 16, 24]
}
