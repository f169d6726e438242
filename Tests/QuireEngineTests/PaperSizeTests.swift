import XCTest
@testable import QuireEngine

final class PaperSizeTests: XCTestCase {
    func testA4AsProducersWriteItIsA4() {
        XCTAssertEqual(PaperSize.matching(Size(width: 595.28, height: 841.89))?.name, "A4")
        XCTAssertEqual(PaperSize.matching(Size(width: 595, height: 842))?.name, "A4")
    }

    func testLandscapeMatchesTheSamePaper() {
        XCTAssertEqual(PaperSize.matching(Size(width: 842, height: 595))?.name, "A4")
        XCTAssertEqual(PaperSize.matching(Size(width: 792, height: 612))?.name, "US Letter")
    }

    func testAnOddSizeHasNoName() {
        XCTAssertNil(PaperSize.matching(Size(width: 300, height: 400)))
        // 3 mm off A4 is not A4.
        XCTAssertNil(PaperSize.matching(Size(width: 595 + 3 / PaperSize.millimetresPerPoint, height: 842)))
    }

    func testPageSizeTextGivesMillimetresInchesAndPaper() {
        XCTAssertEqual(PropertyText.pageSize(Size(width: 595.28, height: 841.89)), "210 × 297 mm (8.27 × 11.69 in), A4, portrait")
        XCTAssertEqual(PropertyText.pageSize(Size(width: 792, height: 612)), "279 × 216 mm (11 × 8.5 in), US Letter, landscape")
        XCTAssertEqual(PropertyText.pageSize(Size(width: 300, height: 400)), "106 × 141 mm (4.17 × 5.56 in)")
    }
}
