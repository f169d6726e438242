import XCTest
@testable import QuireEngine

/// Pages of two columns (x 54–293 and 317–556) or one, their lines 8 points high at
/// 10 points' spacing, as poppler reports them.
final class CaptionRegionTests: XCTestCase {
    private let letter = Size(width: 612, height: 792)

    private func line(_ x: Double, _ y: Double, _ width: Double = 239, height: Double = 8, gap: Double = 2,
                      monospaced: Bool = false, opensCaption: Bool = false) -> CaptionRegion.Line {
        CaptionRegion.Line(area: Rect(x: x, y: y, width: width, height: height), widestGap: gap, monospaced: monospaced,
                           opensCaption: opensCaption)
    }

    /// A column of prose from `top` to `bottom` (exclusive) at `x`.
    private func prose(_ x: Double, from top: Double, to bottom: Double) -> [CaptionRegion.Line] {
        stride(from: top, to: bottom, by: 10).map { line(x, $0) }
    }

    private func region(_ caption: CaptionRegion.Line, below: Bool = false, _ lines: [CaptionRegion.Line]) -> Rect {
        CaptionRegion.region(caption: Rect(x: caption.area.x, y: caption.area.y, width: 40, height: 8), below: below,
                             lines: lines, pageSize: letter) ?? .init(x: 0, y: 0, width: 0, height: 0)
    }

    func testACaptionOnNoLineHasNoRegion() {
        XCTAssertNil(CaptionRegion.region(caption: Rect(x: 300, y: 500, width: 40, height: 8), below: false,
                                          lines: prose(54, from: 72, to: 300), pageSize: letter))
    }

    func testAFigureAtTheColumnsTopIsEverythingAboveItsCaption() {
        let code = stride(from: 72.0, to: 160, by: 10).map { line(317, $0, 200, height: 7.5, gap: 5, monospaced: true) }
        let caption = [line(317, 170), line(317, 180)]
        let lines = prose(54, from: 72, to: 720) + code + caption + prose(317, from: 200, to: 720)
        let found = region(caption[0], lines)
        XCTAssertLessThanOrEqual(found.y, 72, "the code's first line is left out")
        XCTAssertGreaterThanOrEqual(found.maxY, 188, "the caption's second line is left out")
        XCTAssertLessThan(found.maxY, 200, "the paragraph below the caption is in")
        XCTAssertGreaterThanOrEqual(found.x, 300, "the left column is in")
        XCTAssertGreaterThanOrEqual(found.maxX, 556)
    }

    func testAFigureAfterAParagraphStopsAtItsShortLastLine() {
        let paragraph = prose(54, from: 72, to: 160) + [line(54, 160, 100)]
        let drawing = [line(80, 200, 30, height: 5), line(150, 230, 40, height: 5), line(90, 250, 20, height: 5)]
        let caption = [line(54, 270), line(54, 280, 120)]
        let lines = paragraph + drawing + caption + prose(54, from: 310, to: 720) + prose(317, from: 72, to: 720)
        let found = region(caption[0], lines)
        XCTAssertGreaterThanOrEqual(found.y, 168, "the paragraph's last line is in")
        XCTAssertLessThanOrEqual(found.y, 200, "the drawing's top label is left out")
        XCTAssertGreaterThanOrEqual(found.maxY, 288)
        XCTAssertLessThan(found.maxY, 310)
        XCTAssertLessThanOrEqual(found.maxX, 310, "the right column is in")
    }

    func testATableIsItsCellsBelowItsCaptionUpToTheNextParagraph() {
        let caption = line(54, 100, 120)
        // Rows of cells: one line each with wide gaps between them, or a cell a line.
        let rows = [line(54, 120, 239, gap: 40), line(54, 132, 239, gap: 40), line(54, 144, 30), line(200, 144, 20)]
        let lines = prose(54, from: 72, to: 92) + [caption] + rows + prose(54, from: 170, to: 720) + prose(317, from: 72, to: 720)
        let found = region(caption, below: true, lines)
        XCTAssertLessThanOrEqual(found.y, 100)
        XCTAssertGreaterThanOrEqual(found.y, 90, "the paragraph above the caption is in")
        XCTAssertGreaterThanOrEqual(found.maxY, 152, "the last row is left out")
        XCTAssertLessThan(found.maxY, 170, "the paragraph after the table is in")
    }

