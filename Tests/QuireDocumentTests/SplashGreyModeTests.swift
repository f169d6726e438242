import CCairo
import Fixtures
import QuireEngine
import QuireImage
import XCTest
@testable import QuireDocument
#if canImport(Glibc)
import Glibc
#endif

/// A page of greys only is drawn grey from the start (Splash's Mono8), to the picture the
/// colour path gives, byte for byte; a page with any colour, even a colour operator that
/// paints grey, stays on the colour path.
final class SplashGreyModeTests: SplashTestCase {
    /// Page 1: an 8-bit grey image, a 1-bit image and black text, a scan's page; page 2 the
    /// same with a grey square painted by `rg`; page 3 the same with an RGB image.
    private func pages() throws -> (SplashPages, String) {
        func hex(_ bytes: [Int]) -> String { bytes.map { String(format: "%02X", $0 % 256) }.joined() }
        let greyPixels = hex((0..<64 * 64).map { (i: Int) -> Int in i % 64 * 7 + i / 64 * 13 })
        let bilevelPixels = hex((0..<64 * 8).map { (i: Int) -> Int in i / 8 % 2 == 0 ? 0xA5 : 0x3C })
        let colourPixels = hex((0..<16 * 16).flatMap { (i: Int) -> [Int] in [i * 3, i * 5, i * 11] })
        func image(_ entries: String, _ hex: String) -> String {
            "<< /Type /XObject /Subtype /Image \(entries) /Filter /ASCIIHexDecode /Length \(hex.utf8.count + 1) >>\nstream\n\(hex)>\nendstream"
        }
        let scan = "q 500 0 0 600 50 80 cm /Grey Do Q q 200 0 0 100 300 650 cm /Bilevel Do Q "
        var pdf = HandWrittenPDF(pages: [])
        for (index, extra) in ["", "0.5 0.5 0.5 rg 80 90 40 40 re f ", "q 120 0 0 120 60 60 cm /Colour Do Q "].enumerated() {
            let first = HandWrittenPDF.pageObject(0) + 2 * 3 + 3 * index
            pdf.pages.append(HandWrittenPDF.Page(
                entries: "/MediaBox [0 0 612 792]",
                extraObjects: [image("/Width 64 /Height 64 /ColorSpace /DeviceGray /BitsPerComponent 8", greyPixels),
                               image("/Width 64 /Height 64 /ColorSpace /DeviceGray /BitsPerComponent 1", bilevelPixels),
                               image("/Width 16 /Height 16 /ColorSpace /DeviceRGB /BitsPerComponent 8", colourPixels)],
                drawing: scan + extra,
                resources: "/XObject << /Grey \(first) 0 R /Bilevel \(first + 1) 0 R /Colour \(first + 2) 0 R >>"))
        }
        let path = fixtures.path("grey-and-colour.pdf")
        try pdf.bytes.write(to: URL(fileURLWithPath: path))
        return (try splashPages(path), path)
    }

