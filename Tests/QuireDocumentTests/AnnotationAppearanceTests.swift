import Fixtures
import Foundation
import QuireEngine
import XCTest
@testable import QuireDocument

/// Every annotation Quire writes is printed and carries its appearance: read back by qpdf
/// (/F with the Print bit, /AP /N a stream, the file sound) and drawn by two other programs
/// (mutool and poppler's pdftoppm) in its colour where Quire drew it; a printout shows the
/// reader's markups, saved or not.
final class AnnotationAppearanceTests: XCTestCase {
    private var fixtures: Fixtures!
    override func setUpWithError() throws { fixtures = try Fixtures() }
    override func tearDown() { fixtures = nil }

    private static let printFlag = 4

    /// One markup of each kind on the first page of the searchable fixture, each its own
    /// colour: four text markups over its first four lines, a note in the left margin.
    private func markEachKind(of document: Document) throws -> [Markup] {
        let size = document.pageSize(at: 0)
        let whole = TextSelection.Span(page: 0, start: Point(x: 0, y: 0), end: Point(x: size.width, y: size.height))
        let lines = document.selectionAreas(whole, style: .glyph)
        XCTAssertGreaterThanOrEqual(lines.count, 4, "\(lines)")
        var edits = AnnotationEdits()
        let kinds: [(Markup.Kind, Markup.Colour)] = [(.highlight, .yellow), (.underline, .green), (.strikeOut, .red), (.squiggly, .blue)]
        for ((kind, colour), line) in zip(kinds, lines) {
            edits.add(page: 0, kind: kind, colour: colour, areas: [line], text: "", author: "Ada", created: 0)
        }
        edits.add(page: 0, kind: .note, colour: .pink, areas: [Rect(x: 20, y: 300, width: Markup.noteSide, height: Markup.noteSide)],
                  text: "A note", author: "Ada", created: 0)
        for markup in edits.markups { XCTAssertTrue(document.add(markup), "\(markup.kind) was not added") }
        return edits.markups
    }

    private func save(_ document: Document, as name: String) throws -> String {
        let out = fixtures.path(name)
        let fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        XCTAssertGreaterThanOrEqual(fd, 0)
        defer { close(fd) }
        try document.save(to: fd)
        return out
    }

    /// Pixels of `markup`'s colour that `raster` has where the markup is (its areas, moved
    /// by `offset` and scaled by `scale` as a printout places the page), and how many it
    /// should at least have: a highlight's or a note's area a third covered, a line's length.
    private static func ink(of markup: Markup, in raster: Raster, scale: Double = 1, offset: Point = Point(x: 0, y: 0)) -> (found: Int, least: Int) {
        var found = 0, least = 0
        for area in markup.areas {
            let slack = 2.0
            let placed = (x: offset.x + (area.x - slack) * scale, y: offset.y + (area.y - slack) * scale,
                          width: (area.width + 2 * slack) * scale, height: (area.height + 2 * slack) * scale)
            found += raster.pixels(near: markup.colour.rgb, in: placed)
            let pixels = raster.scale * scale
            least += markup.kind == .highlight || markup.kind == .note
                ? Int(area.width * area.height * pixels * pixels / 3) : Int(area.width * pixels / 2)
        }
        return (found, least)
    }

    func testEachKindIsSavedPrintableWithAnAppearanceOthersDraw() throws {
        let document = try DocumentSource(path: fixtures.searchable()).open()
        let markups = try markEachKind(of: document)
        let out = try save(document, as: "marked.pdf")

        XCTAssertTrue(try QPDF.check(out), "qpdf --check finds the saved file damaged")
        let saved = try QPDF.annotations(in: out)
        XCTAssertEqual(saved.map(\.subtype), ["/Highlight", "/Underline", "/StrikeOut", "/Squiggly", "/Text"])
        for annotation in saved {
            XCTAssertEqual(annotation.flags & Self.printFlag, Self.printFlag, "\(annotation) is not printed (/F \(annotation.flags))")
            XCTAssertTrue(annotation.drawsItsAppearance, "\(annotation) has no /AP /N stream")
        }
        for renderer in Raster.Renderer.allCases {
            let raster = try Raster(out, renderer: renderer)
            for markup in markups {
                let ink = Self.ink(of: markup, in: raster)
                XCTAssertGreaterThanOrEqual(ink.found, ink.least, "\(renderer) draws too little \(markup.colour.name) where the \(markup.kind) is")
            }
        }
    }

