import Fixtures
import Foundation
import QuireEngine
import XCTest
@testable import QuireDocument

/// What the reader drew at its limits, and the file's own annotations moved: saved in
/// reasonable time and size, read back by qpdf and drawn by mutool where they now are.
final class DrawingLimitsTests: XCTestCase {
    private func blank(_ fixtures: Fixtures) throws -> String { try page(fixtures, named: "blank.pdf", annotating: 0) }

    /// A 400 × 300 page whose /Annots are the first `count` of `objects` (given the number of the first).
    private func page(_ fixtures: Fixtures, named name: String, annotating count: Int, _ objects: (Int) -> [String] = { _ in [] }) throws -> String {
        var pdf = HandWrittenPDF(pages: [HandWrittenPDF.Page(entries: "/MediaBox [0 0 400 300]")])
        let first = pdf.firstExtra
        pdf.pages[0].extraObjects = objects(first)
        if count > 0 { pdf.pages[0].entries += " /Annots [\((0..<count).map { "\(first + $0) 0 R" }.joined(separator: " "))]" }
        let path = fixtures.path(name)
        try pdf.bytes.write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Adds `markups` to `source` and saves: the seconds it took and the bytes it added.
    private func save(_ markups: [Markup], on source: String, as out: String) throws -> (seconds: Double, growth: Int) {
        let start = Date()
        let document = try DocumentSource(path: source).open()
        for markup in markups { XCTAssertTrue(document.add(markup)) }
        let fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        defer { close(fd) }
        try document.save(to: fd)
        let seconds = Date().timeIntervalSince(start)
        let size = { (path: String) in (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0 }
        return (seconds, try size(out) - size(source))
    }

    /// A stroke of 100,000 points (thinned to `Drawing.pointLimit`) saves in well under a second
    /// and a few hundred kilobytes.
    func testAHundredThousandPointStrokeSavesSmallAndFast() throws {
        let fixtures = try Fixtures()
        let points = (0..<100_000).map { Point(x: 20 + Double($0) * 0.0036, y: 150 + 100 * sin(Double($0) / 500)) }
        var edits = AnnotationEdits()
        let markup = try XCTUnwrap(edits.add(page: 0, drawing: Drawing(.ink([points])), colour: .blueInk, author: "", created: 0))
        let out = fixtures.path("long-stroke.pdf")
        let (seconds, growth) = try save([markup], on: blank(fixtures), as: out)
        print("100,000-point stroke: saved in \(String(format: "%.3f", seconds)) s, \(growth) bytes added")
        XCTAssertLessThan(seconds, 2)
        XCTAssertLessThan(growth, 400_000)
        let read = try AnnotationObjects(out)
        XCTAssertEqual(read.numbers(read.array(read.annotations.first?["/InkList"])?.first).count, Drawing.pointLimit * 2)
        XCTAssertTrue(try QPDF.check(out))
    }

    /// A picture stamp at the 2048 × 2048 limit saves in a few seconds, deflated: a
    /// gradient with a clear border grows the file by far less than its 16 MB of pixels.
    func testAStampPictureAtTheLimitSavesDeflated() throws {
        let fixtures = try Fixtures()
        let side = StampPicture.sideLimit
        var pixels = [UInt8](repeating: 0, count: side * side * 4)
        for y in 64..<side - 64 {
            for x in 64..<side - 64 {
                let at = (y * side + x) * 4
                pixels[at] = UInt8(x & 0xFF); pixels[at + 1] = UInt8(y & 0xFF); pixels[at + 2] = UInt8((x ^ y) & 0xFF); pixels[at + 3] = 255
            }
        }
        let picture = try XCTUnwrap(StampPicture(width: side, height: side, pixels: pixels))
        var edits = AnnotationEdits()
        let markup = try XCTUnwrap(edits.add(page: 0, drawing: Drawing(.stamp(Rect(x: 50, y: 50, width: 200, height: 200), .picture(picture))),
                                             colour: .red, author: "", created: 0))
        let out = fixtures.path("big-stamp.pdf")
        let (seconds, growth) = try save([markup], on: blank(fixtures), as: out)
        print("2048² stamp picture: saved in \(String(format: "%.3f", seconds)) s, \(growth) bytes added")
        XCTAssertLessThan(seconds, 10)
        XCTAssertLessThan(growth, 4_000_000)
        XCTAssertTrue(try QPDF.check(out))
        let raster = try Raster(out, scale: 1, renderer: .mutool)
        XCTAssertEqual(raster.pixels(near: [1, 1, 1], in: (x: 52, y: 52, width: 2, height: 2), tolerance: 8), 4, "the clear border is not clear")
    }

    /// The file's own ink drawing (another program's) moved and resized: its /Rect and
    /// /InkList are where the reader put it, and mutool draws it there, not where it was.
    func testTheFilesOwnInkMovedIsWrittenAndDrawnWhereItNowIs() throws {
        let fixtures = try Fixtures()
        let source = try fixtures.othersAnnotations()
        let document = try DocumentSource(path: source).open()
        let ink = try XCTUnwrap(document.fileAnnotations(at: 0).first { $0.kind == .ink })
        var edits = AnnotationEdits()
        let area = Rect(x: 300, y: 100, width: 160, height: 80)
        edits.reshapeInFile(ink.ref, to: area)
        XCTAssertEqual(document.write(edits.documentChanges, adding: []), 0)
        let out = fixtures.path("moved.pdf")
        let fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        try document.save(to: fd)
        close(fd)
        XCTAssertTrue(try QPDF.check(out))
        let height = document.pageSize(at: 0).height
        let read = try AnnotationObjects(out)
        let moved = try XCTUnwrap(read.annotations.first { $0["/Subtype"] as? String == "/Ink" })
        // The stroke's points, from (40 300)-(80 380)-(120 300) in the old 80 × 80 /Rect, onto the new area.
        let bottom = height - area.maxY
        let wanted = [300, bottom, 380, bottom + 80, 460, bottom]
        let stroke = read.numbers(read.array(moved["/InkList"])?.first)
        XCTAssertEqual(stroke.count, 6)
        for (a, b) in zip(stroke, wanted) { XCTAssertEqual(a, b, accuracy: 0.5, "/InkList \(stroke)") }
        let rect = read.numbers(moved["/Rect"])
        XCTAssertTrue(rect.count == 4 && rect[0] <= 300.5 && rect[2] >= 459.5 && rect[1] <= bottom + 0.5 && rect[3] >= bottom + 79.5, "/Rect \(rect)")
        XCTAssertNotNil(read.appearance(of: moved), "no /AP written for the moved drawing")
        let raster = try Raster(out, scale: 1, renderer: .mutool)
        XCTAssertGreaterThan(raster.pixels(near: [0, 0, 1], in: (x: area.x, y: area.y, width: area.width, height: area.height), tolerance: 100), 20, "not drawn where it was moved")
        XCTAssertEqual(raster.pixels(near: [0, 0, 1], in: (x: 30, y: height - 390, width: 100, height: 100), tolerance: 100), 0, "still drawn where it was")
        let listed = try DocumentSource(path: out).open().fileAnnotations(at: 0).first { $0.kind == .ink }
        XCTAssertEqual(listed?.area.x ?? 0, area.x, accuracy: 2)
        XCTAssertEqual(listed?.area.y ?? 0, area.y, accuracy: 2)
    }

    /// Another program's annotations with absurd rectangles (1e30 wide, off the page below
    /// its corner, upside down): listed within the page or not at all, and the page draws.
    func testAnnotationsWithAbsurdRectanglesStaySound() throws {
        let fixtures = try Fixtures()
        let path = try page(fixtures, named: "absurd.pdf", annotating: 4) { _ in [
            "<< /Type /Annot /Subtype /Square /Rect [0 0 1e30 1e30] /C [1 0 0] /F 4 >>",
            "<< /Type /Annot /Subtype /Ink /Rect [-50 -50 -10 -10] /InkList [[-50 -50 -10 -10]] /C [0 0 1] /F 4 >>",
            "<< /Type /Annot /Subtype /Circle /Rect [300 250 100 50] /C [0 1 0] /F 4 >>",
            "<< /Type /Annot /Subtype /Stamp /Rect [-1e30 -1e30 1e30 1e30] /Name /Draft /F 4 >>",
        ] }
        let document = try DocumentSource(path: path).open()
        let listed = document.fileAnnotations(at: 0)
        for annotation in listed {
            let area = annotation.area
            XCTAssertTrue([area.x, area.y, area.width, area.height].allSatisfy { $0.isFinite && abs($0) <= 10_000 }, "\(annotation.kind) listed at \(area)")
        }
        XCTAssertNoThrow(try document.render(page: 0, scale: 1))
        // The upside-down circle is on the page once read the right way up; moved, it is where it was put.
        var edits = AnnotationEdits()
        let circle = try XCTUnwrap(listed.first { $0.kind == .circle }, "the upside-down circle is not listed")
        edits.reshapeInFile(circle.ref, to: Rect(x: 10, y: 10, width: 50, height: 40))
        _ = document.write(edits.documentChanges, adding: [])
        XCTAssertNoThrow(try document.render(page: 0, scale: 1))
        let moved = try XCTUnwrap(document.fileAnnotations(at: 0).first { $0.kind == .circle }?.area)
        for (read, put) in zip([moved.x, moved.y, moved.width, moved.height], [10.0, 10, 50, 40]) { XCTAssertEqual(read, put, accuracy: 1, "\(moved)") }
    }

    /// Another program's stamp with its own appearance (a red square form) moved and made
    /// larger keeps that appearance, scaled onto the new /Rect as PDF says: mutool draws red
    /// over the new area, and nothing where it was.
    func testAStampWithItsOwnAppearanceMovedKeepsItScaled() throws {
        let fixtures = try Fixtures()
        let path = try page(fixtures, named: "own-stamp.pdf", annotating: 1) { first in [
            "<< /Type /Annot /Subtype /Stamp /Rect [20 200 60 240] /Name /Custom /F 4 /AP << /N \(first + 1) 0 R >> >>",
            "<< /Type /XObject /Subtype /Form /BBox [0 0 10 10] /Length 23 >>\nstream\n1 0 0 rg 0 0 10 10 re f\nendstream",
        ] }
        let document = try DocumentSource(path: path).open()
        let stamp = try XCTUnwrap(document.fileAnnotations(at: 0).first { $0.kind == .stamp })
        var edits = AnnotationEdits()
        let area = Rect(x: 200, y: 150, width: 120, height: 60)
        edits.reshapeInFile(stamp.ref, to: area)
        _ = document.write(edits.documentChanges, adding: [])
        let out = fixtures.path("own-stamp-moved.pdf")
        let fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        try document.save(to: fd)
        close(fd)
        XCTAssertNil(try QPDF.problems(in: out))
        let raster = try Raster(out, scale: 1, renderer: .mutool)
        XCTAssertGreaterThan(raster.pixels(near: [1, 0, 0], in: (x: area.x + 2, y: area.y + 2, width: area.width - 4, height: area.height - 4)),
                             Int((area.width - 4) * (area.height - 4)) * 9 / 10, "the appearance is not scaled onto the new area")
        XCTAssertEqual(raster.pixels(near: [1, 0, 0], in: (x: 20, y: 60, width: 40, height: 40)), 0, "still drawn where it was")
    }

    /// Each kind alone saves in well under a second and adds a few kilobytes (its annotation,
    /// its appearance, a text box's font and a stamp's drawing).
    func testEachKindSavesSmallAndFast() throws {
        let fixtures = try Fixtures()
        let source = try blank(fixtures)
        let drawings = [
            Drawing(.ink([[Point(x: 50, y: 50), Point(x: 150, y: 120), Point(x: 250, y: 60)]])),
            Drawing(.line(from: Point(x: 60, y: 200), to: Point(x: 300, y: 80), arrow: true)),
            Drawing(.rectangle(Rect(x: 80, y: 60, width: 200, height: 120)), fill: .yellow),
            Drawing(.ellipse(Rect(x: 100, y: 80, width: 180, height: 140))),
            Drawing(.textBox(Rect(x: 40, y: 40, width: 300, height: 80))),
            Drawing(.stamp(Rect(x: 60, y: 60, width: 240, height: 80), .standard(.confidential))),
        ]
        for (index, drawing) in drawings.enumerated() {
            var edits = AnnotationEdits()
            let markup = try XCTUnwrap(edits.add(page: 0, drawing: drawing, colour: .redInk, text: "Words in a box", author: "Ada", created: 0))
            let (seconds, growth) = try save([markup], on: source, as: fixtures.path("kind-\(index).pdf"))
            print("\(drawing.kind): saved in \(String(format: "%.3f", seconds)) s, \(growth) bytes added")
            XCTAssertLessThan(seconds, 1, "\(drawing.kind)")
            XCTAssertLessThan(growth, 20_000, "\(drawing.kind)")
        }
    }
}
