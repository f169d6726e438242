import XCTest
@testable import QuireEngine

/// What the reader draws: bounded on the way in, moved and resized as one piece, chosen
/// where it draws, one step each in the edits.
final class DrawingTests: XCTestCase {
    func testAHundredThousandPointStrokeIsThinnedKeepingItsEnds() {
        let stroke = (0..<100_000).map { Point(x: Double($0) / 1000, y: 50) }
        let drawing = Drawing(.ink([stroke, [Point(x: .nan, y: 1)]]))
        guard case .ink(let strokes) = drawing.shape else { return XCTFail("not ink") }
        XCTAssertEqual(strokes.count, 1, "a stroke of no finite point is dropped")
        XCTAssertEqual(strokes[0].count, Drawing.pointLimit)
        XCTAssertEqual(strokes[0].first, stroke.first)
        XCTAssertEqual(strokes[0].last, stroke.last)
    }

    func testWidthsAndFontSizesAreClampedAndNotNumbersReplaced() {
        XCTAssertEqual(Drawing(.rectangle(Rect(x: 0, y: 0, width: 10, height: 10)), width: 1e9).width, Drawing.widthRange.upperBound)
        XCTAssertEqual(Drawing(.textBox(Rect(x: 0, y: 0, width: 10, height: 10)), fontSize: .infinity).fontSize, 12)
        XCTAssertEqual(Drawing(.ellipse(Rect(x: .nan, y: 0, width: 10, height: 10))).isVisible, false)
    }

    func testMovingAndResizingMapEveryPoint() {
        let arrow = Drawing(.line(from: Point(x: 10, y: 10), to: Point(x: 110, y: 60), arrow: true), width: 2)
        XCTAssertEqual(arrow.moved(by: Point(x: 5, y: -5)).shape, .line(from: Point(x: 15, y: 5), to: Point(x: 115, y: 55), arrow: true))
        let resized = arrow.resized(to: Rect(x: 0, y: 0, width: 50, height: 100))
        XCTAssertEqual(resized.shape, .line(from: Point(x: 0, y: 0), to: Point(x: 50, y: 100), arrow: true))
        XCTAssertEqual(resized.geometryBounds, Rect(x: 0, y: 0, width: 50, height: 100))
        let tiny = Drawing(.rectangle(Rect(x: 0, y: 0, width: 40, height: 40))).resized(to: Rect(x: 0, y: 0, width: 0, height: 1))
        XCTAssertEqual(tiny.frame, Rect(x: 0, y: 0, width: Drawing.smallest, height: Drawing.smallest), "never below the smallest")
    }

    func testAStrokeIsChosenWhereItPassesNotAcrossItsBox() {
        let stroke = Drawing(.ink([[Point(x: 0, y: 0), Point(x: 100, y: 100)]]), width: 2)
        XCTAssertTrue(stroke.hits(Point(x: 50, y: 51), slack: 2))
        XCTAssertFalse(stroke.hits(Point(x: 90, y: 10), slack: 2), "inside the box, far from the stroke")
        let outline = Drawing(.rectangle(Rect(x: 0, y: 0, width: 100, height: 100)), width: 2)
        XCTAssertTrue(outline.hits(Point(x: 0.5, y: 50), slack: 2))
        XCTAssertFalse(outline.hits(Point(x: 50, y: 50), slack: 2), "an unfilled rectangle's middle is the page")
        var filled = outline
        filled.fill = .yellow
        XCTAssertTrue(filled.hits(Point(x: 50, y: 50), slack: 2))
    }

    func testADrawingIsOneStepAndReshapingKeepsItsKind() {
        var edits = AnnotationEdits()
        XCTAssertNil(edits.add(page: 0, drawing: Drawing(.line(from: Point(x: 1, y: 1), to: Point(x: 1, y: 1), arrow: false)), colour: .blueInk, author: "", created: 0),
                     "a line of no length draws nothing")
        let box = Drawing(.textBox(Rect(x: 10, y: 10, width: 100, height: 30)), fontSize: 14)
        guard let made = edits.add(page: 2, drawing: box, colour: .redInk, text: "Hello", author: "Ada", created: 1) else { return XCTFail("not made") }
        XCTAssertEqual(made.kind, .freeText)
        XCTAssertEqual(made.areas, [box.bounds])
        edits.reshape(id: made.id, to: box.moved(by: Point(x: 20, y: 0)))
        XCTAssertEqual(edits.markups.first?.areas.first?.x, 30)
        edits.reshape(id: made.id, to: Drawing(.ellipse(Rect(x: 0, y: 0, width: 10, height: 10))))
        XCTAssertEqual(edits.markups.first?.kind, .freeText, "a text box does not become an ellipse")
        XCTAssertNotNil(edits.markup(onPage: 2, at: Point(x: 80, y: 20)))
        edits.undo()
        XCTAssertEqual(edits.markups.first?.drawing, box)
        edits.undo()
        XCTAssertTrue(edits.markups.isEmpty)
        XCTAssertFalse(edits.isModified)
    }
}
