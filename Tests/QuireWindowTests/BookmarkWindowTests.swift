import Fixtures
import Foundation
import QuireDocument
import QuireEngine
import XCTest

/// Bookmarks and marks in the real window, as a reader makes them: Ctrl+D and a name typed,
/// the Bookmarks pane, Quire started again on the same state folder; `m a` and `' a`.
final class BookmarkWindowTests: XCTestCase {
    private var fixtures: Fixtures!
    override func setUpWithError() throws { fixtures = try Fixtures() }
    override func tearDown() { fixtures = nil }

    /// Where the page's left edge may be in a 1400 × 1000 window at 100 %, with the
    /// sidebar closed and open (the fewer places, the faster the search).
    private static let closedXs = 284...300, openXs = 398...418

    /// The sidebar switcher's fourth button, Bookmarks.
    private static let bookmarksButton = "171 73"

    /// Whether the screen comes to show `page` of `file` at the top of the view, its left
    /// edge at one of `xs`: the page's first line, which says its number ("Long page 5"),
    /// where it is when the page starts at the top (the whole top of the page would differ
    /// too little from another's, by a digit or two).
    private func showsAtTheTop(page: Int, of file: String, xs: ClosedRange<Int>, in session: ScriptedSession) throws -> Bool {
        let line = Picture(try DocumentSource(path: file).open().render(page: page, scale: 96.0 / 72)).cropped(x: 90, y: 55, width: 310, height: 55)
        func shows(_ screen: Picture) -> Bool {
            screen.bestMatch(of: line, xs: (xs.lowerBound + 90)...(xs.upperBound + 90), ys: 105...155).mismatch <= 0.002
        }
        return shows(try session.screen(until: shows))
    }

    /// Script lines that press Ctrl+D, say "asked" and wait for the test (which waits for
    /// the name's popover), type `name`, press Enter and F9, say "sidebar" and wait for the
    /// test (a click before the switcher is on screen goes to the page), switch to the
    /// Bookmarks pane, say "listed" and wait; on lines of their own, whatever the script
    /// before ends with.
    private static func bookmark(named name: String) -> String {
        """

        xdotool key ctrl+d
        echo asked
        read answer
        xdotool type '\(name)'
        xdotool key Return F9
        echo sidebar
        read answer
        xdotool mousemove \(bookmarksButton) click 1
        xdotool mousemove 1590 1190
        echo listed
        read answer

        """
    }

