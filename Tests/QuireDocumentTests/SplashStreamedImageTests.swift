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

/// An image Splash would shrink whole is shrunk onto the page a row at a time
/// (`streamed_image.cpp`) to Splash's own picture, byte for byte: upright and flipped,
/// every kind of colour, under a rectangle clip, partly off the page, in a tile, in colour
/// and grey from the start; what it leaves to Splash (a clip of paths, a turned or
/// enlarged image, a translucent, soft-masked or transfer-mapped one) comes out as before.
final class SplashStreamedImageTests: SplashTestCase {
    private static func pattern(_ width: Int, _ height: Int, _ comps: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                for c in 0..<comps { bytes.append(UInt8(((x * (7 + c)) ^ (y * (3 + 2 * c)) &+ x * y * c) & 0xFF)) }
            }
        }
        return bytes
    }

    /// Three pages of images: upright ones of every colour kind, with text under one; flipped,
    /// clipped by a rectangle, partly off the page, and those left to Splash (a path clip,
    /// turned, enlarged); translucent, soft-masked and transfer-mapped ones.
    private func document() throws -> SplashPages {
        let images: [(String, Int, Int, [UInt8])] = [
            ("/ColorSpace /DeviceRGB /BitsPerComponent 8", 320, 240, Self.pattern(320, 240, 3)),
            ("/ColorSpace /DeviceGray /BitsPerComponent 8 /Decode [1 0]", 300, 200, Self.pattern(300, 200, 1)),
            ("/ColorSpace /DeviceGray /BitsPerComponent 1", 256, 256, Self.pattern(32, 256, 1)),
            ("/ColorSpace [/Indexed /DeviceRGB 3 <FF0000 00FF00 0000FF 808080>] /BitsPerComponent 8", 200, 150,
             Self.pattern(200, 150, 1).map { $0 % 4 }),
            ("/ColorSpace /DeviceCMYK /BitsPerComponent 8", 160, 120, Self.pattern(160, 120, 4)),
        ]
        let firstImage = 3 + 2 * 3
        let resources = "/XObject << " + images.indices.map { "/Im\($0 + 1) \(firstImage + $0) 0 R" }.joined(separator: " ")
            + " /Masked \(firstImage + images.count) 0 R >> /ExtGState << /Half << /ca 0.5 >> /Inverted << /TR << /FunctionType 2 /Domain [0 1] /C0 [1] /C1 [0] /N 1 >> >> >> /Font << /F1 \(firstImage + images.count + 2) 0 R >>"
        let drawings = [
            "BT /F1 30 Tf 40 640 Td (under the image) Tj ET q 150.3 0 0 110.7 30.2 600.1 cm /Im1 Do Q q 140 0 0 95 300 620 cm /Im2 Do Q "
                + "q 120 0 0 120 50 400 cm /Im3 Do Q q 100 0 0 75 300 420 cm /Im4 Do Q q 80 0 0 60 450 300 cm /Im5 Do Q "
                + "BT /F1 20 Tf 60 300 Td (over) Tj ET",
            "q 150 0 0 -110 40 700 cm /Im1 Do Q q 50 300 200 100 re W n 150 0 0 110 20 280 cm /Im1 Do Q "
                + "q 200 0 0 150 500 -40 cm /Im2 Do Q q 300 100 m 400 200 l 300 250 l h W n 150 0 0 110 280 90 cm /Im1 Do Q "
                + "q 0 100 -130 0 560 500 cm /Im4 Do Q q 500 0 0 400 50 50 cm /Im5 Do Q",
            "q /Half gs 150 0 0 110 40 600 cm /Im1 Do Q q 150 0 0 110 300 600 cm /Masked Do Q q 150 0 0 110 40 300 cm /Im2 Do Q "
                + "q /Inverted gs 150 0 0 110 300 300 cm /Im1 Do Q",
        ]
        var objects: [PDFObjects.Object] = [
            .init(1, "<< /Type /Catalog /Pages 2 0 R >>"),
            .init(2, "<< /Type /Pages /Kids [3 0 R 5 0 R 7 0 R] /Count 3 >>"),
        ]
        for (index, drawing) in drawings.enumerated() {
            objects.append(.init(3 + 2 * index, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << \(resources) >> /Contents \(4 + 2 * index) 0 R >>"))
            objects.append(.init(4 + 2 * index, "<< >>", stream: Array(drawing.utf8)))
        }
        for (index, image) in images.enumerated() {
            objects.append(.init(firstImage + index, "<< /Type /XObject /Subtype /Image /Width \(image.1) /Height \(image.2) \(image.0) >>", stream: image.3))
        }
        let mask = firstImage + images.count + 1
        objects.append(.init(firstImage + images.count, "<< /Type /XObject /Subtype /Image /Width 320 /Height 240 /ColorSpace /DeviceRGB /BitsPerComponent 8 /SMask \(mask) 0 R >>",
                             stream: Self.pattern(320, 240, 3)))
        objects.append(.init(mask, "<< /Type /XObject /Subtype /Image /Width 320 /Height 240 /ColorSpace /DeviceGray /BitsPerComponent 8 >>", stream: Self.pattern(320, 240, 1)))
        objects.append(.init(mask + 1, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"))
        let path = fixtures.path("streamed-images.pdf")
        try Data(PDFObjects(objects).bytes()).write(to: URL(fileURLWithPath: path))
        return try splashPages(path)
    }

    /// `region` of page `index` at `scale`, as the render helper draws it (grey allowed):
    /// how it came out, and the bytes written.
    private func draw(_ pages: SplashPages, page index: Int, scale: Double, region: (x: Int, y: Int, width: Int, height: Int),
                      mode: SplashColourMode, splashScales: Bool) throws -> (SplashPages.Drawing, [UInt8]) {
        let surface = try XCTUnwrap(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(region.width), Int32(region.height)))
        defer { cairo_surface_destroy(surface) }
        let drawing = try XCTUnwrap(pages.draw(page: index, scale: scale, rotation: .none, region: region, into: surface, greyAllowed: true,
                                               mode: mode, splashScalesImages: splashScales))
        let data = try XCTUnwrap(cairo_image_surface_get_data(surface))
        return (drawing, Array(UnsafeBufferPointer(start: data, count: Int(cairo_image_surface_get_stride(surface)) * region.height)))
    }

    /// Draws each page both ways at each scale and region, in colour and grey from the start;
    /// returns how many images were streamed.
    private func compare(_ pages: SplashPages, pages indices: [Int], pageSize: (Double, Double), scales: [Double],
                         file: StaticString = #filePath, line: UInt = #line) throws -> Int {
        let before = SplashPages.streamedImages
        for index in indices {
            for scale in scales {
                let width = Int(pageSize.0 * scale), height = Int(pageSize.1 * scale)
                for region in [(0, 0, width, height), (width / 3 + 7, height / 4 + 3, width / 2, height / 3)] {
                    for mode in [SplashColourMode.colour, .grey] {
                        let counted = SplashPages.streamedImages
                        let (own, ownBytes) = try draw(pages, page: index, scale: scale, region: region, mode: mode, splashScales: true)
                        XCTAssertEqual(SplashPages.streamedImages, counted, "Splash's own scaling streams nothing", file: file, line: line)
                        let (streamedWay, streamedBytes) = try draw(pages, page: index, scale: scale, region: region, mode: mode, splashScales: false)
                        XCTAssertEqual(streamedWay, own, "page \(index + 1) at \(scale), \(region), \(mode)", file: file, line: line)
                        // memcmp: a debug build's element-wise walk over 14 MB took a second a picture.
                        let same = ownBytes.count == streamedBytes.count && memcmp(ownBytes, streamedBytes, ownBytes.count) == 0
                        XCTAssertTrue(same, "page \(index + 1) at \(scale), \(region), \(mode): bytes differ", file: file, line: line)
                        if region.0 == 0 {
                            let sample = stride(from: 0, to: ownBytes.count, by: 61).map { ownBytes[$0] }
                            XCTAssertGreaterThan(Set(sample).count, 8, "something is drawn", file: file, line: line)
                        }
                    }
                }
            }
        }
        return SplashPages.streamedImages - before
    }

    func testStreamedImagesAreSplashsOwnPicture() throws {
        let pages = try document()
        XCTAssertGreaterThan(try compare(pages, pages: [0], pageSize: (612, 792), scales: [0.5, 1.0, 1.37]), 0, "upright images are streamed")
        XCTAssertGreaterThan(try compare(pages, pages: [1], pageSize: (612, 792), scales: [0.6, 1.37]), 0, "flipped and clipped by a rectangle")
        _ = try compare(pages, pages: [2], pageSize: (612, 792), scales: [1.37])
    }

    /// What is left to Splash is not streamed: a path clip, a turned image, an enlarged one,
    /// a translucent one, a soft-masked one, one under a transfer function.
    func testWhatSplashMustDrawIsLeftToIt() throws {
        let pages = try document()
        func streamed(page index: Int, scale: Double) throws -> Int {
            let before = SplashPages.streamedImages
            _ = try draw(pages, page: index, scale: scale, region: (0, 0, Int(612 * scale), Int(792 * scale)), mode: .colour, splashScales: false)
            return SplashPages.streamedImages - before
        }
        // Page 2: flipped, rectangle-clipped, off the page: 3; the path clip, the turned and the
        // enlarged image are Splash's.
        XCTAssertEqual(try streamed(page: 1, scale: 1.0), 3)
        // Page 3: only the opaque, unmasked grey image, not the one under a transfer function.
        XCTAssertEqual(try streamed(page: 2, scale: 1.0), 1)
        // Page 1 enlarged: none of its images is shrunk.
        XCTAssertEqual(try streamed(page: 0, scale: 4.0), 0)
    }

    /// The corpus's scan (when ../shared/corpus is beside the checkout): its RGB page (text
    /// under the image) and a JBIG2 page at the window's widths and in a deep-zoom tile.
    func testTheCorpusScanIsSplashsOwnPicture() throws {
        let pages = try splashPages(try corpus("scan-ru-taxform-jbig2.pdf"))
        XCTAssertGreaterThan(try compare(pages, pages: [0, 1], pageSize: (595.2, 841.44), scales: [0.31, 1.49, 2.67]), 0)
    }
}
