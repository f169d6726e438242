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

    /// Memory given ahead of a cairo render: the bytes asked for hold memory before anything
    /// writes them, read as zeros, and no more than asked is given (a pooled mapping may be
    /// larger than the picture).
    func testAllocatedMemoryIsGivenAheadAndOnlyWhatIsAsked() throws {
        let pool = PixelPool()
        var large: SharedPixels? = try SharedPixels(byteCount: 8 << 20, from: pool)
        large!.markReusable()
        large = nil
        let pixels = try SharedPixels(byteCount: 1 << 20, from: pool)
        XCTAssertEqual(pixels.byteCount, 8 << 20, "the pooled mapping")
        pixels.allocate(2 << 20)
        var facts = stat()
        XCTAssertEqual(fstat(pixels.descriptor.fd, &facts), 0)
        let allocated = Int(facts.st_blocks) * 512
        XCTAssertGreaterThanOrEqual(allocated, 2 << 20, "the bytes asked for hold memory")
        XCTAssertLessThan(allocated, 3 << 20, "not the whole pooled mapping")
        let bytes = UnsafeRawBufferPointer(start: pixels.address, count: 2 << 20)
        XCTAssertTrue(bytes.allSatisfy { $0 == 0 }, "reads as new memory")
    }
}
