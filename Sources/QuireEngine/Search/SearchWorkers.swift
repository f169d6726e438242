#if canImport(Glibc)
import Glibc
#endif

/// Threads that search a document, each with its own `PageTextSource` (its own poppler
/// document). A query walks the pages from where the reader is, wrapping, and the
/// threads share the walk; each page's text is matched from the `PageTextCache` or
/// extracted (and cached) first. A new query cancels the old one at once: work in
/// progress finishes a page and is dropped by its generation. Requests for match
/// rectangles (the pages on screen) go before pages of the walk.
///
/// One more thread fills the cache in the background at the kernel's idle priority
/// (SCHED_IDLE), so it runs only on cores nothing else wants and never slows a visible
/// render; a search made after a minute of reading is then answered from memory.
///
/// With a text store (`TextStoreSlot`), that thread first reads the document's stored text
/// into the cache (the walk waits for it: a first query after reopening reads no page);
/// once every page is cached and the store did not hold them, it writes them there.
public final class SearchWorkers<Source: PageTextSource>: Sendable {
    public enum Event: Sendable {
        /// Results for some pages of the walk of `generation`, zero-match pages included.
        case pages(generation: Int, [PageMatches])
        /// Poppler's rectangles of each match on `page`, for highlighting.
        case areas(generation: Int, page: Int, [[Rect]])
    }

    private struct Walk {
        let matcher: TextMatcher
        let start: Int
        var next = 0 // how many pages of the walk have been handed out
    }

    private struct State {
        var generation = 0
        var walk: Walk?
        var areaRequests: [(generation: Int, page: Int)] = []
        var fillFrom: Int?
        var stopped = false
        /// The store was read (or there is none): the walk may start.
        var storeChecked = true
        /// Every page is cached and the store lacks them: the filler writes them.
        var storeWanted = false
        /// The filler has ended: nothing writes the store any more.
        var fillerEnded = false
    }

    public let threadCount: Int
    private let threads = ThreadGroup()
    public let cache: PageTextCache
    private let pageCount: Int
    private let condition = Condition()
    nonisolated(unsafe) private var state = State() // guarded by `condition`
    private let clock: any MonotonicClock
    private let store: TextStoreSlot?

    /// `threads` search (`Configuration.workerThreads`); one more fills the cache at idle
    /// priority, and reads and writes `store`'s text.
    public init(threads: Int, pageCount: Int, cache: PageTextCache, store: TextStoreSlot? = nil, clock: any MonotonicClock = SystemClock(),
                makeSource: @escaping @Sendable () throws -> Source, deliver: @escaping @Sendable (Event) -> Void) {
        threadCount = max(1, threads)
        self.clock = clock
        self.pageCount = pageCount
        self.cache = cache
        self.store = store.flatMap { $0.key.pageCount == pageCount ? $0 : nil }
        state.storeChecked = self.store == nil
        for _ in 0..<threadCount {
            self.threads.start { self.runSearches(makeSource: makeSource, deliver: deliver) }
        }
        self.threads.start { self.runFilling(makeSource: makeSource) }
    }

    /// Starts `query` from `page`, wrapping; returns its generation.
    @discardableResult
    public func search(_ query: SearchQuery, from page: Int) -> Int {
        condition.locked {
            state.generation += 1
            let matcher = TextMatcher(query)
            state.walk = matcher.isEmpty ? nil : Walk(matcher: matcher, start: min(max(page, 0), max(pageCount - 1, 0)))
            state.areaRequests = []
            condition.broadcast()
            return state.generation
        }
    }

    /// Stops the current query.
    public func cancel() {
        condition.locked {
            state.generation += 1
            state.walk = nil
            state.areaRequests = []
        }
    }

    /// Asks for poppler's rectangles of the matches on `page`, for the query of `generation`.
    public func requestAreas(page: Int, generation: Int) {
        condition.locked {
            guard generation == state.generation, state.walk != nil,
                  !state.areaRequests.contains(where: { $0.generation == generation && $0.page == page }) else { return }
            state.areaRequests.append((generation, page))
            condition.broadcast()
        }
    }

    /// Lets the background thread fill the cache, from `page` onward and wrapping.
    public func fillCache(from page: Int) {
        LaunchTrace.mark("search cache filling from page \(page + 1)")
        condition.locked {
            state.fillFrom = min(max(page, 0), max(pageCount - 1, 0))
            condition.broadcast()
        }
    }

