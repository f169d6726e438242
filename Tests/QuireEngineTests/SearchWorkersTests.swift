import Dispatch
import Synchronization
import XCTest
@testable import QuireEngine

/// Which pages a stand-in extracted, in order, across threads.
final class Extractions: Sendable {
    private let pages = Mutex<[Int]>([])
    func append(_ page: Int) { pages.withLock { $0.append(page) } }
    var all: [Int] { pages.withLock { $0 } }
}

/// A deterministic stand-in document for search: page texts in memory, a count of
/// extractions per page, and an optional gate that holds each extraction.
final class StandInText: PageTextSource, @unchecked Sendable {
    let pages: [String]
    let gate: DispatchSemaphore?
    let extractions: Extractions
    init(_ pages: [String], gate: DispatchSemaphore? = nil, extractions: Extractions) {
        self.pages = pages
        self.gate = gate
        self.extractions = extractions
    }
    var pageCount: Int { pages.count }
    func text(at page: Int) -> String {
        gate?.wait()
        extractions.append(page)
        return pages[page]
    }
    func matchAreas(of query: SearchQuery, onPage page: Int) -> [[Rect]] {
        let count = TextMatcher(query).matches(in: PageText(pages[page])).count
        return (0..<count).map { [Rect(x: Double($0), y: 0, width: 1, height: 1)] }
    }
}

final class SearchWorkersTests: XCTestCase {
    private final class Events: Sendable {
        private let items = Mutex<[SearchWorkers<StandInText>.Event]>([])
        private let arrived = DispatchSemaphore(value: 0)
        func add(_ event: SearchWorkers<StandInText>.Event) { items.withLock { $0.append(event) }; arrived.signal() }
        var all: [SearchWorkers<StandInText>.Event] { items.withLock { $0 } }
        func pages(of generation: Int) -> [PageMatches] {
            all.flatMap { event -> [PageMatches] in
                if case .pages(generation, let pages) = event { return pages }
                return []
            }
        }
        /// Waits (10 s at most, a watchdog) until `done` holds.
        func wait(until done: () -> Bool) -> Bool {
            while !done() { if arrived.wait(timeout: .now() + 10) == .timedOut { return done() } }
            return true
        }
    }

    private let texts = ["a fox here", "nothing", "fox and fox", "no", "last fox"]

    private func workers(threads: Int = 1, texts: [String]? = nil, gate: DispatchSemaphore? = nil, budget: Int = 1 << 20,
                         events: Events, extractions: Extractions) -> SearchWorkers<StandInText> {
        let texts = texts ?? self.texts
        return SearchWorkers(threads: threads, pageCount: texts.count, cache: PageTextCache(pageCount: texts.count, budget: budget),
                             makeSource: { StandInText(texts, gate: gate, extractions: extractions) }, deliver: events.add)
    }

    /// Runs `query` from `page` and waits until every page has answered; returns its generation.
    @discardableResult
    private func searchAll(_ query: SearchQuery, from page: Int, in search: SearchWorkers<StandInText>, events: Events, pages: Int,
                           file: StaticString = #filePath, line: UInt = #line) -> Int {
        let generation = search.search(query, from: page)
        XCTAssertTrue(events.wait { events.pages(of: generation).count == pages }, "\(query) lost pages", file: file, line: line)
        return generation
    }

    func testWalksFromTheStartPageAndWraps() {
        let events = Events(), extractions = Extractions()
        let search = workers(events: events, extractions: extractions)
        defer { search.stopAndWait() }
        let generation = searchAll(SearchQuery("fox"), from: 3, in: search, events: events, pages: 5)
        XCTAssertEqual(events.pages(of: generation).map(\.page), [3, 4, 0, 1, 2])
        XCTAssertEqual(events.pages(of: generation).map(\.count), [0, 1, 1, 0, 2])
        XCTAssertEqual(events.pages(of: generation).first { $0.page == 2 }?.contexts.first?.match, "fox")
    }

    func testTwoThreadsSearchEveryPageOnce() {
        let events = Events(), extractions = Extractions()
        let many = (0..<200).map { "page \($0) " + String(repeating: "fox ", count: $0 % 3) }
        let search = workers(threads: 2, texts: many, events: events, extractions: extractions)
        defer { search.stopAndWait() }
        let generation = searchAll(SearchQuery("fox"), from: 50, in: search, events: events, pages: 200)
        XCTAssertEqual(Set(events.pages(of: generation).map(\.page)).count, 200)
        XCTAssertEqual(events.pages(of: generation).reduce(0) { $0 + $1.count }, (0..<200).reduce(0) { $0 + $1 % 3 })
    }

