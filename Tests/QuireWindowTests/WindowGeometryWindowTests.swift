import Fixtures
import Foundation
import QuireEngine
import XCTest

/// The window opens at the size the reader left the last one at (`WindowGeometry`), and
/// draws its first view ahead at that size; maximised, it opens maximised, its own size
/// kept beneath.
final class WindowGeometryWindowTests: XCTestCase {
    private var fixtures: Fixtures!
    override func setUpWithError() throws {
        try QuireRun.requireDisplay()
        fixtures = try Fixtures()
    }
    override func tearDown() { fixtures = nil }

    /// Script lines: `size_of WINDOW` prints its "WxH" (without a window manager), `size`
    /// $window's; `resize WINDOW W H` resizes it as a window manager does and waits until it is.
    private static let size = """
        size_of() { eval "$(xdotool getwindowgeometry --shell "$1")"; echo "${WIDTH}x$HEIGHT"; }
        size() { size_of "$window"; }
        resize() { xdotool windowsize "$1" $2 $3; for i in $(seq 200); do [ "$(size_of "$1")" = $2x$3 ] && break; sleep 0.05; done; }

        """

    /// Resized as a window manager resizes it (a reader dragging its edge), gone to page 4,
    /// then Ctrl+Q: the next start's window has that size, opens the document where it
    /// was left, and its first view there, drawn ahead before the window is realized, is the
    /// one the canvas shows (its page asked once).
    func testTheNextWindowOpensAtTheSizeTheReaderLeftAndDrawsItsFirstViewOnce() throws {
        let state = freshStateHome()
        let file = fixtures.long(pages: 6, named: "first.pdf")
        let first = try ScriptedSession(script: ScriptedSession.start(title: "first.pdf") + Self.size + """
            echo "start $(size)"
            resize "$window" 1234 876
            echo "resized $(size)"
            \(ScriptedSession.press("ctrl+l", thenType: "4"))
            xdotool key ctrl+q
            \(ScriptedSession.ended(within: 20))
            ended
            """, file: file, shot: fixtures.path("first.png"), stateHome: state)
        XCTAssertEqual(try first.readLine(), "start 900x1100", "a first start's window is the standard one")
        XCTAssertEqual(try first.readLine(), "resized 1234x876")
        XCTAssertEqual(try first.readLine(), "exited 0")
        let kept = try String(contentsOfFile: state + "/quire/window.json", encoding: .utf8)
        XCTAssertEqual(WindowGeometry.decoded(Array(kept.utf8)), WindowGeometry(width: 1234, height: 876), kept)

        // Predicted whether the document opened before the window was built or after.
        let again = try ScriptedSession(script: ScriptedSession.start(title: "first.pdf") + Self.size + """
            echo "start $(size)"
            read answer
            kill $quire; wait $quire
            """, file: file, shot: fixtures.path("again.png"), stateHome: state)
        XCTAssertEqual(try again.readLine(), "start 1234x876", "the window did not open at the size the last one was left at")
        let names = LaunchTraceWindowTests.steps(try String(contentsOfFile: again.errors, encoding: .utf8)).map(\.name)
        try again.proceed()
        let tile = try XCTUnwrap(LaunchTraceWindowTests.predictedTileDrawnOnce(names), "nothing predicted: \(names)")
        XCTAssertTrue(tile.hasPrefix("page 4 at scale "), "the document did not reopen where it was left: \(tile)")
    }

