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
}
