/// Back and forward through the places the reader jumped from, as a browser does: a jump
/// records where the view was and cuts the forward branch; going back remembers where it
/// left for going forward again. Bounded: the oldest places are forgotten.
public struct NavigationHistory<Place: Equatable & Sendable>: Sendable {
    public private(set) var back: [Place] = []
    public private(set) var forward: [Place] = []
    public let limit: Int

    public init(limit: Int = 100) { self.limit = max(1, limit) }

    public var canGoBack: Bool { !back.isEmpty }
    public var canGoForward: Bool { !forward.isEmpty }

    /// A jump is leaving `place`.
    public mutating func recordJump(from place: Place) {
        forward = []
        if back.last == place { return }
        back.append(place)
        if back.count > limit { back.removeFirst(back.count - limit) }
    }

    /// Where going back leads from `current`, if anywhere.
    public mutating func goBack(from current: Place) -> Place? {
        guard let place = back.popLast() else { return nil }
        forward.append(current)
        return place
    }

    /// Where going forward leads from `current`, if anywhere.
    public mutating func goForward(from current: Place) -> Place? {
        guard let place = forward.popLast() else { return nil }
        back.append(current)
        return place
    }
}

/// A place in a document: the page at the top of the view and how far down it the view
/// starts, so that it survives zoom and layout changes.
public struct ViewPlace: Hashable, Sendable {
    public let page: Int
    public let fraction: Double
    public init(page: Int, fraction: Double) { self.page = page; self.fraction = fraction }
}
