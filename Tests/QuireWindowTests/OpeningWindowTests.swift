import Fixtures
import Foundation
import XCTest

/// Ctrl+O's file chooser opens a document in a new window (the first one is taken) and
/// the desktop's recent files gain it; Ctrl+N opens an empty window.
final class OpeningWindowTests: XCTestCase {
    private var fixtures: Fixtures!
    override func setUpWithError() throws { fixtures = try Fixtures() }
    override func tearDown() { fixtures = nil }

    func testTheChooserOpensAFileWhichJoinsTheRecentFilesAndCtrlNOpensAnEmptyWindow() throws {
        try QuireRun.requireDisplay()
        let chosen = fixtures.long(pages: 3, named: "chosen.pdf")
        let dataHome = freshStateHome()
        let script = ScriptedSession.start(title: "Quire Test Fixture") + ScriptedSession.choose(chosen, title: "chosen.pdf") + """
            [ -n "$opened" ] && echo opened || echo "not opened"
            read answer
            xdotool windowfocus --sync "$opened"
            xdotool key ctrl+n
            empty=$(appears 30 --onlyvisible --name '^Quire$' | head -1)
            [ -n "$empty" ] && echo "empty window" || echo "no empty window"
            read answer
            kill $quire; wait $quire
            """
        let session = try ScriptedSession(script: script, file: fixtures.standard(), shot: fixtures.path("opening.png"),
                                          environment: ["XDG_DATA_HOME": dataHome])
        XCTAssertEqual(try session.readLine(), "opened")
        let recent = ScriptedSession.poll {
            (try? String(contentsOfFile: dataHome + "/recently-used.xbel", encoding: .utf8)).flatMap { $0.contains("chosen.pdf") ? $0 : nil }
        }
        XCTAssertNotNil(recent, "the chosen file is not among the recent files")
        XCTAssertTrue(recent?.contains("standard.pdf") == true, "the first file is not among the recent files")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "empty window")
    }

    /// Six files at once: their checks take turns (one a core), each in a tab of one window,
    /// and every tab ends up with its document (each is remembered when Quire quits).
    func testManyFilesAtOnceAllOpen() throws {
        try QuireRun.requireDisplay()
        let files = (1...6).map { fixtures.long(pages: 2, named: "many-\($0).pdf") }
        let stateHome = freshStateHome()
        let script = """
            \(ScriptedSession.ended(within: 10))
            "$1" \(files.map { "'\($0)'" }.joined(separator: " ")) & quire=$!
            window=$(appears 30 --onlyvisible --name '^many-6\\.pdf$' | head -1)
            echo "windows $(xdotool search --onlyvisible --name '^many-[1-6]\\.pdf$' | wc -l)"
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+q
            ended
            """
        let session = try ScriptedSession(script: script, file: files[0], shot: fixtures.path("many.png"), stateHome: stateHome)
        XCTAssertEqual(try session.readLine(), "windows 1", "the six files did not open as tabs of one window")
        XCTAssertEqual(try session.readLine(), "exited 0")
        let shown = ScriptedSession.poll {
            let text = (try? String(contentsOfFile: stateHome + "/quire/documents.json", encoding: .utf8)) ?? ""
            return files.allSatisfy { text.contains($0) } ? text : nil
        }
        XCTAssertNotNil(shown, "not every document was shown")
    }
}
