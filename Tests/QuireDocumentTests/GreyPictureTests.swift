import CCairo
import Fixtures
import QuireEngine
import QuireImage
import XCTest
@testable import QuireDocument

/// A grey page kept at one byte a pixel reads, draws and measures as the four-byte
/// picture it came from; a page with any colour stays as it is.
final class GreyPictureTests: XCTestCase {
    /// `image`'s pixels copied into memory of their own, and a picture over them.
    private func copy(_ image: PageImage) -> (UnsafeMutableRawPointer, Int) {
        let count = image.width * image.height
        let memory = UnsafeMutableRawPointer.allocate(byteCount: count * 4, alignment: 16)
        for y in 0..<image.height {
            for x in 0..<image.width { memory.storeBytes(of: image.pixel(x: x, y: y), toByteOffset: (y * image.width + x) * 4, as: UInt32.self) }
        }
        return (memory, count)
    }

    /// The scanned fixture's first page at half its size, and the same made grey (A8).
    private func scannedPageInGrey() throws -> (original: PageImage, grey: PageImage) {
        let fixtures = try Fixtures()
        let original = try DocumentSource(path: fixtures.scanned()).open().render(page: 0, scale: 0.5)
        let (memory, _) = copy(original)
        let keeper = Keeper(memory)
        XCTAssertTrue(PageImage.makeGrey(at: memory, width: original.width, height: original.height))
        return (original, try XCTUnwrap(PageImage(pixelsAt: memory, width: original.width, height: original.height, grey: true, keeper: keeper)))
    }

    private final class Keeper: Sendable {
        nonisolated(unsafe) let memory: UnsafeMutableRawPointer
        init(_ memory: UnsafeMutableRawPointer) { self.memory = memory }
        deinit { memory.deallocate() }
    }

    func testAGreyPageIsKeptAtOneByteAPixelAndReadsAsItWas() throws {
        let fixtures = try Fixtures()
        let document = try DocumentSource(path: fixtures.scanned()).open()
        // An odd width: grey rows are padded to four bytes.
        let original = try document.render(page: 0, scale: 0.99)
        XCTAssertNotEqual(original.width % 4, 0)
        let (memory, _) = copy(original)
        let keeper = Keeper(memory)
        XCTAssertTrue(PageImage.makeGrey(at: memory, width: original.width, height: original.height))
        let grey = try XCTUnwrap(PageImage(pixelsAt: memory, width: original.width, height: original.height, grey: true, keeper: keeper))
        XCTAssertTrue(grey.isGrey)
        XCTAssertEqual(grey.memoryBytes, PageImage.greyStride(original.width) * original.height)
        XCTAssertLessThan(grey.memoryBytes, original.memoryBytes / 3, "a quarter of the memory")
        var differing = 0
        for y in 0..<original.height { for x in 0..<original.width where grey.pixel(x: x, y: y) != original.pixel(x: x, y: y) { differing += 1 } }
        XCTAssertEqual(differing, 0, "pixels read back")
        let drawn = try XCTUnwrap(grey.opaque())
        XCTAssertFalse(drawn.isGrey)
        differing = 0
        for y in 0..<original.height { for x in 0..<original.width where drawn.pixel(x: x, y: y) != original.pixel(x: x, y: y) { differing += 1 } }
        XCTAssertEqual(differing, 0, "drawn opaque, pixel for pixel")
        XCTAssertEqual(grey.inkProfile(), original.inkProfile())
    }

