import QuireEngine
import XCTest

/// Line by line selection over pages of known characters, laid out as the corpus's
/// geometry lecture notes are (page 11): 10-point lines 14 points apart, one of them
/// holding a "⊆" whose box, from a math font, reaches 19 points down, over the next line.
final class LineSelectionTests: XCTestCase {
    static let size = Size(width: 595, height: 842)

    /// A page of `lines` (text, left, top), each character 6 points wide and 10 tall;
    /// a "⊆" is 19 tall.
    static func page(_ lines: [(text: String, left: Double, top: Double)]) -> PageCharacters {
        var text = "", boxes: [Rect] = []
        for line in lines {
            for (index, scalar) in line.text.unicodeScalars.enumerated() {
                boxes.append(Rect(x: line.left + Double(index) * 6, y: line.top, width: 6, height: scalar == "⊆" ? 19 : 10))
            }
            text += line.text + "\n"
            boxes.append(Rect(x: line.left + Double(line.text.unicodeScalars.count) * 6, y: line.top + 10, width: 0, height: 0))
        }
        return PageCharacters(text: text, boxes: boxes, pageSize: size)!
    }

    let proof = page([("Beweis: Sei U ⊆ Z offen, weil g stetig", 90, 378),
                      ("ist, f stetig ist.", 110, 392),
                      ("Bemerkung 10", 90, 406)])

    func testATallSymbolDoesNotStretchItsLineOverTheNext() throws {
        let lines = try XCTUnwrap(LineSelection(from: Point(x: 200, y: 383), to: Point(x: 200, y: 383), in: proof))
        XCTAssertEqual(lines.areas, [Rect(x: 90, y: 378, width: 38 * 6, height: 10)], "the line's letters, not the symbol's box")
        XCTAssertEqual(lines.text, "Beweis: Sei U ⊆ Z offen, weil g stetig")
    }

    func testWhatIsLitIsWhatIsCopied() throws {
        let lines = try XCTUnwrap(LineSelection(from: Point(x: 120, y: 396), to: Point(x: 120, y: 396), in: proof))
        XCTAssertEqual(lines.lines, 1...1)
        XCTAssertEqual(lines.areas, [Rect(x: 110, y: 392, width: 18 * 6, height: 10)])
        XCTAssertEqual(lines.text, "ist, f stetig ist.")
    }

    func testAPointWithinTheSymbolsBoxSelectsTheLineUnderIt() {
        // y = 394 lies in the "⊆"'s box (378 to 397) and in the second line's area.
        XCTAssertEqual(LineSelection(from: Point(x: 170, y: 394), to: Point(x: 170, y: 394), in: proof)?.text, "ist, f stetig ist.")
    }

    func testAPointBetweenLinesSelectsTheNearest() {
        XCTAssertEqual(LineSelection(from: Point(x: 300, y: 389), to: Point(x: 300, y: 389), in: proof)?.lines, 0...0)
        XCTAssertEqual(LineSelection(from: Point(x: 30, y: 410), to: Point(x: 30, y: 410), in: proof)?.lines, 2...2, "left of the text")
    }

    func testADragSelectsTheLinesBetweenInReadingOrder() throws {
        let lines = try XCTUnwrap(LineSelection(from: Point(x: 100, y: 410), to: Point(x: 400, y: 380), in: proof))
        XCTAssertEqual(lines.lines, 0...2)
        XCTAssertEqual(lines.areas.count, 3)
        XCTAssertEqual(lines.text, "Beweis: Sei U ⊆ Z offen, weil g stetig\nist, f stetig ist.\nBemerkung 10")
    }

    func testOfTwoColumnsTheLineUnderThePointIsTaken() {
        let columns = Self.page([("left column", 60, 100), ("right column", 320, 100), ("left again", 60, 114)])
        XCTAssertEqual(LineSelection(from: Point(x: 340, y: 105), to: Point(x: 340, y: 105), in: columns)?.text, "right column")
        XCTAssertEqual(LineSelection(from: Point(x: 70, y: 105), to: Point(x: 70, y: 105), in: columns)?.text, "left column")
    }

    func testThePageCornersStandForItsFirstAndLastLines() {
        // A running head at the top right comes first in reading order; the page number,
        // last, stands at the bottom's middle.
        let page = Self.page([("Kapitel 1", 480, 40), ("Body text", 90, 100), ("More body", 90, 114), ("11", 290, 800)])
        let whole = LineSelection(from: Point(x: 0, y: 0), to: Point(x: Self.size.width, y: Self.size.height), in: page)
        XCTAssertEqual(whole?.lines, 0...3)
        XCTAssertEqual(LineSelection(from: Point(x: 95, y: 118), to: Point(x: Self.size.width, y: Self.size.height), in: page)?.lines, 2...3)
    }

    func testTextThatRunsDownThePageIsNotChosenFrom() {
        // A page turned a quarter: each character below the one before.
        let boxes = (0..<5).map { Rect(x: 700, y: 72 + Double($0) * 6, width: 10, height: 6) }
        let turned = PageCharacters(text: "quick", boxes: boxes, pageSize: Size(width: 842, height: 595))!
        XCTAssertFalse(turned.runsAcross)
        XCTAssertTrue(proof.runsAcross)
        XCTAssertNil(LineSelection(from: Point(x: 705, y: 80), to: Point(x: 705, y: 80), in: turned))
    }

    func testAPageWithoutTextSelectsNothing() {
        XCTAssertNil(LineSelection(from: Point(x: 0, y: 0), to: Point(x: 100, y: 100), in: Self.page([])))
    }
}