    /// Ends the threads after the page in progress.
    public func stop() {
        condition.locked {
            state.stopped = true
            state.walk = nil
            state.areaRequests = []
            condition.broadcast()
        }
    }

    /// Ends the threads and waits until all have finished and closed their documents.
    public func stopAndWait() {
        stop()
        threads.waitUntilAllEnded()
    }

    private enum Job {
        case page(generation: Int, page: Int, matcher: TextMatcher)
        case areas(generation: Int, page: Int, query: SearchQuery)
        /// Nothing left of the walk for this thread: deliver what it holds.
        case flush
    }

    /// The next job; `holding` says the thread holds undelivered results, which it is told
    /// to deliver (`.flush`) rather than wait with them.
    private func nextJob(holding: Bool) -> Job? {
        condition.locked {
            while true {
                if state.stopped { return nil }
                if let request = state.areaRequests.first {
                    state.areaRequests.removeFirst()
                    if let walk = state.walk, request.generation == state.generation {
                        return .areas(generation: request.generation, page: request.page, query: walk.matcher.query)
                    }
                    continue
                }
                if var walk = state.walk, walk.next < pageCount, state.storeChecked {
                    let page = (walk.start + walk.next) % pageCount
                    walk.next += 1
                    state.walk = walk
                    return .page(generation: state.generation, page: page, matcher: walk.matcher)
                }
                if holding { return .flush }
                condition.wait()
            }
        }
    }

    private func isCurrent(_ generation: Int) -> Bool { condition.locked { state.generation == generation } }

    private func runSearches(makeSource: () throws -> Source, deliver: (Event) -> Void) {
        var source: Source?
        var opened = false
        var batch: [PageMatches] = []
        var batchGeneration = 0
        var lastDelivery = 0.0
        while let job = nextJob(holding: !batch.isEmpty) {
            if !opened {
                opened = true
                source = try? makeSource()
            }
            switch job {
            case .areas(let generation, let page, let query):
                let areas = source.map { areasOfMatches(of: query, onPage: page, in: $0) } ?? []
                if isCurrent(generation) { deliver(.areas(generation: generation, page: page, areas)) }
            case .page(let generation, let page, let matcher):
                if generation != batchGeneration { batch = []; batchGeneration = generation }
                let text = self.text(of: page, from: source)
                // A regular expression stopped on the page (too costly, or replaced) leaves it unsearched.
                let found = text.flatMap { text in matcher.search(text, while: { self.isCurrent(generation) }) }
                let contexts = text.map { text in (found ?? []).map { text.context(of: $0) } } ?? []
                batch.append(PageMatches(page: page, contexts: contexts, unreadable: found == nil))
                // Deliver at most about every 10 ms (a cached walk finishes a page in
                // microseconds); the rest goes with `.flush` when the walk runs out.
                let now = clock.now
                if now - lastDelivery > 0.01 {
                    if isCurrent(generation) { deliver(.pages(generation: generation, batch)) }
                    batch = []
                    lastDelivery = now
                }
            case .flush:
                if isCurrent(batchGeneration) { deliver(.pages(generation: batchGeneration, batch)) }
                batch = []
                lastDelivery = clock.now
            }
        }
    }

    /// Poppler's rectangles for the engine's matches. Poppler's whole-word test counts
    /// ".", ",", ":" and "-" as parts of words (it misses "fox." for "fox"), so whole-word
    /// areas are poppler's areas of all matches, kept where the engine's match is a whole word.
    private func areasOfMatches(of query: SearchQuery, onPage page: Int, in source: Source) -> [[Rect]] {
        if query.regex { return text(of: page, from: source).map { areasOfPatternMatches(of: query, in: $0, onPage: page, source) } ?? [] }
        guard query.wholeWords, let text = text(of: page, from: source) else { return source.matchAreas(of: query, onPage: page) }
        var anyWord = query
        anyWord.wholeWords = false
        let all = TextMatcher(anyWord).matches(in: text)
        let areas = source.matchAreas(of: anyWord, onPage: page)
        guard areas.count == all.count else { return source.matchAreas(of: query, onPage: page) }
        let whole = Set(TextMatcher(query).matches(in: text))
        return zip(all, areas).filter { whole.contains($0.0) }.map(\.1)
    }

