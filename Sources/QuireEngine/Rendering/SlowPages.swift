/// Which pages in view have waited long for their picture, so that the canvas says they
/// are still being drawn instead of leaving a reader to wonder at a white page. The policy:
///  1. A page in view without its sharp picture (and not failed) waits, from the moment
///     it was first seen so.
///  2. After `noticeAfter` (a second) of waiting it is slow: it says so over whatever
///     stands in for it, until its picture comes or it fails (which the page then says).
///  3. A page that gets its picture, fails or leaves the view stops waiting; seen waiting
///     again, it starts again.
/// Times are the caller's clock, in seconds.
public struct SlowPages: Equatable, Sendable {
    public static let noticeAfter = 1.0
    private var since: [Int: Double] = [:]

    public init() {}

    /// `waiting` are the pages in view waiting now; returns when the next of them turns
    /// slow, if one is still to (the time to look again).
    @discardableResult
    public mutating func update(waiting: some Sequence<Int>, now: Double) -> Double? {
        var next: [Int: Double] = [:]
        for page in waiting { next[page] = since[page] ?? now }
        since = next
        return since.values.map { $0 + Self.noticeAfter }.filter { $0 > now }.min()
    }

    public func isSlow(_ page: Int, now: Double) -> Bool {
        since[page].map { now - $0 >= Self.noticeAfter } ?? false
    }
}
