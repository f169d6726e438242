import XCTest
@testable import QuireEngine

final class TextSelectionTests: XCTestCase {
    private let size = Size(width: 612, height: 792)

    func testOnOnePageTheTwoPointsGoAsPressed() {
        let selection = TextSelection(anchor: PagePoint(page: 3, point: Point(x: 300, y: 400)), head: PagePoint(page: 3, point: Point(x: 100, y: 200)))
        XCTAssertEqual(selection.pages, 3...3)
        XCTAssertEqual(selection.span(onPage: 3, size: size), TextSelection.Span(page: 3, start: Point(x: 300, y: 400), end: Point(x: 100, y: 200)))
        XCTAssertNil(selection.span(onPage: 2, size: size))
    }

    func testAcrossPagesTheFirstRunsToItsEndTheMiddleWholeTheLastFromItsTop() {
        let forward = TextSelection(anchor: PagePoint(page: 2, point: Point(x: 300, y: 400)), head: PagePoint(page: 5, point: Point(x: 100, y: 200)))
        let backward = TextSelection(anchor: forward.head, head: forward.anchor)
        for selection in [forward, backward] {
            XCTAssertEqual(selection.pages, 2...5)
            XCTAssertEqual(selection.span(onPage: 2, size: size), TextSelection.Span(page: 2, start: Point(x: 300, y: 400), end: Point(x: 612, y: 792)))
            XCTAssertEqual(selection.span(onPage: 3, size: size), TextSelection.Span(page: 3, start: Point(x: 0, y: 0), end: Point(x: 612, y: 792)))
            XCTAssertEqual(selection.span(onPage: 5, size: size), TextSelection.Span(page: 5, start: Point(x: 0, y: 0), end: Point(x: 100, y: 200)))
            XCTAssertNil(selection.span(onPage: 6, size: size))
        }
    }

    func testAllRunsFromTheFirstPageTopToTheLastPageEnd() {
        let all = TextSelection.all(pageSizes: [size, Size(width: 300, height: 400)])
        XCTAssertEqual(all?.pages, 0...1)
        XCTAssertEqual(all?.span(onPage: 1, size: Size(width: 300, height: 400))?.end, Point(x: 300, y: 400))
        XCTAssertNil(TextSelection.all(pageSizes: []))
    }
}
