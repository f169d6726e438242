import Fixtures
import Foundation
import QuireEngine
import XCTest
@testable import QuireDocument

/// Markups written into a PDF by poppler, read back by another parser (qpdf).
final class AnnotationSaveTests: XCTestCase {
    func testAHighlightSavedIsReadByQpdfWithItsQuadsColourAndText() throws {
        let fixtures = try Fixtures()
        let document = try DocumentSource(path: fixtures.searchable()).open()
        let line = TextSelection.Span(page: 0, start: Point(x: 70, y: 95), end: Point(x: 560, y: 96))
        let areas = document.selectionAreas(line, style: .glyph)
        var edits = AnnotationEdits()
        let markup = edits.add(page: 0, kind: .highlight, colour: .yellow, areas: areas, text: "The quick brown fox",
                               author: "Ada Lovelace", created: 0)
        XCTAssertTrue(document.add(markup))
        let out = fixtures.path("saved.pdf")
        let fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        XCTAssertGreaterThanOrEqual(fd, 0)
        try document.save(to: fd)
        let saved = try QPDF.annotations(in: out)
        XCTAssertEqual(saved.count, 1, "\(saved)")
        let annotation = try XCTUnwrap(saved.first)
        XCTAssertEqual(annotation.page, 0)
        XCTAssertEqual(annotation.subtype, "/Highlight")
        XCTAssertEqual(annotation.contents, "The quick brown fox")
        XCTAssertEqual(annotation.author, "Ada Lovelace")
        let rgb = Markup.Colour.yellow.components
        XCTAssertEqual(annotation.colour.count, 3)
        for (read, wanted) in zip(annotation.colour, [rgb.red, rgb.green, rgb.blue]) { XCTAssertEqual(read, wanted, accuracy: 0.01) }
        // Upper left, upper right, lower left, lower right of each area, from the bottom.
        let height = document.pageSize(at: 0).height
        let wanted = areas.flatMap { [$0.x, height - $0.y, $0.maxX, height - $0.y, $0.x, height - $0.maxY, $0.maxX, height - $0.maxY] }
        XCTAssertEqual(annotation.quads.count, wanted.count)
        for (read, expected) in zip(annotation.quads, wanted) { XCTAssertEqual(read, expected, accuracy: 0.01) }
        XCTAssertTrue(try QPDF.check(out), "qpdf --check finds the saved file damaged")
    }
}
