import Foundation
import XCTest
@testable import QuireEngine

final class DocumentStateStoreTests: XCTestCase {
    var directory = ""
    var clock = TestClock()

    override func setUpWithError() throws {
        var template = Array((NSTemporaryDirectory() as NSString).appendingPathComponent("quire-state-XXXXXX").utf8CString)
        directory = try XCTUnwrap(template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }.map { String(cString: $0) })
        clock = TestClock()
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    // MARK: Remembering

    func testAStateComesBackFromANewStoreOnTheSameDirectory() throws {
        let identity = DocumentIdentity(path: "/home/ann/Papers/a.pdf", device: .max - 1, inode: .max, permanentID: "9f3c")
        let state = DocumentState(page: 41, fraction: 0.375, zoom: .fixed, scale: 1.75, sidebarOpen: true,
                                  sidebarView: .thumbnails, arrangement: .dualOddLeft, rightToLeft: true,
                                  continuous: false, rotation: 270)
        try store().remember(state, for: identity)

        let reopened = store()
        XCTAssertEqual(reopened.state(for: identity), state)
        XCTAssertNil(reopened.setAside)
        XCTAssertNil(reopened.memoryOnly)
    }

    func testTheLatestRememberedStateWins() throws {
        let identity = fakeIdentity("a")
        let first = store()
        try first.remember(DocumentState(page: 3), for: identity)
        try first.remember(DocumentState(page: 8), for: identity)
        XCTAssertEqual(first.count, 1)
        XCTAssertEqual(store().state(for: identity)?.page, 8)
    }

    func testValuesJSONCannotHoldAreNormalisedAndStillWritten() throws {
        let identity = fakeIdentity("a")
        let state = DocumentState(page: -4, fraction: .nan, scale: .infinity, rotation: -90)
        XCTAssertEqual(state, DocumentState(page: 0, fraction: 0, scale: 1, rotation: 270))
        try store().remember(state, for: identity)
        XCTAssertEqual(store().state(for: identity), state)
    }

