import Fixtures
import Foundation
import PDFWriter
import XCTest

/// Regular expressions in the find bar of a real window (Ctrl+Alt+R turns them on), typed
/// with xdotool; the search traced (`QUIRE_TRACE_SEARCH`) says what the bar shows.
final class RegexFindWindowTests: XCTestCase {
    private var fixtures: Fixtures!
    override func setUpWithError() throws { fixtures = try Fixtures() }
    override func tearDown() { fixtures = nil }

    /// A script that turns regular expressions on, types `first` into the find bar, then
    /// (told to go on) types `second` over it, then runs `then`; "typed" after each query.
    private func twoQueries(title: String, _ first: String, _ second: String, then: String = "") -> String {
        ScriptedSession.start(title: title, arguments: "--size 1000x800") + """
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+alt+r ctrl+f
            xdotool type --delay 40 '\(first)'
            echo typed
            read answer
            xdotool key ctrl+a
            xdotool type --delay 40 '\(second)'
            echo typed
            read answer
            \(then)
            kill $quire; wait $quire
            """
    }

    /// What the search said so far, a line each.
    private func searchLines(_ session: ScriptedSession) -> [String] {
        ((try? String(contentsOfFile: session.errors, encoding: .utf8)) ?? "").split(separator: "\n")
            .filter { $0.hasPrefix("quire: search “") }.map { String($0.dropFirst("quire: ".count)) }
    }

    private func says(_ session: ScriptedSession, _ state: String) -> Bool {
        ScriptedSession.poll { searchLines(session).contains(state) ? true : nil } ?? false
    }

    /// A pattern finds what it matches; one that does not compile says why in the bar.
    func testAPatternMatchesAndAnInvalidOneSaysWhy() throws {
        try QuireRun.requireDisplay()
        let file = fixtures.searchable()
        let shot = fixtures.path("regex-error.png")
        let script = twoQueries(title: "searchable.pdf", "fox(es|trot)?", "fox(es", then: """
            import -window root '\(shot)'
            echo shot
            read answer
            """)
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("regex"),
                                          environment: ["QUIRE_TRACE_SEARCH": "1", "LANG": "C.UTF-8", "LANGUAGE": ""])
        XCTAssertEqual(try session.readLine(), "typed")
        // fox, FOXES, fox, foxtrot on page 1; 100 on page 2; "The last fox." on page 4.
        XCTAssertTrue(says(session, "search “fox(es|trot)?”: match=1/105 (page 1), 105 rows"), "\(searchLines(session))")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "typed")
        XCTAssertTrue(says(session, "search “fox(es”: Not a valid pattern: missing closing parenthesis (at character 7)"),
                      "\(searchLines(session))")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "shot")
        try session.proceed()
    }

    /// `(a+)+$` over pages of long lines of a's backtracks for minutes a page in a naive
    /// engine. Here each page's work is bounded (the page is said not to be searched) and
    /// the window keeps answering: the keys typed after it make a new query, which the
    /// search threads take up and finish.
    func testACatastrophicPatternLeavesTheWindowResponsive() throws {
        try QuireRun.requireDisplay()
        let file = fixtures.path("aaa.pdf")
        let writer = PDFWriter(path: file)
        for _ in 0..<6 {
            writer.beginPage()
            for line in 0..<45 { writer.text(String(repeating: "a", count: 40) + " b", x: 30, y: 40 + Double(line) * 15, size: 8) }
        }
        writer.finish()
        let script = twoQueries(title: "aaa.pdf", "(a+)+$", "a b")
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("catastrophic"), environment: ["QUIRE_TRACE_SEARCH": "1"])
        XCTAssertEqual(try session.readLine(), "typed")
        // Each page is given up within its bound (said as not searched), not searched for minutes.
        XCTAssertTrue(says(session, "search “(a+)+$”: match=0/0 unsearched=6, 0 rows"), "\(searchLines(session))")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "typed")
        // 45 lines of 6 pages: every "a b" found, none of the pages left unsearched.
        XCTAssertTrue(says(session, "search “a b”: match=1/270 (page 1), 270 rows"), "\(searchLines(session).suffix(4))")
        try session.proceed()
    }
}
