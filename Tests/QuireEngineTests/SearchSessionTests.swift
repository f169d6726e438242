import XCTest
@testable import QuireEngine

/// The view's side of a search: when the current match is brought into view, which pages'
/// areas are asked for, and when it is settled.
final class SearchSessionTests: XCTestCase {
    private func matches(_ page: Int, _ count: Int) -> PageMatches {
        PageMatches(page: page, contexts: (0..<count).map { MatchContext(before: "", match: "m\($0)", after: "") })
    }

    private let area = [[Rect(x: 10, y: 20, width: 30, height: 10), Rect(x: 5, y: 32, width: 10, height: 10)]]

    /// A session over ten pages whose walk starts at page 0, generation 7.
    private func started(keeping kept: SearchResults.Match? = nil) -> SearchSession {
        var session = SearchSession()
        session.start(SearchQuery("m"), generation: 7, from: 0, keeping: kept, pageCount: 10)
        return session
    }

    func testAFirstMatchOffScreenTurnsToItsPageThenRevealsItOnceItsAreasCome() {
        var session = started()
        let effects = session.received([matches(0, 0), matches(1, 0), matches(2, 0), matches(3, 2)], generation: 7, visible: 0..<2)
        XCTAssertEqual(effects, [.showPage(3), .askAreas(page: 3, generation: 7), .selectRow(1)])
        XCTAssertFalse(session.isSettled(visible: 3..<4), "not revealed yet, and six pages unsearched")
        XCTAssertEqual(session.received(areas: area, onPage: 3, generation: 7),
                       [.reveal(Rect(x: 5, y: 20, width: 35, height: 22), page: 3)], "the union of the match's rectangles")
        session.received((4..<10).map { matches($0, 0) }, generation: 7, visible: 3..<4).forEach { XCTFail("\($0)") }
        XCTAssertTrue(session.isSettled(visible: 3..<4))
        XCTAssertEqual(session.summary, "match=1/2 (page 4)")
    }

    func testAFirstMatchOnScreenIsNotTurnedTo() {
        var session = started()
        XCTAssertEqual(session.received([matches(0, 1)], generation: 7, visible: 0..<2),
                       [.askAreas(page: 0, generation: 7), .selectRow(1)])
    }

    func testAreasAreAskedOnceAPageAndOnlyForPagesOnScreenWithMatches() {
        var session = started()
        _ = session.received([matches(0, 1), matches(1, 0), matches(2, 3), matches(5, 4)], generation: 7, visible: 0..<1)
        XCTAssertEqual(session.visibleChanged(0..<6), [.askAreas(page: 2, generation: 7), .askAreas(page: 5, generation: 7)],
                       "page 0 was asked already; 1 has no matches; 3 and 4 are not searched")
        XCTAssertEqual(session.visibleChanged(0..<6), [])
    }

    func testASearchMadeAgainAfterAReloadLeavesTheViewUntilTheReaderSteps() {
        var session = started(keeping: SearchResults.Match(page: 4, index: 1))
        let effects = session.received([matches(4, 3)], generation: 7, visible: 0..<1)
        XCTAssertEqual(effects, [.askAreas(page: 4, generation: 7), .selectRow(2)], "no turn to page 5")
        XCTAssertEqual(session.received(areas: area + area + area, onPage: 4, generation: 7), [], "no reveal either")
        XCTAssertEqual(session.step(forward: true, from: 0, visible: 0..<1).effects,
                       [.reveal(Rect(x: 5, y: 20, width: 35, height: 22), page: 4), .selectRow(3)])
    }

    func testSteppingPastTheLastMatchWrapsToTheFirst() {
        var session = started()
        _ = session.received((0..<10).map { matches($0, $0 == 2 || $0 == 6 ? 1 : 0) }, generation: 7, visible: 2..<3)
        _ = session.received(areas: [area[0]], onPage: 2, generation: 7)
        let next = session.step(forward: true, from: 2, visible: 2..<3)
        XCTAssertEqual(next.wrapped, false)
        XCTAssertEqual(next.effects, [.showPage(6), .askAreas(page: 6, generation: 7), .selectRow(2)])
        let wrapped = session.step(forward: true, from: 6, visible: 6..<7)
        XCTAssertEqual(wrapped.wrapped, true)
        XCTAssertEqual(wrapped.effects, [.reveal(Rect(x: 5, y: 20, width: 35, height: 22), page: 2), .selectRow(1)],
                       "page 2's areas are known: no turn first")
    }

