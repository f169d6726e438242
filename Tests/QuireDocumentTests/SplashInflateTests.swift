import Fixtures
import Foundation
import QuireEngine
import QuireImage
import XCTest
@testable import QuireDocument
#if canImport(Glibc)
import Glibc
#endif

/// Splash reads a plain FlateDecode image through zlib (`inflating_output.hpp`) and draws
/// exactly what poppler's own decoder gives: the same picture as the image stored
/// uncompressed, and, from a stream cut short, what was there before the cut.
final class SplashInflateTests: SplashTestCase {
    static let width = 320, height = 240

    /// An RGB pattern with no two neighbouring rows alike.
    static let pixels: [UInt8] = {
        var bytes: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                let red = (x * 7) ^ (y * 3), green = x * y, blue = (x + y) * 5
                bytes += [UInt8(red & 0xFF), UInt8(green & 0xFF), UInt8(blue & 0xFF)]
            }
        }
        return bytes
    }()

    /// A page the image (object 5, with `entries` and `stream`) fills, pixel for pixel at
    /// scale 1; `more` objects from 6 on.
    private func page(_ name: String, entries: String, stream: [UInt8], more: [PDFObjects.Object] = [],
                      kind: String = "/ColorSpace /DeviceRGB /BitsPerComponent 8") throws -> String {
        let drawing = Array("q \(Self.width) 0 0 \(Self.height) 0 0 cm /Im1 Do Q".utf8)
        let file = PDFObjects([
            .init(1, "<< /Type /Catalog /Pages 2 0 R >>"),
            .init(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>"),
            .init(3, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(Self.width) \(Self.height)] /Resources << /XObject << /Im1 5 0 R >> >> /Contents 4 0 R >>"),
            .init(4, "<< >>", stream: drawing),
            .init(5, "<< /Type /XObject /Subtype /Image /Width \(Self.width) /Height \(Self.height) \(kind) \(entries) >>",
                  stream: stream),
        ] + more)
        let path = fixtures.path(name)
        try Data(file.bytes()).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The page with the image over a soft mask (an alpha channel, as PNGs are written),
    /// both streams with `filter` and `encode` applied to them.
    private func maskedPage(_ name: String, filter: String, encode: ([UInt8]) -> [UInt8]) throws -> String {
        let alpha: [UInt8] = (0..<Self.height).flatMap { y in (0..<Self.width).map { x in UInt8((x + 2 * y) & 0xFF) } }
        let mask = PDFObjects.Object(6, "<< /Type /XObject /Subtype /Image /Width \(Self.width) /Height \(Self.height) /ColorSpace /DeviceGray /BitsPerComponent 8 \(filter) >>",
                                     stream: encode(alpha))
        return try page(name, entries: "/SMask 6 0 R \(filter)", stream: encode(Self.pixels), more: [mask])
    }

    /// The page drawn by Splash, and how many images zlib read meanwhile.
    private func drawn(_ path: String) throws -> (PageImage, zlibImages: Int) {
        let pages = try splashPages(path)
        let before = SplashPages.zlibImages
        let picture = try DocumentSource(path: path).open().render(page: 0, scale: 1, splash: pages)
        return (picture, SplashPages.zlibImages - before)
    }

    /// The rows of `a` and `b` from the top that are the same, pixel for pixel.
    private func sameRows(_ a: PageImage, _ b: PageImage) -> Int {
        XCTAssertEqual(a.width, b.width)
        XCTAssertEqual(a.height, b.height)
        for y in 0..<min(a.height, b.height) {
            for x in 0..<min(a.width, b.width) where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) { return y }
        }
        return min(a.height, b.height)
    }

    func testAFlateImageIsReadByZlibAsItsBytesAre() throws {
        let compressed = Deflate.zlib(compressing: Self.pixels)
        let (stored, storedCount) = try drawn(try page("stored.pdf", entries: "", stream: Self.pixels))
        let (inflated, zlibCount) = try drawn(try page("flate.pdf", entries: "/Filter /FlateDecode", stream: compressed))
        // A predictor, even the one that changes nothing, leaves the stream to poppler.
        let (popplers, predictorCount) = try drawn(try page("predictor.pdf", entries: "/Filter /FlateDecode /DecodeParms << /Predictor 1 >>",
                                                            stream: compressed))
        XCTAssertEqual(storedCount, 0)
        XCTAssertEqual(zlibCount, 1, "the Flate image is read by zlib")
        XCTAssertEqual(predictorCount, 0)
        XCTAssertGreaterThan(Set((0..<Self.width).map { stored.pixel(x: $0, y: 100) }).count, 50, "the pattern is drawn")
        XCTAssertEqual(sameRows(stored, inflated), Self.height)
        XCTAssertEqual(sameRows(stored, popplers), Self.height)
    }

    func testAFlateImageCutShortKeepsWhatWasBeforeTheCut() throws {
        let compressed = Deflate.zlib(compressing: Self.pixels)
        let (whole, _) = try drawn(try page("whole.pdf", entries: "", stream: Self.pixels))
        let (cut, zlibCount) = try drawn(try page("cut.pdf", entries: "/Filter /FlateDecode", stream: Array(compressed.prefix(compressed.count / 2))))
        XCTAssertEqual(zlibCount, 1)
        let rows = sameRows(whole, cut)
        XCTAssertGreaterThan(rows, Self.height / 3, "the rows before the cut are drawn")
        XCTAssertLessThan(rows, Self.height, "the rest is not")
    }

    func testAnImageAndItsSoftMaskAreBothReadByZlib() throws {
        let (stored, _) = try drawn(try maskedPage("masked-stored.pdf", filter: "", encode: { $0 }))
        let (inflated, zlibCount) = try drawn(try maskedPage("masked-flate.pdf", filter: "/Filter /FlateDecode", encode: { Deflate.zlib(compressing: $0) }))
        XCTAssertEqual(zlibCount, 2, "the image and its mask")
        XCTAssertGreaterThan(Set((0..<Self.width).map { stored.pixel(x: $0, y: 100) }).count, 50, "the masked pattern is drawn")
        XCTAssertEqual(sameRows(stored, inflated), Self.height)
    }

    /// A 1-bit stencil (a pattern of slanted stripes), painted in the page's black.
    static let stencil: [UInt8] = (0..<height).flatMap { y in
        (0..<width / 8).map { byte in UInt8((byte * 37 + y * 11) & 0xFF) }
    }

    func testAnImageMaskAndAnImageWithAStencilAreReadByZlib() throws {
        let stencilKind = "/ImageMask true /BitsPerComponent 1"
        let (stored, _) = try drawn(try page("stencil-stored.pdf", entries: "", stream: Self.stencil, kind: stencilKind))
        let (inflated, zlibCount) = try drawn(try page("stencil-flate.pdf", entries: "/Filter /FlateDecode",
                                                       stream: Deflate.zlib(compressing: Self.stencil), kind: stencilKind))
        XCTAssertEqual(zlibCount, 1)
        XCTAssertGreaterThan(Set((0..<Self.width).map { stored.pixel(x: $0, y: 100) }).count, 1, "the stencil is drawn")
        XCTAssertEqual(sameRows(stored, inflated), Self.height)

        func masked(_ name: String, filter: String, encode: ([UInt8]) -> [UInt8]) throws -> String {
            let mask = PDFObjects.Object(6, "<< /Type /XObject /Subtype /Image /Width \(Self.width) /Height \(Self.height) \(stencilKind) \(filter) >>",
                                         stream: encode(Self.stencil))
            return try page(name, entries: "/Mask 6 0 R \(filter)", stream: encode(Self.pixels), more: [mask])
        }
        let (maskedStored, _) = try drawn(try masked("masked-image-stored.pdf", filter: "", encode: { $0 }))
        let (maskedInflated, maskedCount) = try drawn(try masked("masked-image-flate.pdf", filter: "/Filter /FlateDecode",
                                                                 encode: { Deflate.zlib(compressing: $0) }))
        XCTAssertEqual(maskedCount, 2, "the image and its stencil")
        XCTAssertEqual(sameRows(maskedStored, maskedInflated), Self.height)
    }

    func testAStreamZlibCannotStartOnIsLeftToPoppler() throws {
        // Not a zlib header: zlib refuses it at once, and poppler's decoder has its say.
        let (_, zlibCount) = try drawn(try page("not-zlib.pdf", entries: "/Filter /FlateDecode", stream: Array(repeating: 0xFF, count: 64)))
        XCTAssertEqual(zlibCount, 0)
    }
}
