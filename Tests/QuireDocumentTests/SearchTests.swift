import Fixtures
import QuireEngine
import XCTest
@testable import QuireDocument

/// The engine's matcher over text poppler extracted, against poppler's own find on the
/// same pages: the counts must agree, and poppler's rectangles must sit on the text.
final class SearchTests: XCTestCase {
    private var fixtures: Fixtures!
    override func setUpWithError() throws { fixtures = try Fixtures() }
    override func tearDown() { fixtures = nil }

    private func counts(_ query: SearchQuery, in document: Document) -> (engine: [Int], poppler: [Int]) {
        let matcher = TextMatcher(query)
        let engine = (0..<document.pageCount).map { matcher.matches(in: PageText(document.text(at: $0))).count }
        let poppler = (0..<document.pageCount).map { document.matchAreas(of: query, onPage: $0).count }
        return (engine, poppler)
    }

    func testCountsPerPageAgreeWithPoppler() throws {
        let document = try DocumentSource(path: fixtures.searchable()).open()
        let expected: [(SearchQuery, [Int])] = [
            (SearchQuery("fox"), [4, 100, 0, 1]),
            (SearchQuery("FOX"), [4, 100, 0, 1]),
            (SearchQuery("fox", caseSensitive: true), [3, 100, 0, 1]),
            (SearchQuery("cafe"), [2, 0, 0, 0]),
            (SearchQuery("café"), [2, 0, 0, 0]),
            (SearchQuery("café", caseSensitive: true), [1, 0, 0, 0]),
            (SearchQuery("hyphenated"), [1, 0, 0, 0]),
            (SearchQuery("runs across line breaks"), [1, 0, 0, 0]),
            (SearchQuery("wolf"), [0, 0, 0, 0]),
        ]
        for (query, counts) in expected {
            let found = self.counts(query, in: document)
            XCTAssertEqual(found.engine, counts, "engine, \(query)")
            XCTAssertEqual(found.poppler, counts, "poppler, \(query)")
        }
    }

    /// Poppler's own whole-word find misses "fox." (it counts "." as part of a word); the
    /// workers give the areas of the engine's whole-word matches.
    func testWholeWordsAreasThroughTheWorkers() throws {
        let source = try DocumentSource(path: fixtures.searchable())
        let document = try source.open()
        XCTAssertEqual(counts(SearchQuery("fox", wholeWords: true), in: document).engine, [2, 100, 0, 1])
        let done = DispatchSemaphore(value: 0)
        let found = Found()
        let workers = SearchWorkers(threads: 1, pageCount: 4, cache: PageTextCache(pageCount: 4),
                                    makeSource: { try source.open() }, deliver: { event in
            if case .areas(_, let page, let areas) = event { found.set(page, areas); done.signal() }
        })
        defer { workers.stopAndWait() }
        let generation = workers.search(SearchQuery("fox", wholeWords: true), from: 0)
        for page in [0, 3] { workers.requestAreas(page: page, generation: generation) }
        for _ in 0..<2 { XCTAssertEqual(done.wait(timeout: .now() + 30), .success) }
        XCTAssertEqual(found[0].count, 2)
        XCTAssertEqual(found[3].count, 1, "“fox.” is a whole word")
        XCTAssertEqual(found[3].first?.first?.maxY ?? 0, 300, accuracy: 5)
    }

    private final class Found: @unchecked Sendable {
        private let lock = NSLock()
        private var areas: [Int: [[Rect]]] = [:]
        func set(_ page: Int, _ value: [[Rect]]) { lock.withLock { areas[page] = value } }
        subscript(page: Int) -> [[Rect]] { lock.withLock { areas[page] ?? [] } }
    }

