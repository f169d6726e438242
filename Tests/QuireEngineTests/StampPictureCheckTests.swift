import XCTest
@testable import QuireEngine

/// A picture for a stamp: refused when too large a file, not a PNG or JPEG, or of too many
/// pixels by its header; kept at most 2048 pixels a side.
final class StampPictureCheckTests: XCTestCase {
    private func png(width: UInt32, height: UInt32) -> [UInt8] {
        func big(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(value >> $0 & 0xFF) } }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + big(width) + big(height) + [8, 6, 0, 0, 0]
    }

    func testAPNGOrJPEGOfAReasonableSizePasses() {
        XCTAssertNil(StampPictureCheck.check(size: 1000, head: png(width: 640, height: 480)))
        // A JPEG: SOI, an APP0 segment of 16 bytes, then SOF0 (length, precision, height 300, width 400).
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + Array(repeating: 0, count: 14) + [0xFF, 0xC0, 0, 17, 8, 0x01, 0x2C, 0x01, 0x90, 3]
        XCTAssertEqual(StampPictureCheck.dimensions(jpeg).map { [$0.0, $0.1] }, [400, 300])
        XCTAssertNil(StampPictureCheck.check(size: 5000, head: jpeg))
    }

    func testTooLargeAFileNotAPictureOrTooManyPixelsIsRefused() {
        XCTAssertEqual(StampPictureCheck.check(size: 33 << 20, head: png(width: 10, height: 10)), .tooLarge)
        XCTAssertEqual(StampPictureCheck.check(size: 20, head: Array("just some text, named .png".utf8)), .notAPicture)
        XCTAssertEqual(StampPictureCheck.check(size: 10, head: Array(png(width: 10, height: 10).prefix(18))), .notAPicture, "a truncated header")
        XCTAssertEqual(StampPictureCheck.check(size: 40, head: png(width: 20000, height: 20000)), .tooManyPixels)
        XCTAssertEqual(StampPictureCheck.check(size: 40, head: png(width: 0, height: 10)), .notAPicture)
        XCTAssertEqual(StampPictureCheck.check(size: 4, head: [0xFF, 0xD8, 0xFF]), .notAPicture)
    }

    func testALargePictureIsKeptAt2048ASideItsAspectKept() {
        XCTAssertEqual([StampPictureCheck.keptSize(width: 4096, height: 1024)].map { [$0.width, $0.height] }, [[2048, 512]])
        XCTAssertEqual([StampPictureCheck.keptSize(width: 300, height: 5000)].map { [$0.width, $0.height] }, [[123, 2048]])
        XCTAssertEqual([StampPictureCheck.keptSize(width: 640, height: 480)].map { [$0.width, $0.height] }, [[640, 480]])
    }
}
