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
