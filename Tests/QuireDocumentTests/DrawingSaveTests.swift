import Fixtures
import Foundation
import QuireEngine
import XCTest
@testable import QuireDocument

/// What the reader drew, written into a PDF by poppler's annotation classes, read back by
/// other programs: qpdf for the dictionaries, mutool for the pixels, Quire for the list.
final class DrawingSaveTests: XCTestCase {
    /// Blank pages 400 × 300 points as displayed: upright; turned by /Rotate 90 (its own
    /// box 300 × 400); and a 500 × 400 box cropped to 400 × 300 at (50, 60).
    enum Page: String, CaseIterable {
        case upright, turned, cropped
        var entries: String {
            switch self {
            case .upright: "/MediaBox [0 0 400 300]"
            case .turned: "/MediaBox [0 0 300 400] /Rotate 90"
            case .cropped: "/MediaBox [0 0 500 400] /CropBox [50 60 450 360]"
            }
        }
        /// A displayed point in the page's own space.
        func own(_ x: Double, _ y: Double) -> (Double, Double) {
            switch self {
            case .upright: (x, 300 - y)
            case .turned: (y, x)
            case .cropped: (50 + x, 360 - y)
            }
        }
    }

    private func blank(_ fixtures: Fixtures, _ page: Page) throws -> String {
        let path = fixtures.path("blank-\(page).pdf")
        // "Page 1" is written at y 700, off these pages: they are white.
        try HandWrittenPDF(pages: [HandWrittenPDF.Page(entries: page.entries)]).bytes.write(to: URL(fileURLWithPath: path))
        return path
    }

    private func saved(_ markups: [Markup], on source: String, as name: String, _ fixtures: Fixtures) throws -> String {
        let document = try DocumentSource(path: source).open()
        for markup in markups { XCTAssertTrue(document.add(markup), "\(markup.kind) was not added") }
        let out = fixtures.path(name)
        let fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        defer { close(fd) }
        try document.save(to: fd)
        return out
    }

    private func markup(_ drawing: Drawing, colour: Markup.Colour = .blueInk, text: String = "") -> Markup {
        var edits = AnnotationEdits()
        return edits.add(page: 0, drawing: drawing, colour: colour, text: text, author: "Ada Lovelace", created: 1_765_000_000)!
    }

    static let arrow = Drawing(.line(from: Point(x: 60, y: 200), to: Point(x: 300, y: 80), arrow: true), width: 3)
    static let ink = Drawing(.ink([[Point(x: 50, y: 50), Point(x: 150, y: 120), Point(x: 250, y: 60)], [Point(x: 60, y: 250), Point(x: 200, y: 250)]]), width: 4)
    static let filled = Drawing(.rectangle(Rect(x: 80, y: 60, width: 200, height: 120)), width: 3, fill: .yellow)
    static let ellipse = Drawing(.ellipse(Rect(x: 100, y: 80, width: 180, height: 140)), width: 4)
    static let textBox = Drawing(.textBox(Rect(x: 40, y: 40, width: 300, height: 80)), fontSize: 20)
    static let stamp = Drawing(.stamp(Rect(x: 60, y: 60, width: 240, height: 80), .standard(.approved)))

    // MARK: - What the file says, as qpdf reads it

