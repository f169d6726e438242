import Foundation
import QuireWire
import XCTest

/// A document's pictures reuse the shared memory of the pictures it let go, once their
/// helper answered: the same mapping comes back, reading as zeros and holding no memory.
final class PixelPoolTests: XCTestCase {
    private static func residentKiB() throws -> Int {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try XCTUnwrap(status.split(separator: "\n").first { $0.hasPrefix("RssShmem:") })
        return try XCTUnwrap(Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]))
    }

    func testAMappingLetGoAfterItsAnswerComesBackEmptyAndCleared() throws {
        let pool = PixelPool()
        var first: SharedPixels? = try SharedPixels(byteCount: 4 << 20, from: pool)
        let address = first!.address
        memset(address, 0xAB, 4 << 20)
        let filled = try Self.residentKiB()
        first!.markReusable()
        first = nil
        XCTAssertEqual(pool.count, 1, "kept for the next picture")
        XCTAssertLessThan(try Self.residentKiB(), filled - 3_000, "its memory is given back as it is kept")
        let second = try SharedPixels(byteCount: 1 << 20, from: pool)
        XCTAssertEqual(second.address, address, "the same mapping, not a new one")
        XCTAssertEqual(second.byteCount, 4 << 20)
        XCTAssertEqual(pool.count, 0)
        let bytes = UnsafeRawBufferPointer(start: second.address, count: second.byteCount)
        XCTAssertTrue(bytes.allSatisfy { $0 == 0 }, "reads as new memory: nothing of the last picture")
    }

    /// A helper that did not answer may still be writing: its memory is never reused.
    func testAMappingNotMarkedIsNotReused() throws {
        let pool = PixelPool()
        _ = try SharedPixels(byteCount: 8192, from: pool) // let go at once, never marked
        XCTAssertEqual(pool.count, 0)
    }

    func testTheSmallestThatFitsIsTakenAndThePoolIsBounded() throws {
        let pool = PixelPool()
        var made = try [65536, 8192, 32768].map { try SharedPixels(byteCount: $0, from: pool) }
        made.forEach { $0.markReusable() }
        made = []
        XCTAssertEqual(try SharedPixels(byteCount: 10000, from: pool).byteCount, 32768)
        XCTAssertEqual(try SharedPixels(byteCount: 100_000, from: pool).byteCount, 100_000, "none fits: a new one")
        var many = try (0..<(PixelPool.limit + 3)).map { _ in try SharedPixels(byteCount: 4096, from: pool) }
        many.forEach { $0.markReusable() }
        many = []
        XCTAssertEqual(pool.count, PixelPool.limit)
    }
}
