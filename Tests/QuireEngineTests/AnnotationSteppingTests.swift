import XCTest
@testable import QuireEngine

/// Tab and Shift+Tab through a page's annotations in the pane's order, and the names of
/// drawn markups in the pane.
final class AnnotationSteppingTests: XCTestCase {
    private let items: [(source: AnnotationList.Source, area: Rect)] = [
        (.reader(id: 7), Rect(x: 50, y: 300, width: 10, height: 10)),
        (.file(FileAnnotation.Ref(page: 0, index: 2)), Rect(x: 300, y: 100, width: 10, height: 10)),
        (.reader(id: 3), Rect(x: 20, y: 100, width: 10, height: 10)),
    ]

    func testTabGoesTopToBottomThenLeftToRightAndLeavesAtTheEnd() {
        XCTAssertEqual(AnnotationList.step(from: nil, among: items, backwards: false), .reader(id: 3))
        XCTAssertEqual(AnnotationList.step(from: .reader(id: 3), among: items, backwards: false), .file(FileAnnotation.Ref(page: 0, index: 2)))
        XCTAssertEqual(AnnotationList.step(from: .file(FileAnnotation.Ref(page: 0, index: 2)), among: items, backwards: false), .reader(id: 7))
        XCTAssertNil(AnnotationList.step(from: .reader(id: 7), among: items, backwards: false), "past the last, the focus leaves")
        XCTAssertEqual(AnnotationList.step(from: nil, among: items, backwards: true), .reader(id: 7))
        XCTAssertNil(AnnotationList.step(from: nil, among: [], backwards: false))
    }

    func testDrawnMarkupsAreNamedByWhatTheyAre() {
        func named(_ drawing: Drawing) -> String {
            AnnotationList.name(Markup(id: 1, page: 0, drawing: drawing, colour: .blueInk, author: "", created: 0))
        }
        XCTAssertEqual(named(Drawing(.line(from: Point(x: 0, y: 0), to: Point(x: 9, y: 9), arrow: true))), "Arrow")
        XCTAssertEqual(named(Drawing(.line(from: Point(x: 0, y: 0), to: Point(x: 9, y: 9), arrow: false))), "Line")
        XCTAssertEqual(named(Drawing(.stamp(Rect(x: 0, y: 0, width: 90, height: 30), .standard(.approved)))), "Stamp: Approved")
        XCTAssertEqual(named(Drawing(.ink([[Point(x: 0, y: 0), Point(x: 5, y: 5)]]))), "Drawing")
        XCTAssertEqual(named(Drawing(.textBox(Rect(x: 0, y: 0, width: 90, height: 30)))), "Text box")
        XCTAssertEqual(named(Drawing(.rectangle(Rect(x: 0, y: 0, width: 90, height: 30)))), "Rectangle")
        XCTAssertEqual(named(Drawing(.ellipse(Rect(x: 0, y: 0, width: 90, height: 30)))), "Ellipse")
    }
}
