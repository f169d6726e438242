#if canImport(Glibc)
import Glibc
#endif

/// Page texts shared by the search threads, within a byte budget. Full means full: pages
/// past the budget are extracted again for each query instead of evicting others, so the
/// pages cached first (from where the reader was) stay answered at once.
public final class PageTextCache: Sendable {
    public let budget: Int
    private let condition = Condition()
    nonisolated(unsafe) private var texts: [PageText?]  // guarded by `condition`
    nonisolated(unsafe) private var used = 0            // guarded by `condition`
    nonisolated(unsafe) private var cached = 0          // guarded by `condition`
    nonisolated(unsafe) private var refused = false     // guarded by `condition`

    public init(pageCount: Int, budget: Int = Configuration.defaultTextCacheBytes) {
        self.budget = budget
        texts = Array(repeating: nil, count: pageCount)
    }

    public var bytes: Int { condition.locked { used } }
    public var cachedPages: Int { condition.locked { cached } }
    /// True once a page did not fit.
    public var isFull: Bool { condition.locked { refused || used >= budget } }

    public subscript(page: Int) -> PageText? {
        condition.locked { texts.indices.contains(page) ? texts[page] : nil }
    }

    /// Puts `text` in place of the page's (its recognised text, where it had none), even
    /// past the budget: a page is replaced once, and it was read already.
    public func replace(_ text: PageText, page: Int) {
        condition.locked {
            guard texts.indices.contains(page) else { return }
            if let old = texts[page] { used -= old.byteCount } else { cached += 1 }
            texts[page] = text
            used += text.byteCount
        }
    }

    /// Keeps `text` if it fits; returns whether it was kept.
    @discardableResult
    public func insert(_ text: PageText, page: Int) -> Bool {
        condition.locked {
            guard texts.indices.contains(page) else { return false }
            if texts[page] != nil { return true }
            guard used + text.byteCount <= budget else {
                refused = true
                return false
            }
            texts[page] = text
            used += text.byteCount
            cached += 1
            return true
        }
    }
}
