import Fixtures
import Foundation
import QuireEngine
import XCTest

/// The paths a person gives Quire to write (`--snapshot`, as `scripts/install-test.sh`
/// gives /dev/null) are written through or followed, never replaced: a device node like
/// the machine's /dev/null, a FIFO a program reads, a link to a picture.
final class OutputPathWindowTests: XCTestCase {
    private var fixtures: Fixtures!
    override func setUpWithError() throws { fixtures = try Fixtures() }
    override func tearDown() { fixtures = nil }

    private func kind(_ path: String) -> mode_t {
        var facts = stat()
        return lstat(path, &facts) == 0 ? facts.st_mode & S_IFMT : 0
    }

    private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    func testASnapshotToANullDeviceLeavesTheDeviceADevice() throws {
        // The numbers of /dev/null, in the test's own folder: what a run as root did to
        // the machine's /dev/null, it would do here.
        let null = fixtures.path("null")
        guard mknod(null, S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0 else {
            return XCTFail("mknod needs root, as the tests run: \(String(cString: strerror(errno)))")
        }
        let run = try QuireRun.run(["--snapshot", null, "--size", "600x500", fixtures.standard()])
        XCTAssertEqual(run.status, 0, run.standardError)
        XCTAssertEqual(kind(null), S_IFCHR, "the device node was replaced by a file")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: fixtures.path("")).filter { $0.contains("null") }, ["null"],
                       "a temporary file was left beside the device")
    }

    func testASnapshotToAFIFOReachesItsReader() throws {
        let fifo = fixtures.path("shot.fifo"), copy = fixtures.path("copy.png")
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        // A program reading the FIFO, as a pipeline's next step would.
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/sh")
        reader.arguments = ["-c", "exec cat \"$0\" > \"$1\"", fifo, copy]
        // Its read end is open before Quire writes: an open for reading waits for a writer,
        // so the test holds one open meanwhile (and closes it once cat has the FIFO).
        try reader.run()
        let holder = open(fifo, O_WRONLY)
        XCTAssertGreaterThanOrEqual(holder, 0)
        let run = try QuireRun.run(["--snapshot", fifo, "--size", "600x500", fixtures.standard()])
        close(holder)
        reader.waitUntilExit()
        XCTAssertEqual(run.status, 0, run.standardError)
        XCTAssertEqual(kind(fifo), S_IFIFO, "the FIFO was replaced by a file")
        let picture = try Picture(png: copy)
        XCTAssertEqual(picture.width, 600, "the reader did not get the whole picture")
    }

    func testASnapshotThroughALinkWritesItsTarget() throws {
        let target = fixtures.path("target.png"), link = fixtures.path("link.png")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "target.png")
        let run = try QuireRun.run(["--snapshot", link, "--size", "600x500", fixtures.standard()])
        XCTAssertEqual(run.status, 0, run.standardError)
        XCTAssertEqual(kind(link), S_IFLNK, "the link was replaced by the picture")
        XCTAssertEqual(try Picture(png: target).width, 600)
    }

    func testASnapshotToAFolderSaysWhyAndWritesNothing() throws {
        let folder = fixtures.path("folder")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let run = try QuireRun.run(["--snapshot", folder, "--size", "600x500", fixtures.standard()])
        XCTAssertEqual(run.status, 3, run.standardError)
        XCTAssertTrue(run.standardError.contains("is a folder"), run.standardError)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), [])
    }

    func testPrintToFileThroughALinkWritesItsTargetAndANullDeviceStaysOne() throws {
        let target = fixtures.path("printed.pdf"), link = fixtures.path("print-link.pdf")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let null = fixtures.path("print-null")
        guard mknod(null, S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0 else {
            return XCTFail("mknod needs root, as the tests run: \(String(cString: strerror(errno)))")
        }
        for output in [link, null] {
            let session = try ScriptedSession(script: "export QUIRE_PRINT_TO_FILE='\(output)'\n" + ScriptedSession.start(title: Fixtures.standardTitle) + """
                xdotool windowfocus --sync "$window"
                xdotool key ctrl+p
                echo pressed
                read answer
                kill $quire; wait $quire
                """, file: fixtures.standard(), shot: fixtures.path("print.png"))
            XCTAssertEqual(try session.readLine(), "pressed")
            XCTAssertTrue(session.errorsSay("printed \(Fixtures.standardSizes.count) pages to \(output)"), "nothing was printed to \(output)")
            try session.proceed()
        }
        XCTAssertEqual(kind(link), S_IFLNK, "the link was replaced by the printout")
        XCTAssertEqual(try QPDF.check(target), true, "the printout through the link is not a sound PDF")
        XCTAssertEqual(kind(null), S_IFCHR, "the device node was replaced by the printout")
    }
}
