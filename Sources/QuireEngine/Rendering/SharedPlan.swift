/// One render queue serving several views of a document (the panes of a split view), each
/// planning as if the workers were its own. Policy:
/// 1. Every view's tiles on screen come before any view's prefetch: the urgent tiles of
///    all views taken in turn (each view's first, then each view's second…), then the rest
///    likewise.
/// 2. A tile that two views want is asked for once, at its first place.
/// 3. A view's plan replaces only its own; a view that leaves takes its plan with it.
/// Every result goes to every view, which keeps what it wants (`CanvasModel.accept`): a
/// tile one pane rendered stands in for the other when it matches what that one needs.
public struct SharedPlan: Sendable {
    public struct Merged: Equatable, Sendable {
        public var tiles: [TileKey]
        /// How many of `tiles`' first are on screen in some view.
        public var urgent: Int
    }

    private var plans: [(client: Int, tiles: [TileKey], urgent: Int)] = []

    public init() {}

    /// The views planning now.
    public var clients: [Int] { plans.map(\.client) }

    /// `client`'s plan replaces its last (a new client's goes after the others'); returns
    /// the plan for the workers.
    public mutating func submit(_ tiles: [TileKey], urgent: Int, from client: Int) -> Merged {
        let plan = (client, tiles, min(max(urgent, 0), tiles.count))
        if let index = plans.firstIndex(where: { $0.client == client }) { plans[index] = plan } else { plans.append(plan) }
        return merged
    }

    /// `client` plans no more (its pane closed).
    public mutating func remove(_ client: Int) -> Merged {
        plans.removeAll { $0.client == client }
        return merged
    }

    public var merged: Merged {
        var tiles: [TileKey] = [], taken: Set<TileKey> = []
        func interleave(_ parts: [ArraySlice<TileKey>]) {
            let longest = parts.map(\.count).max() ?? 0
            for index in 0..<longest {
                for part in parts where index < part.count {
                    let key = part[part.startIndex + index]
                    if taken.insert(key).inserted { tiles.append(key) }
                }
            }
        }
        interleave(plans.map { $0.tiles.prefix($0.urgent) })
        let urgent = tiles.count
        interleave(plans.map { $0.tiles.dropFirst($0.urgent) })
        return Merged(tiles: tiles, urgent: urgent)
    }
}