    func testEveryKindIsWrittenWithItsSubtypeRectColourAndAppearance() throws {
        let fixtures = try Fixtures()
        for page in Page.allCases {
            let drawings = [Self.ink, Self.arrow, Self.filled, Self.ellipse, Self.textBox, Self.stamp]
            let out = try saved(drawings.map { markup($0, text: $0.kind == .freeText ? "Hello there" : "") }, on: blank(fixtures, page), as: "all-\(page).pdf", fixtures)
            XCTAssertTrue(try QPDF.check(out), "\(page): qpdf --check finds the saved file damaged")
            let read = try AnnotationObjects(out)
            XCTAssertEqual(read.annotations.map { $0["/Subtype"] as? String }, ["/Ink", "/Line", "/Square", "/Circle", "/FreeText", "/Stamp"], "\(page)")
            let blue = Markup.Colour.blueInk.rgb
            for (drawing, annotation) in zip(drawings, read.annotations) {
                let subtype = annotation["/Subtype"] as? String ?? ""
                XCTAssertTrue(read.appearance(of: annotation) != nil, "\(page) \(subtype): no /AP /N stream")
                XCTAssertEqual(annotation["/T"] as? String, "u:Ada Lovelace", "\(page) \(subtype)")
                XCTAssertEqual((annotation["/F"] as? NSNumber)?.intValue, 4, "\(page) \(subtype): not printed")
                // poppler sets /M to the time of the save; the drawing's own is its /CreationDate.
                XCTAssertEqual((annotation["/CreationDate"] as? String)?.hasPrefix("u:D:20251206"), true, "\(page) \(subtype): \(annotation["/CreationDate"] ?? "none")")
                if subtype != "/FreeText" { assertNumbers(read.numbers(annotation["/C"]), blue, "\(page) \(subtype) /C") }
                // The /Rect holds what it draws: the drawing's bounds, in the page's own space.
                let rect = read.numbers(annotation["/Rect"])
                let bounds = drawing.bounds
                let (ax, ay) = page.own(bounds.x, bounds.y), (bx, by) = page.own(bounds.maxX, bounds.maxY)
                let wanted = [min(ax, bx), min(ay, by), max(ax, bx), max(ay, by)]
                if subtype == "/Line" {
                    // Poppler's arrowhead reaches less far than the window's estimate: inside it, and around both ends.
                    let (x1, y1) = page.own(60, 200), (x2, y2) = page.own(300, 80)
                    XCTAssertTrue(rect.count == 4 && rect[0] >= wanted[0] - 1 && rect[1] >= wanted[1] - 1 && rect[2] <= wanted[2] + 1 && rect[3] <= wanted[3] + 1
                                  && [x1, x2].allSatisfy { $0 > rect[0] && $0 < rect[2] } && [y1, y2].allSatisfy { $0 > rect[1] && $0 < rect[3] },
                                  "\(page) line /Rect \(rect) against \(wanted)")
                } else {
                    assertNumbers(rect, wanted, "\(page) \(subtype) /Rect", accuracy: 1)
                }
            }
            let ink = read.annotations[0], line = read.annotations[1], square = read.annotations[2], box = read.annotations[4], stamp = read.annotations[5]
            let strokes = (read.array(ink["/InkList"]) ?? []).map { read.numbers($0) }
            guard case .ink(let lines) = Self.ink.shape else { return }
            XCTAssertEqual(strokes.count, 2, "\(page): /InkList \(strokes)")
            for (stroke, points) in zip(strokes, lines) {
                assertNumbers(stroke, points.flatMap { point -> [Double] in let own = page.own(point.x, point.y); return [own.0, own.1] }, "\(page) /InkList")
            }
            let (x1, y1) = page.own(60, 200), (x2, y2) = page.own(300, 80)
            assertNumbers(read.numbers(line["/L"]), [x1, y1, x2, y2], "\(page) /L")
            XCTAssertEqual(read.array(line["/LE"]) as? [String], ["/None", "/OpenArrow"], "\(page) /LE")
            assertNumbers(read.numbers(square["/IC"]), Markup.Colour.yellow.rgb, "\(page) /IC")
            XCTAssertNil(read.annotations[3]["/IC"], "\(page): an ellipse without a fill has no /IC")
            XCTAssertEqual(box["/Contents"] as? String, "u:Hello there", "\(page)")
            let da = box["/DA"] as? String ?? ""
            XCTAssertTrue(da.contains("/Helv 20") && da.contains("0.15000 0.40000 0.90000 rg"), "\(page): /DA \(da)")
            XCTAssertEqual(stamp["/Name"] as? String, "/Approved", "\(page)")
        }
    }

