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

    /// Each page printed alone gets a sheet of the paper, turned for a landscape page, with
    /// the margins turning with it; a paper whose numbers make no sense is A4 without margins.
    func testEachPageGetsASheetOfThePaperTurnedToItsOrientation() {
        let paper = PrintPaper(size: Size(width: 612, height: 792), top: 10, left: 20, bottom: 30, right: 40)
        func sheet(_ page: Size, on paper: PrintPaper) -> (size: Size, placement: PrintPlacement) {
            let sheet = PrintLayout.single.sheet(for: [page], on: paper)
            return (sheet.size, sheet.pages[0].placement)
        }
        let portrait = sheet(Size(width: 612, height: 792), on: paper)
        XCTAssertEqual(portrait.size, Size(width: 612, height: 792))
        XCTAssertEqual(portrait.placement.x, 20 + (612 - 60 - 612 * portrait.placement.scale) / 2, accuracy: 1e-9)
        XCTAssertLessThan(portrait.placement.scale, 1, "shrunk into the printable area")
        let landscape = sheet(Size(width: 792, height: 612), on: paper)
        XCTAssertEqual(landscape.size, Size(width: 792, height: 612))
        XCTAssertGreaterThanOrEqual(landscape.placement.y, 40, "below the margin that was the portrait sheet's right edge")
        XCTAssertEqual(sheet(Size(width: 300, height: 400), on: paper).placement.scale, 1, "a small card at its real size")
        for hostile in [PrintPaper(size: Size(width: .nan, height: 792)), PrintPaper(size: Size(width: 612, height: 792), top: 500, bottom: 500),
                        PrintPaper(size: Size(width: 1e300, height: 1e300)), PrintPaper(size: Size(width: 612, height: 792), left: -.infinity)] {
            XCTAssertEqual(sheet(Size(width: 100, height: 100), on: hostile).size, PrintPaper.fallback.size)
        }
    }
}
