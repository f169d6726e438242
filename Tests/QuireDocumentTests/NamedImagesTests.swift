import Fixtures
import Foundation
import QuireEngine
import XCTest
@testable import QuireDocument

/// The quick half of the look for large images (`Document.showsNoImage`, named_images.cpp):
/// a page is said to show no image only when none is reachable. Each page here hides a
/// page-sized image a different way; the quick look must never say "none" for them (the
/// first view would then be drawn by cairo decoding a scan whole, and the render workers
/// would not go one at a time), and poppler's look must still find the image.
final class NamedImagesTests: XCTestCase {
    private static let image = "<< /Type /XObject /Subtype /Image /Width 2 /Height 2 /BitsPerComponent 8 /ColorSpace /DeviceGray /Filter /ASCIIHexDecode /Length 9 >>\nstream\n00FF00FF>\nendstream"
    private static let inline = "BI /W 2 /H 2 /BPC 8 /CS /G /F /AHx ID 00FF00FF> EI"
    private static func form(_ content: String, resources: String, group: String = "") -> String {
        "<< /Type /XObject /Subtype /Form /BBox [0 0 1 1] \(group) /Resources << \(resources) >> /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream"
    }
    private static let pageSized = "q 612 0 0 792 0 0 cm "
    private static let letter = "/MediaBox [0 0 612 792]"

    /// The one-page document of `page`, opened.
    private func open(_ page: HandWrittenPDF.Page, _ name: String) throws -> Document {
        let fixtures = try Fixtures()
        let file = fixtures.path(name)
        try HandWrittenPDF(pages: [page]).bytes.write(to: URL(fileURLWithPath: file))
        return try DocumentSource(path: file).open()
    }

    /// Object 6 is a page's first extra object (`HandWrittenPDF.firstExtra` of one page).
    private var hidden: [(String, HandWrittenPDF.Page)] {
        [
            ("an inline image", .init(entries: Self.letter, drawing: Self.pageSized + Self.inline + " Q ")),
            ("a named image", .init(entries: Self.letter, extraObjects: [Self.image], drawing: Self.pageSized + "/Im Do Q ",
                                    resources: "/XObject << /Im 6 0 R >>")),
            ("an image in a form", .init(entries: Self.letter, extraObjects: [Self.form("/Im Do", resources: "/XObject << /Im 7 0 R >>"), Self.image],
                                         drawing: Self.pageSized + "/Fm Do Q ", resources: "/XObject << /Fm 6 0 R >>")),
            ("an inline image in a form in a form",
             .init(entries: Self.letter, extraObjects: [Self.form("/In Do", resources: "/XObject << /In 7 0 R >>"), Self.form(Self.inline, resources: "")],
                   drawing: Self.pageSized + "/Fm Do Q ", resources: "/XObject << /Fm 6 0 R >>")),
            ("an image in a tiling pattern",
             .init(entries: Self.letter,
                   extraObjects: ["<< /PatternType 1 /PaintType 1 /TilingType 1 /BBox [0 0 1 1] /XStep 1 /YStep 1 /Matrix [612 0 0 792 0 0] /Resources << /XObject << /Im 7 0 R >> >> /Length 6 >>\nstream\n/Im Do\nendstream",
                                  Self.image],
                   drawing: "/Pattern cs /P1 scn 0 0 612 792 re f ", resources: "/Pattern << /P1 6 0 R >>")),
            ("an image in a Type 3 glyph",
             .init(entries: Self.letter,
                   extraObjects: ["<< /Type /Font /Subtype /Type3 /FontBBox [0 0 1 1] /FontMatrix [1 0 0 1 0 0] /CharProcs << /a 7 0 R >> /Encoding << /Type /Encoding /Differences [97 /a] >> /FirstChar 97 /LastChar 97 /Widths [1] /Resources << /XObject << /Im 8 0 R >> >> >>",
                                  "<< /Length 22 >>\nstream\n1 0 0 0 1 1 d1 /Im Do \nendstream", Self.image],
                   fonts: "/T3 6 0 R", drawing: "BT /T3 800 Tf 0 0 Td (a) Tj ET ")),
            ("an image in an annotation's appearance",
             .init(entries: Self.letter + " /Annots [6 0 R]",
                   extraObjects: ["<< /Type /Annot /Subtype /Stamp /Rect [0 0 612 792] /AP << /N 7 0 R >> >>",
                                  Self.form("/Im Do", resources: "/XObject << /Im 8 0 R >>"), Self.image])),
            ("an image in a soft mask's group",
             .init(entries: Self.letter,
                   extraObjects: [Self.form("/Im Do", resources: "/XObject << /Im 7 0 R >>", group: "/Group << /S /Transparency /CS /DeviceGray >>"), Self.image],
                   drawing: "/GS1 gs 0 0 612 792 re f ", resources: "/ExtGState << /GS1 << /SMask << /S /Luminosity /G 6 0 R >> >> >>")),
        ]
    }

    func testNoHiddenImageIsToldAsNone() throws {
        for (index, (way, page)) in hidden.enumerated() {
            let document = try open(page, "hidden-\(index).pdf")
            XCTAssertFalse(document.showsNoImage(page: 0), "\(way): the quick look said there is none")
        }
    }

    /// Where poppler's look counts it, the page still has large images through
    /// `hasLargeImages`: the quick look only answers for pages without any.
    func testAPageSizedImageHiddenInContentOrAFormIsStillLarge() throws {
        for (index, (way, page)) in hidden.prefix(4).enumerated() {
            let document = try open(page, "large-\(index).pdf")
            XCTAssertTrue(document.hasLargeImages(page: 0), way)
        }
    }

    func testATextPageIsToldFromItsObjects() throws {
        let document = try open(.init(entries: Self.letter), "text.pdf")
        XCTAssertTrue(document.showsNoImage(page: 0))
        XCTAssertFalse(document.hasLargeImages(page: 0))
    }

    /// "BI" as text is not an inline image, but the quick look does not read strings: it
    /// leaves the page to poppler's look, which finds no image.
    func testBIInAStringGoesToPopplersLook() throws {
        let document = try open(.init(entries: Self.letter, drawing: "BT /F1 12 Tf 72 72 Td ( BI ) Tj ET "), "bi.pdf")
        XCTAssertFalse(document.showsNoImage(page: 0))
        XCTAssertFalse(document.hasLargeImages(page: 0))
    }

    /// A form that names itself (a loop) ends the walk: each object is read once.
    func testAFormNamingItselfEndsTheWalk() throws {
        let looping = Self.form("/Fm Do", resources: "/XObject << /Fm 6 0 R >>")
        let document = try open(.init(entries: Self.letter, extraObjects: [looping], drawing: "/Fm Do ",
                                      resources: "/XObject << /Fm 6 0 R >>"), "loop.pdf")
        XCTAssertTrue(document.showsNoImage(page: 0))
    }

    /// The corpus's text pages are told quickly; its scans are not.
    func testTheCorpusTextPagesAreToldAndScansAreNot() throws {
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../shared/corpus").standardizedFileURL.path
        guard FileManager.default.fileExists(atPath: corpus) else { throw XCTSkip("no ../shared/corpus beside this checkout") }
        for (name, none) in [("small-tracemonkey.pdf", true), ("synth-scan-40p.pdf", false), ("scan-ru-taxform-jbig2.pdf", false),
                             ("image-single-2mb.pdf", false)] {
            let document = try DocumentSource(path: corpus + "/" + name).open()
            XCTAssertEqual(document.showsNoImage(page: 0), none, name)
        }
    }
}
