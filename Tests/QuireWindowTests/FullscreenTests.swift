import Fixtures
import Foundation
import XCTest

/// F11 and Escape in a real window under a window manager (openbox): fullscreen is the
/// window manager's to grant.
final class FullscreenTests: XCTestCase {
    private var fixtures: Fixtures!
    override func setUpWithError() throws { fixtures = try Fixtures() }
    override func tearDown() { fixtures = nil }

    private static let screen = "0,0 1600x1200"
    /// Script lines: F11, then wait until the window covers the screen.
    private static let pressF11 = """
        xdotool key F11
        wait_for 'geometry | grep -q "^\(screen) "'
        """
    private static let untilWindowed = "wait_for '! geometry | grep -q FULLSCREEN'"

    /// Runs `steps` (script lines, each step ending in an `echo`) on the standard fixture
    /// under openbox, after printing the window's geometry once it is up ("start …").
    private func session(_ steps: String) throws -> (ScriptedSession, start: String) {
        try QuireRun.requireDisplay()
        let file = fixtures.standard(named: "fullscreen.pdf")
        let script = try WindowManager.start(in: fixtures) + ScriptedSession.start(title: Fixtures.standardTitle) + """
            xdotool windowfocus --sync "$window"
            echo "start $(geometry)"
            \(steps)
            read answer
            kill $quire; wait $quire
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("fullscreen.png"))
        let start = try session.readLine()
        XCTAssertTrue(start.hasPrefix("start "), start)
        XCTAssertFalse(start.contains(Self.screen), "the window starts smaller than the screen: \(start)")
        return (session, String(start.dropFirst("start ".count)))
    }

    func testF11FillsTheScreenAndF11Leaves() throws {
        let (session, start) = try session("""
            \(Self.pressF11)
            echo "pressed $(geometry)"
            xdotool key F11
            \(Self.untilWindowed)
            echo "again $(geometry)"
            """)
        let pressed = try session.readLine()
        XCTAssertTrue(pressed.hasPrefix("pressed \(Self.screen) "), "F11 did not cover the screen: \(pressed)")
        XCTAssertTrue(pressed.contains("_NET_WM_STATE_FULLSCREEN"), pressed)
        XCTAssertEqual(String(try session.readLine().dropFirst("again ".count)), start, "F11 again restores the window")
        try session.proceed()
    }

    /// Fullscreen hides the header bar; the pointer at the screen's top brings it down (the
    /// page entry and title with it), and it goes once the pointer leaves it.
    func testThePointerAtTheTopRevealsTheHeaderBar() throws {
        let (session, _) = try session("""
            \(Self.pressF11)
            xdotool mousemove 800 600
            echo away
            read answer
            xdotool mousemove 800 0
            echo top
            read answer
            xdotool mousemove 800 600
            echo left
            """)
        XCTAssertEqual(try session.readLine(), "away")
        /// The top 46 rows, where the header bar comes down.
        func top(_ picture: Picture) -> Picture { picture.cropped(x: 0, y: 0, width: 1600, height: 46) }
        let away = top(try session.screen { _ in true })
        // The header bar's own grey (Adwaita's, 235) fills the rows between its buttons; the
        // canvas around the pages is 222.
        let grey: UInt32 = 0xFFEB_EBEB
        func revealed(_ picture: Picture) -> Bool {
            let strip = top(picture)
            return (400..<1200).filter { Picture.distance(strip[$0, 40], grey) <= 5 }.count > 600
        }
        XCTAssertFalse(revealed(away), "fullscreen shows the header bar before the pointer reaches for it")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "top")
        XCTAssertTrue(revealed(try session.screen(until: revealed)), "the pointer at the top did not bring the header bar")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "left")
        let gone = try session.screen { !revealed($0) }
        XCTAssertFalse(revealed(gone), "the header bar stayed after the pointer left it")
        try session.proceed()
    }

    /// Ctrl+L in fullscreen brings the header bar down, so the page typed into its entry is
    /// seen; after Enter, with the pointer far from it, it goes.
    func testCtrlLInFullscreenShowsThePageEntryUntilEnter() throws {
        let (session, _) = try session("""
            \(Self.pressF11)
            xdotool mousemove 800 600
            echo away
            read answer
            xdotool key ctrl+l
            echo typing
            read answer
            xdotool type 2
            xdotool key Return
            echo entered
            """)
        XCTAssertEqual(try session.readLine(), "away")
        func top(_ picture: Picture) -> Picture { picture.cropped(x: 0, y: 0, width: 1600, height: 46) }
        let grey: UInt32 = 0xFFEB_EBEB
        func revealed(_ picture: Picture) -> Bool {
            let strip = top(picture) // once: cropped for each pixel, a look took seconds
            return (400..<1200).filter { Picture.distance(strip[$0, 40], grey) <= 5 }.count > 600
        }
        XCTAssertFalse(revealed(try session.screen { _ in true }), "fullscreen shows the header bar before anything reaches for it")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "typing")
        XCTAssertTrue(revealed(try session.screen(until: revealed)), "Ctrl+L did not bring the header bar and its page entry")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "entered")
        XCTAssertFalse(revealed(try session.screen { !revealed($0) }), "the header bar stayed after Enter")
        try session.proceed()
    }

    /// Escape goes first to what uses it (here the selection, cleared), then leaves fullscreen.
    func testEscapeLeavesFullscreenOnceNothingElseUsesIt() throws {
        let (session, _) = try session("""
            \(Self.pressF11)
            xdotool key ctrl+a
            echo selected
            read answer
            xdotool key Escape
            echo cleared
            read answer
            echo "after first $(geometry)"
            xdotool key Escape
            \(Self.untilWindowed)
            echo "after second $(geometry)"
            """)
        XCTAssertEqual(try session.readLine(), "selected")
        // Ctrl+A selects the page's text: the selection's blue shows over it; Escape clears it.
        let selectionBlue: UInt32 = 0xFFB8_D4F5 // 35 % of (0.21, 0.52, 0.89) over white
        func selectionShows(_ screen: Picture) -> Bool {
            // Every fourth pixel each way: the selection covers whole lines of text.
            stride(from: 0, to: screen.height, by: 4).contains { y in
                stride(from: 0, to: screen.width, by: 4).contains { Picture.distance(screen[$0, y], selectionBlue) <= 6 }
            }
        }
        XCTAssertTrue(selectionShows(try session.screen(until: selectionShows)), "Ctrl+A did not select")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "cleared")
        XCTAssertFalse(selectionShows(try session.screen { !selectionShows($0) }), "Escape did not clear the selection")
        try session.proceed()
        let first = try session.readLine()
        XCTAssertTrue(first.contains("_NET_WM_STATE_FULLSCREEN"), "the Escape that cleared the selection left fullscreen: \(first)")
        let second = try session.readLine()
        XCTAssertTrue(second.hasPrefix("after second "), second)
        XCTAssertFalse(second.contains("FULLSCREEN"), "Escape did not leave fullscreen: \(second)")
        try session.proceed()
    }

    /// The window manager ends fullscreen by itself (its own key): F11 then makes the window
    /// fullscreen again, rather than trying to leave a fullscreen that is no more.
    func testF11FollowsWhatTheWindowManagerDid() throws {
        let (session, _) = try session("""
            \(Self.pressF11)
            xdotool key super+F12
            \(Self.untilWindowed)
            echo "left by the window manager $(geometry)"
            \(Self.pressF11)
            echo "pressed $(geometry)"
            """)
        let left = try session.readLine()
        XCTAssertFalse(left.contains("FULLSCREEN"), "the window manager's key did not end fullscreen: \(left)")
        let pressed = try session.readLine()
        XCTAssertTrue(pressed.hasPrefix("pressed \(Self.screen) ") && pressed.contains("_NET_WM_STATE_FULLSCREEN"),
                      "F11 did not make the window fullscreen again: \(pressed)")
        try session.proceed()
    }
}