    /// Two windows of a session, each resized, then Ctrl+Q: started again without a file,
    /// each window comes back at its own size, not both at the last one's.
    func testTheLastSessionsWindowsReopenEachAtItsOwnSize() throws {
        let second = fixtures.long(pages: 3, named: "second.pdf")
        let session = try ScriptedSession(script: ScriptedSession.ended(within: 20) + ScriptedSession.start(title: "first.pdf") + Self.size + """
            resize "$window" 1000 800
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+n
            empty=$(appears 30 --onlyvisible --name '^Quire$' | head -1)
            \(ScriptedSession.choose(second, title: "second.pdf", from: "empty"))
            resize "$opened" 1300 900
            echo "resized $(size_of "$window") $(size_of "$opened")"
            xdotool windowfocus --sync "$opened"
            xdotool key ctrl+q
            ended
            "$1" & quire=$!
            first=$(appears 30 --onlyvisible --name '^first\\.pdf$' | head -1)
            again=$(appears 30 --onlyvisible --name '^second\\.pdf$' | head -1)
            echo "reopened $(size_of "$first") $(size_of "$again")"
            read answer
            kill $quire; wait $quire
            """, file: fixtures.long(pages: 3, named: "first.pdf"), shot: fixtures.path("session.png"))
        XCTAssertEqual(try session.readLine(), "resized 1000x800 1300x900")
        XCTAssertEqual(try session.readLine(), "exited 0")
        XCTAssertEqual(try session.readLine(), "reopened 1000x800 1300x900", "the session's windows did not come back at their own sizes")
        try session.proceed()
    }

    /// Under a window manager (openbox): maximised, then Ctrl+Q; the next window opens
    /// maximised (not predicted: the size is the window manager's), and unmaximised it has
    /// the size the reader had before maximising.
    func testAMaximisedWindowOpensMaximisedWithItsOwnSizeBeneath() throws {
        let state = freshStateHome()
        let maximised = "wait_for 'geometry | grep -q _NET_WM_STATE_MAXIMIZED_HORZ'"
        let windowed = "wait_for '! geometry | grep -q _NET_WM_STATE_MAXIMIZED'"
        let first = try ScriptedSession(script: try WindowManager.start(in: fixtures) + ScriptedSession.start(title: "first.pdf") + """
            xdotool windowfocus --sync "$window"
            echo "start $(geometry)"
            xdotool key super+Up
            \(maximised)
            echo "maximised $(geometry)"
            xdotool key ctrl+q
            \(ScriptedSession.ended(within: 20))
            ended
            """, file: fixtures.long(pages: 3, named: "first.pdf"), shot: fixtures.path("first.png"), stateHome: state)
        let start = try first.readLine()
        XCTAssertTrue(start.hasPrefix("start "), start)
        XCTAssertFalse(start.contains("MAXIMIZED"), start)
        let wasMaximised = try first.readLine()
        XCTAssertTrue(wasMaximised.contains("_NET_WM_STATE_MAXIMIZED_VERT"), wasMaximised)
        XCTAssertEqual(try first.readLine(), "exited 0")

        let again = try ScriptedSession(script: try WindowManager.start(in: fixtures) + ScriptedSession.start(title: "again.pdf") + """
            xdotool windowfocus --sync "$window"
            \(maximised)
            echo "opened $(geometry)"
            xdotool key super+Up
            \(windowed)
            echo "unmaximised $(geometry)"
            read answer
            kill $quire; wait $quire
            """, file: fixtures.long(pages: 3, named: "again.pdf"), shot: fixtures.path("again.png"), stateHome: state)
        let opened = try again.readLine()
        XCTAssertTrue(opened.contains("_NET_WM_STATE_MAXIMIZED_HORZ"), "the window did not open maximised: \(opened)")
        XCTAssertEqual(opened.components(separatedBy: " ")[2], wasMaximised.components(separatedBy: " ")[2], "maximised to another size")
        let unmaximised = try again.readLine()
        XCTAssertEqual(unmaximised.components(separatedBy: " ")[2], start.components(separatedBy: " ")[2],
                       "unmaximised, the window did not take the size it had before it was maximised: \(unmaximised) against \(start)")
        let names = LaunchTraceWindowTests.steps(try String(contentsOfFile: again.errors, encoding: .utf8)).map(\.name)
        XCTAssertFalse(names.contains { $0.hasPrefix("first view predicted: ") }, "a maximised window's size was predicted: \(names)")
        try again.proceed()
    }
}
