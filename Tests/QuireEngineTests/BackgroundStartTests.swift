import XCTest
@testable import QuireEngine

final class BackgroundStartTests: XCTestCase {
    /// Rule 1: nothing before the first view is painted, however long it takes and even
    /// with nothing left to draw.
    func testNothingBeginsBeforeTheFirstViewIsPainted() {
        var start = BackgroundStart()
        XCTAssertNil(start.due)
        XCTAssertFalse(start.begins(hold: .incomplete, tilesLeft: 0, now: 100))
        XCTAssertFalse(start.begins(hold: .painting, tilesLeft: 0, now: 1_000))
        XCTAssertFalse(start.started)
    }

    /// Rule 2: painted, the work waits while tiles of the plan are left, and begins once
    /// none is.
    func testTheWorkBeginsOnceThePagesAroundTheViewAreDrawn() {
        var start = BackgroundStart()
        start.firstViewPainted(at: 10)
        XCTAssertEqual(start.due, 10 + BackgroundStart.patience)
        XCTAssertFalse(start.begins(hold: .painted, tilesLeft: 7, now: 10.1))
        XCTAssertFalse(start.begins(hold: .painted, tilesLeft: 1, now: 10.3))
        XCTAssertTrue(start.begins(hold: .painted, tilesLeft: 0, now: 10.4))
        XCTAssertTrue(start.started)
        XCTAssertNil(start.due)
    }

    /// Rule 2: a view resized after its first paint is held again (`FirstViewHold`): an
    /// empty plan then does not start the work until that view is painted.
    func testAViewHeldAgainKeepsTheWorkWaiting() {
        var start = BackgroundStart()
        start.firstViewPainted(at: 10)
        XCTAssertFalse(start.begins(hold: .incomplete, tilesLeft: 0, now: 10.1))
        XCTAssertFalse(start.begins(hold: .painting, tilesLeft: 0, now: 10.2))
        // A second paint does not move the patience's start.
        start.firstViewPainted(at: 10.3)
        XCTAssertEqual(start.due, 10 + BackgroundStart.patience)
        XCTAssertTrue(start.begins(hold: .painted, tilesLeft: 0, now: 10.3))
    }

    /// Rule 3: a page that takes seconds to draw does not keep the work waiting past the
    /// patience, even held again.
    func testThePatienceEndsTheWait() {
        var start = BackgroundStart()
        start.firstViewPainted(at: 10)
        XCTAssertFalse(start.begins(hold: .painted, tilesLeft: 3, now: 10 + BackgroundStart.patience - 0.01))
        XCTAssertTrue(start.begins(hold: .incomplete, tilesLeft: 3, now: 10 + BackgroundStart.patience))
    }

    /// Rule 4: once.
    func testTheWorkBeginsOnce() {
        var start = BackgroundStart()
        start.firstViewPainted(at: 0)
        XCTAssertTrue(start.begins(hold: .painted, tilesLeft: 0, now: 1))
        XCTAssertFalse(start.begins(hold: .painted, tilesLeft: 0, now: 2))
        XCTAssertFalse(start.begins(hold: .painted, tilesLeft: 0, now: 100))
    }
}
