import Foundation
import XCTest
@testable import QuireEngine

/// Two stores over one folder stand for two Quire processes sharing `documents.json`.
extension DocumentStateStoreTests {
    func testAWriteKeepsWhatAnotherQuireRememberedSinceThisOneRead() throws {
        let first = store(), second = store()
        try first.remember(DocumentState(page: 22), for: fakeIdentity("a"))
        try second.remember(DocumentState(page: 3), for: fakeIdentity("b"))

        let reopened = store()
        XCTAssertEqual(reopened.state(for: fakeIdentity("a"))?.page, 22)
        XCTAssertEqual(reopened.state(for: fakeIdentity("b"))?.page, 3)
    }

    func testTheLaterUseOfADocumentWinsOverAStaleCopy() throws {
        let first = store()
        try first.remember(DocumentState(page: 3), for: fakeIdentity("a"))
        let second = store()
        try second.remember(DocumentState(page: 7), for: fakeIdentity("a"))
        // `first` still holds page 3 for a, used earlier than the file's page 7.
        try first.remember(DocumentState(page: 1), for: fakeIdentity("b"))

        XCTAssertEqual(store().state(for: fakeIdentity("a"))?.page, 7)
        XCTAssertEqual(first.state(for: fakeIdentity("a"))?.page, 7, "the writer takes in the newer entry too")
    }

    func testTheStateJustRememberedWinsForItsDocumentEvenAgainstALaterClock() throws {
        let ahead = DocumentStateStore(directory: directory, now: { Date(timeIntervalSince1970: 2_000_000_000) })
        let behind = store()
        try ahead.remember(DocumentState(page: 7), for: fakeIdentity("a"))
        try behind.remember(DocumentState(page: 3), for: fakeIdentity("a"))
        XCTAssertEqual(store().state(for: fakeIdentity("a"))?.page, 3)
    }

    func testTheCapacityAppliesToBothQuiresDocumentsTogether() throws {
        let first = store(capacity: 2), second = store(capacity: 2)
        try first.remember(DocumentState(), for: fakeIdentity("a"))
        try second.remember(DocumentState(), for: fakeIdentity("b"))
        try first.remember(DocumentState(), for: fakeIdentity("c"))

        let reopened = store(capacity: 2)
        XCTAssertEqual(reopened.count, 2)
        XCTAssertNil(reopened.state(for: fakeIdentity("a")), "the least recently used of the three is forgotten")
        XCTAssertNotNil(reopened.state(for: fakeIdentity("b")))
        XCTAssertNotNil(reopened.state(for: fakeIdentity("c")))
    }

    func testAStoreReadsAnotherQuiresNewerEntryWithoutWriting() throws {
        let reader = store(), writer = store()
        XCTAssertNil(reader.state(for: fakeIdentity("a")))
        try writer.remember(DocumentState(page: 9), for: fakeIdentity("a"))
        XCTAssertEqual(reader.state(for: fakeIdentity("a"))?.page, 9)
        try writer.remember(DocumentState(page: 12), for: fakeIdentity("a"))
        XCTAssertEqual(reader.state(for: fakeIdentity("a"))?.page, 12)
    }

    // MARK: The lock

    func testAWriteWaitsForAnotherQuiresLock() throws {
        let store = store()
        let held = try holdLock(of: store)
        var pauses = 0
        let patient = DocumentStateStore(directory: directory, capacity: 10, now: clock.now, steps: .system,
                                         patience: FileLock.Patience(attempts: 10, pause: {
                                             pauses += 1
                                             if pauses == 3 { close(held) } // the other Quire finishes its write
                                         }, described: "a moment"))
        try patient.remember(DocumentState(page: 4), for: fakeIdentity("a"))
        XCTAssertEqual(pauses, 3, "it wrote only once the lock was free")
        XCTAssertEqual(self.store().state(for: fakeIdentity("a"))?.page, 4)
    }

    func testALockHeldTooLongMeansNothingIsWrittenAndTheErrorSaysSo() throws {
        try store().remember(DocumentState(page: 2), for: fakeIdentity("a"))
        let before = try Data(contentsOf: URL(fileURLWithPath: directory + "/documents.json"))
        var pauses = 0
        let impatient = DocumentStateStore(directory: directory, capacity: 10, now: clock.now, steps: .system,
                                           patience: FileLock.Patience(attempts: 3, pause: { pauses += 1 }, described: "a moment"))
        let held = try holdLock(of: impatient)
        XCTAssertThrowsError(try impatient.remember(DocumentState(page: 5), for: fakeIdentity("b"))) {
            XCTAssertTrue("\($0)".contains("locked by another Quire for over a moment"), "\($0)")
        }
        XCTAssertEqual(pauses, 2)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: directory + "/documents.json")), before)
        XCTAssertEqual(impatient.state(for: fakeIdentity("b"))?.page, 5, "kept for this session")

        close(held)
        try impatient.remember(DocumentState(page: 6), for: fakeIdentity("c"))
        let reopened = store()
        XCTAssertEqual([reopened.state(for: fakeIdentity("b"))?.page, reopened.state(for: fakeIdentity("c"))?.page], [5, 6],
                       "the state kept in memory goes to the disk with the next write")
    }

    func testEachWriteHasATemporaryFileOfItsOwnPrivateToTheUser() throws {
        var temporaries: [String] = []
        var steps = AtomicFile.Steps.system
        steps.rename = { from, to in
            var facts = stat()
            XCTAssertEqual(lstat(from, &facts), 0)
            XCTAssertEqual(facts.st_mode & 0o777, 0o600)
            temporaries.append((from as NSString).lastPathComponent)
            try AtomicFile.Steps.system.rename(from, to)
        }
        let store = DocumentStateStore(directory: directory, capacity: 10, now: clock.now, steps: steps)
        try store.remember(DocumentState(), for: fakeIdentity("a"))
        try store.remember(DocumentState(), for: fakeIdentity("b"))
        XCTAssertEqual(temporaries.count, 2)
        XCTAssertNotEqual(temporaries.first, temporaries.last)
        for name in temporaries { XCTAssertTrue(name.hasPrefix("documents.json.tmp-\(getpid())-"), name) }
    }

    func testOnlyLeftoverTemporaryFilesAreRemovedAndLinksAmongThemAreNotFollowed() throws {
        let outside = try makeFile("outside", contents: "not Quire's")
        try makeFile("documents.json.tmp", contents: "an older Quire's")
        try makeFile("documents.json.tmp-123-abc", contents: "{\"version\":1,")
        XCTAssertEqual(symlink(outside, directory + "/documents.json.tmp-456-def"), 0)
        try makeFile("documents.json.tmpfile", contents: "someone else's")

        try store().remember(DocumentState(), for: fakeIdentity("a"))
        XCTAssertEqual(try temporaryFiles(), ["documents.json.tmpfile"])
        XCTAssertEqual(try String(contentsOfFile: outside, encoding: .utf8), "not Quire's")
    }

    /// A descriptor locking `store`'s lock file as another process would (`flock` locks
    /// belong to an open file, so a second open in this process contends like one); the
    /// test closes it to let go.
    private func holdLock(of store: DocumentStateStore) throws -> Int32 {
        let descriptor = open(store.lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        XCTAssertEqual(flock(descriptor, LOCK_EX | LOCK_NB), 0)
        return descriptor
    }
}