    func testFieldsMissingOrUnknownInAnEntryTakeTheirDefaults() throws {
        try write(#"{"version":1,"documents":[{"path":"/a.pdf","device":1,"inode":2,"lastUsed":5,"#
                  + #""state":{"page":7,"zoom":"fit-height","rotation":90}}]}"#)
        let reopened = store()
        XCTAssertNil(reopened.setAside)
        XCTAssertEqual(reopened.state(for: DocumentIdentity(path: "/a.pdf", device: 1, inode: 2)),
                       DocumentState(page: 7, zoom: .automatic, rotation: 90))
    }

    func testTheFileIsOneCompactLineWithEntriesInPathOrder() throws {
        let store = store()
        for name in ["c", "a", "b"] { try store.remember(DocumentState(), for: fakeIdentity(name)) }
        let text = try String(contentsOfFile: store.path, encoding: .utf8)
        XCTAssertFalse(text.contains("\n"))
        XCTAssertFalse(text.contains(#"\/"#))
        let positions = ["a", "b", "c"].map { text.range(of: "/docs/\($0).pdf")!.lowerBound }
        XCTAssertEqual(positions, positions.sorted())
    }

    // MARK: Which file a state belongs to

    func testACopyOrARenamedFileDoesNotInherit() throws {
        let original = try makeFile("a.pdf", contents: "one")
        try store().remember(DocumentState(page: 5), for: XCTUnwrap(DocumentIdentity(path: original)))

        let copy = directory + "/copy.pdf"
        try FileManager.default.copyItem(atPath: original, toPath: copy)
        XCTAssertNil(store().state(for: try XCTUnwrap(DocumentIdentity(path: copy))))

        let renamed = directory + "/renamed.pdf"
        XCTAssertEqual(rename(original, renamed), 0)
        XCTAssertNil(store().state(for: try XCTUnwrap(DocumentIdentity(path: renamed))))
    }

    func testAnotherFileLaterAtTheSamePathDoesNotInherit() throws {
        let path = try makeFile("a.pdf", contents: "one")
        let old = try XCTUnwrap(DocumentIdentity(path: path))
        try store().remember(DocumentState(page: 5), for: old)

        try replaceWithNewFile(at: path, contents: "two")
        let new = try XCTUnwrap(DocumentIdentity(path: path))
        XCTAssertNotEqual(new.inode, old.inode)
        XCTAssertNil(store().state(for: new))
    }

    func testAFileRewrittenInPlaceKeepsItsState() throws {
        let path = try makeFile("a.pdf", contents: "one")
        try store().remember(DocumentState(page: 5), for: XCTUnwrap(DocumentIdentity(path: path)))

        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data("a longer second version".utf8))
        try handle.close()
        XCTAssertEqual(store().state(for: try XCTUnwrap(DocumentIdentity(path: path)))?.page, 5)
    }

    func testANewBuildWithTheSamePermanentIDKeepsItsState() throws {
        let path = try makeFile("a.pdf", contents: "one")
        try store().remember(DocumentState(page: 5), for: XCTUnwrap(DocumentIdentity(path: path, permanentID: "abc")))

        try replaceWithNewFile(at: path, contents: "two")
        XCTAssertEqual(store().state(for: try XCTUnwrap(DocumentIdentity(path: path, permanentID: "abc")))?.page, 5)
        XCTAssertNil(store().state(for: try XCTUnwrap(DocumentIdentity(path: path, permanentID: "xyz"))))
        XCTAssertNil(store().state(for: try XCTUnwrap(DocumentIdentity(path: path))))
    }

    func testEmptyPermanentIDsDoNotMakeTwoFilesOne() throws {
        let stored = DocumentIdentity(path: "/a.pdf", device: 1, inode: 2, permanentID: "")
        try store().remember(DocumentState(page: 5), for: stored)
        XCTAssertNil(store().state(for: DocumentIdentity(path: "/a.pdf", device: 1, inode: 3, permanentID: "")))
    }

    func testAnIdentityIsTheResolvedPathOfAFileThatExists() throws {
        let path = try makeFile("a.pdf", contents: "one")
        let link = directory + "/link.pdf"
        XCTAssertEqual(symlink(path, link), 0)
        XCTAssertEqual(DocumentIdentity(path: link), DocumentIdentity(path: path))
        XCTAssertNil(DocumentIdentity(path: directory + "/missing.pdf"))
    }

    // MARK: Writing safely

    func testACrashMidWriteLeavesTheOldStateIntact() throws {
        let identity = fakeIdentity("a")
        try store().remember(DocumentState(page: 5), for: identity)
        let before = try Data(contentsOf: URL(fileURLWithPath: directory + "/documents.json"))

        struct SimulatedCrash: Error {}
        var crashing = AtomicFile.Steps.system
        crashing.write = { descriptor, bytes in
            try AtomicFile.Steps.system.write(descriptor, UnsafeRawBufferPointer(rebasing: bytes[..<(bytes.count / 2)]))
            throw SimulatedCrash()
        }
        crashing.rename = { _, _ in XCTFail("a crash before the rename never renames") }
        crashing.remove = { _ in } // a crashed process cleans nothing up
        let doomed = DocumentStateStore(directory: directory, capacity: 10, now: clock.now, steps: crashing)
        XCTAssertThrowsError(try doomed.remember(DocumentState(page: 9), for: identity)) { XCTAssertTrue($0 is SimulatedCrash) }

        XCTAssertEqual(try temporaryFiles().count, 1, "the simulated crash left a partial temporary file")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: directory + "/documents.json")), before)