    func testChoosingARowMakesItsMatchCurrent() {
        var session = started()
        _ = session.received([matches(0, 2), matches(1, 3)], generation: 7, visible: 0..<1)
        XCTAssertEqual(session.choose(4, visible: 0..<1), [.showPage(1), .askAreas(page: 1, generation: 7), .selectRow(4)])
        XCTAssertEqual(session.results?.current, SearchResults.Match(page: 1, index: 1))
        XCTAssertEqual(session.choose(9, visible: 0..<1), [], "no ninth match")
    }

    func testAnOlderQuerysEventsChangeNothing() {
        var session = started()
        XCTAssertEqual(session.received([matches(0, 5)], generation: 6, visible: 0..<1), [])
        XCTAssertEqual(session.received(areas: area, onPage: 0, generation: 6), [])
        XCTAssertEqual(session.results?.total, 0)
        XCTAssertNil(session.highlights(onPage: 0))
    }

    func testProgressCountsWholePercentsWhileTheWalkGoesOn() {
        var session = SearchSession()
        XCTAssertNil(session.progress)
        session.start(SearchQuery("m"), generation: 1, from: 0, pageCount: 3)
        XCTAssertEqual(session.progress, 0)
        _ = session.received([matches(0, 0)], generation: 1, visible: 0..<1)
        XCTAssertEqual(session.progress, 33)
        _ = session.received([matches(1, 0), matches(2, 0)], generation: 1, visible: 0..<1)
        XCTAssertNil(session.progress, "done")
        XCTAssertTrue(session.isSettled(visible: 0..<1), "nothing found, nothing to reveal")
        XCTAssertEqual(session.summary, "match=0/0")
    }

    func testHighlightsMarkTheCurrentMatchOnItsPageOnly() {
        var session = started()
        _ = session.received([matches(0, 1), matches(1, 1)], generation: 7, visible: 0..<2)
        _ = session.received(areas: area, onPage: 0, generation: 7)
        _ = session.visibleChanged(0..<2)
        _ = session.received(areas: area, onPage: 1, generation: 7)
        XCTAssertEqual(session.highlights(onPage: 0), PageHighlights(areas: area, current: 0))
        XCTAssertEqual(session.highlights(onPage: 1)?.areas.count, 1)
        XCTAssertNil(session.highlights(onPage: 1)?.current)
    }

    /// Poppler placed four matches where the page's text gave two: two are lit, the two
    /// that the count, the list and Enter reach.
    func testOnlyCountedMatchesAreLit() {
        var session = started()
        _ = session.received([matches(0, 2)], generation: 7, visible: 0..<1)
        let four = (0..<4).map { [Rect(x: 10, y: Double($0) * 20, width: 30, height: 10)] }
        _ = session.received(areas: four, onPage: 0, generation: 7)
        XCTAssertEqual(session.highlights(onPage: 0), PageHighlights(areas: Array(four.prefix(2)), current: 0))
        XCTAssertEqual(session.results?.total, 2)
    }

    func testTheCurrentMatchIsMarkedAsSuchAndTheOthersAsMatches() {
        let one = Rect(x: 1, y: 2, width: 3, height: 4), two = Rect(x: 5, y: 6, width: 7, height: 8)
        XCTAssertEqual(PageHighlights(areas: [[one], [two, one]], current: 1).marks,
                       [PageMark([one], style: .match), PageMark([two, one], style: .currentMatch)])
        XCTAssertEqual(PageHighlights(areas: [[one]], current: nil).marks.map(\.style), [.match], "the current match is on another page")
    }
}
