import Fixtures
import Foundation
import XCTest

/// The text store in real runs: `--find` snapshots in one cache folder, the search traced
/// (`QUIRE_TRACE_SEARCH`: where a complete query's text came from, and how many pages the
/// helpers read in the run).
final class TextStoreWindowTests: XCTestCase {
    var fixtures: Fixtures!
    var cache: String!
    override func setUpWithError() throws {
        fixtures = try Fixtures()
        cache = fixtures.path("cache")
        try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }
    override func tearDown() { fixtures = nil }

    private func find(_ word: String, in document: String, password: String? = nil) throws -> (summary: String, source: String) {
        let run = try QuireRun.run(["--snapshot", fixtures.path("shot.png"), "--size", "900x700", "--find", word, document],
                                   environment: ["XDG_CACHE_HOME": cache, "QUIRE_TRACE_SEARCH": "1"].merging(password.map { ["QUIRE_PASSWORD": $0] } ?? [:]) { $1 })
        XCTAssertEqual(run.status, 0, run.standardError)
        let summary = run.standardOutput.components(separatedBy: " ").first { $0.hasPrefix("match=") } ?? "none"
        let source = run.standardError.components(separatedBy: "\n").last { $0.hasPrefix("quire: search text for “") } ?? "no trace"
        return (summary, source)
    }

    private var entries: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: cache + "/quire/text")) ?? []).filter { $0.hasSuffix(".qtext") }
    }

    /// Searched and closed, the document reopened answers its first query from the store:
    /// the helpers read no page's text.
    func testAReopenedDocumentIsSearchedWithoutReadingItsPages() throws {
        let document = fixtures.searchable()
        let first = try find("fox", in: document)
        XCTAssertEqual(first.summary, "match=1/105")
        XCTAssertTrue(first.source.contains("text store missing"), first.source)
        XCTAssertEqual(entries.count, 1, "no entry written")
        let again = try find("fox", in: document)
        XCTAssertEqual(again.summary, "match=1/105")
        XCTAssertTrue(again.source.hasSuffix("text store found, 0 pages read by helpers"), again.source)
    }

    /// A file rebuilt at the same path, with as many pages, is read again: its own matches.
    func testAFileChangedOnDiskIsReadAgain() throws {
        let document = fixtures.searchable()
        XCTAssertEqual(try find("fox", in: document).summary, "match=1/105")
        _ = fixtures.dense(pages: 4, named: "searchable.pdf")
        let changed = try find("fox", in: document)
        XCTAssertEqual(changed.summary, "match=1/200")
        XCTAssertTrue(changed.source.contains("text store dropped"), changed.source)
        XCTAssertFalse(changed.source.hasSuffix(" 0 pages read by helpers"), changed.source)
    }

    /// An encrypted document's text is not written to the disk in the clear.
    func testAnEncryptedDocumentIsNotStored() throws {
        let document = try fixtures.encrypted(password: "s3cret")
        let found = try find("hello", in: document, password: "s3cret")
        XCTAssertEqual(found.summary, "match=1/4")
        XCTAssertTrue(found.source.contains("text store none"), found.source)
        XCTAssertEqual(entries, [])
    }

    /// A damaged entry is dropped and the text read again: the same answer as before.
    func testADamagedEntryIsDroppedAndTheSearchStaysRight() throws {
        let document = fixtures.searchable()
        XCTAssertEqual(try find("fox", in: document).summary, "match=1/105")
        let entry = try XCTUnwrap(entries.first).withPrefix(cache + "/quire/text/")
        var bytes = try Data(contentsOf: URL(fileURLWithPath: entry))
        bytes[bytes.count - 9] ^= 0x5A
        try bytes.write(to: URL(fileURLWithPath: entry))
        let again = try find("fox", in: document)
        XCTAssertEqual(again.summary, "match=1/105")
        XCTAssertTrue(again.source.contains("text store dropped"), again.source)
        XCTAssertEqual(entries.count, 1, "the text read again is stored again")
    }
}

extension TextStoreWindowTests {
    /// Caret mode's characters read from a helper are kept with the document's text (written
    /// when its window closes); reopened, caret mode has them from the store.
    func testCaretModeReadsAReopenedDocumentsCharactersFromTheStore() throws {
        try QuireRun.requireDisplay()
        let document = fixtures.searchable()
        func caretRun(_ shot: String) throws -> String {
            let script = ScriptedSession.start(title: "searchable.pdf", arguments: "--size 900x700") + ScriptedSession.ended(within: 30) + """
                xdotool windowfocus --sync "$window"
                xdotool key F7
                echo pressed
                read answer
                xdotool key ctrl+w
                ended
                """
            let session = try ScriptedSession(script: script, file: document, shot: fixtures.path(shot),
                                              environment: ["XDG_CACHE_HOME": cache, "QUIRE_TRACE_SEARCH": "1"])
            XCTAssertEqual(try session.readLine(), "pressed")
            XCTAssertTrue(session.errorsSay("characters of page 1: "), "caret mode read no page")
            try session.proceed()
            XCTAssertEqual(try session.readLine(), "exited 0")
            return (try? String(contentsOfFile: session.errors, encoding: .utf8)) ?? ""
        }
        let first = try caretRun("caret-first")
        XCTAssertTrue(first.contains("characters of page 1: read by a helper"), first)
        let again = try caretRun("caret-again")
        XCTAssertTrue(again.contains("characters of page 1: from the text store"), again)
        XCTAssertFalse(again.contains("read by a helper"), again)
    }
}

private extension String {
    func withPrefix(_ prefix: String) -> String { prefix + self }
}
