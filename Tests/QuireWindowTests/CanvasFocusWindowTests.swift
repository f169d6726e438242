import Fixtures
import Foundation
import XCTest

/// After a menu over the page, the keys go to the page again.
final class CanvasFocusWindowTests: XCTestCase {
    private var fixtures: Fixtures!
    override func setUpWithError() throws { fixtures = try Fixtures() }
    override func tearDown() { fixtures = nil }

    /// The highlighter's yellow multiplied over white paper.
    private static let highlightYellow: UInt32 = 0xFFFF_E333

    /// Highlight everything, right-click the highlight, click Blue in its menu, then Ctrl+Z
    /// twice: the undos reach the page (the recolouring, then the highlights of all four
    /// pages, one step: the title loses its mark of changes). They went to the sidebar button.
    func testAfterTheAnnotationMenuCtrlZReachesThePage() throws {
        try QuireRun.requireDisplay()
        let file = fixtures.searchable(named: "menu.pdf")
        // Under a window manager, as a reader's desktop is: it gives the window the keys
        // back when the menu goes.
        let script = try WindowManager.start(in: fixtures) + ScriptedSession.opening("menu.pdf") + """
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+a ctrl+h
            echo "title $(title_after "• menu.pdf")"
            read answer
            set -- $answer
            for step in 30 15 5 0; do xdotool mousemove $(( $1 + step )) $(( $2 + step )); done
            xdotool click 3
            # The menu is up once its surface is mapped (GTK names it after the program).
            appears 10 --onlyvisible --name '^quire$' >/dev/null && echo menu || echo "no menu"
            # Blue, the third colour, clicked: 78, 107 in the menu's own surface (its shadow included).
            menu=$(xdotool search --onlyvisible --name '^quire$' | head -1)
            for step in 24 12 4 0; do xdotool mousemove --window "$menu" $(( 78 - step )) $(( 107 - step / 2 )); done
            xdotool click 1
            timeout 10 bash -c 'while xdotool search --onlyvisible --name "^quire$" >/dev/null 2>&1; do sleep 0.05; done'
            # Undo the recolouring, then the highlights (one on each of the four pages, made
            # by one Ctrl+H: one step).
            xdotool key ctrl+z ctrl+z
            echo "undone $(title_after "menu.pdf")"
            xdotool key ctrl+q
            ended
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("menu.png"))
        XCTAssertEqual(try session.readLine(), "title • menu.pdf")
        let marked = try session.screen { $0.bounds(of: Self.highlightYellow, tolerance: 8) != nil }
        let yellow = try XCTUnwrap(marked.bounds(of: Self.highlightYellow, tolerance: 8), "no highlight on screen")
        try session.proceed("\(yellow.x + 20) \(yellow.y + 6)")
        XCTAssertEqual(try session.readLine(), "menu")
        XCTAssertEqual(try session.readLine(), "undone menu.pdf", "Ctrl+Z after the annotation menu did not reach the page")
        XCTAssertEqual(try session.readLine(), "exited 0")
    }
}
