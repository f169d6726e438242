import Dispatch
import Foundation
import Synchronization
import XCTest
@testable import QuireEngine

/// What may be found at the state file's path, at its lock's, and the folder itself.
extension DocumentStateStoreTests {
    func testAFIFOAtThePathIsSetAsideWithoutWaitingForAWriter() throws {
        let path = directory + "/documents.json"
        XCTAssertEqual(mkfifo(path, 0o600), 0)
        let store = withoutHanging(on: path) { self.store() }
        XCTAssertTrue(store.setAside?.contains("is a named pipe (FIFO), not a regular file") == true, store.setAside ?? "nil")
        try store.remember(DocumentState(page: 3), for: fakeIdentity("a"))
        XCTAssertEqual(self.store().state(for: fakeIdentity("a"))?.page, 3)
    }

    func testASymbolicLinkAtThePathIsNeitherReadNorWrittenThrough() throws {
        XCTAssertEqual(mkdir(directory + "/elsewhere", 0o700), 0)
        let planted = #"{"version":1,"documents":[{"path":"/docs/a.pdf","device":1,"inode":97,"lastUsed":5,"state":{"page":5}}]}"#
        let target = try makeFile("elsewhere/documents.json", contents: planted)
        XCTAssertEqual(symlink(target, directory + "/documents.json"), 0)

        let store = store()
        XCTAssertNil(store.state(for: fakeIdentity("a")))
        XCTAssertTrue(store.setAside?.contains("is a symbolic link") == true, store.setAside ?? "nil")
        try store.remember(DocumentState(page: 8), for: fakeIdentity("b"))
        XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), planted)
        var facts = stat()
        XCTAssertEqual(lstat(store.path, &facts), 0)
        XCTAssertEqual(facts.st_mode & S_IFMT, S_IFREG, "the link is replaced by a file of Quire's own")
    }

    func testAFIFOAtTheLockPathIsRefusedWithoutWaiting() throws {
        let lock = directory + "/documents.json.lock"
        XCTAssertEqual(mkfifo(lock, 0o600), 0)
        let store = store()
        try withoutHanging(on: lock) {
            XCTAssertThrowsError(try store.remember(DocumentState(page: 3), for: fakeIdentity("a"))) {
                XCTAssertTrue("\($0)".contains("is a named pipe (FIFO), not a regular file"), "\($0)")
            }
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: store.path))
        XCTAssertEqual(store.state(for: fakeIdentity("a"))?.page, 3, "kept for this session")
    }

    func testASymbolicLinkAtTheLockPathIsRefusedAndNotFollowed() throws {
        let target = directory + "/made-through-the-link"
        XCTAssertEqual(symlink(target, directory + "/documents.json.lock"), 0)
        XCTAssertThrowsError(try store().remember(DocumentState(), for: fakeIdentity("a"))) {
            XCTAssertTrue("\($0)".contains("is a symbolic link"), "\($0)")
        }
        var facts = stat()
        XCTAssertNotEqual(lstat(target, &facts), 0, "nothing was created where the link points")
    }

    func testAFolderOthersCanWriteIsNeitherReadNorWritten() throws {
        try store().remember(DocumentState(page: 2), for: fakeIdentity("a"))
        let before = try Data(contentsOf: URL(fileURLWithPath: directory + "/documents.json"))
        for mode: mode_t in [0o770, 0o703] {
            XCTAssertEqual(chmod(directory, mode), 0)
            let store = store()
            XCTAssertTrue(store.memoryOnly?.contains("can be written by other users (mode \(String(mode, radix: 8)))") == true,
                          store.memoryOnly ?? "nil")
            XCTAssertNil(store.state(for: fakeIdentity("a")), "not read from a folder others could have planted it in")
            try store.remember(DocumentState(page: 9), for: fakeIdentity("b"))
            XCTAssertEqual(store.state(for: fakeIdentity("b"))?.page, 9, "kept for this session")
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: directory + "/documents.json")), before)
        }
    }

    func testAFolderOfAnotherUserIsNotUsed() throws {
        // Run as root, the test gives its own folder away; otherwise "/" is another user's.
        let folder = geteuid() == 0 ? directory : "/"
        if geteuid() == 0 { XCTAssertEqual(chown(directory, 65534, 65534), 0) }
        let store = DocumentStateStore(directory: folder, now: clock.now)
        XCTAssertTrue(store.memoryOnly?.contains("belongs to another user") == true, store.memoryOnly ?? "nil")
        try store.remember(DocumentState(page: 9), for: fakeIdentity("b"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: store.path))
    }

    /// Runs `work`, which must not wait on the FIFO at `path`. Should it hang there anyway,
    /// after 10 s a writer opens and closes the FIFO until `work` ends (an open waiting for
    /// a writer meets one, a read sees the end), so that the test fails instead of hanging.
    /// A writer's non-blocking open succeeds only while a reader has the FIFO open, so a
    /// slow machine cannot make it fail.
    private func withoutHanging<T>(on path: String, _ work: () throws -> T) rethrows -> T {
        let watch = Watch()
        let rescuer = DispatchGroup()
        DispatchQueue.global().async(group: rescuer) {
            let deadline = Date().addingTimeInterval(10)
            while !watch.finished.withLock({ $0 }) {
                usleep(10_000)
                guard Date() > deadline else { continue }
                let writer = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
                if writer >= 0 {
                    watch.rescued.withLock { $0 = true }
                    close(writer)
                }
            }
        }
        defer {
            watch.finished.withLock { $0 = true }
            rescuer.wait()
            XCTAssertFalse(watch.rescued.withLock { $0 }, "it waited on the FIFO at \(path)")
        }
        return try work()
    }
}

/// Whether the code under test has finished, and whether the FIFO had to be opened to end its wait.
private final class Watch: Sendable {
    let finished = Mutex(false)
    let rescued = Mutex(false)
}
