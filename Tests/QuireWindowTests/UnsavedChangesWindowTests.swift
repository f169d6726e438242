import Fixtures
import Foundation
import QuireEngine
import XCTest

/// What closing and quitting do with a reader's unsaved changes, in real windows: Discard
/// closes cleanly, and Quit asks about every window with changes before it closes any.
final class UnsavedChangesWindowTests: XCTestCase {
    private var fixtures: Fixtures!
    override func setUpWithError() throws { fixtures = try Fixtures() }
    override func tearDown() { fixtures = nil }

    /// Adwaita's destructive-action button colour (#e01b24), Discard's.
    private static let destructiveRed: UInt32 = 0xFFE0_1B24

    /// Ctrl+W on a window with a new highlight, then a click on Discard (the pointer moved
    /// onto it in steps): the window closes, nothing is written, and GLib says nothing (the
    /// session's end checks Quire's stderr for warnings and criticals too).
    func testDiscardingWhenClosingClosesCleanly() throws {
        try QuireRun.requireDisplay()
        let file = fixtures.searchable(named: "discarded.pdf")
        let original = try Data(contentsOf: URL(fileURLWithPath: file))
        let script = ScriptedSession.opening("discarded.pdf") + """
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+a ctrl+h
            echo "title $(title_after "• discarded.pdf")"
            xdotool key ctrl+w
            asking
            read answer
            set -- $answer
            for step in 40 20 8 0; do xdotool mousemove $(( $1 - step )) $(( $2 + step / 4 )); done
            xdotool click 1
            ended
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("discard.png"))
        XCTAssertEqual(try session.readLine(), "title • discarded.pdf")
        XCTAssertEqual(try session.readLine(), "asked")
        // The Discard button, found on screen by its red.
        let screen = try session.screen { $0.bounds(of: Self.destructiveRed, tolerance: 12) != nil }
        let discard = try XCTUnwrap(screen.bounds(of: Self.destructiveRed, tolerance: 12), "no Discard button on screen")
        try session.proceed("\(discard.x + discard.width / 2) \(discard.y + discard.height / 2)")
        XCTAssertEqual(try session.readLine(), "exited 0", "Discard did not close the last window")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: file)), original, "Discard wrote the file")
        let errors = try String(contentsOfFile: session.errors, encoding: .utf8)
        XCTAssertEqual(GLibMessages.faults(in: errors), [], "closing after Discard made GLib complain")
    }

    /// Two documents from the command line, two tabs of one window, each with an unsaved
    /// highlight: Ctrl+Q asks before closing anything, Cancel keeps both tabs and both
    /// highlights; Ctrl+Q again asks about each tab in turn (choosing it), Save twice
    /// writes both files and quits.
    func testQuitAsksAboutEveryTabBeforeClosingAnyAndCancelKeepsThemAll() throws {
        try QuireRun.requireDisplay()
        let file = fixtures.searchable(named: "first.pdf")
        let other = fixtures.searchable(named: "second.pdf")
        let script = ScriptedSession.windowFunctions + """
            "$1" --size 1000x900 "$2" '\(other)' & quire=$!
            window=$(appears 30 --onlyvisible --name '^second\\.pdf$' | head -1)
            [ -n "$window" ] || { echo "no window"; kill $quire; exit 1; }
            echo "windows $(xdotool search --onlyvisible --name '^(first|second)\\.pdf$' | wc -l)"
            read answer
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+a ctrl+h
            echo "$(title_after "• second.pdf")"
            xdotool key ctrl+Tab
            echo "$(title_after "first.pdf")"
            xdotool key ctrl+a ctrl+h
            echo "$(title_after "• first.pdf")"
            xdotool key ctrl+q
            asking
            xdotool key Escape
            gone
            echo "after cancel $(xdotool getwindowname "$window")"
            # Without a window manager the focus does not come back from the question.
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+Tab
            echo "$(title_after "• second.pdf")"
            xdotool key ctrl+q
            asking
            echo "asked about $(xdotool getwindowname "$window")"
            xdotool key Return
            gone
            asking
            echo "asked about $(xdotool getwindowname "$window")"
            xdotool key Return
            ended
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("quit.png"))
        XCTAssertEqual(try session.readLine(), "windows 1", "the two files did not open as tabs of one window")
        // The second document on screen (its title comes while it opens): its words under the tab bar.
        func shown(_ screen: Picture) -> Bool { screen.darkPixels(x: 100, y: 100, width: 800, height: 300) > 200 }
        XCTAssertTrue(shown(try session.screen(until: shown)), "the second document is not shown")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "• second.pdf")
        XCTAssertEqual(try session.readLine(), "first.pdf", "Ctrl+Tab did not go to the first tab")
        XCTAssertEqual(try session.readLine(), "• first.pdf")
        XCTAssertEqual(try session.readLine(), "asked", "Quit did not ask about the unsaved highlights")
        XCTAssertEqual(try session.readLine(), "after cancel • first.pdf", "Cancel did not keep the tab and its highlight")
        XCTAssertEqual(try session.readLine(), "• second.pdf", "the second tab lost its highlight")
        XCTAssertTrue(try QPDF.annotations(in: file).isEmpty, "something was saved before the reader said so")
        XCTAssertEqual(try session.readLine(), "asked")
        XCTAssertEqual(try session.readLine(), "asked about • first.pdf", "Quit did not choose the tab it asks about")
        XCTAssertEqual(try session.readLine(), "asked", "Quit did not ask about the second tab")
        XCTAssertEqual(try session.readLine(), "asked about • second.pdf")
        XCTAssertEqual(try session.readLine(), "exited 0", "saving both did not go on to quit")
        XCTAssertFalse(try QPDF.annotations(in: file).isEmpty, "the first tab's highlight was not saved")
        XCTAssertFalse(try QPDF.annotations(in: other).isEmpty, "the second tab's highlight was not saved")
    }
}
