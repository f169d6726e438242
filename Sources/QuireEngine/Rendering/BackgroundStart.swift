/// When the work the reader is not waiting for may begin: filling the search cache and
/// recognising a scan's text read every page in helpers of their own, and on two cores,
/// though at idle priority, they took time from the pictures the reader was waiting for.
/// Started as the first picture arrived, they ran while the window painted it, while a
/// window manager's resize at map had the page drawn again at the real size, and beside the
/// pages ahead (viewer-bench on the paper, traced, 10 alternated rounds: pages 2 and 3 at
/// the final size came 12–14 ms sooner once they waited; launch to content moved less than
/// the harness's noise).
/// The policy:
///  1. not before the first view is painted (`FirstViewHold`);
///  2. then once the canvas has drawn all it planned (the view and the pages around it,
///     `RenderPlanner`) and holds no view resized since (held again until it is painted):
///     the pages the reader turns to first are not slowed either;
///  3. or `patience` seconds after the first view was painted, whichever is first: a page
///     that takes seconds to draw does not keep the search cache waiting;
///  4. once.
public struct BackgroundStart: Sendable {
    /// Seconds after the first view was painted when the work begins whatever is left to draw.
    public static let patience = 2.0
    private var paintedAt: Double?
    public private(set) var started = false

    public init() {}

    /// The first view was painted at `now` (seconds on a monotonic clock); later paints change nothing.
    public mutating func firstViewPainted(at now: Double) {
        if paintedAt == nil { paintedAt = now }
    }

    /// Whether the work begins now, given the first-view hold's state and how many tiles of
    /// the canvas's plan are still to draw. True at most once.
    public mutating func begins(hold: FirstViewHold.State, tilesLeft: Int, now: Double) -> Bool {
        guard !started, let paintedAt else { return false }
        let drawn = hold == .painted && tilesLeft == 0
        guard drawn || now - paintedAt >= Self.patience else { return false }
        started = true
        return true
    }

    /// When rule 3 starts the work, if nothing else has (nil before the first paint and after the start).
    public var due: Double? { started ? nil : paintedAt.map { $0 + Self.patience } }
}