        let recovered = store()
        XCTAssertEqual(recovered.state(for: identity)?.page, 5)
        XCTAssertNil(recovered.setAside)
        try recovered.remember(DocumentState(page: 9), for: identity)
        XCTAssertEqual(try temporaryFiles(), [], "the next write clears what the crash left")
        XCTAssertEqual(store().state(for: identity)?.page, 9)
    }

    func testAFailedWriteKeepsTheStateForThisSession() throws {
        var failing = AtomicFile.Steps.system
        failing.sync = { _ in throw FileError("Cannot flush the file to the disk") }
        let store = DocumentStateStore(directory: directory, capacity: 10, now: clock.now, steps: failing)
        XCTAssertThrowsError(try store.remember(DocumentState(page: 5), for: fakeIdentity("a")))
        XCTAssertEqual(store.state(for: fakeIdentity("a"))?.page, 5)
        XCTAssertEqual(try temporaryFiles(), [], "the temporary file is removed")
    }

    func testWritingCreatesTheMissingDirectoryPrivateToTheUser() throws {
        let nested = directory + "/state/quire"
        let store = DocumentStateStore(directory: nested, now: clock.now)
        try store.remember(DocumentState(page: 2), for: fakeIdentity("a"))
        XCTAssertEqual(DocumentStateStore(directory: nested).state(for: fakeIdentity("a"))?.page, 2)
        var facts = stat()
        XCTAssertEqual(stat(nested, &facts), 0)
        XCTAssertEqual(facts.st_mode & 0o777, 0o700)
    }

    // MARK: Files that cannot be used

    func testDamagedJSONIsSetAsideWithItsBytesAndTheStoreStartsEmpty() throws {
        let damaged = #"{"version":1,"documents":[{"path":"/a.pdf","dev"#
        try write(damaged)
        try Data("an older bad file".utf8).write(to: URL(fileURLWithPath: directory + "/documents.json.bad"))

        let store = store()
        XCTAssertEqual(store.count, 0)
        XCTAssertNotNil(store.setAside)
        XCTAssertEqual(try String(contentsOfFile: store.setAsidePath, encoding: .utf8), damaged)
        XCTAssertFalse(FileManager.default.fileExists(atPath: store.path))
    }

    func testAnEntryMissingItsIdentityIsSetAside() throws {
        try write(#"{"version":1,"documents":[{"path":"/a.pdf","lastUsed":1,"state":{}}]}"#)
        let store = store()
        XCTAssertEqual(store.count, 0)
        XCTAssertTrue(store.setAside?.contains("documents[0].device is missing") == true, store.setAside ?? "nil")
    }

    func testAFileFromANewerQuireIsSetAside() throws {
        let future = #"{"version":2,"documents":[],"shelves":[]}"#
        try write(future)
        let store = store()
        XCTAssertTrue(store.setAside?.contains("newer Quire") == true, store.setAside ?? "nil")
        XCTAssertEqual(try String(contentsOfFile: store.setAsidePath, encoding: .utf8), future)
    }

    func testAnUnreadableFileIsSetAsideAndWritingStillWorks() throws {
        XCTAssertEqual(mkdir(directory + "/documents.json", 0o700), 0)
        let store = store()
        XCTAssertEqual(store.count, 0)
        XCTAssertNotNil(store.setAside)
        try store.remember(DocumentState(page: 3), for: fakeIdentity("a"))
        XCTAssertEqual(self.store().state(for: fakeIdentity("a"))?.page, 3)
    }

    func testAFileThatCannotBeMovedAsideIsIgnored() throws {
        XCTAssertEqual(mkdir(directory + "/documents.json", 0o700), 0)
        try makeFile("documents.json/inside", contents: "x")
        try makeFile("documents.json.bad", contents: "an older bad file") // a directory cannot replace a file
        let store = store()
        XCTAssertTrue(store.setAside?.contains("could not be moved aside") == true, store.setAside ?? "nil")
        XCTAssertThrowsError(try store.remember(DocumentState(), for: fakeIdentity("a")))
    }

    // MARK: Bounded

    func testTheLeastRecentlyUsedIsForgottenBeyondCapacity() throws {
        let store = store(capacity: 3)
        for name in ["a", "b", "c"] { try store.remember(DocumentState(page: 1), for: fakeIdentity(name)) }
        try store.remember(DocumentState(page: 2), for: fakeIdentity("a"))
        try store.remember(DocumentState(page: 1), for: fakeIdentity("d"))

        let reopened = self.store(capacity: 3)
        XCTAssertEqual(reopened.count, 3)
        XCTAssertNil(reopened.state(for: fakeIdentity("b")))
        for name in ["a", "c", "d"] { XCTAssertNotNil(reopened.state(for: fakeIdentity(name)), name) }
    }

    func testASmallerCapacityForgetsTheOldestOnReading() throws {
        let store = store()
        for name in ["a", "b", "c"] { try store.remember(DocumentState(), for: fakeIdentity(name)) }
        let smaller = self.store(capacity: 1)
        XCTAssertEqual(smaller.count, 1)
        XCTAssertNotNil(smaller.state(for: fakeIdentity("c")))
    }

    func testTheJustRememberedDocumentIsKeptWhenTimesTie() throws {
        let store = DocumentStateStore(directory: directory, capacity: 1, now: { Date(timeIntervalSince1970: 7) })
        try store.remember(DocumentState(), for: fakeIdentity("b"))
        try store.remember(DocumentState(), for: fakeIdentity("a"))
        XCTAssertNotNil(store.state(for: fakeIdentity("a")))
    }

    // MARK: Where

    func testTheDefaultDirectoryFollowsXDGStateHome() {
        XCTAssertEqual(DocumentStateStore.defaultDirectory(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]), "/s/quire")
        XCTAssertEqual(DocumentStateStore.defaultDirectory(environment: ["HOME": "/h"]), "/h/.local/state/quire")
        XCTAssertEqual(DocumentStateStore.defaultDirectory(environment: ["XDG_STATE_HOME": "rel", "HOME": "/h"]), "/h/.local/state/quire")
        XCTAssertEqual(DocumentStateStore.defaultDirectory(environment: ["XDG_STATE_HOME": "", "HOME": "/h"]), "/h/.local/state/quire")
    }

    // MARK: Fixtures

    func store(capacity: Int = DocumentStateStore.defaultCapacity) -> DocumentStateStore {
        DocumentStateStore(directory: directory, capacity: capacity, now: clock.now)
    }

    func fakeIdentity(_ name: String) -> DocumentIdentity {
        DocumentIdentity(path: "/docs/\(name).pdf", device: 1, inode: UInt64(name.unicodeScalars.first!.value))
    }

    func write(_ contents: String) throws {
        try Data(contents.utf8).write(to: URL(fileURLWithPath: directory + "/documents.json"))
    }

    @discardableResult
    func makeFile(_ name: String, contents: String) throws -> String {
        let path = directory + "/" + name
        try Data(contents.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The names of the temporary files in the state folder.
    func temporaryFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasPrefix("documents.json.tmp") }.sorted()
    }

    /// A new file renamed over `path`: made while the old one still exists, so its inode differs.
    private func replaceWithNewFile(at path: String, contents: String) throws {
        let fresh = try makeFile("fresh", contents: contents)
        XCTAssertEqual(rename(fresh, path), 0)
    }
}

