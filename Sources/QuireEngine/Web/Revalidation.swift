/// What a fetch does with the server's answer, given whether a copy is stored
/// (`WebFetchPolicy` rule 5).
public enum Revalidation: Equatable, Sendable {
    /// Read the body into a new copy.
    case download
    /// Unchanged: the stored copy, at once, no body read.
    case useStored
    /// The server is out of reach: the stored copy, said to be from its date.
    case useStoredOffline
    case fail(WebFailure)

    /// The answer's status (nil when none came, `transport` saying why).
    public static func decide(status: Int?, reason: String = "", transport: WebFailure? = nil, hasStored: Bool) -> Revalidation {
        guard let status else {
            let failure = transport ?? .unreachable(tr("no answer"))
            return hasStored && failure.allowsStoredCopy ? .useStoredOffline : .fail(failure)
        }
        switch status {
        case 200: return .download
        case 304: return hasStored ? .useStored : .fail(.status(304, reason))
        case 404, 410: return .fail(.notFound)
        default: return .fail(.status(status, reason))
        }
    }
}

/// Which copies leave the cache (`WebFetchPolicy` rule 6): the least recently used first,
/// until the rest fit in the limit; the copy in use stays even when it alone is larger.
public enum WebCacheEviction {
    public struct Copy: Equatable, Sendable {
        public var key: String
        public var bytes: Int
        /// Seconds since 1970 when it was last opened.
        public var lastUsed: Int

        public init(key: String, bytes: Int, lastUsed: Int) {
            self.key = key
            self.bytes = bytes
            self.lastUsed = lastUsed
        }
    }

    /// The keys to remove, oldest first.
    public static func evicted(_ copies: [Copy], limit: Int, keeping kept: String) -> [String] {
        var total = copies.reduce(0) { $0 + $1.bytes }
        var removed: [String] = []
        for copy in copies.sorted(by: { ($0.lastUsed, $0.key) < ($1.lastUsed, $1.key) }) where total > limit && copy.key != kept {
            removed.append(copy.key)
            total -= copy.bytes
        }
        return removed
    }
}
