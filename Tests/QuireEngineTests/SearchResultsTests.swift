import QuireEngine
import XCTest

final class SearchResultsTests: XCTestCase {
    private func page(_ page: Int, _ count: Int) -> PageMatches {
        PageMatches(page: page, contexts: (0..<count).map { MatchContext(before: "", match: "m\($0)", after: "") })
    }

    func testFirstCurrentMatchWaitsForThePagesBeforeIt() {
        // Walk from page 2 of 5; page 3 answers before page 2.
        var results = SearchResults(query: SearchQuery("x"), generation: 1, startPage: 2, pageCount: 5)
        XCTAssertFalse(results.add(page(3, 2)))
        XCTAssertNil(results.current)
        XCTAssertTrue(results.add(page(2, 0)), "the current match is chosen once the start page has answered")
        XCTAssertEqual(results.current, .init(page: 3, index: 0))
        XCTAssertEqual(results.total, 2)
        XCTAssertFalse(results.isComplete)
    }

    func testASearchMadeAgainKeepsItsCurrentMatch() {
        var results = SearchResults(query: SearchQuery("x"), generation: 2, keeping: .init(page: 2, index: 3), pageCount: 5)
        results.add(page(0, 4))
        results.add(page(1, 4))
        XCTAssertNil(results.current, "the kept match's page has not answered")
        XCTAssertTrue(results.add(page(2, 5)))
        XCTAssertEqual(results.current, .init(page: 2, index: 3))
        XCTAssertEqual(results.currentOrdinal, 12)
    }

    func testAKeptMatchBeyondItsPageNowTakesThePagesLast() {
        var results = SearchResults(query: SearchQuery("x"), generation: 2, keeping: .init(page: 1, index: 6), pageCount: 3)
        results.add(page(1, 2))
        XCTAssertEqual(results.current, .init(page: 1, index: 1))
    }

    func testAKeptMatchWhosePageHasNoneNowTakesTheNextPagesFirst() {
        var results = SearchResults(query: SearchQuery("x"), generation: 2, keeping: .init(page: 1, index: 6), pageCount: 3)
        results.add(page(1, 0))
        results.add(page(2, 3))
        XCTAssertEqual(results.current, .init(page: 2, index: 0))
    }

    func testFirstCurrentMatchWraps() {
        var results = SearchResults(query: SearchQuery("x"), generation: 1, startPage: 3, pageCount: 4)
        results.add(page(0, 1))
        results.add(page(3, 0))
        XCTAssertEqual(results.current, .init(page: 0, index: 0))
    }

    func testOrdinalsInDocumentOrder() {
        var results = SearchResults(query: SearchQuery("x"), generation: 1, startPage: 2, pageCount: 4)
        results.add(page(2, 3))
        XCTAssertEqual(results.currentOrdinal, 1)
        results.add(page(0, 2)) // pages before the current one push its number up
        XCTAssertEqual(results.currentOrdinal, 3)
        XCTAssertEqual(results.match(atOrdinal: 2), .init(page: 0, index: 1))
        XCTAssertEqual(results.match(atOrdinal: 5), .init(page: 2, index: 2))
        XCTAssertNil(results.match(atOrdinal: 6))
    }

    func testStepForwardAndBackWrapping() {
        var results = SearchResults(query: SearchQuery("x"), generation: 1, startPage: 0, pageCount: 4)
        for (index, count) in [2, 0, 1, 0].enumerated() { results.add(page(index, count)) }
        XCTAssertTrue(results.isComplete)
        XCTAssertEqual(results.current, .init(page: 0, index: 0))
        XCTAssertFalse(results.step(forward: true))
        XCTAssertEqual(results.current, .init(page: 0, index: 1))
        XCTAssertFalse(results.step(forward: true))
        XCTAssertEqual(results.current, .init(page: 2, index: 0))
        XCTAssertTrue(results.step(forward: true), "past the last match wraps")
        XCTAssertEqual(results.current, .init(page: 0, index: 0))
        XCTAssertTrue(results.step(forward: false), "before the first match wraps")
        XCTAssertEqual(results.current, .init(page: 2, index: 0))
        XCTAssertFalse(results.step(forward: false))
        XCTAssertEqual(results.current, .init(page: 0, index: 1))
    }

    func testAPageAnswersOnce() {
        var results = SearchResults(query: SearchQuery("x"), generation: 1, startPage: 0, pageCount: 2)
        results.add(page(1, 2))
        results.add(page(1, 2))
        XCTAssertEqual(results.total, 2)
        XCTAssertEqual(results.pagesSearched, 1)
    }

    func testNoMatches() {
        var results = SearchResults(query: SearchQuery("x"), generation: 1, startPage: 0, pageCount: 2)
        results.add(page(0, 0))
        results.add(page(1, 0))
        XCTAssertTrue(results.isComplete)
        XCTAssertNil(results.current)
        XCTAssertFalse(results.step(forward: true))
        XCTAssertNil(results.current)
    }

    /// The bar says where the match is, that the walk goes on, and how many pages could
    /// not be read: a search never passes over pages in silence.
    func testTheStatusCountsPagesThatCouldNotBeSearched() {
        var results = SearchResults(query: SearchQuery("x"), generation: 1, startPage: 0, pageCount: 4)
        XCTAssertEqual(results.status, "Searching…")
        results.add(page(0, 2))
        XCTAssertEqual(results.status, "1 of 2…")
        results.add(PageMatches(page: 1, contexts: [], unreadable: true))
        XCTAssertEqual(results.status, "1 of 2… · 1 page could not be searched")
        results.add(PageMatches(page: 2, contexts: [], unreadable: true))
        results.add(page(3, 1))
        XCTAssertTrue(results.isComplete, "an unreadable page still ends its part of the walk")
        XCTAssertEqual(results.status, "1 of 3 · 2 pages could not be searched")
        var none = SearchResults(query: SearchQuery("x"), generation: 1, startPage: 0, pageCount: 1)
        none.add(page(0, 0))
        XCTAssertEqual(none.status, "No results")
    }

    /// A screen reader hears the count only once it settles, with its word.
    func testTheSpokenStatusWaitsForTheSearchToEnd() {
        var results = SearchResults(query: SearchQuery("x"), generation: 1, startPage: 0, pageCount: 2)
        results.add(page(0, 2))
        XCTAssertNil(results.spokenStatus, "spoken while the count still changes")
        results.add(page(1, 1))
        XCTAssertEqual(results.spokenStatus, "1 of 3 matches")
        var none = SearchResults(query: SearchQuery("x"), generation: 1, startPage: 0, pageCount: 1)
        none.add(page(0, 0))
        XCTAssertEqual(none.spokenStatus, "No results")
    }
}