    func testAPictureStampIsAnImageInItsAppearanceDeflatedWithItsTransparency() throws {
        let fixtures = try Fixtures()
        // Left half opaque red, right half clear.
        let (width, height) = (64, 32)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height { for x in 0..<width / 2 { pixels.replaceSubrange((y * width + x) * 4..<(y * width + x) * 4 + 4, with: [0, 0, 255, 255]) } }
        let picture = try XCTUnwrap(StampPicture(width: width, height: height, pixels: pixels))
        let drawing = Drawing(.stamp(Rect(x: 100, y: 100, width: 128, height: 64), .picture(picture)))
        let out = try saved([markup(drawing)], on: blank(fixtures, .upright), as: "picture.pdf", fixtures)
        XCTAssertTrue(try QPDF.check(out))
        let read = try AnnotationObjects(out)
        let stamp = try XCTUnwrap(read.annotations.first)
        let appearance = try XCTUnwrap(read.appearance(of: stamp))
        let images = read.images(in: appearance)
        XCTAssertEqual(images.count, 1, "no image XObject in the stamp's appearance")
        let image = try XCTUnwrap(images.first)
        XCTAssertEqual((image["/Width"] as? NSNumber)?.intValue, width)
        XCTAssertEqual(image["/Filter"] as? String, "/FlateDecode")
        XCTAssertNotNil(image["/SMask"], "the clear half has no soft mask")
        let raster = try Raster(out, scale: 1, renderer: .mutool)
        XCTAssertGreaterThan(raster.pixels(near: [1, 0, 0], in: (104, 104, 56, 56)), 56 * 56 * 9 / 10, "the opaque half is not red")
        XCTAssertEqual(raster.pixels(near: [1, 1, 1], in: (168, 104, 56, 56), tolerance: 8), 56 * 56, "the clear half is not the page's white")
    }

    // MARK: - What other programs draw

    /// mutool draws each kind where Quire drew it, in its colour, and leaves the rest of the
    /// blank page white, on an upright, a turned and a cropped page.
    func testMutoolDrawsEachKindWhereItWasDrawnAndNothingElse() throws {
        let fixtures = try Fixtures()
        let cases: [(Drawing, Point)] = [
            (Self.ink, Point(x: 100, y: 85)), (Self.arrow, Point(x: 180, y: 140)), (Self.filled, Point(x: 180, y: 120)),
            (Self.ellipse, Point(x: 100, y: 150)), (Self.stamp, Point(x: 180, y: 100)),
        ]
        for page in Page.allCases {
            let source = try blank(fixtures, page)
            for (index, (drawing, onIt)) in cases.enumerated() {
                let colour: Markup.Colour = .redInk
                let out = try saved([markup(drawing, colour: colour)], on: source, as: "draw-\(page)-\(index).pdf", fixtures)
                let raster = try Raster(out, scale: 1, renderer: .mutool)
                XCTAssertEqual(raster.width, 400, "\(page)")
                let wanted = drawing.kind == .square ? Markup.Colour.yellow.rgb : drawing.kind == .stamp ? nil : colour.rgb
                if let wanted {
                    XCTAssertGreaterThan(raster.pixels(near: wanted, in: (onIt.x - 2, onIt.y - 2, 4, 4)), 0, "\(page) \(drawing.kind): nothing of its colour at \(onIt)")
                } else {
                    XCTAssertLessThan(raster.pixels(near: [1, 1, 1], in: (60, 60, 240, 80), tolerance: 8), 240 * 80, "\(page): the stamp draws nothing")
                }
                let reach = drawing.bounds, slack = 2.0
                var stray = 0
                for y in 0..<raster.height {
                    for x in 0..<raster.width {
                        let px = Double(x) + 0.5, py = Double(y) + 0.5
                        if px > reach.x - slack, px < reach.maxX + slack, py > reach.y - slack, py < reach.maxY + slack { continue }
                        let at = (y * raster.width + x) * 3
                        if raster.rgb[at..<at + 3].contains(where: { $0 < 240 }) { stray += 1 }
                    }
                }
                XCTAssertEqual(stray, 0, "\(page) \(drawing.kind): pixels drawn outside \(reach)")
            }
        }
    }

    /// A text box's words stand upright as the page displays, on a turned page too: mutool
    /// reads them as one line, left to right, inside the box.
    func testATextBoxReadsUprightOnATurnedPage() throws {
        let fixtures = try Fixtures()
        for page in Page.allCases {
            let out = try saved([markup(Self.textBox, text: "Upright words")], on: blank(fixtures, page), as: "text-\(page).pdf", fixtures)
            let lines = try MuPDF.pages(in: out).first?.lines ?? []
            let line = try XCTUnwrap(lines.first { $0.text.contains("Upright words") }, "\(page): \(lines)")
            XCTAssertEqual(line.size, 20, accuracy: 0.5)
            XCTAssertTrue(line.x >= 40 && line.right <= 340 && line.top >= 36 && line.bottom <= 120, "\(page): the words are at \(line)")
            XCTAssertGreaterThan(line.right - line.x, line.bottom - line.top, "\(page): the line does not run across")
        }
    }