    func testOnAPageOfOneColumnAShortCaptionHasThePagesWidth() {
        let caption = line(72, 300, 80)
        let lines = stride(from: 72.0, to: 250, by: 10).map { line(72, $0, 468) } + [caption]
            + stride(from: 330.0, to: 720, by: 10).map { line(72, $0, 468) }
        let found = region(caption, lines)
        XCTAssertLessThanOrEqual(found.x, 72)
        XCTAssertGreaterThanOrEqual(found.maxX, 540)
        XCTAssertEqual(found.y, 250 + CaptionRegion.margin, accuracy: 1e-9, "not from just below the paragraph above")
    }

    func testAFigureWhoseCaptionIsThePagesFirstLineReachesThePagesTop() {
        let caption = line(72, 400, 200)
        let found = region(caption, [caption, line(72, 420, 300)])
        XCTAssertEqual(found.y, 0)
        XCTAssertGreaterThanOrEqual(found.maxY, 408)
        XCTAssertLessThan(found.maxY, 420)
    }

    /// On a page of one column with centred captions, a figure under another figure
    /// stops at the other's caption, and a caption ends where the next line keeps more than a line's gap.
    func testAFigureUnderAnotherStopsAtTheOthersCaption() {
        let first = [line(250, 80, 20, height: 5), line(200, 200, 200, opensCaption: true), line(230, 210, 140)]
        let second = [line(120, 260, 20, height: 5), line(300, 380, 30, height: 5), line(210, 420, 190, opensCaption: true)]
        let after = [line(72, 432, 80)] + stride(from: 444.0, to: 720, by: 10).map { line(72, $0, 468) }
        let found = region(second[2], first + second + after)
        XCTAssertGreaterThanOrEqual(found.y, 218, "the first figure's caption is in")
        XCTAssertLessThanOrEqual(found.y, 260, "the second figure's top label is left out")
        XCTAssertLessThanOrEqual(found.maxY, 432, "the line after the caption, 4 points below it (half a line), is in")
    }

    func testACaptionOpensWithAFiguresOrTablesNumberAndItsColonOrStop() {
        XCTAssertTrue(CaptionRegion.opensCaption("Figure 3. LIR snippet for sample program."))
        XCTAssertTrue(CaptionRegion.opensCaption("  Abbildung 3.11: R² → T²"))
        XCTAssertTrue(CaptionRegion.opensCaption("Table 1: Three numbers."))
        XCTAssertFalse(CaptionRegion.opensCaption("Figure 3 shows an example LIR trace."), "a sentence")
        XCTAssertFalse(CaptionRegion.opensCaption("As Figure 3: shows"), "not at the start")
        XCTAssertFalse(CaptionRegion.opensCaption("Theorem 2. Let X be a space."), "a statement")
        XCTAssertFalse(CaptionRegion.opensCaption("Figure 3"))
    }

    func testLinesAreReadFromThePagesCharactersWithTheirGapsAndMonospacing() throws {
        // "mov edx, ebx" in a monospaced font; "Wi il" in a proportional one, with a wide gap.
        var text = "", boxes: [Rect] = []
        for (index, character) in "mov edx, ebx".enumerated() {
            text.append(character)
            boxes.append(Rect(x: 54 + 6 * Double(index), y: 72, width: 6, height: 7.5))
        }
        text.append("\n")
        boxes.append(Rect(x: 126, y: 72, width: 0, height: 0))
        for (character, x, width) in [("W", 54.0, 9.0), ("i", 63, 3), (" ", 66, 88), ("i", 154, 3), ("l", 157, 3)] {
            text.append(character)
            boxes.append(Rect(x: x, y: 90, width: width, height: 8))
        }
        let lines = CaptionRegion.lines(of: try XCTUnwrap(PageCharacters(text: text, boxes: boxes, pageSize: letter)))
        XCTAssertEqual(lines.count, 2)
        XCTAssertEqual(lines[0].area, Rect(x: 54, y: 72, width: 72, height: 7.5))
        XCTAssertTrue(lines[0].monospaced)
        XCTAssertFalse(lines[1].monospaced)
        XCTAssertEqual(lines[1].widestGap, 154 - 66, accuracy: 1e-9, "the blank counts as gap, not as a glyph")
        XCTAssertFalse(lines[0].opensCaption)
    }
}
