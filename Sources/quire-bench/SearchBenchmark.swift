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
/// background filler runs first, as it does after a minute of reading. With `--reopen`,
/// the text goes to a text store of the run's own once every page is read, and the
/// document is searched again by new threads as a reopened window would
/// (`reopen_first_match_ms`, `reopen_all_matches_ms`: from the threads' start, the store's
/// reading included), with the entry's size (`store_bytes`, `store_bytes_per_1000_pages`).
struct SearchBenchmark {
    let source: DocumentSource
    let word: String
    let prefill: Bool
    var reopen = false

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
        let stored = try reopen ? StoreFolder(document: self.source, pageCount: document.pageCount) : nil
        let cache = PageTextCache(pageCount: document.pageCount, budget: ThisProcess.configuration().textCacheBytes)
        let workers = SearchWorkers(threads: ThisProcess.configuration().workerThreads, pageCount: document.pageCount, cache: cache,
                                    store: stored?.slot, makeSource: { try source.open() }, deliver: { inbox.post($0) })
        defer { workers.stopAndWait() }
        var fields: [(String, String)] = []
        let ms = tenths
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
        if let stored {
            // Every page was read by the first query: stopping writes the entry, as closing does.
            let writing = Clock.now
            workers.stopAndWait()
            fields.append(("store_write_ms", ms(Clock.ms(since: writing))))
            let bytes = stored.slot.store.totalBytes
            let reopenedInbox = Inbox()
            let start = Clock.now
            let reopened = SearchWorkers(threads: ThisProcess.configuration().workerThreads, pageCount: document.pageCount,
                                         cache: PageTextCache(pageCount: document.pageCount, budget: ThisProcess.configuration().textCacheBytes),
                                         store: stored.slot, makeSource: { try source.open() }, deliver: { reopenedInbox.post($0) })
            defer { reopened.stopAndWait() }
            let again = query(SearchQuery(word), workers: reopened, inbox: reopenedInbox, pageCount: document.pageCount, since: start)
            fields += [("reopen_first_match_ms", again.firstMatch.map(ms) ?? "null"), ("reopen_all_matches_ms", ms(again.all)),
                       ("reopen_matches", String(again.matches)), ("reopen_from_store", String(stored.slot.read == .found)),
                       ("store_bytes", String(bytes)), ("store_bytes_per_1000_pages", String(bytes * 1000 / max(document.pageCount, 1)))]
        }
        return fields
    }

    /// A text store in a temporary folder of the run's own, removed at the end.
    final class StoreFolder {
        let slot: TextStoreSlot
        private let directory: String

        init(document: DocumentSource, pageCount: Int) throws {
            guard case .file(let path) = document.location, let key = TextStoreKey(statingPath: path, pageCount: pageCount) else {
                throw BenchFailure("--reopen needs a local file")
            }
            var template = Array("/tmp/quire-bench-store-XXXXXX".utf8CString)
            guard let made = mkdtemp(&template) else { throw BenchFailure("cannot make a temporary folder") }
            directory = String(cString: made)
            slot = TextStoreSlot(store: TextStore(directory: directory + "/text", budget: 1 << 30), key: key)
        }

        deinit {
            for name in slot.store.entryNames { unlink(directory + "/text/" + name) }
            rmdir(directory + "/text")
            rmdir(directory)
        }
    }

    struct BenchFailure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    private func query(_ query: SearchQuery, workers: SearchWorkers<Document>, inbox: Inbox, pageCount: Int, since: Double? = nil)
        -> (firstMatch: Double?, all: Double, matches: Int) {
        let start = since ?? Clock.now
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
