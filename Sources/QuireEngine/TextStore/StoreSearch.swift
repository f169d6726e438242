/// Search across documents: one query over every document the text store holds (the ones
/// the reader opened and Quire read through). The policy:
///  1. Documents most recently used first; a document whose file is no longer the one its
///     text was stored from (changed, moved, gone) is skipped and counted, never searched
///     with stale text.
///  2. At most `documentLimit` documents; each lists at most `matchesPerDocument` matches
///     (every match is counted).
///  3. One thread. A new query, `cancel` or `stop` ends the old one between pages, and a
///     regular expression's work on a page is bounded as in Find (`RegexPattern`).
///  4. Results go out a document at a time (those with matches), then `finished`.
public final class StoreSearch: Sendable {
    public static let documentLimit = 500
    public static let matchesPerDocument = 200

    public struct Match: Sendable, Equatable {
        public let page: Int
        /// Which of the page's matches, from 0.
        public let index: Int
        public let context: MatchContext
    }

    public struct Document: Sendable {
        public let path: String
        public let pageCount: Int
        public let total: Int
        public let matches: [Match]
    }

    public enum Event: Sendable {
        case document(generation: Int, Document)
        /// The query went through every document: how many were searched, and skipped (rule 1).
        case finished(generation: Int, searched: Int, skipped: Int)
    }

    private struct State {
        var generation = 0
        var query: SearchQuery?
        var stopped = false
    }

    private let store: TextStore
    private let condition = Condition()
    nonisolated(unsafe) private var state = State() // guarded by `condition`
    private let threads = ThreadGroup()

    public init(store: TextStore, deliver: @escaping @Sendable (Event) -> Void) {
        self.store = store
        threads.start { self.run(deliver) }
    }

    /// Starts `query` over the store; returns its generation.
    @discardableResult
    public func search(_ query: SearchQuery) -> Int {
        condition.locked {
            state.generation += 1
            state.query = TextMatcher(query).isEmpty ? nil : query
            condition.broadcast()
            return state.generation
        }
    }

    public func cancel() {
        condition.locked {
            state.generation += 1
            state.query = nil
        }
    }

    /// Ends the thread after the page in progress, and waits for it.
    public func stopAndWait() {
        condition.locked {
            state.stopped = true
            condition.broadcast()
        }
        threads.waitUntilAllEnded()
    }

    private func isCurrent(_ generation: Int) -> Bool { condition.locked { state.generation == generation && !state.stopped } }

    private func run(_ deliver: (Event) -> Void) {
        while true {
            let next: (Int, SearchQuery)? = condition.locked {
                while !state.stopped && state.query == nil { condition.wait() }
                guard !state.stopped, let query = state.query else { return nil }
                state.query = nil
                return (state.generation, query)
            }
            guard let (generation, query) = next else { return }
            search(query, generation: generation, deliver)
        }
    }

    private func search(_ query: SearchQuery, generation: Int, _ deliver: (Event) -> Void) {
        let matcher = TextMatcher(query)
        let going = { self.isCurrent(generation) }
        var searched = 0, skipped = 0
        for name in store.entriesByUse.prefix(Self.documentLimit) {
            guard going() else { return }
            guard let stored = store.read(entryNamed: name),
                  TextStoreKey(statingPath: stored.key.path, pageCount: stored.key.pageCount) == stored.key else {
                skipped += 1
                continue
            }
            searched += 1
            var total = 0
            var listed: [Match] = []
            for (page, content) in stored.pages.enumerated() {
                guard let found = matcher.search(content.text, while: going) else {
                    if going() { continue } // the page was too costly: left unsearched
                    return
                }
                total += found.count
                for (index, range) in found.enumerated() where listed.count < Self.matchesPerDocument {
                    listed.append(Match(page: page, index: index, context: content.text.context(of: range)))
                }
            }
            if total > 0, going() {
                deliver(.document(generation: generation, Document(path: stored.key.path, pageCount: stored.key.pageCount, total: total, matches: listed)))
            }
        }
        if going() { deliver(.finished(generation: generation, searched: searched, skipped: skipped)) }
    }
}
