/// A freehand stroke as the pointer makes it, and the ink it leaves. The policy:
///  1. Samples closer than `leastStep` points to the last one kept are dropped: a hand at
///     rest, or a device sending more than the eye sees.
///  2. What is drawn is smoothed by a light moving average over three points, the first
///     and last kept where they were, so that a stroke ends where the pen lifted.
///  3. A stylus that tells its pressure (0…1) makes the stroke as wide as the chosen width
///     at mid pressure: from half of it, barely touching, to one and a half times, pressed
///     hard (`width`); the mouse and touchpad tell none and draw the chosen width.
///  4. Points are clamped to the page the stroke started on.
public struct InkStroke: Sendable {
    public let page: Int
    private let size: Size
    public private(set) var samples: [Point] = []
    private var pressures: [Double] = []

    public static let leastStep = 0.5

    public init(page: Int, size: Size, at point: Point, pressure: Double? = nil) {
        self.page = page
        self.size = size
        add(point, pressure: pressure)
    }

    /// The pointer moved to `point` (rules 1 and 4).
    public mutating func add(_ point: Point, pressure: Double? = nil) {
        let point = DrawingTool.clamped(point, to: size)
        if let pressure, pressure.isFinite { pressures.append(min(max(pressure, 0), 1)) }
        if let last = samples.last {
            let dx = point.x - last.x, dy = point.y - last.y
            guard (dx * dx + dy * dy).squareRoot() >= Self.leastStep else { return }
        }
        samples.append(point)
    }

    /// The points drawn (rule 2).
    public var points: [Point] { Self.smoothed(samples) }

    /// The stroke's width for the chosen one (rule 3).
    public func width(chosen: Double) -> Double {
        guard !pressures.isEmpty else { return chosen }
        let mean = pressures.reduce(0, +) / Double(pressures.count)
        return chosen * (0.5 + mean)
    }

    /// The drawing it makes in `style`.
    public func drawing(_ style: DrawingStyle) -> Drawing {
        Drawing(.ink([points]), width: width(chosen: style.width))
    }

    /// Each inner point the mean of itself and its neighbours; the ends kept.
    static func smoothed(_ points: [Point]) -> [Point] {
        guard points.count > 2 else { return points }
        return [points[0]] + (1..<points.count - 1).map { index in
            let a = points[index - 1], b = points[index], c = points[index + 1]
            return Point(x: (a.x + b.x + c.x) / 3, y: (a.y + b.y + c.y) / 3)
        } + [points[points.count - 1]]
    }
}
