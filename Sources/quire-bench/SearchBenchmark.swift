import Dispatch
import QuireDocument
import QuireEngine
import QuireRemote
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// `--search WORD`: the search engine without a window. A first query from page 1 over a
/// cold cache (first match shown: found and its rectangles known; then every page), then
/// the same word case-sensitive, answered from the text cache. With `--prefill`, the
/// background filler runs first, as it does after a minute of reading.
struct SearchBenchmark {
    let source: DocumentSource
    let word: String
    let prefill: Bool

    final class Inbox: Sendable {
        private let events = Mutex<[SearchWorkers<Document>.Event]>([])
        private let posted = DispatchSemaphore(value: 0)
        func post(_ event: SearchWorkers<Document>.Event) {
            events.withLock { $0.append(event) }
            posted.signal()
        }
        func take() -> [SearchWorkers<Document>.Event] {
            posted.wait()
            return events.withLock { taken in
                defer { taken.removeAll() }
                return taken
            }
        }
    }

    func run() throws -> [(String, String)] {
        let document = try source.open()
        let source = self.source
        let inbox = Inbox()
        let cache = PageTextCache(pageCount: document.pageCount, budget: ThisProcess.configuration().textCacheBytes)
        let workers = SearchWorkers(threads: ThisProcess.configuration().workerThreads, pageCount: document.pageCount, cache: cache,
                                    makeSource: { try source.open() }, deliver: { inbox.post($0) })
        defer { workers.stopAndWait() }
        var fields: [(String, String)] = []
        func ms(_ value: Double) -> String { String(Double(Int(value * 10)) / 10) }
        if prefill {
            let start = Clock.now
            workers.fillCache(from: 0)
            while cache.cachedPages < document.pageCount && !cache.isFull { usleep(5_000) }
            fields.append(("prefill_ms", ms(Clock.ms(since: start))))
        }
        let first = query(SearchQuery(word), workers: workers, inbox: inbox, pageCount: document.pageCount)
        let second = query(SearchQuery(word, caseSensitive: true), workers: workers, inbox: inbox, pageCount: document.pageCount)
        fields += [("first_match_ms", first.firstMatch.map(ms) ?? "null"), ("all_matches_ms", ms(first.all)),
                   ("matches", String(first.matches)), ("second_query_ms", ms(second.all)),
                   ("second_query_matches", String(second.matches)), ("text_cache_bytes", String(cache.bytes)),
                   ("text_cache_pages", String(cache.cachedPages)), ("search_threads", String(workers.threadCount))]
        return fields
    }

    private func query(_ query: SearchQuery, workers: SearchWorkers<Document>, inbox: Inbox, pageCount: Int)
        -> (firstMatch: Double?, all: Double, matches: Int) {
        let start = Clock.now
        let generation = workers.search(query, from: 0)
        var results = SearchResults(query: query, generation: generation, startPage: 0, pageCount: pageCount)
        var firstMatch: Double?
        var all: Double?
        while firstMatch == nil || all == nil {
            for event in inbox.take() {
                switch event {
                case .pages(let from, let pages) where from == generation:
                    for page in pages where results.add(page) {
                        workers.requestAreas(page: results.current!.page, generation: generation)
                    }
                    if results.isComplete {
                        all = Clock.ms(since: start)
                        if results.total == 0 { firstMatch = all }
                    }
                case .areas(let from, let page, _) where from == generation && page == results.current?.page:
                    firstMatch = firstMatch ?? Clock.ms(since: start)
                default: break
                }
            }
        }
        return (firstMatch, all!, results.total)
    }
}
