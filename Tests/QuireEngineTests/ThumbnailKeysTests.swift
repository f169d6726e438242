import XCTest
@testable import QuireEngine

final class ThumbnailKeysTests: XCTestCase {
    private let letter = Size(width: 612, height: 792)

    func testTheArrowsMoveAPageOrARowInTheGrid() {
        let grid = ThumbnailLayout(pageSizes: Array(repeating: letter, count: 10), width: ThumbnailLayout.cellWidth * 3)
        XCTAssertEqual(grid.columns, 3)
        XCTAssertEqual(grid.page(from: 4, moving: .next), 5)
        XCTAssertEqual(grid.page(from: 4, moving: .previous), 3)
        XCTAssertEqual(grid.page(from: 4, moving: .rowDown), 7)
        XCTAssertEqual(grid.page(from: 4, moving: .rowUp), 1)
        XCTAssertEqual(grid.page(from: 4, moving: .first), 0)
        XCTAssertEqual(grid.page(from: 4, moving: .last), 9)
    }

    func testAMoveStopsAtEitherEnd() {
        let grid = ThumbnailLayout(pageSizes: Array(repeating: letter, count: 10), width: ThumbnailLayout.cellWidth * 3)
        XCTAssertEqual(grid.page(from: 0, moving: .previous), 0)
        XCTAssertEqual(grid.page(from: 1, moving: .rowUp), 0)
        XCTAssertEqual(grid.page(from: 8, moving: .rowDown), 9)
        XCTAssertEqual(grid.page(from: 9, moving: .next), 9)
        XCTAssertEqual(ThumbnailLayout(pageSizes: []).page(from: 0, moving: .next), 0)
    }
}