    /// Poppler finds words, not patterns: each different text the pattern matched is found
    /// as words (case and all), and of those finds the ones where the pattern matched are
    /// kept, in the pattern's order. At most `patternTextsPerPage` different texts a page
    /// are looked up (each is a question to a helper); matches of others are not lit.
    private func areasOfPatternMatches(of query: SearchQuery, in text: PageText, onPage page: Int, _ source: Source) -> [[Rect]] {
        let matches = TextMatcher(query).matches(in: text)
        var areas: [Range<Int>: [Rect]] = [:]
        var looked: Set<[UInt16]> = []
        for match in matches where areas[match] == nil {
            let words = Self.words(of: text.units[match])
            guard looked.count < Self.patternTextsPerPage, looked.insert(words).inserted else { continue }
            let literal = SearchQuery(String(decoding: words, as: UTF16.self), caseSensitive: true)
            let all = TextMatcher(literal).matches(in: text)
            let found = source.matchAreas(of: literal, onPage: page)
            guard all.count == found.count else { continue }
            for (range, area) in zip(all, found) { areas[range] = area }
        }
        return matches.map { areas[$0] ?? [] } // in place, unlit: the marks keep their order
    }

    static var patternTextsPerPage: Int { 24 }

    /// A match's text as a plain query finds it: a hyphen ending a line inside a word goes
    /// with the break, and breaks are spaces.
    private static func words(of units: ArraySlice<UInt16>) -> [UInt16] {
        var words: [UInt16] = []
        var index = units.startIndex
        while index < units.endIndex {
            let unit = units[index]
            if TextFold.isHyphen(unit), index + 1 < units.endIndex, units[index + 1] == TextFold.newline {
                index += 2
                continue
            }
            words.append(unit == TextFold.newline ? TextFold.space : unit)
            index += 1
        }
        return words
    }

    private func text(of page: Int, from source: Source?) -> PageText? {
        if let cached = cache[page] { return cached }
        guard let source, let read = source.readableText(at: page) else { return nil }
        let text = PageText(read)
        insert(text, page: page)
        return text
    }

    /// Caches a page read; the cache complete, the store is to have it (once).
    @discardableResult
    private func insert(_ text: PageText, page: Int) -> Bool {
        let kept = cache.insert(text, page: page)
        if kept, store != nil, cache.cachedPages == pageCount {
            condition.locked {
                guard !state.storeWanted, !state.fillerEnded, let store else { return }
                state.storeWanted = true
                store.writeAhead()
                condition.broadcast()
            }
        }
        return kept
    }

    /// Reads the store's text into the cache, then lets the walk start.
    private func readStore() {
        defer { condition.locked { state.storeChecked = true; condition.broadcast() } }
        guard let store, let pages = store.load() else { return }
        for (page, text) in pages.enumerated() where !cache.insert(text, page: page) { break }
    }

    /// Writes every cached page to the store, if it is to have them.
    private func writeStore() {
        let wanted = condition.locked {
            state.fillerEnded = true
            return state.storeWanted
        }
        guard let store, wanted else { return }
        defer { store.writeDone() }
        var pages: [PageText] = []
        pages.reserveCapacity(pageCount)
        for page in 0..<pageCount {
            guard let text = cache[page] else { return }
            pages.append(text)
        }
        store.save(pages)
    }

    /// The background filler: idle priority, one page at a time, until every page is
    /// cached or the cache is full.
    private func runFilling(makeSource: () throws -> Source) {
        readStore()
        runThisThreadAtIdlePriority()
        defer { writeStore() }
        var source: Source?
        var checked = 0 // pages of the walk found cached or filled
        while true {
            let next: Int? = condition.locked {
                while !state.stopped && state.fillFrom == nil && !state.storeWanted { condition.wait() }
                guard !state.stopped, let from = state.fillFrom else { return nil }
                while checked < pageCount, cache[(from + checked) % pageCount] != nil { checked += 1 }
                return checked < pageCount && !cache.isFull ? (from + checked) % pageCount : nil
            }
            guard let page = next else { return }
            if source == nil { source = try? makeSource() }
            guard let source else { return }
            // A page that cannot be read is left to the walk, which reports it.
            if let read = source.readableText(at: page), !insert(PageText(read), page: page) { return }
            checked += 1
        }
    }
}

