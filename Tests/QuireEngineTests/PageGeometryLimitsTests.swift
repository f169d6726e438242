import XCTest
@testable import QuireEngine

final class PageGeometryLimitsTests: XCTestCase {
    private let letter = Size(width: 612, height: 792)
    private let a4 = Size(width: 595, height: 842)

    func testPaperOfEverySizeAPDFMayDeclareIsUsable() {
        for size in [letter, Size(width: 14_400, height: 14_400), Size(width: 16_383, height: 200), Size(width: 3, height: 3),
                     Size(width: PageGeometryLimits.largestSide, height: 1)] {
            XCTAssertNil(PageGeometryLimits.problem(with: size), "\(size)")
        }
    }

    func testSidesNoPaperHasAreProblems() {
        for bad in [Double.infinity, -.infinity, .nan, 1e23, 1e300, 0, -612, PageGeometryLimits.largestSide * 1.01] {
            XCTAssertNotNil(PageGeometryLimits.problem(with: Size(width: bad, height: 792)), "width \(bad)")
            XCTAssertNotNil(PageGeometryLimits.problem(with: Size(width: 612, height: bad)), "height \(bad)")
        }
        XCTAssertEqual(PageGeometryLimits.problem(with: Size(width: 1e23, height: 1e23)),
                       "its size, 1e+23 × 1e+23 points, is not one any paper has")
    }

    func testAnUnusablePageTakesTheFirstPagesSizeElseLetters() {
        XCTAssertEqual(PageGeometryLimits.shownSize(Size(width: 1e23, height: 1e23), standIn: { self.a4 }), a4)
        XCTAssertEqual(PageGeometryLimits.shownSize(Size(width: .nan, height: 9), standIn: { Size(width: .infinity, height: 1) }), letter)
        XCTAssertEqual(PageGeometryLimits.shownSize(a4, standIn: { XCTFail("a usable page needs no stand-in"); return self.letter }), a4)
    }

    func testALayoutTakesEverySideClampedIntoRange() {
        let limits = PageGeometryLimits.self
        XCTAssertEqual(limits.clamped(Size(width: .infinity, height: -.infinity)), Size(width: limits.largestSide, height: limits.smallestSide))
        XCTAssertEqual(limits.clamped(Size(width: .nan, height: .nan)), letter)
        XCTAssertEqual(limits.clamped(Size(width: 1e300, height: 0)), Size(width: limits.largestSide, height: limits.smallestSide))
        XCTAssertEqual(limits.clamped(a4), a4)
    }

    func testAreasAreClippedToThePageOrDropped() {
        let limits = PageGeometryLimits.self
        XCTAssertEqual(limits.area(Rect(x: -1e23, y: 10, width: 2e23, height: 20), onPageOf: letter), Rect(x: 0, y: 10, width: 612, height: 20))
        XCTAssertEqual(limits.area(Rect(x: 100, y: 50, width: -40, height: -20), onPageOf: letter), Rect(x: 60, y: 30, width: 40, height: 20),
                       "corners in either order")
        XCTAssertNil(limits.area(Rect(x: 0, y: 0, width: .infinity, height: 10), onPageOf: letter))
        XCTAssertNil(limits.area(Rect(x: .nan, y: 0, width: 10, height: 10), onPageOf: letter))
        XCTAssertNil(limits.area(Rect(x: 1e300, y: 0, width: 10, height: 10), onPageOf: letter), "off the page")
    }

    func testADestinationsTopIsClampedIntoItsPage() {
        XCTAssertEqual(PageGeometryLimits.top(-1e23, onPageOf: 792), 0)
        XCTAssertEqual(PageGeometryLimits.top(1e300, onPageOf: 792), 792)
        XCTAssertEqual(PageGeometryLimits.top(100, onPageOf: 792), 100)
        XCTAssertNil(PageGeometryLimits.top(-.infinity, onPageOf: 792))
        XCTAssertNil(PageGeometryLimits.top(.nan, onPageOf: 792))
    }
}
