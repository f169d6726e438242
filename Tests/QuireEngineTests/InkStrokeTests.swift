import XCTest
@testable import QuireEngine

/// A freehand stroke from pointer samples: close samples dropped, smoothed with its ends
/// kept, as wide as the stylus pressed; and the eraser taking what it passes over, one step.
final class InkStrokeTests: XCTestCase {
    private let page = Size(width: 600, height: 800)

    func testSamplesCloserThanHalfAPointAreDroppedAndTheEndsKept() {
        var stroke = InkStroke(page: 0, size: page, at: Point(x: 10, y: 10))
        for x in stride(from: 10.1, through: 20, by: 0.1) { stroke.add(Point(x: x, y: 10)) }
        XCTAssertLessThanOrEqual(stroke.samples.count, 21, "\(stroke.samples.count) samples for 10 points")
        XCTAssertTrue(zip(stroke.samples, stroke.samples.dropFirst()).allSatisfy { $1.x - $0.x >= InkStroke.leastStep - 1e-9 })
        XCTAssertEqual(stroke.points.first, Point(x: 10, y: 10))
    }

    func testAZigzagIsSmoothedButStartsAndEndsWhereThePenWas() {
        var stroke = InkStroke(page: 0, size: page, at: Point(x: 0, y: 0))
        for index in 1...10 { stroke.add(Point(x: Double(index) * 5, y: index.isMultiple(of: 2) ? 0 : 6)) }
        let points = stroke.points
        XCTAssertEqual(points.first, Point(x: 0, y: 0))
        XCTAssertEqual(points.last, Point(x: 50, y: 0))
        let inner = points.dropFirst().dropLast().map(\.y)
        XCTAssertTrue(inner.allSatisfy { $0 > 1 && $0 < 5 }, "not smoothed: \(inner)")
    }

    func testPressureWidensOrThinsTheStrokeAndNoPressureKeepsTheChosenWidth() {
        var mouse = InkStroke(page: 0, size: page, at: Point(x: 0, y: 0))
        mouse.add(Point(x: 10, y: 0))
        XCTAssertEqual(mouse.drawing(DrawingStyle(width: 4)).width, 4)
        var hard = InkStroke(page: 0, size: page, at: Point(x: 0, y: 0), pressure: 1)
        hard.add(Point(x: 10, y: 0), pressure: 1)
        XCTAssertEqual(hard.width(chosen: 4), 6)
        var light = InkStroke(page: 0, size: page, at: Point(x: 0, y: 0), pressure: 0)
        light.add(Point(x: 10, y: 0), pressure: .nan)
        XCTAssertEqual(light.width(chosen: 4), 2)
    }

    func testAStrokeStaysOnItsPage() {
        var stroke = InkStroke(page: 2, size: page, at: Point(x: 590, y: 10))
        stroke.add(Point(x: 700, y: -20))
        XCTAssertEqual(stroke.samples.last, Point(x: 600, y: 0))
    }

    func testTheEraserTakesEveryStrokeItPassesOverAsOneStepThatUndoes() {
        var edits = AnnotationEdits()
        func ink(_ y: Double, page: Int = 0) -> Markup? {
            edits.add(page: page, drawing: Drawing(.ink([[Point(x: 100, y: y), Point(x: 200, y: y)]])), colour: .blueInk, author: "", created: 0)
        }
        let first = ink(100), second = ink(140), missed = ink(300), elsewhere = ink(120, page: 1)
        let box = edits.add(page: 0, drawing: Drawing(.rectangle(Rect(x: 140, y: 90, width: 20, height: 60)), fill: .blueInk), colour: .blueInk, author: "", created: 0)
        // A fast drag down across both: two samples only, far apart.
        let hit = InkEraser.hits(edits.markups, onPage: 0, from: Point(x: 150, y: 80), to: Point(x: 150, y: 160))
        XCTAssertEqual(hit, [first, second].compactMap { $0?.id }, "the rectangle, the far stroke and page 2's are not ink it passed")
        edits.remove(ids: hit)
        XCTAssertEqual(edits.markups.map(\.id), [missed, elsewhere, box].compactMap { $0?.id })
        edits.undo()
        XCTAssertEqual(edits.markups.map(\.id), [first, second, missed, elsewhere, box].compactMap { $0?.id }, "one undo brings both back in order")
        edits.redo()
        XCTAssertEqual(edits.markups.count, 3)
        let steps = edits
        edits.remove(ids: [9999])
        XCTAssertEqual(edits, steps, "nothing recorded for ids not there")
    }
}
