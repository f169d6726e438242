import Fixtures
import Foundation
import XCTest

/// One window, many documents (issue 46): files from the command line, handed to the
/// running Quire over the session bus and chosen with Ctrl+O open as tabs of the window
/// in front; the keys and a click choose a tab and the window follows it; Ctrl+W closes
/// the tab chosen, asking first about its unsaved highlight, and the window with its last.
final class TabsWindowTests: XCTestCase {
    private var fixtures: Fixtures!
    override func setUpWithError() throws { fixtures = try Fixtures() }
    override func tearDown() { fixtures = nil }

    func testThreeDocumentsOpenAsTabsTheKeysAndAClickChooseThemAndCtrlWClosesTheRightOne() throws {
        try QuireRun.requireDisplay()
        let first = fixtures.long(pages: 40, named: "first.pdf")
        let second = fixtures.searchable(named: "second.pdf")
        let third = fixtures.long(pages: 3, named: "third.pdf")
        let script = ScriptedSession.twoTabs(handingOver: second) + """

            """ + ScriptedSession.choose(third, title: "third.pdf") + """
            echo "windows $(xdotool search --onlyvisible --name '^(first|second|third)\\.pdf$' | wc -l), same $([ "$opened" = "$window" ] && echo yes)"
            xdotool mousemove 1590 1190
            read answer
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+Page_Up
            echo "$(title_after "second.pdf")"
            xdotool windowfocus --sync "$window"
            xdotool key alt+1
            echo "$(title_after "first.pdf")"
            read answer
            read x y <<< "$answer"
            for step in 24 10 0; do xdotool mousemove $(( x - step )) $(( y + step / 3 )); done
            xdotool click 1
            xdotool mousemove 1590 1190
            echo "clicked $(title_after "third.pdf")"
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+Tab
            echo "$(title_after "first.pdf")"
            xdotool key ctrl+Tab
            echo "$(title_after "second.pdf")"
            xdotool key ctrl+a ctrl+h
            echo "$(title_after "• second.pdf")"
            xdotool key ctrl+w
            asking
            xdotool key Escape
            gone
            echo "kept $(xdotool getwindowname "$window")"
            # Without a window manager the focus does not come back from the question.
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+s
            echo "$(title_after "second.pdf")"
            xdotool key ctrl+w
            for i in $(seq 100); do [ "$(xdotool getwindowname "$window")" != "second.pdf" ] && break; sleep 0.05; done
            echo "closed, now $(xdotool getwindowname "$window")"
            read answer
            xdotool key ctrl+w ctrl+w
            ended
            """
        let session = try ScriptedSession(script: script, file: first, shot: fixtures.path("tabs.png"))
        XCTAssertEqual(try session.readLine(), "handed over 0")
        XCTAssertEqual(try session.readLine(), "second.pdf", "the file handed over is not shown")
        XCTAssertEqual(try session.readLine(), "windows 1, same yes", "the three documents are not tabs of one window")
        // The tab bar under the header bar: three tabs across the window, the third chosen.
        let tabs = try session.stillScreen()
        XCTAssertTrue(Self.showsTabBar(tabs), "no tab bar under the header bar")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "second.pdf", "Ctrl+Page Up did not choose the tab before")
        XCTAssertEqual(try session.readLine(), "first.pdf", "Alt+1 did not choose the first tab")
        // The first tab, chosen again, is drawn: its page's words below the tab bar.
        func pageDrawn(_ screen: Picture) -> Bool { screen.darkPixels(x: 200, y: 100, width: 1000, height: 300) > 200 }
        XCTAssertTrue(pageDrawn(try session.screen(until: pageDrawn)), "the first tab, chosen again, shows no page")
        // The third tab, in the right third of the tab bar.
        try session.proceed("1160 70")
        XCTAssertEqual(try session.readLine(), "clicked third.pdf", "a click on the third tab did not choose it")
        XCTAssertEqual(try session.readLine(), "first.pdf", "Ctrl+Tab did not wrap to the first tab")
        XCTAssertEqual(try session.readLine(), "second.pdf")
        XCTAssertEqual(try session.readLine(), "• second.pdf", "the highlight does not mark the tab's document as changed")
        XCTAssertEqual(try session.readLine(), "asked", "Ctrl+W did not ask about the tab's unsaved highlight")
        XCTAssertEqual(try session.readLine(), "kept • second.pdf", "Cancel did not keep the tab")
        XCTAssertEqual(try session.readLine(), "second.pdf", "Ctrl+S did not save the tab's document")
        let closed = try session.readLine()
        XCTAssertTrue(closed == "closed, now first.pdf" || closed == "closed, now third.pdf", "Ctrl+W did not close the second tab: \(closed)")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "exited 0", "closing the last two tabs did not close the window and end Quire")
        XCTAssertFalse(try QPDF.annotations(in: second).isEmpty, "the second tab's highlight was not saved")
    }

    /// A tab dragged out of the bar and dropped outside the window (over another program's
    /// window: X11's bare root window never ends a drag in GTK 4.8) makes a window of its
    /// own, with the document at its page and its unsaved highlight, which saves from there.
    func testATabDraggedOutMakesAWindowWithItsPageAndUnsavedHighlight() throws {
        try QuireRun.requireDisplay()
        let first = fixtures.long(pages: 3, named: "first.pdf")
        let second = fixtures.long(pages: 40, named: "second.pdf")
        let other = fixtures.path("other.png")
        let script = ScriptedSession.twoTabs(handingOver: second) + """
            # Page 1's line, under the tab bar, three clicks and Ctrl+H: a highlight not on page 12.
            read answer
            for step in 10 5 0; do xdotool mousemove $((500 - step)) $((194 + step)); done
            xdotool click --repeat 3 --delay 80 1
            xdotool key ctrl+h
            echo "$(title_after "• second.pdf")"
            """ + ScriptedSession.press("ctrl+l", thenType: "12") + """
            xdotool mousemove 1590 1190
            convert -size 300x250 xc:gray70 '\(other)'
            display -geometry 300x250+1250+900 '\(other)' & viewer=$!
            stop_at_exit="$stop_at_exit $viewer"
            # By its title: ImageMagick's display names no process on its window, so a search
            # by --pid waited out its 20 s.
            appears 20 --onlyvisible --name '^ImageMagick: other\\.png$' >/dev/null || echo "no other program's window"
            # The second tab, in the right half of the bar, down out of the window and onto the other program's.
            xdotool mousemove 1050 70 mousedown 1
            for step in $(seq 1 20); do xdotool mousemove 1050 $((70 + step * 20)); done
            for step in $(seq 1 10); do xdotool mousemove $((1050 + step * 35)) $((470 + step * 55)); done
            xdotool mouseup 1
            moved=$(appears 20 --onlyvisible --name '^• second\\.pdf$' | head -1)
            xdotool mousemove 1590 1190
            echo "left $(xdotool getwindowname "$window"), moved to another $([ -n "$moved" ] && [ "$moved" != "$window" ] && echo yes)"
            xdotool windowfocus --sync "$moved"
            xdotool key ctrl+s
            window=$moved
            echo "$(title_after "second.pdf")"
            read answer
            xdotool key ctrl+q
            ended
            """
        let session = try ScriptedSession(script: script, file: first, shot: fixtures.path("dragged.png"))
        try session.twoTabsShown()
        // The second tab's first line drawn, under the tab bar, before it is clicked.
        _ = try session.stillScreen { $0.darkPixels(x: 400, y: 175, width: 200, height: 40) > 100 }
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "• second.pdf")
        XCTAssertEqual(try session.readLine(), "left first.pdf, moved to another yes", "the tab dragged out did not make a window of its own")
        XCTAssertEqual(try session.readLine(), "second.pdf", "the moved tab's highlight did not save from its new window")
        // The new window, over the first at the screen's corner, without a tab bar: page 12.
        XCTAssertTrue(try session.showsAtTheTop(page: 11, of: second, xs: 250...350), "the moved tab is not at its page")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "exited 0")
        XCTAssertEqual(try QPDF.annotations(in: second).count, 1, "the moved tab's highlight is not in the file")
    }

    /// A tab's context menu (a right click on a tab that is not the chosen one) moves that
    /// tab to a new window, without dragging.
    func testATabsMenuMovesItToANewWindow() throws {
        try QuireRun.requireDisplay()
        let first = fixtures.long(pages: 3, named: "first.pdf")
        let second = fixtures.long(pages: 3, named: "second.pdf")
        let script = ScriptedSession.twoTabs(handingOver: second) + """
            xdotool key alt+1
            echo "$(title_after "first.pdf")"
            # A right click on the second tab (not the chosen one), its menu's first item.
            for step in 30 12 0; do xdotool mousemove $((1050 + step)) $((70 + step)); done
            xdotool click 3
            echo clicked
            read answer
            # Its one item, where the test found the menu (keys do not reach a popover without a window manager).
            read x y <<< "$answer"
            for step in 10 5 0; do xdotool mousemove $((x + step)) $((y + step)); done
            xdotool click 1
            moved=$(appears 20 --onlyvisible --name '^second\\.pdf$' | head -1)
            echo "left $(xdotool getwindowname "$window"), moved to another $([ -n "$moved" ] && [ "$moved" != "$window" ] && echo yes)"
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+q
            ended
            """
        let session = try ScriptedSession(script: script, file: first, shot: fixtures.path("menu.png"))
        try session.twoTabsShown()
        XCTAssertEqual(try session.readLine(), "first.pdf")
        XCTAssertEqual(try session.readLine(), "clicked")
        // The tab's menu below and right of the pointer (no page text there), once it holds
        // still: its one item in the middle of its shadow (drawn black without a compositor).
        let area = (x: 1000, y: 50, width: 300, height: 130)
        let screen = try session.stillScreen { $0.showsPopover(x: area.x, y: area.y, width: area.width, height: area.height) }
        let shadow = try XCTUnwrap(screen.cropped(x: area.x, y: area.y, width: area.width, height: area.height).bounds(of: 0xFF00_0000, tolerance: 0),
                                   "no menu for the tab")
        try session.proceed("\(area.x + shadow.x + shadow.width / 2) \(area.y + shadow.y + shadow.height / 2)")
        XCTAssertEqual(try session.readLine(), "left first.pdf, moved to another yes", "Move to New Window did not move the tab whose menu it was")
        XCTAssertEqual(try session.readLine(), "exited 0")
    }

    /// A tab in the background a while (here 1 s, `QUIRE_BACKGROUND_SECONDS`) ends its
    /// render helpers and keeps its document's helper; chosen again it shows its page at
    /// once from the picture it kept, and new helpers draw the next page.
    func testABackgroundTabEndsItsRenderHelpersAndShowsItsPageWhenChosenAgain() throws {
        try QuireRun.requireDisplay()
        let first = fixtures.long(pages: 40, named: "first.pdf")
        let second = fixtures.long(pages: 3, named: "second.pdf")
        let script = TestEnvironment.ownSessionBus + ScriptedSession.windowFunctions
            + ScriptedSession.start(title: "first.pdf", arguments: "--size 1400x1000 --zoom 100") + """
            """ + ScriptedSession.press("ctrl+l", thenType: "5") + """
            xdotool mousemove 1590 1190
            echo shown
            read answer
            zygote=$(pgrep -P $quire | head -1)
            helpers=$(pgrep -P $zygote | sort)
            timeout 20 "$1" '\(second)'; echo "handed over $?"
            echo "$(title_after "second.pdf")"
            for i in $(seq 400); do
                alive=$(for pid in $helpers; do kill -0 $pid 2>/dev/null && echo $pid; done | wc -l)
                [ $alive -lt $(echo "$helpers" | wc -l) ] && break
                sleep 0.05
            done
            echo "first tab's helpers: $(echo "$helpers" | wc -l), alive $alive"
            xdotool windowfocus --sync "$window"
            xdotool key alt+1
            echo "$(title_after "first.pdf")"
            read answer
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+l
            xdotool type 6
            xdotool key Return
            xdotool mousemove 1590 1190
            echo paged
            read answer
            echo "new helpers $(pgrep -P $zygote | sort | comm -23 - <(echo "$helpers") | wc -l)"
            xdotool key ctrl+q
            ended
            """
        let session = try ScriptedSession(script: script, file: first, shot: fixtures.path("background.png"),
                                          environment: ["QUIRE_BACKGROUND_SECONDS": "1"])
        XCTAssertEqual(try session.readLine(), "shown")
        XCTAssertTrue(try session.showsAtTheTop(page: 4, of: first, xs: 250...350), "the first tab is not at page 5")
        try session.proceed()
        try session.twoTabsShown()
        let helpers = try session.readLine()
        let counts = helpers.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        XCTAssertEqual(counts.count, 2, helpers)
        if counts.count == 2 {
            XCTAssertLessThan(counts[1], counts[0], "no helper of the background tab ended: \(helpers)")
            XCTAssertGreaterThan(counts[1], 0, "the background tab's document helper ended too: \(helpers)")
        }
        XCTAssertEqual(try session.readLine(), "first.pdf")
        // Under the tab bar now: the kept picture of page 5.
        XCTAssertTrue(try session.showsAtTheTop(page: 4, of: first, xs: 250...350, ys: 80...160), "the first tab chosen again does not show page 5")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "paged")
        XCTAssertTrue(try session.showsAtTheTop(page: 5, of: first, xs: 250...350, ys: 80...160), "page 6 was not drawn after the helpers ended")
        try session.proceed()
        let restarted = try session.readLine()
        XCTAssertNotEqual(restarted, "new helpers 0", "no render helper started again")
        XCTAssertEqual(try session.readLine(), "exited 0")
    }

    /// Adwaita's tab bar: a band under the header bar with tabs' titles in it.
    private static func showsTabBar(_ screen: Picture) -> Bool {
        screen.darkPixels(x: 20, y: 55, width: 1360, height: 30) > 60
    }
}
