import XCTest
@testable import QuireEngine

/// A chosen drawing in hand: its handles at any zoom, what a press is on, resizing from a
/// handle with the opposite corner fixed, moves kept on the page, arrow keys' steps.
final class DrawingHandlesTests: XCTestCase {
    private let box = Drawing(.rectangle(Rect(x: 100, y: 100, width: 80, height: 40)), width: 2)

    func testHandlesAreTheSameViewPixelsAtEveryZoom() {
        XCTAssertEqual(DrawingHandles(drawing: box, pixelsPerPoint: 1).side, DrawingHandles.sidePixels)
        XCTAssertEqual(DrawingHandles(drawing: box, pixelsPerPoint: 3).side, DrawingHandles.sidePixels / 3)
        let handles = DrawingHandles(drawing: box, pixelsPerPoint: 1).handles
        XCTAssertEqual(handles.count, 8)
        XCTAssertEqual(handles.first?.area.midX, box.bounds.x, "the top-left handle sits on the bounds' corner")
    }

    func testAPressIsOnAHandleTheBodyOrNothing() {
        let handles = DrawingHandles(drawing: box, pixelsPerPoint: 1), bounds = box.bounds
        XCTAssertEqual(handles.grip(at: Point(x: bounds.maxX + 1, y: bounds.maxY - 1)), .handle(.bottomRight))
        XCTAssertEqual(handles.grip(at: Point(x: bounds.midX, y: bounds.y)), .handle(.top))
        XCTAssertEqual(handles.grip(at: Point(x: 140, y: 120)), .body, "inside a chosen drawing's bounds moves it")
        XCTAssertNil(handles.grip(at: Point(x: 300, y: 300)))
    }

    func testACornerDragKeepsTheOppositeCornerAndNeverGoesBelowTheSmallest() {
        let handles = DrawingHandles(drawing: box, pixelsPerPoint: 1)
        let grown = handles.dragging(.bottomRight, by: Point(x: 20, y: 10))
        XCTAssertEqual(grown.frame, Rect(x: 100, y: 100, width: 100, height: 50))
        let shrunk = handles.dragging(.topLeft, by: Point(x: 500, y: 500))
        XCTAssertEqual(shrunk.frame, Rect(x: 180 - Drawing.smallest, y: 140 - Drawing.smallest, width: Drawing.smallest, height: Drawing.smallest),
                       "an edge never crosses the fixed one")
        XCTAssertEqual(handles.dragging(.left, by: Point(x: -10, y: 30)).frame, Rect(x: 90, y: 100, width: 90, height: 40), "a side moves one edge")
    }

    func testShiftAndStampsKeepTheAspect() {
        let handles = DrawingHandles(drawing: box, pixelsPerPoint: 1)
        XCTAssertEqual(handles.dragging(.bottomRight, by: Point(x: 80, y: 0), keepingAspect: true).frame,
                       Rect(x: 100, y: 100, width: 160, height: 80))
        XCTAssertEqual(handles.dragging(.topLeft, by: Point(x: -80, y: 0), keepingAspect: true).frame,
                       Rect(x: 20, y: 60, width: 160, height: 80), "the bottom-right corner stays")
        let stamp = Drawing(.stamp(Rect(x: 0, y: 0, width: 100, height: 50), .standard(.approved)))
        XCTAssertEqual(DrawingHandles(drawing: stamp, pixelsPerPoint: 1).dragging(.right, by: Point(x: 100, y: 0)).frame,
                       Rect(x: 0, y: -25, width: 200, height: 100), "a stamp keeps its aspect without Shift")
    }

    func testALineHasAHandleAtEachEndAndMovesOneEnd() {
        let line = Drawing(.line(from: Point(x: 10, y: 10), to: Point(x: 50, y: 90), arrow: true))
        let handles = DrawingHandles(drawing: line, pixelsPerPoint: 2)
        XCTAssertEqual(handles.handles.map(\.handle), [.start, .end])
        XCTAssertEqual(handles.grip(at: Point(x: 50, y: 91)), .handle(.end))
        XCTAssertEqual(handles.dragging(.end, by: Point(x: 10, y: -10)).shape, .line(from: Point(x: 10, y: 10), to: Point(x: 60, y: 80), arrow: true))
    }

    func testAMoveKeepsTheDrawingOnItsPage() {
        let page = Size(width: 300, height: 200)
        XCTAssertEqual(DrawingHandles.moving(box, by: Point(x: 10, y: -5), onPage: page).frame, Rect(x: 110, y: 95, width: 80, height: 40))
        let pushed = DrawingHandles.moving(box, by: Point(x: 1000, y: -1000), onPage: page)
        XCTAssertEqual(pushed.bounds.maxX, 300, accuracy: 1e-9)
        XCTAssertEqual(pushed.bounds.y, 0, accuracy: 1e-9)
    }

    func testArrowKeysMoveByOnePointOrTenWithShift() {
        XCTAssertEqual(DrawingHandles.nudge(dx: 1, dy: 0, large: false), Point(x: 1, y: 0))
        XCTAssertEqual(DrawingHandles.nudge(dx: 0, dy: -1, large: true), Point(x: 0, y: -10))
    }
}