    /// Page `index` as the render helper draws it (grey allowed), in `mode` or by the rule:
    /// how it came out, and the bytes it wrote.
    private func draw(_ pages: SplashPages, page index: Int, mode: SplashColourMode? = nil, scale: Double = 1.3) throws
        -> (SplashPages.Drawing, [UInt8]) {
        let width = Int(612 * scale), height = Int(792 * scale)
        let surface = try XCTUnwrap(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)))
        defer { cairo_surface_destroy(surface) }
        let drawing = try XCTUnwrap(pages.draw(page: index, scale: scale, rotation: .none, region: (0, 0, width, height), into: surface,
                                               greyAllowed: true, mode: mode))
        let rowBytes = drawing == .colour ? Int(cairo_image_surface_get_stride(surface)) : PageImage.greyStride(width)
        let data = try XCTUnwrap(cairo_image_surface_get_data(surface))
        return (drawing, Array(UnsafeBufferPointer(start: data, count: rowBytes * height)))
    }

    /// How many bytes of two pictures differ (all of the longer one's extra bytes).
    private func differing(_ a: [UInt8], _ b: [UInt8]) -> Int {
        zip(a, b).filter { $0 != $1 }.count + abs(a.count - b.count)
    }

    func testAPassOverThePagesSeesWhatTheyPaintWith() throws {
        let (pages, _) = try pages()
        XCTAssertEqual(pages.inks(page: 0), [.greyImage, .bilevelImage])
        XCTAssertTrue(pages.inks(page: 1).contains(.colour), "a grey painted by rg is a colour operator")
        XCTAssertTrue(pages.inks(page: 2).contains(.colour))
        XCTAssertEqual(pages.inks(page: 7), .unread)
        // A JPEG 2000 image is not decoded to learn its colours: a page that names one is colour.
        let named = HandWrittenPDF.Page(entries: "/MediaBox [0 0 612 792]",
                                        extraObjects: ["<< /Type /XObject /Subtype /Image /Width 8 /Height 8 /Filter /JPXDecode /Length 4 >>\nstream\n0000\nendstream"],
                                        resources: "/XObject << /Photo \(HandWrittenPDF(pages: [HandWrittenPDF.Page(entries: "")]).firstExtra) 0 R >>")
        let jpx = fixtures.path("names-a-jpx.pdf")
        try HandWrittenPDF(pages: [named]).bytes.write(to: URL(fileURLWithPath: jpx))
        XCTAssertEqual(try splashPages(jpx).inks(page: 0), .colour)
        let shading = try fixtures.slowShading(scale: 1, named: "shading-1.pdf")
        XCTAssertTrue(try splashPages(shading).inks(page: 0).contains(.shading))
    }

    func testAGreyPageIsDrawnGreyFromTheStartToTodaysPicture() throws {
        let (pages, _) = try pages()
        let (chosen, grey) = try draw(pages, page: 0)
        let (today, colour) = try draw(pages, page: 0, mode: .colour)
        XCTAssertEqual(chosen, .greyFromStart)
        XCTAssertEqual(today, .foundGrey, "the colour path finds the same page grey")
        XCTAssertEqual(differing(grey, colour), 0, "byte for byte")
        XCTAssertGreaterThan(Set(grey).count, 50, "the grey image is drawn")
    }

    func testAColourPageAndAGreyPaintedByAColourOperatorKeepTheColourPath() throws {
        let (pages, _) = try pages()
        let (chosen, picture) = try draw(pages, page: 2)
        XCTAssertEqual(chosen, .colour)
        XCTAssertEqual(differing(picture, try draw(pages, page: 2, mode: .colour).1), 0, "today's picture")
        let (greyLooking, greyPicture) = try draw(pages, page: 1)
        XCTAssertEqual(greyLooking, .foundGrey, "drawn in colour, kept grey afterwards as today")
        XCTAssertEqual(differing(greyPicture, try draw(pages, page: 1, mode: .colour).1), 0)
    }

    /// The corpus's JBIG2 scan (when ../shared/corpus is beside the checkout): its scanned
    /// pages are drawn grey from the start to today's picture; its first page, with RGB
    /// images, in colour.
    func testAJBIG2ScanIsDrawnGreyFromTheStartAndItsColourPageInColour() throws {
        let pages = try splashPages(try corpus("scan-ru-taxform-jbig2.pdf"))
        XCTAssertTrue(pages.inks(page: 0).contains(.colour))
        XCTAssertNotEqual(try draw(pages, page: 0, scale: 0.5).0, .greyFromStart, "drawn in colour (found grey afterwards: its RGB images are)")
        XCTAssertTrue(pages.inks(page: 1).contains(.bilevelCodec))
        let (chosen, grey) = try draw(pages, page: 1, scale: 1.6)
        let (today, colour) = try draw(pages, page: 1, mode: .colour, scale: 1.6)
        XCTAssertEqual(chosen, .greyFromStart)
        XCTAssertEqual(today, .foundGrey)
        XCTAssertEqual(differing(grey, colour), 0, "byte for byte")
    }
}