/// A clock that moves one second each time it is read.
final class TestClock {
    private var seconds = 1_700_000_000.0
    func now() -> Date {
        seconds += 1
        return Date(timeIntervalSince1970: seconds)
    }
}

final class DocumentStateViewTests: XCTestCase {
    /// Every view the engine can be in comes back from the remembered state as it was.
    func testTheEnginesViewRoundTrips() {
        for zoom in [ZoomMode.fitWidth, .fitPage, .percent(250)] {
            for arrangement in [PageLayout.Arrangement.single, .dual(oddLeft: true, rightToLeft: false), .dual(oddLeft: false, rightToLeft: true)] {
                for rotation in Rotation.allCases {
                    let state = DocumentState(place: ViewPlace(page: 41, fraction: 0.375), zoom: zoom, arrangement: arrangement,
                                              continuous: false, rotation: rotation, sidebarOpen: true, sidebarView: .thumbnails)
                    XCTAssertEqual(state.zoomMode, zoom)
                    XCTAssertEqual(state.layoutArrangement, arrangement)
                    XCTAssertEqual(state.layoutRotation, rotation)
                    XCTAssertEqual(state.place, ViewPlace(page: 41, fraction: 0.375))
                    XCTAssertFalse(state.continuous)
                }
            }
        }
    }

    func testAFixedScaleOutsideTheZoomRangeIsClamped() {
        XCTAssertEqual(DocumentState(zoom: .fixed, scale: 1_000).zoomMode, .percent(ZoomMode.maximumPercent))
        XCTAssertEqual(DocumentState(zoom: .automatic).zoomMode, .fitWidth)
    }
}
