import Fixtures
import Foundation
import QuireEngine
@testable import QuireRemote
import XCTest

/// Saving through a real save helper (confined, with its file size limit) into the file
/// the window opened: another parser reads the result, the original's permissions stay,
/// and a failed save leaves the original as it was, with no stray file beside it.
final class DocumentSavingTests: XCTestCase {
    private func markup(page: Int = 0) -> Markup {
        Markup(id: 1, page: page, kind: .highlight, colour: .green, areas: [Rect(x: 72, y: 80, width: 200, height: 20)],
               text: "Long page 1", author: "Ada", created: 0)
    }

    private func siblings(of path: String) throws -> [String] {
        let folder = (path as NSString).deletingLastPathComponent
        return try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    }

    func testASaveReplacesTheFileWithOneQpdfReadsKeepingItsPermissions() throws {
        _ = try XCTUnwrap(TestZygote.shared, "the zygote did not start")
        let fixtures = try Fixtures()
        let path = fixtures.long(pages: 3, named: "save.pdf")
        chmod(path, 0o640)
        let before = try siblings(of: path)
        let file = try DocumentFile(opening: DocumentSource(path: path))
        try DocumentSaving.save([markup(), markup(page: 2)], of: file, to: path)
        let read = try QPDF.annotations(in: path)
        XCTAssertEqual(read.map(\.subtype), ["/Highlight", "/Highlight"])
        XCTAssertEqual(read.map(\.page), [0, 2])
        XCTAssertEqual(read.first?.contents, "Long page 1")
        XCTAssertTrue(try QPDF.check(path))
        var facts = stat()
        XCTAssertEqual(stat(path, &facts), 0)
        XCTAssertEqual(facts.st_mode & 0o777, 0o640, "the saved file lost its permissions")
        XCTAssertEqual(try siblings(of: path), before, "the save left a file beside the document")

        // Saved again without the second: written onto the bytes as opened, it is gone.
        try DocumentSaving.save([markup()], of: file, to: path)
        XCTAssertEqual(try QPDF.annotations(in: path).map(\.page), [0])
    }

    /// Save As onto a link writes the file it names (the link stays), and onto a device
    /// node like /dev/null writes through it (the node stays a device).
    func testASaveThroughALinkWritesItsTargetAndADeviceStaysADevice() throws {
        _ = try XCTUnwrap(TestZygote.shared, "the zygote did not start")
        let fixtures = try Fixtures()
        let path = fixtures.long(pages: 2, named: "linked.pdf"), link = fixtures.path("link.pdf")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "linked.pdf")
        let file = try DocumentFile(opening: DocumentSource(path: path))
        try DocumentSaving.save([markup()], of: file, to: link)
        var facts = stat()
        XCTAssertEqual(lstat(link, &facts), 0)
        XCTAssertEqual(facts.st_mode & S_IFMT, S_IFLNK, "the link was replaced by the saved file")
        XCTAssertEqual(try QPDF.annotations(in: path).map(\.subtype), ["/Highlight"])

        let null = fixtures.path("null")
        guard mknod(null, S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0 else {
            return XCTFail("mknod needs root, as the tests run: \(String(cString: strerror(errno)))")
        }
        try DocumentSaving.save([markup()], of: file, to: null)
        XCTAssertEqual(lstat(null, &facts), 0)
        XCTAssertEqual(facts.st_mode & S_IFMT, S_IFCHR, "the device node was replaced by the saved file")
    }

    /// Another program rewrites the file in place (`cp` over it: the same inode): the
    /// bytes under the descriptor are another document's, so a save onto them is refused;
    /// the version kept before the change saves the document as it was opened.
    func testBytesRewrittenInPlaceAreNotSavedOntoAndTheKeptVersionIs() throws {
        _ = try XCTUnwrap(TestZygote.shared, "the zygote did not start")
        let fixtures = try Fixtures()
        let path = fixtures.long(pages: 3, named: "rewritten.pdf"), other = fixtures.long(pages: 1, named: "other.pdf")
        let file = try DocumentFile(opening: DocumentSource(path: path))
        let kept = try XCTUnwrap(file.keptVersion(), "no version was kept")
        XCTAssertTrue(file.bytesAsOpened)
        let handle = try XCTUnwrap(FileHandle(forUpdatingAtPath: path))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(contentsOf: URL(fileURLWithPath: other)))
        try handle.close()
        XCTAssertFalse(file.bytesAsOpened, "a rewrite in place went unnoticed")
        XCTAssertNil(file.keptVersion(), "a version was kept of bytes no longer those opened")
        XCTAssertThrowsError(try DocumentSaving.save([markup(page: 2)], of: file, to: path)) { error in
            XCTAssertTrue("\(error)".contains("rewritten by another program"), "\(error)")
        }
        try DocumentSaving.save([markup(page: 2)], of: kept, to: path)
        XCTAssertEqual(try MuPDF.pages(in: path).count, 3, "the kept version did not save the document as opened")
        XCTAssertEqual(try QPDF.annotations(in: path).map(\.page), [2])
    }

    /// A markup on a page the document does not have cannot be written: the save fails,
    /// saying so, and the original stays byte for byte, with nothing left beside it.
    func testAFailedSaveLeavesTheOriginalUntouched() throws {
        _ = try XCTUnwrap(TestZygote.shared, "the zygote did not start")
        let fixtures = try Fixtures()
        let path = fixtures.long(pages: 3, named: "kept.pdf")
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        let before = try siblings(of: path)
        let file = try DocumentFile(opening: DocumentSource(path: path))
        XCTAssertThrowsError(try DocumentSaving.save([markup(), markup(page: 40)], of: file, to: path)) { error in
            XCTAssertEqual("\(error)", "only 1 of 2 annotations could be written")
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), original)
        XCTAssertEqual(try siblings(of: path), before)

        chmod(path, 0o444)
        XCTAssertThrowsError(try DocumentSaving.save([markup()], of: file, to: path)) { error in
            XCTAssertEqual("\(error)", "the file is read-only, so Quire does not replace it")
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), original)
    }
}

extension DocumentSavingTests {
    /// An encrypted document saved stays encrypted: qpdf cannot open it without the
    /// password, and with it reads the saved highlight's text.
    func testAnEncryptedDocumentKeepsItsEncryption() throws {
        _ = try XCTUnwrap(TestZygote.shared, "the zygote did not start")
        let fixtures = try Fixtures()
        let path = try fixtures.encrypted(password: "secret")
        let file = try DocumentFile(opening: DocumentSource(path: path, password: "secret"))
        try DocumentSaving.save([Markup(id: 1, page: 0, kind: .highlight, colour: .yellow, areas: [Rect(x: 72, y: 80, width: 200, height: 20)],
                                        text: "kept secret", author: "Ada", created: 0)], of: file, to: path)
        let show = Process()
        show.executableURL = URL(fileURLWithPath: "/usr/bin/qpdf")
        show.arguments = ["--show-encryption", path]
        let pipe = Pipe()
        show.standardOutput = pipe
        try show.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        show.waitUntilExit()
        XCTAssertTrue(output.contains("Incorrect password supplied"), "the saved file opens without the password: \(output)")
        XCTAssertEqual(try QPDF.annotations(in: path, password: "secret").map(\.contents), ["kept secret"])
        XCTAssertTrue(try QPDF.check(path, password: "secret"))
    }
}
