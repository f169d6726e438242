import Foundation
import XCTest
@testable import QuireEngine

/// The size a new window opens at: what is kept of a closing window, and a kept file that
/// is not a window's.
final class WindowGeometryTests: XCTestCase {
    func testAClosingWindowIsKeptOnlyWithSidesAWindowHas() {
        XCTAssertEqual(WindowGeometry.kept(width: 1234, height: 876, maximized: true), WindowGeometry(width: 1234, height: 876, maximized: true))
        XCTAssertNil(WindowGeometry.kept(width: 0, height: 0, maximized: false), "an unrealised window's size was kept")
        XCTAssertNil(WindowGeometry.kept(width: 1200, height: -5, maximized: false))
        XCTAssertNil(WindowGeometry.kept(width: 40_000, height: 900, maximized: false))
    }

    func testWhatIsNotAWindowsGeometryIsTheStandardOne() throws {
        let kept = WindowGeometry(width: 1400, height: 1000, maximized: true)
        XCTAssertEqual(WindowGeometry.decoded(try kept.encoded()), kept)
        for text in ["garbage", "{}", "{\"width\": 1400, \"height\": 1000}", "{\"width\": 99, \"height\": 1000, \"maximized\": false}",
                     "{\"width\": 1e12, \"height\": 1000, \"maximized\": false}", "{\"width\": 1400, \"height\": 70000, \"maximized\": false}"] {
            XCTAssertEqual(WindowGeometry.decoded(Array(text.utf8)), .standard, text)
        }
        let padded = Array("{\"width\": 1400, \"height\": 1000, \"maximized\": false}".utf8) + [UInt8](repeating: 0x20, count: 5000)
        XCTAssertEqual(WindowGeometry.decoded(padded), .standard, "a file over the limit was read")
    }

    func testTheFileKeepsTheGeometryInAPrivateFolderAndReadsTheStandardOneFromNoFile() throws {
        let directory = NSTemporaryDirectory() + "quire-window-\(UUID().uuidString)/state"
        defer { try? FileManager.default.removeItem(atPath: String(directory.dropLast("/state".count))) }
        let file = WindowGeometryFile(directory: directory)
        XCTAssertEqual(file.read(), .standard)
        let kept = WindowGeometry(width: 1234, height: 876)
        try file.write(kept)
        XCTAssertEqual(file.read(), kept)
        let mode = try FileManager.default.attributesOfItem(atPath: directory)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o700)
        try FileManager.default.removeItem(atPath: file.path)
        try FileManager.default.createDirectory(atPath: file.path, withIntermediateDirectories: false)
        XCTAssertEqual(file.read(), .standard, "a folder in the file's place")
    }
}