    /// A text box saved, reopened and recoloured (the file's own FreeText, as another
    /// program's is): its words take the colour (/DA, the words qpdf reads there and the
    /// pixels mutool draws), its box stays empty — poppler fills a FreeText with /C, and a
    /// recolouring through /C hid the words under a red box. Undone, the words are blue again.
    func testARecolouredTextBoxColoursItsWordsNotItsBox() throws {
        let fixtures = try Fixtures()
        let first = try saved([markup(Self.textBox, text: "Hello there")], on: blank(fixtures, .upright), as: "box.pdf", fixtures)
        let document = try DocumentSource(path: first).open()
        let box = try XCTUnwrap(document.fileAnnotations(at: 0).first { $0.kind == .freeText })
        let before = document.setColours([box.ref: Markup.Colour.red.rgb])
        XCTAssertEqual(before[box.ref]??.map { ($0 * 100).rounded() / 100 }, Markup.Colour.blueInk.rgb.map { ($0 * 100).rounded() / 100 }, "the words' colour it had")
        let out = fixtures.path("recoloured-box.pdf")
        let fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        try document.save(to: fd)
        close(fd)

        let annotation = try XCTUnwrap(AnnotationObjects(out).annotations.first { $0["/Subtype"] as? String == "/FreeText" })
        let da = try XCTUnwrap(annotation["/DA"] as? String)
        XCTAssertTrue(da.contains("rg"), "/DA \(da)")
        XCTAssertNil(annotation["/C"], "a /C fills the box: \(annotation)")
        let raster = try Raster(out, renderer: .mutool)
        let area = (x: 40.0, y: 40.0, width: 300.0, height: 80.0)
        let red = raster.pixels(near: Markup.Colour.red.rgb, in: area)
        let boxPixels = Int(area.width * area.height * raster.scale * raster.scale)
        XCTAssertGreaterThan(red, 200, "the words are not red")
        XCTAssertLessThan(red, boxPixels / 5, "the box is filled red: \(red) of \(boxPixels) pixels")
        XCTAssertEqual(try MuPDF.pages(in: out).first?.lines.first { $0.text.contains("Hello there") }?.text.contains("Hello there"), true)

        _ = document.setColours(before)
        let undone = fixtures.path("undone-box.pdf")
        let undoneFD = open(undone, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        try document.save(to: undoneFD)
        close(undoneFD)
        let undoneRaster = try Raster(undone, renderer: .mutool)
        XCTAssertEqual(undoneRaster.pixels(near: Markup.Colour.red.rgb, in: area), 0, "still red once undone")
        XCTAssertGreaterThan(undoneRaster.pixels(near: Markup.Colour.blueInk.rgb, in: area), 200, "not blue once undone")
    }

    // MARK: - Read back by Quire

    func testReopenedEachDrawingIsListedWithItsKindAndArea() throws {
        let fixtures = try Fixtures()
        for page in Page.allCases {
            let drawings = [Self.ink, Self.arrow, Self.filled, Self.ellipse, Self.textBox, Self.stamp]
            let out = try saved(drawings.map { markup($0, text: $0.kind == .freeText ? "Hello" : "") }, on: blank(fixtures, page), as: "list-\(page).pdf", fixtures)
            let listed = try DocumentSource(path: out).open().fileAnnotations(at: 0)
            XCTAssertEqual(listed.map(\.kind), [.ink, .line, .square, .circle, .freeText, .stamp], "\(page)")
            for (drawing, annotation) in zip(drawings, listed) {
                let bounds = drawing.bounds, area = annotation.area
                let slack = drawing.kind == .line ? 10.0 : 1.0
                XCTAssertTrue(area.x >= bounds.x - slack && area.y >= bounds.y - slack && area.maxX <= bounds.maxX + slack && area.maxY <= bounds.maxY + slack
                              && area.width >= bounds.width - 2 * slack && area.height >= bounds.height - 2 * slack, "\(page) \(drawing.kind): listed at \(area), drawn at \(bounds)")
            }
            XCTAssertEqual(listed[4].text, "Hello")
        }
    }

    // MARK: - Bad input

    func testADrawingOffThePageIsNotWritten() throws {
        let fixtures = try Fixtures()
        let document = try DocumentSource(path: blank(fixtures, .upright)).open()
        for drawing in [Drawing(.rectangle(Rect(x: 5000, y: 5000, width: 10, height: 10))),
                        Drawing(.ink([[Point(x: -900_000, y: 10), Point(x: -800_000, y: 20)]])),
                        Drawing(.line(from: Point(x: 10, y: 900_000), to: Point(x: 20, y: 900_500), arrow: true)),
                        Drawing(.ellipse(Rect(x: .nan, y: 10, width: 10, height: 10))),
                        Drawing(.stamp(Rect(x: 10, y: 10, width: .infinity, height: 10), .standard(.draft)))] {
            let made = Markup(id: 1, page: 0, drawing: drawing, colour: .red, author: "", created: 0)
            XCTAssertFalse(document.add(made), "\(drawing.shape) was written")
        }
        XCTAssertTrue(document.fileAnnotations(at: 0).isEmpty)
    }

    private func assertNumbers(_ read: [Double], _ wanted: [Double], _ what: String, accuracy: Double = 0.01, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(read.count, wanted.count, "\(what): \(read) against \(wanted)", file: file, line: line)
        for (a, b) in zip(read, wanted) { XCTAssertEqual(a, b, accuracy: accuracy, "\(what): \(read) against \(wanted)", file: file, line: line) }
    }
}

/// The annotation dictionaries of page 1 of a file, as qpdf reads them (JSON version 2),
/// references followed.
struct AnnotationObjects {
    let annotations: [[String: Any]]
    private let objects: [String: Any]

