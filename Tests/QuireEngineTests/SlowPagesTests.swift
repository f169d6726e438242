import XCTest
@testable import QuireEngine

final class SlowPagesTests: XCTestCase {
    func testAPageWaitingASecondIsSlowUntilItsPictureComes() {
        var pages = SlowPages()
        XCTAssertEqual(pages.update(waiting: [3, 4], now: 10), 11)
        XCTAssertFalse(pages.isSlow(3, now: 10.9))
        XCTAssertNil(pages.update(waiting: [3, 4], now: 11))
        XCTAssertTrue(pages.isSlow(3, now: 11) && pages.isSlow(4, now: 11))
        pages.update(waiting: [4], now: 12)
        XCTAssertFalse(pages.isSlow(3, now: 12), "page 3's picture came")
        XCTAssertTrue(pages.isSlow(4, now: 12))
    }

    func testWaitingCountsFromWhenThePageWasFirstSeenWaiting() {
        var pages = SlowPages()
        pages.update(waiting: [1], now: 0)
        XCTAssertEqual(pages.update(waiting: [1, 2], now: 0.5), 1, "page 1 turns slow first")
        XCTAssertEqual(pages.update(waiting: [1, 2], now: 1.2), 1.5, "then page 2")
        XCTAssertTrue(pages.isSlow(1, now: 1.2))
        XCTAssertFalse(pages.isSlow(2, now: 1.2))
        XCTAssertTrue(pages.isSlow(2, now: 1.5))
    }

    func testAPageBackInViewStartsWaitingAgain() {
        var pages = SlowPages()
        pages.update(waiting: [7], now: 0)
        pages.update(waiting: [], now: 5)
        pages.update(waiting: [7], now: 6)
        XCTAssertFalse(pages.isSlow(7, now: 6.5))
        XCTAssertTrue(pages.isSlow(7, now: 7))
    }

    func testNothingWaitingNeedsNoLook() {
        var pages = SlowPages()
        XCTAssertNil(pages.update(waiting: [], now: 3))
        XCTAssertFalse(pages.isSlow(0, now: 100))
    }
}
