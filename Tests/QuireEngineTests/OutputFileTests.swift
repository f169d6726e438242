import Foundation
@testable import QuireEngine
import XCTest

/// Where a file a person names is written: a regular file replaced whole, a link's target
/// written, a device or FIFO written through (never replaced), the rest refused.
final class OutputFileTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "quire-output-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func write(_ text: String, to path: String) throws {
        try Array(text.utf8).withUnsafeBytes { try OutputFile.write($0, to: path) }
    }

    private func kind(_ path: String) -> mode_t {
        var facts = stat()
        return lstat(path, &facts) == 0 ? facts.st_mode & S_IFMT : 0
    }

    /// glibc's makedev (a macro Swift cannot call), for numbers below 256.
    private func device(_ major: UInt, _ minor: UInt) -> dev_t { dev_t(major << 8 | minor) }

    private func names() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: folder).sorted() }

    func testANewFileIsMadeWithTheUsualPermissionsAndNothingLeftBeside() throws {
        let path = folder + "/new.png"
        try write("picture", to: path)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "picture")
        XCTAssertEqual(try names(), ["new.png"], "a temporary file was left")
        let mask = umask(0)
        umask(mask)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int, Int(0o666 & ~mask))
    }

    func testAnExistingFileIsReplacedWholeKeepingItsPermissions() throws {
        let path = folder + "/old.pdf"
        try "old contents, longer than the new".write(toFile: path, atomically: false, encoding: .utf8)
        chmod(path, 0o640)
        var before = stat()
        stat(path, &before)
        try write("new", to: path)
        var after = stat()
        stat(path, &after)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "new")
        XCTAssertNotEqual(before.st_ino, after.st_ino, "written in place rather than replaced whole")
        XCTAssertEqual(after.st_mode & 0o7777, 0o640)
        XCTAssertEqual(try names(), ["old.pdf"])
    }

    func testALinkStaysALinkAndItsTargetIsWritten() throws {
        let target = folder + "/target.pdf", link = folder + "/link.pdf"
        try "old".write(toFile: target, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "target.pdf")
        try write("new", to: link)
        XCTAssertEqual(kind(link), S_IFLNK, "the link was replaced")
        XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), "new")
    }

    func testAChainOfLinksEndingNowhereCreatesTheLastTarget() throws {
        let first = folder + "/first", second = folder + "/second"
        try FileManager.default.createSymbolicLink(atPath: first, withDestinationPath: second)
        try FileManager.default.createSymbolicLink(atPath: second, withDestinationPath: "made.png")
        try write("picture", to: first)
        XCTAssertEqual(kind(first), S_IFLNK)
        XCTAssertEqual(kind(second), S_IFLNK)
        XCTAssertEqual(try String(contentsOfFile: folder + "/made.png", encoding: .utf8), "picture")
    }

    func testALoopOfLinksIsRefused() throws {
        let a = folder + "/a", b = folder + "/b"
        try FileManager.default.createSymbolicLink(atPath: a, withDestinationPath: b)
        try FileManager.default.createSymbolicLink(atPath: b, withDestinationPath: a)
        XCTAssertThrowsError(try write("x", to: a)) { XCTAssertTrue("\($0)".contains("loop of links"), "\($0)") }
        XCTAssertEqual(kind(a), S_IFLNK)
        XCTAssertEqual(kind(b), S_IFLNK)
    }

    /// A node like the machine's /dev/null (character device 1, 3), made here with mknod.
    func testACharacterDeviceIsWrittenThroughAndStaysADevice() throws {
        let path = folder + "/null"
        guard mknod(path, S_IFCHR | 0o666, device(1, 3)) == 0 else {
            return XCTFail("mknod needs root, as the tests run: \(String(cString: strerror(errno)))")
        }
        try write(String(repeating: "picture ", count: 10_000), to: path)
        XCTAssertEqual(kind(path), S_IFCHR, "the device was replaced by a file")
        XCTAssertEqual(try names(), ["null"], "a temporary file was left beside the device")
    }

    func testADiskIsRefusedWithoutBeingOpened() throws {
        let path = folder + "/disk"
        // A loop device's numbers: refused by its kind, before anything opens it.
        guard mknod(path, S_IFBLK | 0o600, device(7, 200)) == 0 else {
            return XCTFail("mknod needs root, as the tests run: \(String(cString: strerror(errno)))")
        }
        XCTAssertThrowsError(try write("x", to: path)) { XCTAssertTrue("\($0)".contains("is a disk"), "\($0)") }
        XCTAssertEqual(kind(path), S_IFBLK)
    }

    func testAFolderIsRefused() throws {
        XCTAssertThrowsError(try write("x", to: folder)) { XCTAssertTrue("\($0)".contains("is a folder"), "\($0)") }
    }

    func testAFIFOWithAReaderGetsEveryByte() throws {
        let path = folder + "/fifo"
        XCTAssertEqual(mkfifo(path, 0o600), 0)
        // The reader's end is open before the write (opening it does not wait for a writer);
        // a thread drains it, as a reading program would. A FIFO with no writer reads as
        // ended, so the test holds a writer of its own until Quire's write is done.
        let readEnd = open(path, O_RDONLY | O_NONBLOCK)
        XCTAssertGreaterThanOrEqual(readEnd, 0)
        let holder = open(path, O_WRONLY)
        XCTAssertGreaterThanOrEqual(holder, 0)
        _ = fcntl(readEnd, F_SETFL, 0)
        let reading = FileHandle(fileDescriptor: readEnd, closeOnDealloc: true)
        let received = Received()
        let reader = Thread { received.set(reading.readDataToEndOfFile()) }
        reader.start()
        let text = String(repeating: "0123456789", count: 20_000)
        try write(text, to: path)
        close(holder)
        XCTAssertEqual(String(decoding: received.wait(), as: UTF8.self), text)
        XCTAssertEqual(kind(path), S_IFIFO, "the FIFO was replaced by a file")
    }

    /// What a reading thread read, once it has.
    private final class Received: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        private var data = Data()
        func set(_ read: Data) { data = read; done.signal() }
        func wait() -> Data { done.wait(); return data }
    }

    func testAFIFONobodyReadsIsRefusedAtOnce() throws {
        let path = folder + "/fifo"
        XCTAssertEqual(mkfifo(path, 0o600), 0)
        XCTAssertThrowsError(try write("x", to: path)) { XCTAssertTrue("\($0)".contains("nothing reads from"), "\($0)") }
        XCTAssertEqual(kind(path), S_IFIFO)
    }

    func testAnAbandonedOutputLeavesTheTargetAsItWas() throws {
        let path = folder + "/kept.pdf"
        try "old".write(toFile: path, atomically: false, encoding: .utf8)
        let output = try OutputFile(path: path)
        _ = "new".withCString { Glibc.write(output.descriptor, $0, 3) }
        output.abandon()
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "old")
        XCTAssertEqual(try names(), ["kept.pdf"])
    }
}