    /// Another writer's highlight and ink drawing, recoloured: poppler drops their
    /// appearance when their colour is set, and the save writes the one drawn anew.
    func testAFilesAnnotationsRecolouredAreSavedWithTheirNewAppearance() throws {
        let document = try DocumentSource(path: fixtures.othersAnnotations()).open()
        let listed = document.fileAnnotations(at: 0)
        XCTAssertEqual(listed.map(\.kind), [.note, .highlight, .ink])
        let highlight = listed[1]
        let changes = DocumentChanges(recoloured: [DocumentChanges.Recolouring(ref: highlight.ref, colour: .green),
                                                   DocumentChanges.Recolouring(ref: listed[2].ref, colour: .red)])
        XCTAssertEqual(document.write(changes, adding: []), 0)
        let out = try save(document, as: "recoloured.pdf")

        XCTAssertTrue(try QPDF.check(out), "qpdf --check finds the saved file damaged")
        let saved = try QPDF.annotations(in: out).filter { $0.subtype != "/Popup" && $0.subtype != "/Link" }
        XCTAssertEqual(saved.map(\.subtype), ["/Text", "/Highlight", "/Ink"])
        for annotation in saved.dropFirst() {
            XCTAssertTrue(annotation.drawsItsAppearance, "\(annotation) has no /AP /N stream")
        }
        let recoloured = Markup(id: 1, page: 0, kind: .highlight, colour: .green, areas: [highlight.area], text: "", author: "", created: 0)
        for renderer in Raster.Renderer.allCases {
            let ink = Self.ink(of: recoloured, in: try Raster(out, renderer: renderer))
            XCTAssertGreaterThanOrEqual(ink.found, ink.least, "\(renderer) draws too little green where the recoloured highlight is")
        }
    }

    /// The first page of `document` printed on A4 with half-inch margins (with or without
    /// annotations), as mutool draws it, and the marks of `markups` there.
    private func printout(of document: Document, annotations: Bool, _ markups: [Markup]) throws -> [(markup: Markup, found: Int, least: Int)] {
        let paper = PrintPaper(size: Size(width: 595, height: 842), top: 36, left: 36, bottom: 36, right: 36)
        var bytes: [UInt8] = []
        try document.printPDF([[0]], on: paper, annotations: annotations) { bytes += $0; return true }
        let out = fixtures.path("printout.pdf")
        try Data(bytes).write(to: URL(fileURLWithPath: out))
        let placement = try XCTUnwrap(PrintLayout.single.sheet(for: [document.pageSize(at: 0)], on: paper).pages.first).placement
        let raster = try Raster(out, renderer: .mutool)
        return markups.map { markup in
            let ink = Self.ink(of: markup, in: raster, scale: placement.scale, offset: Point(x: placement.x, y: placement.y))
            return (markup, ink.found, ink.least)
        }
    }

    /// A printout of a page with the reader's markups, not saved: each is printed (poppler's
    /// print rendering draws only annotations with the Print flag), where the page's place
    /// on the sheet puts it.
    func testAPrintoutHasTheReadersMarkups() throws {
        let document = try DocumentSource(path: fixtures.searchable()).open()
        for ink in try printout(of: document, annotations: true, try markEachKind(of: document)) {
            XCTAssertGreaterThanOrEqual(ink.found, ink.least, "the printout has too little \(ink.markup.colour.name) where the \(ink.markup.kind) is")
        }
    }

    /// Without annotations (the preference off), the page alone is printed.
    func testAPrintoutWithoutAnnotationsHasNone() throws {
        let document = try DocumentSource(path: fixtures.searchable()).open()
        for ink in try printout(of: document, annotations: false, try markEachKind(of: document)) {
            XCTAssertEqual(ink.found, 0, "the \(ink.markup.kind) is printed")
        }
    }
}
