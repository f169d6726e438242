import XCTest
@testable import QuireEngine

/// Which view a document opens with: a reload's kept view, the remembered view, the launch
/// options, and the options that are for the window's first document only.
final class ViewStartTests: XCTestCase {
    /// Page 7, a third down, at 150 %, turned, in spreads, with the outline open.
    private let remembered = DocumentState(place: ViewPlace(page: 7, fraction: 0.3), zoom: .percent(150),
                                           arrangement: .dual(oddLeft: false, rightToLeft: false), continuous: false,
                                           rotation: .quarter, sidebarOpen: true, sidebarView: .outline)

    func testTheRememberedViewWinsOverTheOptionsZoomAndLayout() {
        var start = ViewStart(.init(zoom: .fitPage, rotation: .half, arrangement: .single, continuous: true))
        let plan = start.plan(remembered: remembered, kept: nil)
        XCTAssertEqual(plan.zoom, .percent(150))
        XCTAssertEqual(plan.rotation, .quarter)
        XCTAssertEqual(plan.arrangement, .dual(oddLeft: false, rightToLeft: false))
        XCTAssertEqual(plan.continuous, false)
        XCTAssertEqual(plan.place, ViewPlace(page: 7, fraction: 0.3))
        XCTAssertEqual(plan.sidebar?.view, .outline)
        XCTAssertEqual(plan.sidebar?.chosen, false, "remembered, not chosen: no outline still means thumbnails")
    }

    func testWithoutARememberedViewTheOptionsApply() {
        var start = ViewStart(.init(zoom: .fitPage, rotation: .half, arrangement: .dual(oddLeft: true, rightToLeft: false), continuous: false))
        let plan = start.plan(remembered: nil, kept: nil)
        XCTAssertEqual(plan.zoom, .fitPage)
        XCTAssertEqual(plan.rotation, .half)
        XCTAssertEqual(plan.arrangement, .dual(oddLeft: true, rightToLeft: false))
        XCTAssertEqual(plan.continuous, false)
        XCTAssertNil(plan.place)
        XCTAssertNil(plan.sidebar)
    }

    func testOptionsThatChoseTheViewWinForTheFirstDocumentOnly() {
        var start = ViewStart(.init(zoom: .percent(200), restoresRemembered: false))
        XCTAssertEqual(start.plan(remembered: remembered, kept: nil).zoom, .percent(200))
        XCTAssertEqual(start.plan(remembered: remembered, kept: nil).zoom, .percent(150), "the next document is remembered")
    }

    func testPageFindAndSidebarAreForTheFirstDocumentOnly() {
        var start = ViewStart(.init(page: 4, find: "fox", sidebar: .thumbnails))
        let first = start.plan(remembered: remembered, kept: nil)
        XCTAssertEqual(first.place, ViewPlace(page: 7, fraction: 0.3), "the remembered place first, then the page")
        XCTAssertEqual(first.page, 4)
        XCTAssertEqual(first.search, .find("fox", from: 4), "the search walks from --page")
        XCTAssertEqual(first.sidebar?.view, .thumbnails)
        XCTAssertEqual(first.sidebar?.chosen, true)
        let second = start.plan(remembered: nil, kept: nil)
        XCTAssertNil(second.page)
        XCTAssertNil(second.search)
        XCTAssertNil(second.sidebar)
    }

    func testAReloadKeepsItsViewAndFindsItsSearchAgain() {
        var start = ViewStart(.init(zoom: .fitPage))
        _ = start.plan(remembered: nil, kept: nil)
        var shown = remembered
        shown.page = 2
        let match = SearchResults.Match(page: 3, index: 1)
        let plan = start.plan(remembered: remembered, kept: .init(state: shown, search: "fox", match: match))
        XCTAssertEqual(plan.place?.page, 2, "the kept place, not the remembered one")
        XCTAssertEqual(plan.zoom, .percent(150))
        XCTAssertEqual(plan.search, .findAgain("fox", keeping: match, from: 2))
        XCTAssertEqual(plan.sidebar?.chosen, false)
    }

    func testAReloadWithoutAKeptStateFallsBackToTheRememberedOne() {
        var start = ViewStart(.init())
        _ = start.plan(remembered: nil, kept: nil)
        let plan = start.plan(remembered: remembered, kept: .init(state: nil, search: "fox", match: nil))
        XCTAssertEqual(plan.place?.page, 7)
        XCTAssertEqual(plan.search, .findAgain("fox", keeping: nil, from: nil), "from the page the view shows")
    }
}

extension ViewStartTests {
    /// Night mode is the document's own; `--night` is for the first document; a document
    /// never seen keeps the window's.
    func testNightModeIsTheDocumentsOwn() {
        var night = remembered
        night.night = true
        var start = ViewStart(.init())
        XCTAssertEqual(start.plan(remembered: night, kept: nil).night, true)
        XCTAssertEqual(start.plan(remembered: remembered, kept: nil).night, false, "a day document opened at night")
        XCTAssertNil(start.plan(remembered: nil, kept: nil).night, "a new document did not keep the window's mode")
        XCTAssertEqual(start.plan(remembered: nil, kept: .init(state: night, search: nil, match: nil)).night, true,
                       "a reload lost night mode")

        var asked = ViewStart(.init(night: true))
        XCTAssertEqual(asked.plan(remembered: remembered, kept: nil).night, true, "--night lost to the remembered day")
        XCTAssertEqual(asked.plan(remembered: remembered, kept: nil).night, false, "--night applied past the first document")
    }
}
