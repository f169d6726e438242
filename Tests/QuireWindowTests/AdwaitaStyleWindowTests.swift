import Fixtures
import Foundation
import XCTest

/// The chrome is libadwaita's: it follows the desktop's dark preference while the pages
/// stay paper-white, and a notice is a toast over the bottom of the document.
final class AdwaitaStyleWindowTests: XCTestCase {
    private var fixtures: Fixtures!
    override func setUpWithError() throws { fixtures = try Fixtures() }
    override func tearDown() { fixtures = nil }

    /// A Quire showing `file` in a 1400×1000 window at 100 %, the pointer off the page.
    private func shown(_ file: String, environment: [String: String] = [:], then steps: String = "") throws -> ScriptedSession {
        let name = URL(fileURLWithPath: file).lastPathComponent
        let script = ScriptedSession.start(title: name, arguments: "--size 1400x1000 --zoom 100") + """
            xdotool mousemove 1590 1190
            echo shown
            read answer
            \(steps)
            kill $quire; wait $quire
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path(name + ".png"), environment: environment)
        XCTAssertEqual(try session.readLine(), "shown")
        return session
    }

    private static func grey(_ pixel: UInt32) -> Int { Int(pixel >> 16 & 0xFF) }
    /// The header bar's background between its title and its end buttons.
    private static func header(_ screen: Picture) -> Int { grey(screen[1000, 40]) }
    /// The canvas left of the page (a letter page at 100 % starts ~290 px in), and the paper.
    private static func surround(_ screen: Picture) -> Int { grey(screen[100, 500]) }
    private static func paper(_ screen: Picture) -> Int { grey(screen[700, 700]) }

    func testADarkDesktopStyleTurnsTheChromeDarkButNotThePage() throws {
        try QuireRun.requireDisplay()
        let file = fixtures.long(pages: 3, named: "dark.pdf")
        // libadwaita's own switch for the portal's colour-scheme preference. The dark window
        // is gone before the light one is looked for (both bear the file's name): a session
        // ends with the block, and waits for its script to end.
        do {
            let dark = try shown(file, environment: ["ADW_DEBUG_COLOR_SCHEME": "prefer-dark"])
            let screen = try dark.stillScreen { Self.paper($0) > 250 }
            XCTAssertLessThan(Self.header(screen), 80, "the header bar is not dark under a dark style")
            XCTAssertLessThan(Self.surround(screen), 80, "the canvas around the page is not dark under a dark style")
            XCTAssertGreaterThan(Self.paper(screen), 250, "the page is not white under a dark style")
            try dark.proceed()
        }

        let light = try shown(file, environment: ["ADW_DEBUG_COLOR_SCHEME": "prefer-light"])
        let lit = try light.stillScreen { Self.paper($0) > 250 }
        XCTAssertGreaterThan(Self.header(lit), 200, "the header bar is not light under a light style")
        XCTAssertGreaterThan(Self.surround(lit), 200, "the canvas around the page is not light under a light style")
        try light.proceed()
    }

    /// F10 opens the main menu, whose last item, About Quire, opens Adwaita's about window
    /// over the document; Escape closes it.
    func testF10ThenAboutQuireShowsTheAboutWindow() throws {
        try QuireRun.requireDisplay()
        let file = fixtures.long(pages: 2, named: "about.pdf")
        let session = try shown(file, then: """
            xdotool windowfocus --sync "$window"
            xdotool key F10
            echo menu
            read answer
            xdotool key Up Return
            about=$(appears 30 --onlyvisible --name '^About Quire$' | head -1)
            echo "about $(xdotool getwindowname "$about")"
            read answer
            xdotool key Escape
            for i in $(seq 200); do xdotool search --onlyvisible --name '^About Quire$' >/dev/null || break; sleep 0.05; done
            echo "left $(xdotool search --onlyvisible --name '^About Quire$' | wc -l)"
            read answer
            """)
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "menu")
        func menuShown(_ screen: Picture) -> Bool { screen.showsPopover(x: 1000, y: 40, width: 400, height: 400) }
        XCTAssertTrue(menuShown(try session.screen(until: menuShown)), "F10 did not open the main menu")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "about About Quire")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "left 0", "Escape did not close the about window")
        try session.proceed()
    }

    /// A notice (the file half rewritten: the version shown stays) is a toast: a dark grey
    /// (76) rounded box with light words, centred over the bottom of the view, where the page
    /// is white and its words black.
    func testANoticeIsAToastOverTheBottomOfTheView() throws {
        try QuireRun.requireDisplay()
        let file = fixtures.path("changing.pdf")
        try FileManager.default.copyItem(atPath: fixtures.long(pages: 3, named: "old.pdf"), toPath: file)
        let session = try shown(file)
        /// Dark pixels in the bottom strip of the view, around its middle, with light ones among them.
        func toast(_ screen: Picture) -> Bool {
            let strip = (900..<990).flatMap { y in stride(from: 500, to: 900, by: 2).map { screen[$0, y] } }
            return strip.filter { (60...95).contains(Self.grey($0)) }.count > 2_000 && strip.filter { Self.grey($0) > 200 }.count > 50
        }
        XCTAssertFalse(toast(try session.screen { _ in true }), "a toast shows before anything happened")
        let bytes = try XCTUnwrap(FileManager.default.contents(atPath: fixtures.dense(pages: 3, named: "new.pdf")))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: file))
        XCTAssertTrue(session.errorsSay("damaged"), "the half-written file was not reported")
        XCTAssertTrue(toast(try session.screen(until: toast)), "the notice did not show as a toast")
        try session.proceed()
    }
}
