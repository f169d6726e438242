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

    /// Yellow (the highlight over white paper) pixels of page 0 of `document` at scale 1,
    /// inside `area` and outside it (points from its top-left as displayed).
    private func yellow(in document: Document, area: Rect) throws -> (inside: Int, outside: Int) {
        let picture = try document.render(page: 0, scale: 1)
        var inside = 0, outside = 0
        for y in 0..<picture.height {
            for x in 0..<picture.width {
                let pixel = picture.pixel(x: x, y: y)
                let (r, g, b) = (Int(pixel >> 16 & 0xFF), Int(pixel >> 8 & 0xFF), Int(pixel & 0xFF))
                guard r > 230, g > 200, g < 245, b < 110 else { continue }
                let point = (x: Double(x) + 0.5, y: Double(y) + 0.5)
                // Poppler rounds a highlight's ends outward, by up to half the line's height
                // along it.
                let along = min(area.width, area.height) / 2 + 1
                let (dx, dy) = area.width >= area.height ? (along, 1.0) : (1.0, along)
                if point.x >= area.x - dx, point.x <= area.maxX + dx, point.y >= area.y - dy, point.y <= area.maxY + dy { inside += 1 } else { outside += 1 }
            }
        }
        return (inside, outside)
    }

    /// On a page the document turns (/Rotate 90) as on one it does not, the saved
    /// highlight is drawn over the selected line as displayed, and nowhere else.
    func testAHighlightLandsOnItsLineOnATurnedPageToo() throws {
        let fixtures = try Fixtures()
        for path in [fixtures.searchable(), try fixtures.searchableTurned()] {
            let document = try DocumentSource(path: path).open()
            let size = document.pageSize(at: 0)
            let whole = TextSelection.Span(page: 0, start: Point(x: 0, y: 0), end: Point(x: size.width, y: size.height))
            // The first line's area, as the selection shows it.
            let line = try XCTUnwrap(document.selectionAreas(whole, style: .glyph).first)
            var edits = AnnotationEdits()
            XCTAssertTrue(document.add(edits.add(page: 0, kind: .highlight, colour: .yellow, areas: [line], text: "", author: "", created: 0)))
            let out = path + ".saved.pdf"
            let fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            try document.save(to: fd)
            close(fd)
            let counts = try yellow(in: DocumentSource(path: out).open(), area: line)
            let area = line.width * line.height
            XCTAssertGreaterThan(Double(counts.inside), area * 0.3, "\(path): the highlight is not over its line \(line): \(counts)")
            XCTAssertLessThan(counts.outside, 20, "\(path): the highlight is drawn off its line \(line): \(counts)")
        }
    }
}

/// The file's own annotations as the Annotations pane lists them.
final class FileAnnotationTests: XCTestCase {
    /// Another writer's three (a note, a highlight whose /Rect lies off the page, an ink
    /// drawing, as the corpus's annot-text-highlight-ink.pdf has them): each with its kind,
    /// text, colour and an area on the page; the link is not listed.
    func testAFilesAnnotationsAreListedWithTheirKindTextAndColour() throws {
        let fixtures = try Fixtures()
        let document = try DocumentSource(path: fixtures.othersAnnotations()).open()
        let found = document.fileAnnotations(at: 0)
        XCTAssertEqual(found.map(\.kind), [.note, .highlight, .ink], "\(found)")
        XCTAssertEqual(found.map(\.text), ["This is a text annotation.", "Highlight comment", "Hello world!"])
        XCTAssertEqual(found[1].colour, [1, 1, 0])
        let size = document.pageSize(at: 0)
        for annotation in found {
            XCTAssertTrue(annotation.area.x >= 0 && annotation.area.maxX <= size.width && annotation.area.maxY <= size.height, "\(annotation)")
        }
        // The highlight's quadrilaterals, not its /Rect (676 to 855 across, off the page).
        XCTAssertEqual(found[1].area.x, 28.35, accuracy: 0.01)
        XCTAssertEqual(found[1].area.maxX, 207.11, accuracy: 0.01)
        XCTAssertEqual(document.fileAnnotations(at: 5), [])
    }

    /// Quire's own highlight, saved, is listed from the file with the words it covers and its author.
    func testASavedHighlightIsListedWithItsWords() throws {
        let fixtures = try Fixtures()
        let document = try DocumentSource(path: fixtures.standard(links: true)).open()
        XCTAssertEqual(document.fileAnnotations(at: 0), [], "links are listed as annotations")
        let words = try XCTUnwrap(document.matchAreas(of: SearchQuery("says hello", caseSensitive: true), onPage: 0).first)
        var edits = AnnotationEdits()
        XCTAssertTrue(document.add(edits.add(page: 0, kind: .underline, colour: .green, areas: words, text: "", author: "Ada", created: 0)))
        let out = fixtures.path("underlined.pdf")
        let fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        try document.save(to: fd)
        close(fd)
        let listed = try DocumentSource(path: out).open().fileAnnotations(at: 0)
        XCTAssertEqual(listed.map(\.kind), [.underline])
        XCTAssertEqual(listed.first?.text, "says hello")
        XCTAssertEqual(listed.first?.author, "Ada")
    }
}
