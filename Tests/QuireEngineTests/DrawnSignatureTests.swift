import XCTest
@testable import QuireEngine

/// The drawn signature: kept in a small versioned text file, read back bounded (garbage,
/// huge or cut files read as none), placed as ink of a sensible width keeping its aspect.
final class DrawnSignatureTests: XCTestCase {
    private let signature = DrawnSignature(strokes: [[Point(x: 0, y: 0), Point(x: 200, y: 50)], [Point(x: 10.25, y: 40), Point(x: 30, y: 100)]])!

    func testItIsReadBackAsWritten() throws {
        let folder = NSTemporaryDirectory() + "signature-\(UUID())"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = DrawnSignatureFile(directory: folder + "/quire")
        XCTAssertNil(file.read(), "none before one is kept")
        try file.write(signature)
        XCTAssertEqual(file.read(), signature)
        XCTAssertTrue(String(decoding: try XCTUnwrap(FileManager.default.contents(atPath: file.path)), as: UTF8.self).hasPrefix("quire-signature 1\n"))
    }

    func testGarbageHugeCutAndOtherVersionsReadAsNone() {
        let bytes = signature.encoded()
        XCTAssertNotNil(DrawnSignature.decoded(bytes))
        XCTAssertNil(DrawnSignature.decoded(Array(bytes.prefix(bytes.count - 5))), "a truncated pair")
        XCTAssertNil(DrawnSignature.decoded((0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 31) }))
        XCTAssertNil(DrawnSignature.decoded(Array("quire-signature 2\n1,1 2,2\n".utf8)))
        XCTAssertNil(DrawnSignature.decoded(Array("quire-signature 1\n".utf8)), "no stroke")
        XCTAssertNil(DrawnSignature.decoded(Array("quire-signature 1\n".utf8) + [UInt8](repeating: 0x31, count: DrawnSignature.sizeLimit)))
        XCTAssertNil(DrawnSignature.decoded(Array("quire-signature 1\nnan,1 2,2\n".utf8)), "a number that is not one: not a file Quire wrote")
    }

    func testItIsPlacedAtTheDefaultWidthKeepingItsAspect() {
        let placed = signature.drawing(at: Point(x: 50, y: 60), onPage: Size(width: 600, height: 800))
        XCTAssertEqual(placed.kind, .ink)
        XCTAssertEqual(placed.geometryBounds.x, 50, accuracy: 1e-9)
        XCTAssertEqual(placed.geometryBounds.width, DrawnSignature.placedWidth, accuracy: 1e-9)
        XCTAssertEqual(placed.geometryBounds.height, DrawnSignature.placedWidth / 2, accuracy: 1e-9, "200 × 100 keeps its aspect")
        let corner = signature.drawing(at: Point(x: 590, y: 790), onPage: Size(width: 600, height: 800))
        XCTAssertLessThanOrEqual(corner.geometryBounds.maxX, 600.0001, "kept on the page")
        XCTAssertLessThanOrEqual(corner.geometryBounds.maxY, 800.0001)
    }
}
