/// How fast the view scrolls while a selection is dragged past its edge. The rules:
///  1. With the pointer inside the view nothing scrolls.
///  2. Past the top or bottom edge by d pixels, the view scrolls that way at
///     `base + perPixel × d` pixels a second, at most `fastest`; the same past the left or
///     right edge, but only when the pages are wider than the view.
///  3. Each tick scrolls by the speed times the time since the last tick, that time at most
///     `longestTick` (a main loop that stalled does not make the view jump).
public enum SelectionAutoscroll {
    public static let base = 60.0
    public static let perPixel = 12.0
    public static let fastest = 3000.0
    public static let longestTick = 0.1

    /// The scrolling speed, in pixels a second each way, for the pointer at `pointer` (view
    /// coordinates) over a view of `viewport`.
    public static func velocity(pointer: Point, viewport: Size, scrollsAcross: Bool) -> Point {
        func speed(_ position: Double, _ length: Double) -> Double {
            guard position.isFinite else { return 0 }
            let past = position < 0 ? position : position > length ? position - length : 0
            guard past != 0 else { return 0 }
            return (past < 0 ? -1 : 1) * min(base + perPixel * abs(past), fastest)
        }
        return Point(x: scrollsAcross ? speed(pointer.x, viewport.width) : 0, y: speed(pointer.y, viewport.height))
    }

    /// How far to scroll this tick, `seconds` after the last one.
    public static func distance(_ velocity: Point, seconds: Double) -> Point {
        let time = min(max(seconds.isFinite ? seconds : 0, 0), longestTick)
        return Point(x: velocity.x * time, y: velocity.y * time)
    }
}