    func testAreasSitOnTheTextTopDown() throws {
        let document = try DocumentSource(path: fixtures.searchable()).open()
        // Page 1: "fox" on the line with its baseline 100 pt from the top, 14 pt text.
        let first = try XCTUnwrap(document.matchAreas(of: SearchQuery("quick brown fox"), onPage: 0).first)
        XCTAssertEqual(first.count, 1)
        XCTAssertEqual(first[0].maxY, 100, accuracy: 5)
        XCTAssertEqual(first[0].y, 100 - 14, accuracy: 5)
        XCTAssertEqual(first[0].x, 72 + 40, accuracy: 10, "after “The ”")
        // A phrase across a line break has one rectangle on each line.
        let across = try XCTUnwrap(document.matchAreas(of: SearchQuery("runs across line breaks"), onPage: 0).first)
        XCTAssertEqual(across.count, 2)
        XCTAssertEqual(across[0].maxY, 240, accuracy: 5)
        XCTAssertEqual(across[1].maxY, 258, accuracy: 5)
        // The landscape page measures from its own top.
        let last = try XCTUnwrap(document.matchAreas(of: SearchQuery("fox"), onPage: 3).first?.first)
        XCTAssertEqual(last.maxY, 300, accuracy: 5)
        // Matches in reading order: the 100 on page 2 go down the page.
        let tops = document.matchAreas(of: SearchQuery("fox"), onPage: 1).map { $0[0].y }
        XCTAssertEqual(tops, tops.sorted())
    }

    func testContextsComeFromThePageLine() throws {
        let document = try DocumentSource(path: fixtures.searchable()).open()
        let text = PageText(document.text(at: 0))
        let contexts = TextMatcher(SearchQuery("lazy")).matches(in: text).map { text.context(of: $0) }
        XCTAssertEqual(contexts, [MatchContext(before: "The quick brown fox jumps over the ", match: "lazy", after: " dog.")])
    }

    func testWholeDocumentSearchThroughTheWorkers() throws {
        let source = try DocumentSource(path: fixtures.searchable())
        let done = DispatchSemaphore(value: 0)
        let collected = Collected()
        let workers = SearchWorkers(threads: 2, pageCount: 4, cache: PageTextCache(pageCount: 4),
                                    makeSource: { try source.open() }, deliver: { event in
            if case .pages(_, let pages) = event, collected.add(pages) == 4 { done.signal() }
        })
        defer { workers.stopAndWait() }
        workers.search(SearchQuery("fox"), from: 2)
        XCTAssertEqual(done.wait(timeout: .now() + 30), .success)
        XCTAssertEqual(collected.total, 105)
    }

    private final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var pages: [PageMatches] = []
        func add(_ more: [PageMatches]) -> Int { lock.withLock { pages += more; return pages.count } }
        var total: Int { lock.withLock { pages.reduce(0) { $0 + $1.count } } }
    }
}

/// Right-to-left pages from the corpus: one of four lines of “انواع الخطوط العربية” in
/// presentation forms (pdftotext and poppler's find both see “انواع” four times), and four
/// turned pages of “habibi” in Arabic and Latin letters.
final class RightToLeftSearchTests: XCTestCase {
    private func corpusFile(_ name: String) throws -> Document {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../shared/corpus/" + name).standardizedFileURL.path
        guard FileManager.default.fileExists(atPath: file) else { throw XCTSkip("no ../shared/corpus beside this checkout") }
        return try DocumentSource(path: file).open()
    }

    private func arabicPage() throws -> Document { try corpusFile("rtl-arabic-cidtruetype.pdf") }

    func testTheWholeTextOfARightToLeftPageIsSearched() throws {
        let document = try arabicPage()
        let text = PageText(document.text(at: 0))
        XCTAssertEqual(String(decoding: text.units, as: UTF16.self).split(separator: "\n").count, 4, "every line of the page")
        XCTAssertEqual(TextMatcher(SearchQuery("انواع")).matches(in: text).count, 4)
    }

    func testMatchesCountedAreTheMatchesPopplerPlaces() throws {
        let document = try arabicPage()
        for (query, count) in [("انواع", 4), ("العربية", 4), ("ا", 16), ("انواع الخطوط", 4)] {
            let counted = TextMatcher(SearchQuery(query)).matches(in: PageText(document.text(at: 0))).count
            XCTAssertEqual(counted, count, query)
            XCTAssertEqual(document.matchAreas(of: SearchQuery(query), onPage: 0).count, count, query)
        }
    }

    /// Each turned page holds “habibi” once; poppler-glib's whole-page text lost it on one.
    func testEveryTurnedPageIsSearchedWhole() throws {
        let document = try corpusFile("rtl-arabic-rotated-pages.pdf")
        let query = SearchQuery("habibi")
        XCTAssertEqual((0..<document.pageCount).map { TextMatcher(query).matches(in: PageText(document.text(at: $0))).count }, [1, 1, 1, 1])
        XCTAssertEqual((0..<document.pageCount).map { document.matchAreas(of: query, onPage: $0).count }, [1, 1, 1, 1])
    }
}
