import Foundation
import QuireEngine
import QuireSandbox
import XCTest

/// The web fetch process (`quire-helpers --web-fetch-process`) against a real HTTP server on
/// 127.0.0.1 (`WebServer`): what it answers, what it stores in the cache folder and what
/// the server saw it ask. No display needed.
final class FetchProcessTests: XCTestCase {
    private var folder = ""
    private var server: WebServer!
    private var pdf = ""
    private var cache: String { folder + "/cache" }
    /// The fetch process's NoNewPrivs line, read while it ran (`killAfterProgress` runs).
    private var noNewPrivileges: String?

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "quire-fetch-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        pdf = try Self.corpusFile("synth-scan-40p.pdf")
        server = try WebServer(serving: pdf, in: folder)
    }

    override func tearDownWithError() throws {
        server?.stop()
        try? FileManager.default.removeItem(atPath: folder)
    }

    func testSecondOpeningOfAnUnchangedDocumentAsksConditionallyAndReadsNoBody() throws {
        let first = try fetch(server.address("/doc.pdf?etag"))
        guard case .copy(let path, .downloaded, _) = first.last else { return XCTFail("no copy: \(first)") }
        XCTAssertEqual(FileManager.default.contents(atPath: path), FileManager.default.contents(atPath: pdf))
        XCTAssertTrue(first.contains { if case .progress(let p) = $0 { p.total == p.received && p.total != nil } else { false } })
        let second = try fetch(server.address("/doc.pdf?etag"))
        guard case .copy(let again, .unchanged, _) = second.last else { return XCTFail("not revalidated: \(second)") }
        XCTAssertEqual(again, path)
        let requests = server.requests
        XCTAssertEqual(requests.count, 2)
        XCTAssertNil(requests[0].ifNoneMatch)
        XCTAssertNotNil(requests[1].ifNoneMatch)
        XCTAssertEqual(requests[1].status, 304)
        XCTAssertEqual(requests[1].body, 0)
    }

    func testLastModifiedAloneRevalidates() throws {
        _ = try fetch(server.address("/doc.pdf?modified"))
        let second = try fetch(server.address("/doc.pdf?modified"))
        guard case .copy(_, .unchanged, _) = second.last else { return XCTFail("not revalidated: \(second)") }
        XCTAssertNotNil(server.requests.last?.ifModifiedSince)
        XCTAssertEqual(server.requests.map(\.body).last, 0)
    }

    func testABodyWithoutContentLengthIsStoredWhole() throws {
        let messages = try fetch(server.address("/doc.pdf?nolength"))
        guard case .copy(let path, .downloaded, _) = messages.last else { return XCTFail("no copy: \(messages)") }
        XCTAssertEqual(FileManager.default.contents(atPath: path), FileManager.default.contents(atPath: pdf))
        XCTAssertFalse(messages.contains { if case .progress(let p) = $0 { p.total != nil } else { false } })
    }

    func testWithTheServerStoppedTheStoredCopyOpensWithItsDate() throws {
        guard case .copy(let path, _, let stored) = try fetch(server.address("/doc.pdf?etag")).last else { return XCTFail("no copy") }
        let address = server.address("/doc.pdf?etag")
        server.stop()
        let offline = try fetch(address)
        XCTAssertEqual(offline.last, .copy(path: path, freshness: .offline, storedAt: stored))
        // Without a stored copy, the same server out of reach is a failure saying so.
        guard case .failed(.unreachable) = try fetch(address.replacingOccurrences(of: "etag", with: "modified")).last else {
            return XCTFail("a copy out of nothing")
        }
    }

    func testNotFoundAndAWebPageSayWhyAndStoreNothing() throws {
        XCTAssertEqual(try fetch(server.address("/missing.pdf")).last, .failed(.notFound))
        let page = try fetch(server.address("/page.html"))
        XCTAssertEqual(page.last, .failed(.notAPDF(contentType: "text/html")))
        if case .failed(let failure) = page.last { XCTAssertTrue(failure.message(address: "x").contains("web page")) }
        XCTAssertEqual(storedFiles(), [])
    }

    func testTenRedirectsAreFollowedAndMoreOrALoopAreRefused() throws {
        guard case .copy(_, .downloaded, _) = try fetch(server.address("/hops/9")).last else { return XCTFail("10 redirects not followed") }
        XCTAssertEqual(try fetch(server.address("/hops/10")).last, .failed(.tooManyRedirects))
        XCTAssertEqual(try fetch(server.address("/loop")).last, .failed(.tooManyRedirects))
        XCTAssertEqual(server.requests.filter { $0.path == "/loop" }.count, 11)
    }

    func testARedirectToAnotherOriginDropsTheConditionalHeaders() throws {
        let address = server.address("/away?" + server.address("/doc.pdf?etag", host: "localhost"))
        _ = try fetch(address)
        _ = try fetch(address)
        let asked = server.requests
        XCTAssertEqual(asked.count, 4)
        XCTAssertNotNil(asked[2].ifNoneMatch, "the same origin is asked conditionally")
        XCTAssertEqual(asked[3].path, "/doc.pdf?etag")
        XCTAssertNil(asked[3].ifNoneMatch, "another origin is not sent this one's headers")
    }

    func testABodyOverTheBoundIsStoppedAndLeavesNoCopy() throws {
        let bound = 1 << 20
        XCTAssertEqual(try fetch(server.address("/doc.pdf"), sizeLimit: bound).last, .failed(.tooLarge(limit: bound)))
        XCTAssertEqual(try fetch(server.address("/doc.pdf?nolength"), sizeLimit: bound).last, .failed(.tooLarge(limit: bound)))
        XCTAssertEqual(try fetch(server.address("/endless"), sizeLimit: bound).last, .failed(.tooLarge(limit: bound)))
        XCTAssertEqual(storedFiles(), [])
    }

    func testACancelledDownloadLeavesNoPartialCopy() throws {
        let messages = try fetch(server.address("/slow.pdf"), killAfterProgress: true)
        XCTAssertTrue(messages.contains { if case .progress(let p) = $0 { p.received > 0 } else { false } })
        XCTAssertEqual(storedFiles(), [])
        XCTAssertEqual(noNewPrivileges, "NoNewPrivs:\t1", "the fetch process is not confined")
    }

    /// Landlock keeps the fetch process's writes inside the cache folder: a symbolic link
    /// planted where it writes its entry does not take the write outside.
    func testALinkPlantedInTheCacheCannotTakeAWriteOutsideIt() throws {
        guard case .enforced = try Sandbox.LandlockStatus.offered else { throw XCTSkip("this kernel has no Landlock") }
        let address = server.address("/doc.pdf?etag")
        let key = WebCacheEntry.key(for: try XCTUnwrap(WebAddress(address)))
        try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
        let outside = folder + "/outside.txt"
        try "untouched".write(toFile: outside, atomically: true, encoding: .utf8)
        XCTAssertEqual(symlink(outside, cache + "/\(key).meta.new"), 0)
        guard case .failed(.cache) = try fetch(address).last else { return XCTFail("the entry was written through the link") }
        XCTAssertEqual(try String(contentsOfFile: outside, encoding: .utf8), "untouched")
    }

    func testATransferWithoutProgressIsGivenUp() throws {
        XCTAssertEqual(try fetch(server.address("/stall.pdf"), stallSeconds: 1).last, .failed(.stalled(seconds: 1)))
        XCTAssertEqual(storedFiles(), [])
    }

    func testAReaderOfTheOldCopyKeepsItWhenANewOneReplacesIt() throws {
        guard case .copy(let path, _, _) = try fetch(server.address("/doc.pdf?nolength")).last else { return XCTFail("no copy") }
        let old = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        let oldInode = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int
        guard case .copy(path, .downloaded, _) = try fetch(server.address("/doc.pdf?nolength")).last else { return XCTFail("not replaced") }
        let newInode = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int
        XCTAssertNotEqual(oldInode, newInode, "the copy is replaced whole, not rewritten in place")
        XCTAssertEqual(try old.readToEnd(), FileManager.default.contents(atPath: pdf))
    }

    // MARK: -

    /// The process's messages for one request; with `killAfterProgress`, it is killed at its
    /// first progress line past the start (the window's Cancel).
    private func fetch(_ address: String, sizeLimit: Int = 1 << 30, stallSeconds: Int = 10,
                       killAfterProgress: Bool = false) throws -> [FetchMessage] {
        let request = WebFetchRequest(address: try XCTUnwrap(WebAddress(address)), cacheFolder: cache,
                                      policy: WebFetchPolicy(sizeLimit: sizeLimit, stallSeconds: stallSeconds))
        let process = Process()
        process.executableURL = QuireRun.helpers
        process.arguments = [WebFetchPolicy.processRole]
        process.environment = TestEnvironment.forRun()
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        try input.fileHandleForWriting.write(contentsOf: Data((request.line + "\n").utf8))
        try input.fileHandleForWriting.close()
        var messages: [FetchMessage] = []
        var pending = Data()
        // What has come so far: read(upToCount:) would wait for that many bytes.
        while case let data = output.fileHandleForReading.availableData, !data.isEmpty {
            pending += data
            while let end = pending.firstIndex(of: 0x0a) {
                let line = String(decoding: pending[pending.startIndex..<end], as: UTF8.self)
                pending = pending[(end + 1)...]
                guard let message = FetchMessage(line: line) else { XCTFail("unreadable line: \(line)"); continue }
                messages.append(message)
                if killAfterProgress, case .progress(let progress) = message, progress.received > 0 {
                    let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)
                    noNewPrivileges = status?.split(separator: "\n").first { $0.hasPrefix("NoNewPrivs:") }.map(String.init)
                    kill(process.processIdentifier, SIGKILL)
                }
            }
        }
        process.waitUntilExit()
        return messages
    }

    /// The files in the cache folder, without the folder's own.
    private func storedFiles() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: cache)) ?? []).sorted()
    }

    static func corpusFile(_ name: String) throws -> String {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../shared/corpus/\(name)").standardizedFileURL.path
        guard FileManager.default.fileExists(atPath: path) else { throw XCTSkip("no ../shared/corpus beside this checkout") }
        return path
    }
}
