import Foundation
import XCTest
@testable import QuireEngine

/// The last session's documents: what is kept of a window's tabs, what a start reopens,
/// and a file that is not a session.
final class LastSessionTests: XCTestCase {
    func testAWindowKeepsItsLocalFilesInOrderAndTheChosenTabAmongThem() {
        let window = LastSession.window(tabs: [nil, "/a.pdf", "relative.pdf", "/b.pdf"], chosen: 3)
        XCTAssertEqual(window, LastSession.Window(files: ["/a.pdf", "/b.pdf"], chosen: 1))
        XCTAssertNil(LastSession.window(tabs: [nil, "https-free.pdf"], chosen: 0), "a window without a local file is kept")
        let long = "/" + String(repeating: "x", count: 5000)
        XCTAssertEqual(LastSession.window(tabs: [long, "/c.pdf"], chosen: 0)?.files, ["/c.pdf"])
        XCTAssertEqual(LastSession.window(tabs: (0..<600).map { "/\($0).pdf" }, chosen: 0)?.files.count, LastSession.maxTabs)
    }

    func testAStartReopensTheFilesStillThereAndTheChosenOneIfItIs() {
        let session = LastSession(windows: [
            LastSession.Window(files: ["/gone.pdf", "/here.pdf", "/chosen.pdf"], chosen: 2),
            LastSession.Window(files: ["/gone.pdf"], chosen: 0),
            LastSession.Window(files: ["/here.pdf", "/gone.pdf"], chosen: 1),
            LastSession.Window(files: ["/here.pdf"], chosen: 7),
        ])
        let reopened = session.reopenable { $0 != "/gone.pdf" }
        XCTAssertEqual(reopened.windows, [
            LastSession.Window(files: ["/here.pdf", "/chosen.pdf"], chosen: 1),
            LastSession.Window(files: ["/here.pdf"], chosen: 0),
            LastSession.Window(files: ["/here.pdf"], chosen: 0),
        ])
    }

    /// Each window's size comes back with it; one that is not a window's is dropped (the
    /// window then opens at the last window's), and a session kept before sizes were reads.
    func testAWindowsGeometryIsKeptAndOneOutOfBoundsIsDropped() throws {
        let sized = LastSession(windows: [LastSession.Window(files: ["/a.pdf"], geometry: WindowGeometry(width: 1000, height: 800)),
                                          LastSession.Window(files: ["/b.pdf"], geometry: WindowGeometry(width: 1300, height: 900, maximized: true))])
        let read = LastSession.decoded(try sized.encoded())
        XCTAssertEqual(read.reopenable { _ in true }, sized)
        let absurd = LastSession.decoded(Array("{\"windows\":[{\"files\":[\"/a.pdf\"],\"chosen\":0,\"geometry\":{\"width\":1e9,\"height\":800,\"maximized\":false}}]}".utf8))
        XCTAssertEqual(absurd.reopenable { _ in true }.windows, [LastSession.Window(files: ["/a.pdf"])])
        let older = LastSession.decoded(Array("{\"windows\":[{\"files\":[\"/a.pdf\"],\"chosen\":0}]}".utf8))
        XCTAssertEqual(older.windows, [LastSession.Window(files: ["/a.pdf"])])
    }

    func testWhatIsNotASessionIsAnEmptyOne() throws {
        let session = LastSession(windows: [LastSession.Window(files: ["/a.pdf", "/b.pdf"], chosen: 1)])
        XCTAssertEqual(LastSession.decoded(try session.encoded()), session)
        XCTAssertTrue(LastSession.decoded(Array("{\"windows\": 3}".utf8)).isEmpty)
        XCTAssertTrue(LastSession.decoded(Array("garbage".utf8)).isEmpty)
        XCTAssertTrue(LastSession.decoded([UInt8](repeating: 0x20, count: LastSession.sizeLimit + 1)).isEmpty)
        // Relative paths in a file written by hand are never opened.
        let relative = LastSession.decoded(Array("{\"windows\":[{\"files\":[\"etc/x.pdf\"],\"chosen\":0}]}".utf8))
        XCTAssertTrue(relative.reopenable { _ in true }.isEmpty)
    }

    func testTheFileKeepsTheSessionInAPrivateFolderAndReadsNothingFromNoFile() throws {
        let directory = NSTemporaryDirectory() + "quire-session-\(UUID().uuidString)/state"
        defer { try? FileManager.default.removeItem(atPath: String(directory.dropLast("/state".count))) }
        let file = LastSessionFile(directory: directory)
        XCTAssertTrue(file.read().isEmpty)
        let session = LastSession(windows: [LastSession.Window(files: ["/a.pdf"], chosen: 0)])
        try file.write(session)
        XCTAssertEqual(file.read(), session)
        let mode = try FileManager.default.attributesOfItem(atPath: directory)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o700)
        try "not json".write(toFile: file.path, atomically: true, encoding: .utf8)
        XCTAssertTrue(file.read().isEmpty)
    }
}
