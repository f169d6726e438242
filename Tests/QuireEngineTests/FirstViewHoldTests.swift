import XCTest
@testable import QuireEngine

final class FirstViewHoldTests: XCTestCase {
    private let plan = RenderPlanner.Plan(tiles: (0..<5).map { TileKey(page: $0, scale: 1) }, urgent: 2)

    func testOnlyWhatIsOnScreenGoesUntilTheCompleteViewIsPainted() {
        var hold = FirstViewHold()
        XCTAssertEqual(hold.tiles(of: plan), Array(plan.tiles.prefix(2)))
        XCTAssertFalse(hold.viewIs(complete: false))
        XCTAssertTrue(hold.viewIs(complete: true))
        // Complete but not yet painted: still held.
        XCTAssertEqual(hold.tiles(of: plan), Array(plan.tiles.prefix(2)))
        hold.painted()
        XCTAssertEqual(hold.tiles(of: plan), plan.tiles)
    }

    func testTheWindowIsToldToWatchForThePaintOnce() {
        var hold = FirstViewHold()
        XCTAssertTrue(hold.viewIs(complete: true))
        XCTAssertFalse(hold.viewIs(complete: true))
        hold.painted()
        XCTAssertFalse(hold.viewIs(complete: true))
        XCTAssertEqual(hold.state, .painted)
    }

    /// Shown at the size predicted, then resized: held again until the view at the new size
    /// is complete and painted; a later resize holds nothing.
    func testTheFirstResizeHoldsTheViewAgainOnce() {
        var hold = FirstViewHold()
        XCTAssertTrue(hold.viewIs(complete: true))
        hold.painted()
        hold.resized()
        XCTAssertEqual(hold.tiles(of: plan), Array(plan.tiles.prefix(2)), "the pages ahead went on at the old size")
        XCTAssertTrue(hold.viewIs(complete: true), "the window was not told to watch for the new view's paint")
        hold.painted()
        XCTAssertEqual(hold.tiles(of: plan), plan.tiles)
        hold.resized()
        XCTAssertEqual(hold.tiles(of: plan), plan.tiles, "held again at a later resize")
    }

    /// Resized while the complete view waits for its frame: that frame does not release it.
    func testAResizeBeforeThePaintKeepsItHeld() {
        var hold = FirstViewHold()
        XCTAssertTrue(hold.viewIs(complete: true))
        hold.resized()
        hold.painted()
        XCTAssertEqual(hold.state, .incomplete)
        XCTAssertTrue(hold.viewIs(complete: true))
    }
}
