import XCTest
@testable import QuireEngine

final class PrintPlacementTests: XCTestCase {
    func testALargePageShrinksToFitCentred() {
        let placement = PrintPlacement.fitting(Size(width: 1000, height: 500), into: Size(width: 500, height: 700))
        XCTAssertEqual(placement.scale, 0.5)
        XCTAssertEqual(placement.x, 0)
        XCTAssertEqual(placement.y, 225)
    }

    func testASmallPagePrintsAtItsOwnSizeCentred() {
        XCTAssertEqual(PrintPlacement.fitting(Size(width: 300, height: 400), into: Size(width: 500, height: 700)),
                       PrintPlacement(scale: 1, x: 100, y: 150))
    }

    func testLandscapePagesAskForALandscapeSheet() {
        XCTAssertTrue(PrintPlacement.prefersLandscape(Size(width: 842, height: 595)))
        XCTAssertFalse(PrintPlacement.prefersLandscape(Size(width: 595, height: 842)))
        XCTAssertFalse(PrintPlacement.prefersLandscape(Size(width: 500, height: 500)))
    }
}
