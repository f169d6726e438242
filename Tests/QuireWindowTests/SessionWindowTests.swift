import Fixtures
import Foundation
import XCTest

/// The last session (issue 46): Quire started again with no file reopens the tabs it had,
/// the chosen one chosen (not the last opened), each document at its place; and with "Open Documents in Tabs"
/// off a file handed to the running Quire opens a window of its own.
final class SessionWindowTests: XCTestCase {
    private var fixtures: Fixtures!
    override func setUpWithError() throws { fixtures = try Fixtures() }
    override func tearDown() { fixtures = nil }

    func testStartedAgainWithoutAFileQuireReopensTheTabsAtTheirPlaces() throws {
        try QuireRun.requireDisplay()
        let first = fixtures.long(pages: 30, named: "first.pdf")
        let second = fixtures.long(pages: 40, named: "second.pdf")
        let script = ScriptedSession.twoTabs(handingOver: second) + """
            """ + ScriptedSession.press("ctrl+l", thenType: "12") + """
            xdotool key alt+1
            echo "$(title_after "first.pdf")"
            """ + ScriptedSession.press("ctrl+l", thenType: "5") + """
            xdotool key ctrl+q
            ended
            "$1" --size 1400x1000 & quire=$!
            window=$(appears 30 --onlyvisible --name '^(first|second)\\.pdf$' | head -1)
            xdotool mousemove 1590 1190
            echo "reopened $(title_after "first.pdf"), windows $(xdotool search --onlyvisible --name '^(first|second)\\.pdf$' | wc -l)"
            read answer
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+Page_Down
            echo "$(title_after "second.pdf")"
            read answer
            xdotool key ctrl+q
            ended
            """
        let session = try ScriptedSession(script: script, file: first, shot: fixtures.path("session.png"))
        try session.twoTabsShown()
        XCTAssertEqual(try session.readLine(), "first.pdf")
        XCTAssertEqual(try session.readLine(), "exited 0")
        // The first tab was chosen, though the second opens last.
        XCTAssertEqual(try session.readLine(), "reopened first.pdf, windows 1", "the tabs, the first chosen, did not come back in one window")
        // Under the tab bar, the page centred in the window (no sidebar).
        XCTAssertTrue(try session.showsAtTheTop(page: 4, of: first, xs: 250...350, ys: 80...160), "the first tab is not at page 5")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "second.pdf", "the second tab did not come back after the first")
        XCTAssertTrue(try session.showsAtTheTop(page: 11, of: second, xs: 250...350, ys: 80...160), "the second tab is not at page 12")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "exited 0")
    }

    func testWithTabsOffAFileHandedOverOpensAWindowOfItsOwn() throws {
        try QuireRun.requireDisplay()
        let first = fixtures.long(pages: 3, named: "first.pdf")
        let second = fixtures.long(pages: 3, named: "second.pdf")
        let config = fixtures.path("config")
        try FileManager.default.createDirectory(atPath: config + "/glib-2.0/settings", withIntermediateDirectories: true)
        try "[app/quire/Quire]\nopen-in-tabs=false\n".write(toFile: config + "/glib-2.0/settings/keyfile", atomically: true, encoding: .utf8)
        let script = TestEnvironment.ownSessionBus + ScriptedSession.windowFunctions
            + ScriptedSession.start(title: "first.pdf", arguments: "--size 1000x800") + """
            timeout 20 "$1" '\(second)'; echo "handed over $?"
            other=$(appears 30 --onlyvisible --name '^second\\.pdf$' | head -1)
            echo "first still $(xdotool getwindowname "$window"), another window $([ -n "$other" ] && [ "$other" != "$window" ] && echo yes)"
            xdotool key ctrl+q
            ended
            """
        let session = try ScriptedSession(script: script, file: first, shot: fixtures.path("windows.png"),
                                          environment: ["XDG_CONFIG_HOME": config, "GSETTINGS_BACKEND": "keyfile"])
        XCTAssertEqual(try session.readLine(), "handed over 0")
        XCTAssertEqual(try session.readLine(), "first still first.pdf, another window yes", "the file handed over did not open a window of its own")
        XCTAssertEqual(try session.readLine(), "exited 0")
    }
}
