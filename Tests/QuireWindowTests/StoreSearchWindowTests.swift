import Fixtures
import Foundation
import PDFWriter
import XCTest

/// Find in All Documents (Ctrl+Shift+F) in a real window, over a text store filled by
/// earlier runs: the documents and their matches are listed, and the one chosen opens in a
/// tab at its match. The search traced (`QUIRE_TRACE_SEARCH`) says what was found and chosen.
final class StoreSearchWindowTests: XCTestCase {
    private var fixtures: Fixtures!
    override func setUpWithError() throws { fixtures = try Fixtures() }
    override func tearDown() { fixtures = nil }

    private func said(_ session: ScriptedSession) -> String { (try? String(contentsOfFile: session.errors, encoding: .utf8)) ?? "" }

    /// A document of `pages` pages with "quokka" on page `page` (from 1) only.
    private func document(_ name: String, pages: Int, quokkaOn page: Int) -> String {
        let file = fixtures.path(name)
        let writer = PDFWriter(path: file)
        for index in 1...pages {
            writer.beginPage()
            writer.text(index == page ? "A quokka smiles on page \(index)." : "Nothing on page \(index).", x: 72, y: 100, size: 14)
        }
        writer.finish()
        return file
    }

    func testAWordInThreeStoredDocumentsOpensTheChosenOneAtItsMatch() throws {
        try QuireRun.requireDisplay()
        let cache = fixtures.path("cache")
        try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let stored = [document("first.pdf", pages: 3, quokkaOn: 2), document("second.pdf", pages: 2, quokkaOn: 1),
                      document("third.pdf", pages: 4, quokkaOn: 3)]
        // Each read through once (a search walks every page), in this order: the last is the
        // most recently used, listed first.
        for file in stored {
            let run = try QuireRun.run(["--snapshot", fixtures.path("fill.png"), "--find", "quokka", file], environment: ["XDG_CACHE_HOME": cache])
            XCTAssertEqual(run.status, 0, run.standardError)
        }
        let other = document("other.pdf", pages: 1, quokkaOn: 0)
        let shot = fixtures.path("everywhere.png")
        let script = ScriptedSession.start(title: "other.pdf", arguments: "--size 1100x800") + """
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+shift+f
            found=""
            for wait in $(seq 100); do found=$(xdotool search --onlyvisible --name '^Find in All Documents$' | head -1); [ -n "$found" ] && break; sleep 0.1; done
            xdotool windowfocus --sync "$found"
            xdotool type --delay 60 'quokka'
            echo typed
            read answer
            import -window root '\(shot)'
            xdotool key Return
            echo chosen
            read answer
            kill $quire; wait $quire
            """
        let session = try ScriptedSession(script: script, file: other, shot: fixtures.path("store-search"),
                                          environment: ["XDG_CACHE_HOME": cache, "QUIRE_TRACE_SEARCH": "1", "LANG": "C.UTF-8", "LANGUAGE": ""])
        XCTAssertEqual(try session.readLine(), "typed")
        XCTAssertTrue(session.errorsSay("search everywhere “quokka”: 3 matches in 3 of "), said(session))
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "chosen")
        let third = try XCTUnwrap(realpath(stored[2], nil).map { path in defer { free(path) }; return String(cString: path) })
        XCTAssertTrue(session.errorsSay("search everywhere chose \(third) page 3 match 1"), said(session))
        // The tab opened on the third document, its match current (and so brought into view).
        XCTAssertTrue(session.errorsSay("search “quokka”: match=1/1 (page 3), 1 rows"), said(session))
        try session.proceed()
        XCTAssertTrue(FileManager.default.fileExists(atPath: shot), "no picture of the results")
    }
}