    init(_ path: String, page: Int = 0) throws {
        let (status, output) = try Program.run("/usr/bin/qpdf", ["--json=2", "--json-key=pages", "--json-key=qpdf", path])
        guard status == 0 || status == 3, let json = try JSONSerialization.jsonObject(with: output) as? [String: Any],
              let pages = json["pages"] as? [[String: Any]], let qpdf = json["qpdf"] as? [Any],
              let objects = qpdf.last as? [String: Any] else { throw FixtureError("qpdf gave no JSON for \(path)") }
        self.objects = objects
        let pageObject = pages.indices.contains(page) ? pages[page]["object"] : nil
        let dictionary = Self.value(pageObject, objects) as? [String: Any]
        annotations = (Self.value(dictionary?["/Annots"], objects) as? [Any] ?? []).compactMap { Self.value($0, objects) as? [String: Any] }
    }

    private static func value(_ reference: Any?, _ objects: [String: Any]) -> Any? {
        guard let name = reference as? String, name.hasSuffix(" R"), let object = objects["obj:" + name] as? [String: Any] else { return reference }
        if let stream = object["stream"] as? [String: Any] { return stream["dict"] }
        return object["value"]
    }

    func array(_ value: Any?) -> [Any]? { Self.value(value, objects) as? [Any] }
    func numbers(_ value: Any?) -> [Double] { (array(value) ?? []).compactMap { (Self.value($0, objects) as? NSNumber)?.doubleValue } }
    func dictionary(_ value: Any?) -> [String: Any]? { Self.value(value, objects) as? [String: Any] }

    /// The /AP /N stream's dictionary, when /N is a stream.
    func appearance(of annotation: [String: Any]) -> [String: Any]? {
        guard let name = dictionary(annotation["/AP"])?["/N"] as? String, let object = objects["obj:" + name] as? [String: Any],
              let stream = object["stream"] as? [String: Any] else { return nil }
        return stream["dict"] as? [String: Any]
    }

    /// The image XObjects a form draws, its inner forms' included.
    func images(in form: [String: Any], depth: Int = 0) -> [[String: Any]] {
        guard depth < 4, let xobjects = dictionary(dictionary(form["/Resources"])?["/XObject"]) else { return [] }
        return xobjects.values.compactMap { dictionary($0) }.flatMap { inner -> [[String: Any]] in
            inner["/Subtype"] as? String == "/Image" ? [inner] : images(in: inner, depth: depth + 1)
        }
    }
}
