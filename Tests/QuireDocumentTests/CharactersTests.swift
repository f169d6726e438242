import Fixtures
import Foundation
import PDFWriter
import QuireEngine
import XCTest
@testable import QuireDocument

/// A page's characters for caret mode: one box per character of poppler's text, boxes on
/// the lines where they are drawn; the caret's selection points select what lies between.
final class CharactersTests: XCTestCase {
    func testEachCharacterHasABoxOnItsLine() throws {
        let fixtures = try Fixtures()
        let document = try DocumentSource(path: fixtures.searchable()).open()
        let found = try XCTUnwrap(document.characters(at: 0))
        let characters = try XCTUnwrap(PageCharacters(text: found.text, boxes: found.boxes, pageSize: document.pageSize(at: 0)))
        XCTAssertEqual(characters.lines.count, 7)
        let first = characters.lines[0]
        XCTAssertEqual(String(String.UnicodeScalarView(characters.scalars[first])), "The quick brown fox jumps over the lazy dog.")
        // 14-point glyphs on a baseline 100 points down, from x = 72.
        XCTAssertEqual(characters.boxes[first.lowerBound].x, 72, accuracy: 1)
        XCTAssertLessThan(characters.extent(ofLine: 0).top, 100)
        XCTAssertGreaterThan(characters.extent(ofLine: 0).bottom, 95)
        // The caret after “quick” with Shift+Ctrl+Right twice from the start selects “The quick”.
        var caret = Caret(at: CaretPlace(page: 0, index: 0))
        for _ in 0..<2 { _ = caret.move(.wordRight, extending: true, pageCount: 1) { _ in characters } }
        let selection = try XCTUnwrap(caret.selection { _ in characters })
        XCTAssertEqual(document.selectedText(selection).trimmingCharacters(in: .whitespacesAndNewlines), "The quick")
    }

    func testAPageWithoutTextHasNoCharacters() throws {
        let fixtures = try Fixtures()
        let file = fixtures.path("blank.pdf")
        let writer = PDFWriter(path: file)
        writer.beginPage(width: 612, height: 792)
        writer.finish()
        let found = try XCTUnwrap(try DocumentSource(path: file).open().characters(at: 0))
        XCTAssertEqual(found.boxes.count, found.text.unicodeScalars.count)
        XCTAssertEqual(PageCharacters(text: found.text, boxes: found.boxes, pageSize: Size(width: 612, height: 792))?.lines, [])
    }
}
