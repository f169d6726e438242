/// Plain value geometry in Double: document points or widget pixels, as each use says.
public struct Size: Hashable, Sendable {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    public static let zero = Size(width: 0, height: 0)
    /// The same size turned by `rotation` (a multiple of 90°).
    public func rotated(by rotation: Rotation) -> Size {
        rotation.isQuarterTurn ? Size(width: height, height: width) : self
    }
}

public struct Point: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
}

public struct Rect: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }
    public var isEmpty: Bool { width <= 0 || height <= 0 }
    public func contains(_ point: Point) -> Bool { point.x >= x && point.x <= maxX && point.y >= y && point.y <= maxY }
    public func intersects(_ other: Rect) -> Bool {
        x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
    }
    public func intersection(_ other: Rect) -> Rect {
        let left = max(x, other.x), top = max(y, other.y)
        let right = min(maxX, other.maxX), bottom = min(maxY, other.maxY)
        return Rect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
    }
    /// The smallest rect holding both.
    public func union(_ other: Rect) -> Rect {
        let left = min(x, other.x), top = min(y, other.y)
        return Rect(x: left, y: top, width: max(maxX, other.maxX) - left, height: max(maxY, other.maxY) - top)
    }
}

/// Page rotation in quarter turns clockwise, as PDF's /Rotate.
public enum Rotation: Int, Hashable, Sendable, CaseIterable {
    case none = 0, quarter = 90, half = 180, threeQuarters = 270

    /// Any multiple of 90 (negative too) normalised; other values count as none.
    public init(degrees: Int) {
        self = Rotation(rawValue: ((degrees % 360) + 360) % 360) ?? .none
    }
    public var isQuarterTurn: Bool { self == .quarter || self == .threeQuarters }
    public func adding(_ other: Rotation) -> Rotation { Rotation(degrees: rawValue + other.rawValue) }
}
