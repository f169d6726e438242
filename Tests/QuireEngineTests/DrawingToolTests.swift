import XCTest
@testable import QuireEngine

/// What a drag with each tool makes on a page: spanning the press and the pointer, square
/// or at 45° with Shift, nothing for a tiny drag, a box of a size for a click, on the page.
final class DrawingToolTests: XCTestCase {
    private let page = Size(width: 600, height: 800)
    private let style = DrawingStyle(colour: .redInk, width: 3, filled: true, fontSize: 16)

    private func shape(_ tool: DrawingTool, _ a: (Double, Double), _ b: (Double, Double), square: Bool = false, style: DrawingStyle? = nil) -> Drawing? {
        tool.shape(from: Point(x: a.0, y: a.1), to: Point(x: b.0, y: b.1), square: square, page: page, style: style ?? self.style)
    }

    func testARectangleSpansThePressAndThePointerWhicheverWayItIsDragged() {
        let drawing = shape(.rectangle, (200, 300), (100, 250))
        XCTAssertEqual(drawing?.shape, .rectangle(Rect(x: 100, y: 250, width: 100, height: 50)))
        XCTAssertEqual(drawing?.width, 3)
        XCTAssertEqual(drawing?.fill, .redInk, "a filled shape is filled in the colour")
        XCTAssertNil(shape(.ellipse, (10, 10), (50, 60), style: DrawingStyle(filled: false))?.fill)
    }

    func testShiftKeepsARectangleSquareAndALineAt45DegreeSteps() {
        XCTAssertEqual(shape(.ellipse, (100, 100), (160, 120), square: true)?.shape, .ellipse(Rect(x: 100, y: 100, width: 60, height: 60)))
        XCTAssertEqual(shape(.rectangle, (100, 100), (90, 40), square: true)?.shape, .rectangle(Rect(x: 40, y: 40, width: 60, height: 60)))
        XCTAssertEqual(shape(.line, (100, 100), (200, 108), square: true)?.shape, .line(from: Point(x: 100, y: 100), to: Point(x: 100 + (100.0 * 100 + 64).squareRoot(), y: 100), arrow: false))
        guard case .line(_, let to, true) = shape(.arrow, (100, 100), (150, 140), square: true)?.shape else { return XCTFail("no arrow") }
        XCTAssertEqual(to.x - 100, to.y - 100, accuracy: 1e-9, "not at 45°")
    }

    func testATinyDragMakesNoShapeButAClickMakesATextBoxOrStampOfItsSize() {
        XCTAssertNil(shape(.rectangle, (100, 100), (101, 101)))
        XCTAssertNil(shape(.line, (100, 100), (100.5, 101)))
        XCTAssertNil(shape(.pen, (100, 100), (300, 300)), "ink is made by InkStroke")
        XCTAssertEqual(shape(.textBox, (100, 100), (101, 100))?.shape, .textBox(Rect(x: 100, y: 100, width: DrawingTool.textBoxSize.width, height: DrawingTool.textBoxSize.height)))
        XCTAssertEqual(shape(.textBox, (100, 100), (101, 100))?.fontSize, 16)
        XCTAssertNil(shape(.stamp, (100, 100), (100, 100)), "no stamp chosen")
        let stamped = shape(.stamp, (100, 100), (100, 100), style: DrawingStyle(stamp: .standard(.approved)))
        XCTAssertEqual(stamped?.shape, .stamp(Rect(x: 100, y: 100, width: 150, height: 45), .standard(.approved)))
    }

    func testAPictureStampKeepsItsAspectClickedOrDragged() throws {
        let picture = try XCTUnwrap(StampPicture(width: 4, height: 2, pixels: Array(repeating: 255, count: 32)))
        let style = DrawingStyle(stamp: .picture(picture))
        XCTAssertEqual(shape(.stamp, (10, 10), (10, 10), style: style)?.frame, Rect(x: 10, y: 10, width: 150, height: 75))
        XCTAssertEqual(shape(.stamp, (10, 10), (210, 30), style: style)?.frame, Rect(x: 10, y: 10, width: 200, height: 100))
    }

    func testWhatIsDrawnStaysOnItsPage() {
        XCTAssertEqual(shape(.rectangle, (500, 700), (900, -50))?.shape, .rectangle(Rect(x: 500, y: 0, width: 100, height: 700)))
        XCTAssertEqual(shape(.line, (10, 10), (-40, 900))?.shape, .line(from: Point(x: 10, y: 10), to: Point(x: 0, y: 800), arrow: false))
        XCTAssertEqual(shape(.textBox, (590, 790), (590, 790))?.frame, Rect(x: 600 - 160, y: 800 - 32, width: 160, height: 32), "a click's box moves in")
    }

    func testSelectAndTheEraserMakeNoMarkupKindAndOnlySelectLeavesThePointerToTheText() {
        XCTAssertFalse(DrawingTool.select.draws)
        XCTAssertTrue(DrawingTool.allCases.filter { $0 != .select }.allSatisfy(\.draws))
        XCTAssertNil(DrawingTool.eraser.kind)
        XCTAssertEqual(DrawingTool.arrow.kind, .line)
        XCTAssertEqual(DrawingTool.textBox.kind, .freeText)
    }
}
