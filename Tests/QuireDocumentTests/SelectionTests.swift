import Fixtures
import Foundation
import PDFWriter
import QuireEngine
import XCTest
@testable import QuireDocument

/// Selection through poppler: areas measured from the page top as displayed (unlike find
/// results and link areas, which poppler measures from the bottom), text in reading order.
final class SelectionTests: XCTestCase {
    private var fixtures: Fixtures!
    private var document: Document!
    override func setUpWithError() throws {
        fixtures = try Fixtures()
        document = try DocumentSource(path: fixtures.searchable()).open()
    }
    override func tearDown() { document = nil; fixtures = nil }

    private func span(_ page: Int, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> TextSelection.Span {
        TextSelection.Span(page: page, start: Point(x: x1, y: y1), end: Point(x: x2, y: y2))
    }

    func testOneLineIsSelectedWhereItIsDrawn() {
        let line = span(0, 70, 95, 560, 96)
        XCTAssertEqual(document.selectedText(line, style: .glyph).trimmingCharacters(in: "\n "), "The quick brown fox jumps over the lazy dog.")
        let areas = document.selectionAreas(line, style: .glyph)
        XCTAssertFalse(areas.isEmpty)
        // The line's baseline is 100 points from the top; 14-point glyphs rise above it.
        for area in areas {
            XCTAssertGreaterThan(area.y, 80)
            XCTAssertLessThanOrEqual(area.maxY, 107)
            XCTAssertGreaterThanOrEqual(area.x, 70)
        }
    }

    func testASelectionRunsAcrossLinesInReadingOrder() {
        let text = document.selectedText(span(0, 180, 95, 150, 126), style: .glyph)
        XCTAssertTrue(text.hasPrefix("fox jumps over") || text.hasPrefix("brown fox") || text.contains("fox jumps"), text)
        XCTAssertTrue(text.contains("\n"), text)
        XCTAssertTrue(text.contains("A café"), text)
        XCTAssertFalse(text.contains("FOXES"), "the third line is not reached: \(text)")
    }

    func testAPressWithoutMovingSelectsTheWordOrTheLine() {
        // "brown" in "The quick brown fox…": a double-click selects the word under the pointer.
        let measure = PDFWriter(path: fixtures.path("measure.pdf"))
        let x = 72 + measure.textWidth("The quick ", size: 14) + 5
        measure.finish()
        XCTAssertEqual(document.selectedText(span(0, x, 96, x, 96), style: .word).trimmingCharacters(in: "\n "), "brown")
        XCTAssertEqual(document.selectedText(span(0, x, 96, x, 96), style: .line).trimmingCharacters(in: "\n "),
                       "The quick brown fox jumps over the lazy dog.")
    }

    func testASelectionRunsAcrossPages() {
        let selection = TextSelection(anchor: PagePoint(page: 0, point: Point(x: 70, y: 250)),
                                      head: PagePoint(page: 2, point: Point(x: 300, y: 105)))
        let text = document.selectedText(selection)
        XCTAssertTrue(text.hasPrefix("line breaks is found."), text)
        XCTAssertEqual(text.components(separatedBy: "fox").count - 1, 100, "all of page 2")
        XCTAssertTrue(text.hasSuffix("Nothing to see here.") || text.hasSuffix("Nothing to see here.\n"), text)
        // Pressed on page 3 and dragged back to page 1: the same text.
        let backwards = TextSelection(anchor: selection.head, head: selection.anchor)
        XCTAssertEqual(document.selectedText(backwards), text)
    }

    func testOnAPageTheDocumentTurnsAreasAreInItsDisplayedFrame() throws {
        let turned = try DocumentSource(path: fixtures.searchableTurned()).open()
        let size = turned.pageSize(at: 0)
        XCTAssertEqual(size.width, 792)
        let whole = TextSelection.Span(page: 0, start: Point(x: 0, y: 0), end: Point(x: size.width, y: size.height))
        let areas = turned.selectionAreas(whole, style: .glyph)
        XCTAssertFalse(areas.isEmpty)
        for area in areas {
            XCTAssertLessThanOrEqual(area.maxX, size.width + 1)
            XCTAssertLessThanOrEqual(area.maxY, size.height + 1)
        }
        // The first line (100 points from the unturned top) is now about 100 points from the right.
        XCTAssertTrue(areas.contains { $0.maxX > size.width - 110 && $0.x > size.width - 130 }, "\(areas.prefix(4))")
        XCTAssertTrue(turned.selectedText(whole, style: .glyph).contains("The quick brown fox"))
    }

    /// Issue 45: on page 11 of the corpus's geometry notes a "⊆" from a math font has a box
    /// reaching halfway down the next line, and poppler's line box with it; a triple-click
    /// lit two lines and copied one.
    func testALineWithATallSymbolIsLitAsTheLineCopied() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../shared/corpus/outline-geotopo-de.pdf").standardizedFileURL.path
        guard FileManager.default.fileExists(atPath: path) else { throw XCTSkip("no ../shared/corpus beside this checkout") }
        let notes = try DocumentSource(path: path).open()
        // Page index 13 (labelled 11): the line's letters stand from 378 to 388 points down,
        // the next line's from 392.
        let press = span(13, 300, 383, 300, 383)
        XCTAssertEqual(notes.selectedText(press, style: .line),
                       "Beweis: Sei U ⊆ Z offen ⇒ (g ◦ f )−1 (U ) = f −1 (g −1 (U )). g −1 (U ) ist offen in Y weil g stetig")
        let areas = notes.selectionAreas(press, style: .line)
        XCTAssertEqual(areas.count, 1, "\(areas)")
        XCTAssertTrue(areas.allSatisfy { $0.y > 370 && $0.maxY < 392 }, "the next line is lit too: \(areas)")
    }

    func testOnATurnedPageALineIsSelectedAlongItsText() throws {
        let turned = try DocumentSource(path: fixtures.searchableTurned()).open()
        // The first line runs down the page, its baseline 100 points from the right.
        let press = span(0, turned.pageSize(at: 0).width - 104, 150, turned.pageSize(at: 0).width - 104, 150)
        XCTAssertEqual(turned.selectedText(press, style: .line), "The quick brown fox jumps over the lazy dog.")
        let areas = turned.selectionAreas(press, style: .line)
        XCTAssertEqual(areas.count, 1, "\(areas)")
    }
}