    /// A thread never sleeps on results it has not delivered: every page of every query
    /// arrives, however the threads' last pages interleave.
    func testEveryPageOfManyQueriesArrives() {
        let events = Events(), extractions = Extractions()
        let search = workers(threads: 2, texts: (0..<40).map { "fox \($0)" }, events: events, extractions: extractions)
        defer { search.stopAndWait() }
        for round in 0..<200 {
            searchAll(SearchQuery(round % 2 == 0 ? "fox" : "FOX"), from: round % 40, in: search, events: events, pages: 40)
        }
    }

    func testASecondQueryIsAnsweredFromTheCache() {
        let events = Events(), extractions = Extractions()
        let search = workers(events: events, extractions: extractions)
        defer { search.stopAndWait() }
        searchAll(SearchQuery("fox"), from: 0, in: search, events: events, pages: 5)
        let second = searchAll(SearchQuery("FOX", caseSensitive: true), from: 0, in: search, events: events, pages: 5)
        XCTAssertEqual(extractions.all.sorted(), [0, 1, 2, 3, 4], "each page extracted once")
        XCTAssertEqual(events.pages(of: second).reduce(0) { $0 + $1.count }, 0)
    }

    func testANewQueryCancelsTheOldOne() {
        let events = Events(), extractions = Extractions()
        let gate = DispatchSemaphore(value: 0)
        let search = workers(gate: gate, events: events, extractions: extractions)
        defer { search.stopAndWait() }
        let old = search.search(SearchQuery("fox"), from: 0)
        gate.signal() // page 0 of the old query may be extracted; the thread then waits at page 1
        XCTAssertTrue(events.wait { extractions.all.count == 1 })
        let new = search.search(SearchQuery("here"), from: 0)
        for _ in 0..<10 { gate.signal() }
        XCTAssertTrue(events.wait { events.pages(of: new).count == 5 })
        // The old query's walk stopped at the page in progress: pages 2… were never matched for it.
        XCTAssertTrue(events.pages(of: old).allSatisfy { $0.page <= 1 })
        XCTAssertEqual(events.pages(of: new).filter { $0.count > 0 }.map(\.page), [0])
        XCTAssertTrue(events.pages(of: new).allSatisfy { $0.contexts.allSatisfy { $0.match == "here" } })
    }

    func testAreasComeForTheCurrentQueryOnly() {
        let events = Events(), extractions = Extractions()
        let search = workers(events: events, extractions: extractions)
        defer { search.stopAndWait() }
        let generation = search.search(SearchQuery("fox"), from: 0)
        search.requestAreas(page: 2, generation: generation)
        search.requestAreas(page: 2, generation: generation - 1) // stale: ignored
        XCTAssertTrue(events.wait {
            events.all.contains { if case .areas(generation, 2, let areas) = $0 { return areas.count == 2 }; return false }
        })
        XCTAssertEqual(events.all.filter { if case .areas = $0 { return true }; return false }.count, 1)
    }

    func testTheFillerCachesEveryPageWithinTheBudget() {
        let events = Events(), extractions = Extractions()
        let search = workers(events: events, extractions: extractions)
        defer { search.stopAndWait() }
        search.fillCache(from: 2)
        XCTAssertTrue(waitUntil { search.cache.cachedPages == 5 })
        XCTAssertEqual(extractions.all, [2, 3, 4, 0, 1], "from the reader's page, wrapping")
        XCTAssertEqual(search.cache.bytes, texts.reduce(0) { $0 + PageText($1).byteCount })
    }

    func testTheCacheStopsAtItsBudget() {
        let cache = PageTextCache(pageCount: 3, budget: PageText("abc").byteCount * 2)
        XCTAssertTrue(cache.insert(PageText("abc"), page: 0))
        XCTAssertTrue(cache.insert(PageText("def"), page: 1))
        XCTAssertFalse(cache.insert(PageText("ghi"), page: 2))
        XCTAssertTrue(cache.isFull)
        XCTAssertNil(cache[2])
        XCTAssertLessThanOrEqual(cache.bytes, cache.budget)
    }

    /// The filler posts no events; poll its cache, with a watchdog.
    private func waitUntil(_ done: () -> Bool) -> Bool {
        let deadline = DispatchTime.now() + 10
        while !done() && DispatchTime.now() < deadline { sched_yield() }
        return done()
    }
}
