/// How long a forward search's mark stays: whole for `steadySeconds`, long enough to find
/// it, then fading out over `fadeSeconds`, so that it never hides the text for long.
/// Times come from the caller's clock.
public struct FadingMark: Equatable, Sendable {
    public static let steadySeconds = 1.2
    public static let fadeSeconds = 0.6

    public let mark: SyncTeXPlaces.Mark
    public let shownAt: Double

    public init(_ mark: SyncTeXPlaces.Mark, shownAt: Double) {
        self.mark = mark
        self.shownAt = shownAt
    }

    /// From 1 (whole) down to 0 (gone).
    public func opacity(at now: Double) -> Double {
        let elapsed = now - shownAt
        if elapsed <= Self.steadySeconds { return 1 }
        if elapsed >= Self.steadySeconds + Self.fadeSeconds { return 0 }
        return 1 - (elapsed - Self.steadySeconds) / Self.fadeSeconds
    }

    public func isOver(at now: Double) -> Bool { opacity(at: now) == 0 }
}