    /// As the window draws it (its operator SOURCE, over whatever was there): the grey
    /// picture lands as the four-byte one would, pixel for pixel, nothing of before left.
    func testAGreyPictureDrawnAsTheWindowDrawsItIsThePictureItCameFrom() throws {
        let (original, grey) = try scannedPageInGrey()
        let target = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(original.width), Int32(original.height))!
        defer { cairo_surface_destroy(target) }
        let context = cairo_create(target)!
        cairo_set_source_rgb(context, 1, 0, 0)
        cairo_paint(context)
        cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
        grey.drawOpaque(in: context, filter: CAIRO_FILTER_NEAREST)
        cairo_destroy(context)
        cairo_surface_flush(target)
        let stride = Int(cairo_image_surface_get_stride(target)), data = cairo_image_surface_get_data(target)!
        var differing = 0
        for y in 0..<original.height {
            for x in 0..<original.width where UnsafeRawPointer(data + y * stride).load(fromByteOffset: x * 4, as: UInt32.self) != original.pixel(x: x, y: y) {
                differing += 1
            }
        }
        XCTAssertEqual(differing, 0, "drawn over red, the grey picture differs from the page")
    }

    /// Enlarged as a stand-in, with a clip as the window's bands have (drawn through a
    /// four-byte copy of the part in view): the grey picture lands as its A8 mask filtered
    /// by pixman would, within a level, and covers all it is drawn over.
    func testAGreyPictureEnlargedLandsAsItsMaskWould() throws {
        let grey = try scannedPageInGrey().grey
        let (width, height, scale) = (400, 400, 1.8)
        XCTAssertGreaterThan(Double(grey.width) * scale - 101.3, Double(width), "the picture does not cover the band")
        func drawn(_ draw: (OpaquePointer) -> Void) -> [UInt32] {
            let target = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
            defer { cairo_surface_destroy(target) }
            let context = cairo_create(target)!
            cairo_set_source_rgb(context, 1, 0, 0)
            cairo_paint(context)
            // A band of the view, the picture's top left out of it.
            cairo_rectangle(context, 0, 37, Double(width), 300)
            cairo_clip(context)
            cairo_translate(context, -101.3, -52.6)
            cairo_scale(context, scale, scale)
            cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
            draw(context)
            cairo_destroy(context)
            cairo_surface_flush(target)
            let stride = Int(cairo_image_surface_get_stride(target)), data = cairo_image_surface_get_data(target)!
            return (0..<height).flatMap { y in (0..<width).map { UnsafeRawPointer(data + y * stride).load(fromByteOffset: $0 * 4, as: UInt32.self) } }
        }
        let enlarged = drawn { grey.drawOpaque(in: $0, filter: CAIRO_FILTER_GOOD) }
        // The mask as it was drawn before: white through it over black.
        let masked = drawn { context in
            cairo_rectangle(context, 0, 0, Double(grey.width), Double(grey.height))
            cairo_clip(context)
            cairo_set_source_rgb(context, 0, 0, 0)
            cairo_paint(context)
            cairo_set_source_rgb(context, 1, 1, 1)
            cairo_set_operator(context, CAIRO_OPERATOR_OVER)
            let mask = cairo_pattern_create_for_surface(grey.surface)!
            cairo_pattern_set_filter(mask, CAIRO_FILTER_GOOD)
            cairo_pattern_set_extend(mask, CAIRO_EXTEND_PAD)
            cairo_mask(context, mask)
            cairo_pattern_destroy(mask)
        }
        func channels(_ pixel: UInt32) -> [Int] { [24, 16, 8, 0].map { Int((pixel >> UInt32($0)) & 0xFF) } }
        var worst = 0, inked = 0
        for (a, b) in zip(enlarged, masked) {
            worst = max(worst, zip(channels(a), channels(b)).map { abs($0 - $1) }.max() ?? 0)
            if channels(b)[1] < 128 { inked += 1 }
        }
        XCTAssertLessThanOrEqual(worst, 1, "the enlarged picture differs from its mask by more than a level")
        XCTAssertGreaterThan(inked, 100, "the band shows no ink: it tests nothing")
        // Outside the band the red stays; inside, none is left.
        XCTAssertEqual(enlarged[10 * width + 10], 0xFFFF_0000)
        XCTAssertFalse(enlarged[(37 * width)..<(337 * width)].contains(0xFFFF_0000))
    }

    func testAPageWithColourStaysFourBytesAPixel() throws {
        let fixtures = try Fixtures()
        let document = try DocumentSource(path: try fixtures.slowShading(scale: 1)).open()
        let original = try document.render(page: 0, scale: 0.5)
        let (memory, count) = copy(original)
        defer { memory.deallocate() }
        let before = Array(UnsafeBufferPointer(start: memory.assumingMemoryBound(to: UInt32.self), count: count))
        XCTAssertFalse(PageImage.makeGrey(at: memory, width: original.width, height: original.height))
        XCTAssertEqual(Array(UnsafeBufferPointer(start: memory.assumingMemoryBound(to: UInt32.self), count: count)), before, "untouched")
        // Text in black on white: grey, though not a page of images.
        let text = try DocumentSource(path: fixtures.scanned()).open().render(page: 2, scale: 1)
        let (textMemory, _) = copy(text)
        defer { textMemory.deallocate() }
        XCTAssertTrue(PageImage.makeGrey(at: textMemory, width: text.width, height: text.height))
    }

    /// Grey is made in one pass, a row at a time: colour met late (the last pixel, the middle
    /// of a row far down) leaves every pixel as it was, the rows already made grey turned
    /// back exactly, whatever the width (rows of 1 to 5 pixels overlap their grey bytes most).
    func testColourMetLateLeavesEveryPixelAsItWas() {
        var random = SystemRandomNumberGenerator()
        for width in [1, 2, 3, 5, 7, 64, 1_590] {
            let height = max(4, 40_000 / width)
            for colourAt in [width * height - 1, (height * 2 / 3) * width + width / 2, width * 3] {
                let count = width * height
                let memory = UnsafeMutableRawPointer.allocate(byteCount: count * 4, alignment: 16)
                defer { memory.deallocate() }
                let pixels = memory.assumingMemoryBound(to: UInt32.self)
                for index in 0..<count {
                    let grey = UInt32(UInt8.random(in: 0...255, using: &random))
                    pixels[index] = 0xFF00_0000 | grey << 16 | grey << 8 | grey
                }
                pixels[colourAt] = 0xFF20_4060
                let before = Array(UnsafeBufferPointer(start: pixels, count: count))
                XCTAssertFalse(PageImage.makeGrey(at: memory, width: width, height: height), "\(width) wide")
                let changed = zip(UnsafeBufferPointer(start: pixels, count: count), before).filter { $0 != $1 }.count
                XCTAssertEqual(changed, 0, "\(width) wide, colour at \(colourAt): pixels not as they were")
                // The same page all grey comes out as its grey bytes, row by padded row.
                pixels[colourAt] = 0xFF80_8080
                var grey = before
                grey[colourAt] = 0xFF80_8080
                XCTAssertTrue(PageImage.makeGrey(at: memory, width: width, height: height))
                let rowBytes = PageImage.greyStride(width), bytes = memory.assumingMemoryBound(to: UInt8.self)
                var wrong = 0
                for y in 0..<height {
                    for x in 0..<width where bytes[y * rowBytes + x] != UInt8(truncatingIfNeeded: grey[y * width + x]) { wrong += 1 }
                }
                XCTAssertEqual(wrong, 0, "\(width) wide: grey bytes")
            }
        }
    }
}
