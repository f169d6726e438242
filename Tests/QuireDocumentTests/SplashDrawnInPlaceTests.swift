import CCairo
import Fixtures
import Foundation
import QuireEngine
import QuireImage
import XCTest
@testable import QuireDocument
#if canImport(Glibc)
import Glibc
#endif

/// Splash draws a page straight into the picture's memory (`drawn_in_place.cpp`) to the
/// picture it drew in a bitmap of its own and copied: byte for byte, in colour, found grey
/// and grey from the start, whole pages and tiles, turned, with transparency groups (knockout,
/// non-isolated, blended), a soft mask, a shading, images and text; a page Splash sizes
/// larger than the picture is drawn apart, as before.
final class SplashDrawnInPlaceTests: SplashTestCase {
    /// Page 1: what draws through Splash's transparency (a blend mode, a knockout group, a
    /// non-isolated group, a luminosity soft mask over a shading), text and a grey image;
    /// page 2: black text only (found grey, or grey from the start); page 3: a colour image
    /// and a shading on a landscape page.
    private func document() throws -> SplashPages {
        var image: [UInt8] = []
        for y in 0..<90 { for x in 0..<120 { image += [UInt8((x * 2) & 0xFF), UInt8((y * 3) & 0xFF), UInt8((x ^ y) & 0xFF)] } }
        let page1 = "q /Mul gs 1 0 0 rg 50 500 200 200 re f 0 0 1 rg 150 560 200 200 re f Q "
            + "q /Knockout Do Q q /NonIsolated Do Q q /Masked gs 0 0.6 0 rg 300 80 250 250 re f Q "
            + "q 40 100 200 150 re W n /Axial sh Q BT /F1 28 Tf 60 420 Td (Drawn in place) Tj ET "
            + "q 130 0 0 95 330 420 cm /Im1 Do Q"
        let page2 = "BT /F1 24 Tf 72 700 Td (Only black text on this page) Tj 0 -40 Td (and a second line) Tj ET 72 600 300 2 re f"
        let page3 = "q 300 0 0 220 40 40 cm /Im1 Do Q q 400 300 300 200 re W n /Axial sh Q BT /F1 30 Tf 420 100 Td (Landscape) Tj ET"
        let resources = "/Font << /F1 9 0 R >> /XObject << /Knockout 10 0 R /NonIsolated 11 0 R /Im1 14 0 R >> "
            + "/ExtGState << /Mul << /BM /Multiply /ca 0.7 >> /Masked << /SMask << /S /Luminosity /G 12 0 R >> >> >> "
            + "/Shading << /Axial 13 0 R >>"
        let translucent = "<< /Type /ExtGState /ca 0.6 >>"
        let objects: [PDFObjects.Object] = [
            .init(1, "<< /Type /Catalog /Pages 2 0 R >>"),
            .init(2, "<< /Type /Pages /Kids [3 0 R 5 0 R 7 0 R] /Count 3 >>"),
            .init(3, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << \(resources) >> /Contents 4 0 R >>"),
            .init(4, "<< >>", stream: Array(page1.utf8)),
            .init(5, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << \(resources) >> /Contents 6 0 R >>"),
            .init(6, "<< >>", stream: Array(page2.utf8)),
            .init(7, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 792 612] /Resources << \(resources) >> /Contents 8 0 R >>"),
            .init(8, "<< >>", stream: Array(page3.utf8)),
            .init(9, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"),
            .init(10, "<< /Type /XObject /Subtype /Form /BBox [0 0 612 792] /Group << /S /Transparency /K true /I true >> "
                + "/Resources << /ExtGState << /T \(translucent) >> >> >>",
                stream: Array("/T gs 1 0.5 0 rg 60 250 180 180 re f 0 0.5 1 rg 140 300 180 180 re f".utf8)),
            .init(11, "<< /Type /XObject /Subtype /Form /BBox [0 0 612 792] /Group << /S /Transparency /I false >> "
                + "/Resources << /ExtGState << /S << /BM /Screen /ca 0.8 >> >> >> >>",
                stream: Array("/S gs 0.8 0 0.8 rg 100 520 300 120 re f".utf8)),
            .init(12, "<< /Type /XObject /Subtype /Form /BBox [0 0 612 792] /Group << /S /Transparency /CS /DeviceGray >> "
                + "/Resources << /Shading << /A 13 0 R >> >> >>", stream: Array("/A sh".utf8)),
            .init(13, "<< /ShadingType 2 /ColorSpace /DeviceRGB /Coords [0 0 612 792] /Extend [true true] "
                + "/Function << /FunctionType 2 /Domain [0 1] /C0 [0 0 0] /C1 [1 1 0.5] /N 1 >> >>"),
            .init(14, "<< /Type /XObject /Subtype /Image /Width 120 /Height 90 /ColorSpace /DeviceRGB /BitsPerComponent 8 >>", stream: image),
        ]
        let path = fixtures.path("drawn-in-place.pdf")
        try Data(PDFObjects(objects).bytes()).write(to: URL(fileURLWithPath: path))
        return try splashPages(path)
    }

    /// `region` of page `index` drawn as the render helper draws it (grey allowed), in place
    /// or apart: how it came out and the bytes of the picture (its grey rows when grey).
    private func draw(_ pages: SplashPages, page index: Int, scale: Double, rotation: Rotation,
                      region: (x: Int, y: Int, width: Int, height: Int), mode: SplashColourMode?, apart: Bool) throws -> (SplashPages.Drawing, [UInt8]) {
        let surface = try XCTUnwrap(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(region.width), Int32(region.height)))
        defer { cairo_surface_destroy(surface) }
        // Not white to start with: what Splash leaves undrawn must come out white either way.
        let data = try XCTUnwrap(cairo_image_surface_get_data(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        memset(data, 0x5A, stride * region.height)
        let drawing = try XCTUnwrap(pages.draw(page: index, scale: scale, rotation: rotation, region: region, into: surface, greyAllowed: true,
                                               mode: mode, drawnApart: apart))
        let count = drawing == .colour ? stride * region.height : PageImage.greyStride(region.width) * region.height
        return (drawing, Array(UnsafeBufferPointer(start: data, count: count)))
    }

    /// Each page drawn both ways at each scale, whole and as a tile, turned as asked, with
    /// the colour mode chosen by the page's inks and forced either way: the same picture.
    /// Returns how many of the drawings were in place, and how many there were.
    private func compare(_ pages: SplashPages, pages indices: [Int], pageSize: (Double, Double), scales: [Double],
                         rotations: [Rotation] = [.none], file: StaticString = #filePath, line: UInt = #line) throws -> (inPlace: Int, drawn: Int) {
        var inPlace = 0, drawn = 0
        for index in indices {
            for scale in scales {
                for rotation in rotations {
                    let turned = rotation == .quarter || rotation == .threeQuarters
                    let width = Int((turned ? pageSize.1 : pageSize.0) * scale), height = Int((turned ? pageSize.0 : pageSize.1) * scale)
                    for region in [(0, 0, width, height), (width / 3 + 7, height / 4 + 3, width / 2, height / 3)] {
                        for mode in [nil, SplashColourMode.colour, .grey] {
                            let what = "page \(index + 1) at \(scale), \(rotation), \(region), \(String(describing: mode))"
                            let counted = SplashPages.pagesDrawnInPlace
                            let (apartWay, apartBytes) = try draw(pages, page: index, scale: scale, rotation: rotation, region: region, mode: mode, apart: true)
                            XCTAssertEqual(SplashPages.pagesDrawnInPlace, counted, "drawn apart: \(what)", file: file, line: line)
                            let (placeWay, placeBytes) = try draw(pages, page: index, scale: scale, rotation: rotation, region: region, mode: mode, apart: false)
                            XCTAssertEqual(placeWay, apartWay, what, file: file, line: line)
                            // memcmp: a debug build's element-wise walk over 14 MB takes a second.
                            let same = placeBytes.count == apartBytes.count && memcmp(placeBytes, apartBytes, placeBytes.count) == 0
                            XCTAssertTrue(same, "\(what): bytes differ", file: file, line: line)
                            inPlace += SplashPages.pagesDrawnInPlace - counted
                            drawn += 1
                        }
                    }
                }
            }
        }
        return (inPlace, drawn)
    }

    func testPagesDrawnInPlaceAreTheSameAsDrawnApart() throws {
        let pages = try document()
        let portrait = try compare(pages, pages: [0, 1], pageSize: (612, 792), scales: [0.37, 1.0, 1.91], rotations: [.none, .quarter, .half])
        let landscape = try compare(pages, pages: [2], pageSize: (792, 612), scales: [0.5, 1.3])
        // Splash sizes a page by its own rounding of the slice; where that exceeds the
        // picture by a pixel it is drawn apart: never most of them.
        XCTAssertGreaterThan(portrait.inPlace, portrait.drawn * 3 / 4, "\(portrait)")
        XCTAssertGreaterThan(landscape.inPlace, landscape.drawn * 3 / 4, "\(landscape)")
    }

    /// What each drawing comes out as: page 2 (black text) grey, page 1 colour unless made grey.
    func testTheWayAPageComesOutIsKept() throws {
        let pages = try document()
        let whole = (0, 0, 612, 792)
        XCTAssertEqual(try draw(pages, page: 0, scale: 1, rotation: .none, region: whole, mode: nil, apart: false).0, .colour)
        XCTAssertEqual(try draw(pages, page: 0, scale: 1, rotation: .none, region: whole, mode: .grey, apart: false).0, .greyFromStart)
        XCTAssertEqual(try draw(pages, page: 1, scale: 1, rotation: .none, region: whole, mode: .colour, apart: false).0, .foundGrey)
        XCTAssertEqual(try draw(pages, page: 1, scale: 1, rotation: .none, region: whole, mode: nil, apart: false).0, .greyFromStart)
    }

    /// The corpus's scan and form (when ../shared/corpus is beside the checkout): the scan's
    /// RGB and JBIG2 pages at the window's widths, the form's widgets' appearances.
    func testCorpusPagesAreTheSameInPlace() throws {
        let scan = try splashPages(try corpus("scan-ru-taxform-jbig2.pdf"))
        let scanned = try compare(scan, pages: [0, 1], pageSize: (595.2, 841.44), scales: [0.31, 1.49])
        let form = try splashPages(try corpus("form-irs-f1040-2010.pdf"))
        let filled = try compare(form, pages: [0], pageSize: (612, 792), scales: [1.25])
        XCTAssertGreaterThan(scanned.inPlace + filled.inPlace, (scanned.drawn + filled.drawn) * 3 / 4, "\(scanned) \(filled)")
    }
}
