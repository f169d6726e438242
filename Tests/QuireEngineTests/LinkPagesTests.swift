import XCTest
@testable import QuireEngine

final class LinkPagesTests: XCTestCase {
    private let letter = Size(width: 612, height: 792)
    private let toPage9 = Link(area: Rect(x: 100, y: 100, width: 200, height: 20), target: .page(9, top: nil))
    private let toWeb = Link(area: Rect(x: 100, y: 300, width: 200, height: 20), target: .uri("https://example.org"))
    private var read: LinkPages.Page { LinkPages.Page(listed: [toWeb, toPage9], pageSize: letter) }
    private let onPage9Link = Point(x: 150, y: 110)
    private let onWebLink = Point(x: 150, y: 310)

    /// The pages (of the first 50) whose links are kept.
    private func held(_ pages: LinkPages) -> [Int] { (0..<50).filter { pages[$0] != nil } }

    func testThePagesInViewAreAskedForOnceAndThePointersPageFirst() {
        var pages = LinkPages()
        XCTAssertEqual(pages.viewShows(3..<6), [3, 4, 5])
        XCTAssertNil(pages.viewShows(3..<6))
        XCTAssertEqual(pages.pointer(overPage: 5), [5, 3, 4])
        XCTAssertNil(pages.pointer(overPage: 5))
        _ = pages.received(read, forPage: 5, pointer: nil)
        XCTAssertNil(pages.pointer(overPage: 5), "read pages are not asked for")
        XCTAssertEqual(pages.viewShows(4..<7), [4, 6])
    }

    func testLinksArePickedTheOneDrawnLastWinning() {
        let over = Link(area: Rect(x: 100, y: 100, width: 50, height: 20), target: .page(2, top: nil))
        // Listed drawn last first, as poppler lists them: `over` was drawn after `toPage9`.
        let page = LinkPages.Page(listed: [over, toPage9], pageSize: letter)
        XCTAssertEqual(page.links, [toPage9, over])
        XCTAssertEqual(page.link(at: Point(x: 120, y: 110)), over)
        XCTAssertEqual(page.link(at: Point(x: 250, y: 110)), toPage9)
    }

    func testPagesFarFromTheViewAreForgotten() {
        var pages = LinkPages()
        _ = pages.viewShows(10..<12)
        for page in [8, 10, 13] { XCTAssertTrue(pages.received(read, forPage: page, pointer: nil).kept) }
        XCTAssertFalse(pages.received(read, forPage: 20, pointer: nil).kept, "read after the view left it")
        XCTAssertEqual(held(pages), [8, 10, 13])
        _ = pages.viewShows(12..<14)
        XCTAssertEqual(held(pages), [10, 13])
        _ = pages.viewShows(40..<42)
        XCTAssertEqual(held(pages), [])
    }

    func testAClickOnAReadPageFollowsTheLinkUnderIt() {
        var pages = LinkPages()
        _ = pages.viewShows(0..<2)
        _ = pages.received(read, forPage: 1, pointer: nil)
        XCTAssertEqual(pages.click(at: (1, onPage9Link)).click, .follow(toPage9))
        XCTAssertEqual(pages.click(at: (1, Point(x: 10, y: 10))).click, .nothing)
        XCTAssertEqual(pages.click(at: nil).click, .nothing)
    }

    func testAClickBeforeThePagesLinksIsFollowedWhenTheyComeIfThePointerIsStillOnTheLink() {
        var pages = LinkPages()
        _ = pages.viewShows(0..<2)
        let (click, ask) = pages.click(at: (1, onPage9Link))
        XCTAssertEqual(click, .held)
        XCTAssertEqual(ask?.first, 1)
        XCTAssertEqual(pages.received(read, forPage: 1, pointer: (1, Point(x: 160, y: 112))).follow, toPage9)
    }

    func testAHeldClickIsDroppedWhenThePointerLeftTheLinkOrAnotherClickCame() {
        var moved = LinkPages()
        _ = moved.viewShows(0..<2)
        _ = moved.click(at: (1, onPage9Link))
        XCTAssertNil(moved.received(read, forPage: 1, pointer: (1, onWebLink)).follow, "now over another link")
        var gone = LinkPages()
        _ = gone.viewShows(0..<2)
        _ = gone.click(at: (1, onPage9Link))
        XCTAssertNil(gone.received(read, forPage: 1, pointer: nil).follow, "the pointer left the view")
        var replaced = LinkPages()
        _ = replaced.viewShows(0..<2)
        _ = replaced.click(at: (1, onPage9Link))
        _ = replaced.click(at: (0, onPage9Link))
        XCTAssertNil(replaced.received(read, forPage: 1, pointer: (1, onPage9Link)).follow, "a later click replaced it")
        XCTAssertEqual(replaced.received(read, forPage: 0, pointer: (0, onPage9Link)).follow, toPage9)
    }

    func testAHeldClickKeepsItsPageEvenWhenTheViewMovedAway() {
        var pages = LinkPages()
        _ = pages.viewShows(0..<2)
        _ = pages.click(at: (1, onPage9Link))
        _ = pages.viewShows(30..<32)
        let arrival = pages.received(read, forPage: 1, pointer: nil)
        XCTAssertTrue(arrival.kept)
        XCTAssertNil(arrival.follow)
    }

    func testAPageWithLinksBeyondTheBoundIsReportedOnce() {
        let many = (0..<5).map { Link(area: Rect(x: Double($0) * 10, y: 0, width: 5, height: 5), target: .page($0, top: nil)) }
        let page = LinkPages.Page(listed: many.reversed(), pageSize: letter)
        XCTAssertEqual(page.index.omitted, 0)
        var pages = LinkPages()
        _ = pages.viewShows(0..<1)
        let bounded = LinkPages.Page(listed: many.reversed(), pageSize: letter, limit: 3)
        XCTAssertEqual(bounded.links, Array(many.suffix(3)))
        XCTAssertTrue(pages.received(bounded, forPage: 0, pointer: nil).tellOmitted)
        XCTAssertFalse(pages.received(bounded, forPage: 0, pointer: nil).tellOmitted)
    }
}
