import XCTest
@testable import QuireEngine

final class PictureBandsTests: XCTestCase {
    /// A page at a 1,590-pixel view: bands of 164 rows, each at most a mebibyte, the
    /// whole picture covered once, top to bottom.
    func testAPageIsCutIntoBandsOfAtMostAMebibyteCoveringItOnce() {
        let bands = PictureBands.rows(width: 1590, height: 2057)
        XCTAssertEqual(bands.first, 0..<164)
        XCTAssertEqual(bands.count, 13)
        XCTAssertEqual(bands.last, 1968..<2057, "the last is what is left")
        for (above, below) in zip(bands, bands.dropFirst()) { XCTAssertEqual(above.upperBound, below.lowerBound, "no gap, no overlap") }
        XCTAssertTrue(bands.allSatisfy { $0.count * 1590 * 4 <= PictureBands.bandBytes })
    }

    func testASmallPictureIsOneBand() {
        XCTAssertEqual(PictureBands.rows(width: 300, height: 400), [0..<400])
    }

    /// A very wide picture still gets bands of some height, not a row each.
    func testAVeryWidePictureHasBandsOfTheMinimumHeight() {
        let bands = PictureBands.rows(width: 20000, height: 100)
        XCTAssertEqual(bands, [0..<32, 32..<64, 64..<96, 96..<100])
    }

    func testAnEmptyPictureHasNoBands() {
        XCTAssertEqual(PictureBands.rows(width: 0, height: 100), [])
        XCTAssertEqual(PictureBands.rows(width: 100, height: 0), [])
    }
}