    /// The test's side of `bookmark(named:)`: Ctrl+D asks for a name in a popover at the
    /// top of the view, and the pane then lists a bookmark.
    private func assertBookmarked(_ session: ScriptedSession, line: UInt = #line) throws {
        try assertAsked(session, line: line)
        XCTAssertEqual(try session.readLine(), "sidebar", line: line)
        XCTAssertTrue(Self.showsSwitcher(try session.screen(until: Self.showsSwitcher)), "F9 did not open the sidebar", line: line)
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "listed", line: line)
        assertListsBookmarks(try session.stillScreen(Self.listsBookmarks), "the Bookmarks pane lists nothing", line: line)
    }

    /// Script lines that press Ctrl+D, say "asked", wait for the test (`assertAsked`) and
    /// then act: `keys` pressed, or a click at `click`.
    private static func ctrlD(then keys: String? = nil, click: String? = nil) -> String {
        """

        xdotool key ctrl+d
        echo asked
        read answer
        \(keys.map { "xdotool key " + $0 } ?? "")
        \(click.map { "xdotool mousemove \($0) click 1" } ?? "")

        """
    }

    /// The test's side of `ctrlD`, `times` over: Ctrl+D asks for a name in a popover at the
    /// top of the view.
    private func assertAsked(_ session: ScriptedSession, times: Int = 1, line: UInt = #line) throws {
        func asking(_ screen: Picture) -> Bool { screen.showsPopover(x: 550, y: 40, width: 300, height: 70) }
        for _ in 0..<times {
            XCTAssertEqual(try session.readLine(), "asked", line: line)
            XCTAssertTrue(asking(try session.screen(until: asking)), "Ctrl+D did not ask for a name", line: line)
            try session.proceed()
        }
    }

    /// What `--snapshot` reports of the Bookmarks pane for `file` with the state in `stateHome`.
    private func paneReport(_ file: String, stateHome: String, line: UInt = #line) throws -> String {
        let report = try QuireRun.run(["--snapshot", fixtures.path("pane.png"), "--size", "1400x1000", "--sidebar", "bookmarks", file],
                                      environment: ["XDG_STATE_HOME": stateHome])
        XCTAssertEqual(report.status, 0, report.standardError, line: line)
        return report.standardOutput
    }

    /// The sidebar's switcher is on screen: its Bookmarks button, pressed or not.
    private static func showsSwitcher(_ screen: Picture) -> Bool {
        [0xFFE6_E6E6, 0xFFBE_BEBE].contains { Picture.distance(screen[160, 65], $0) <= 8 } && Picture.distance(screen[45, 73], 0xFFFA_FAFA) <= 4
    }

    /// The sidebar shows the Bookmarks pane (its button pressed, the outline's not: the
    /// outline's rows would pass for bookmarks) and lists at least one.
    private static func listsBookmarks(_ screen: Picture) -> Bool {
        Picture.distance(screen[160, 65], 0xFFBE_BEBE) <= 8 && Picture.distance(screen[60, 65], 0xFFE6_E6E6) <= 8 && firstRow(screen) != nil
    }

    private func assertListsBookmarks(_ screen: Picture, _ message: String, line: UInt = #line) {
        XCTAssertTrue(Self.listsBookmarks(screen), message, line: line)
    }

    /// The first row of a pane: ink at the sidebar's left, below its switcher.
    private static func firstRow(_ screen: Picture) -> Int? {
        (95..<300).first { y in (12..<150).filter { Picture.distance(screen[$0, y], 0xFF00_0000) <= 0x40 }.count >= 3 }
    }

    func testCtrlDBookmarksUnderATypedNameKeptAcrossARestartAndThePaneGoesThere() throws {
        try QuireRun.requireDisplay()
        let file = fixtures.outlined(named: "bookmarked.pdf")
        let stateHome = freshStateHome()
        // Page label 3 is the fifth page, where Part II starts.
        let first = ScriptedSession.ended(within: 10)
            + ScriptedSession.start(title: "bookmarked.pdf", arguments: "--size 1400x1000 --zoom 100")
            + ScriptedSession.press("ctrl+l", thenType: "3") + """
            echo moved
            read answer
            """ + Self.bookmark(named: "Second part") + """
            xdotool key ctrl+q
            ended
            """
        let session = try ScriptedSession(script: first, file: file, shot: fixtures.path("bookmarked.png"), stateHome: stateHome)
        XCTAssertEqual(try session.readLine(), "moved")
        XCTAssertTrue(try showsAtTheTop(page: 4, of: file, xs: Self.closedXs, in: session), "Ctrl+L 3 did not show page 5")
        try session.proceed()
        try assertBookmarked(session)
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "exited 0")

        // Started again: the pane lists the bookmark under the name typed.
        let report = try paneReport(file, stateHome: stateHome)
        XCTAssertTrue(report.contains(#"sidebar=bookmarks bookmarks=1 first="Second part""#), report)

        // Started again, where it was left (the sidebar open on the bookmarks), then from the
        // first page: a click on the bookmark goes there, Alt+Left comes back.
        let second = ScriptedSession.start(title: "bookmarked.pdf", arguments: "--size 1400x1000") + """
            xdotool mousemove 1590 1190
            echo opened
            read answer
            xdotool windowfocus --sync "$window"
            xdotool key Home
            echo home
            read answer
            \(ScriptedSession.clickThenBack)
            kill $quire; wait $quire
            """
        let again = try ScriptedSession(script: second, file: file, shot: fixtures.path("bookmark-jump.png"), stateHome: stateHome)
        XCTAssertEqual(try again.readLine(), "opened")
        XCTAssertTrue(try showsAtTheTop(page: 4, of: file, xs: Self.openXs, in: again), "not reopened where it was left")
        try again.proceed()
        XCTAssertEqual(try again.readLine(), "home")
        XCTAssertTrue(try showsAtTheTop(page: 0, of: file, xs: Self.openXs, in: again), "Home did not show the first page")
        let pane = try again.stillScreen(Self.listsBookmarks)
        assertListsBookmarks(pane, "the bookmark is not listed after a restart")
        let row = try XCTUnwrap(Self.firstRow(pane))
        try again.proceed("60 \(row + 5)")
        XCTAssertEqual(try again.readLine(), "clicked")
        XCTAssertTrue(try showsAtTheTop(page: 4, of: file, xs: Self.openXs, in: again), "the bookmark did not go to page 5")
        try again.proceed()
        XCTAssertEqual(try again.readLine(), "back")
        XCTAssertTrue(try showsAtTheTop(page: 0, of: file, xs: Self.openXs, in: again), "Alt+Left did not come back from the bookmark")
    }

    /// A reload keeps the bookmarks, even when the file rebuilt in its place is another
    /// document to the state store (a new inode, another PDF identifier).
    func testABookmarkIsKeptWhenItsFileIsRebuiltAndReloaded() throws {
        try QuireRun.requireDisplay()
        let file = fixtures.outlined(named: "rebuilt.pdf")
        let script = ScriptedSession.ended(within: 10)
            + ScriptedSession.start(title: "rebuilt.pdf", arguments: "--size 1400x1000 --zoom 100") + """
            xdotool windowfocus --sync "$window"
            """ + Self.bookmark(named: "Kept") + """
            xdotool key ctrl+q
            ended
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("rebuilt.png"))
        try assertBookmarked(session)
        // Another document in the file's place, as a rebuild writes it: Quire reloads it.
        let rebuilt = fixtures.long(pages: 6, named: "rebuilt-new.pdf")
        XCTAssertEqual(rename(rebuilt, file), 0)
        XCTAssertTrue(try showsAtTheTop(page: 0, of: file, xs: Self.openXs, in: session), "the rebuilt file was not reloaded")
        assertListsBookmarks(try session.stillScreen(Self.listsBookmarks), "the bookmark went with the reload")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "exited 0")
    }

    /// Escape in Ctrl+D's name box makes no bookmark, as GNOME's Escape cancels; Enter
    /// without typing makes one under its section's title, and so does a click elsewhere
    /// (issue 45: Escape made it).
    func testEscapeInCtrlDsNameMakesNoBookmarkAndEnterOrAClickKeepsTheSectionsTitle() throws {
        try QuireRun.requireDisplay()
        let file = fixtures.outlined(named: "escaped.pdf")
        let stateHome = freshStateHome()
        // Escape on the first page (the preface), Enter on page label 3 (Part II), a click
        // on the page on page label 4 (still Part II).
        let script = ScriptedSession.ended(within: 10)
            + ScriptedSession.start(title: "escaped.pdf", arguments: "--size 1400x1000 --zoom 100") + """
            xdotool windowfocus --sync "$window"
            """ + Self.ctrlD(then: "Escape") + ScriptedSession.press("ctrl+l", thenType: "3") + Self.ctrlD(then: "Return")
            + ScriptedSession.press("ctrl+l", thenType: "4") + Self.ctrlD(click: "700 600") + """
            xdotool key ctrl+q
            ended
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("escaped.png"), stateHome: stateHome)
        try assertAsked(session, times: 3)
        XCTAssertEqual(try session.readLine(), "exited 0")
        let report = try paneReport(file, stateHome: stateHome)
        XCTAssertTrue(report.contains(#"sidebar=bookmarks bookmarks=2 first="Part II""#), report)
    }

    /// In the pane, F2 renames the bookmark selected and Delete deletes it.
    func testF2RenamesABookmarkInThePaneAndDeleteDeletesOne() throws {
        try QuireRun.requireDisplay()
        let file = fixtures.outlined(named: "renamed.pdf")
        let stateHome = freshStateHome()
        // Two bookmarks under their sections' titles: the preface's and Part II's (page label 3).
        let script = ScriptedSession.ended(within: 10)
            + ScriptedSession.start(title: "renamed.pdf", arguments: "--size 1400x1000 --zoom 100 --sidebar bookmarks") + """
            xdotool windowfocus --sync "$window"
            """ + Self.ctrlD(then: "Return") + ScriptedSession.press("ctrl+l", thenType: "3") + Self.ctrlD(then: "Return") + """
            xdotool mousemove 1590 1190
            echo listed
            read answer
            xdotool mousemove $answer click 1
            xdotool mousemove 1590 1190
            xdotool key F2
            echo renaming
            read answer
            xdotool type 'Renamed'
            xdotool key Return Down Delete
            xdotool key ctrl+q
            ended
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("renamed.png"), stateHome: stateHome)
        try assertAsked(session, times: 2)
        XCTAssertEqual(try session.readLine(), "listed")
        let row = try XCTUnwrap(Self.firstRow(try session.stillScreen { Self.firstRow($0) != nil }), "the pane lists nothing")
        try session.proceed("60 \(row + 5)")
        XCTAssertEqual(try session.readLine(), "renaming")
        func renaming(_ screen: Picture) -> Bool { screen.showsPopover(x: 0, y: row + 40, width: 230, height: 70) }
        XCTAssertTrue(renaming(try session.screen(until: renaming)), "F2 did not ask for a new name")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "exited 0")

        let report = try paneReport(file, stateHome: stateHome)
        XCTAssertTrue(report.contains(#"sidebar=bookmarks bookmarks=1 first="Renamed""#), report)
    }

    /// `m a` marks the place shown, `' a` goes back to it (Alt+Left returning), `n` still
    /// turns the page, and the mark is there when Quire starts again.
    func testMThenALetterMarksAPlaceAndApostropheThenTheLetterGoesBack() throws {
        try QuireRun.requireDisplay()
        let file = fixtures.long(pages: 12, named: "marked.pdf")
        let stateHome = freshStateHome()
        let steps = ScriptedSession.ended(within: 10)
            + ScriptedSession.start(title: "marked.pdf", arguments: "--size 1400x1000 --zoom 100")
            + ScriptedSession.press("ctrl+l", thenType: "5") + """
            echo moved
            read answer
            xdotool key m a
            """ + ScriptedSession.press("ctrl+l", thenType: "10") + """
            echo away
            read answer
            xdotool key apostrophe a
            echo marked
            read answer
            xdotool key alt+Left
            echo back
            read answer
            xdotool key n
            echo turned
            read answer
            xdotool key ctrl+q
            ended
            """
        let session = try ScriptedSession(script: steps, file: file, shot: fixtures.path("marked.png"), stateHome: stateHome)
        for (line, page) in [("moved", 4), ("away", 9), ("marked", 4), ("back", 9), ("turned", 10)] {
            XCTAssertEqual(try session.readLine(), line)
            XCTAssertTrue(try showsAtTheTop(page: page, of: file, xs: Self.closedXs, in: session), "after \(line), page \(page + 1) is not at the top")
            try session.proceed()
        }
        XCTAssertEqual(try session.readLine(), "exited 0")

        let restarted = ScriptedSession.start(title: "marked.pdf", arguments: "--size 1400x1000") + """
            echo opened
            read answer
            xdotool windowfocus --sync "$window"
            xdotool key apostrophe a
            echo marked
            read answer
            kill $quire; wait $quire
            """
        let again = try ScriptedSession(script: restarted, file: file, shot: fixtures.path("marked-again.png"), stateHome: stateHome)
        XCTAssertEqual(try again.readLine(), "opened")
        XCTAssertTrue(try showsAtTheTop(page: 10, of: file, xs: Self.closedXs, in: again), "not reopened where it was left")
        try again.proceed()
        XCTAssertEqual(try again.readLine(), "marked")
        XCTAssertTrue(try showsAtTheTop(page: 4, of: file, xs: Self.closedXs, in: again), "the mark was not kept across a restart")
    }
}
