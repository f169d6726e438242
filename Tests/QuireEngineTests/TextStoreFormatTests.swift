import CZlib
import XCTest
@testable import QuireEngine

/// The text store's entry bytes: what is written reads back, and nothing else does.
final class TextStoreFormatTests: XCTestCase {
    static let key = TextStoreKey(path: "/books/manual.pdf", device: 2049, inode: 77, size: 123_456, modifiedSeconds: 1_700_000_000,
                                  modifiedNanoseconds: 123, pageCount: 3)
    static let words = StoredText.Characters(text: "scanned words", boxes: (0..<13).map { Rect(x: 72 + Double($0) * 6.5, y: 100.25, width: 6, height: 12) })!
    static let stored = StoredText(key: key, pages: [StoredText.Page(PageText("Über die ﬁne\nhy-\nphen")), StoredText.Page(PageText("")),
                                                     StoredText.Page(PageText("scanned words"), recognised: true, characters: words)])!

    func testWhatIsWrittenReadsBack() throws {
        let read = try XCTUnwrap(TextStoreFormat.decode(TextStoreFormat.encode(Self.stored), for: Self.key))
        XCTAssertEqual(read.pages.map(\.text.units), Self.stored.pages.map(\.text.units))
        XCTAssertEqual(read.pages.map(\.recognised), [false, false, true])
        XCTAssertEqual(read.pages.map(\.characters), [nil, nil, Self.words], "characters and their boxes, exactly (halves and quarters of points)")
    }

    /// Characters that `PageCharacters` would refuse are not stored: a box too few, or not finite.
    func testCharactersMustHaveABoxEachAllFinite() {
        XCTAssertNil(StoredText.Characters(text: "abc", boxes: [Rect(x: 0, y: 0, width: 1, height: 1)]))
        XCTAssertNil(StoredText.Characters(text: "a", boxes: [Rect(x: .nan, y: 0, width: 1, height: 1)]))
        XCTAssertNotNil(StoredText.Characters(text: "é", boxes: [Rect(x: 0, y: 0, width: 1, height: 1)]))
    }

    /// Another path, file, version of the file or page count: not this document's text.
    func testAnotherKeyIsRefused() {
        let bytes = TextStoreFormat.encode(Self.stored)
        let k = Self.key
        for other in [TextStoreKey(path: "/books/other.pdf", device: k.device, inode: k.inode, size: k.size, modifiedSeconds: k.modifiedSeconds,
                                   modifiedNanoseconds: k.modifiedNanoseconds, pageCount: 3),
                      TextStoreKey(path: k.path, device: k.device, inode: 78, size: k.size, modifiedSeconds: k.modifiedSeconds,
                                   modifiedNanoseconds: k.modifiedNanoseconds, pageCount: 3),
                      TextStoreKey(path: k.path, device: k.device, inode: k.inode, size: k.size + 1, modifiedSeconds: k.modifiedSeconds,
                                   modifiedNanoseconds: k.modifiedNanoseconds, pageCount: 3),
                      TextStoreKey(path: k.path, device: k.device, inode: k.inode, size: k.size, modifiedSeconds: k.modifiedSeconds,
                                   modifiedNanoseconds: k.modifiedNanoseconds + 1, pageCount: 3),
                      TextStoreKey(path: k.path, device: k.device, inode: k.inode, size: k.size, modifiedSeconds: k.modifiedSeconds,
                                   modifiedNanoseconds: k.modifiedNanoseconds, pageCount: 4)] {
            XCTAssertNil(TextStoreFormat.decode(bytes, for: other), "\(other)")
        }
    }

    /// Damaged bytes — flipped, cut, grown, or a payload rewritten with its checksum made
    /// right again — are refused or read as the key's page count, never a crash.
    func testDamagedBytesAreRefusedWithoutCrashing() {
        var random = SeededGenerator(seed: 49)
        let good = TextStoreFormat.encode(Self.stored)
        var accepted = 0
        for round in 0..<3_000 {
            var bytes = good
            switch round % 4 {
            case 0: bytes[Int(random.next() % UInt64(bytes.count))] ^= UInt8(1 << (random.next() % 8))
            case 1: bytes.removeLast(Int(random.next() % UInt64(bytes.count)) + 1)
            case 2: bytes.insert(UInt8(truncatingIfNeeded: random.next()), at: Int(random.next() % UInt64(bytes.count)))
            default:
                // Past the checksum: a byte of the header or of the compressed payload changed,
                // and the checksum computed anew, as a careful forger would.
                bytes.removeLast(4)
                bytes[Int(random.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: random.next())
                bytes += Self.crc(bytes)
            }
            if let read = TextStoreFormat.decode(bytes, for: Self.key) {
                XCTAssertEqual(read.pages.count, 3)
                accepted += 1
            }
        }
        XCTAssertLessThan(accepted, 30, "damaged entries read as sound")
        XCTAssertNil(TextStoreFormat.decode([], for: Self.key))
        XCTAssertNil(TextStoreFormat.decode(Array("QTXS".utf8), for: Self.key))
    }

    /// A payload claiming more than the limits allow is refused before it is inflated.
    func testAnInflatedLengthPastTheLimitIsRefused() {
        var bytes = TextStoreFormat.encode(Self.stored)
        bytes.removeLast(4)
        let pathEnd = 4 + 2 + 2 + 4 + Self.key.path.utf8.count
        let inflatedAt = pathEnd + 8 * 5 + 4 + 4
        for (offset, byte) in [UInt8(0xFF), 0xFF, 0xFF, 0x7F].enumerated() { bytes[inflatedAt + offset] = byte }
        bytes += Self.crc(bytes)
        XCTAssertNil(TextStoreFormat.decode(bytes, for: Self.key))
    }

    static func crc(_ bytes: [UInt8]) -> [UInt8] {
        let value = bytes.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) }
        return withUnsafeBytes(of: value.littleEndian) { Array($0) }
    }
}
