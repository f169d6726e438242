import Fixtures
import Foundation
import QuireDocument
import QuireEngine
import XCTest

/// Render helpers made to fail (`QUIRE_HELPER_FAULT`, a test-only switch in the real
/// helper) in the real window: the page a helper died or hung on says it could not be
/// drawn, with the reason; every other page is drawn by a new helper; the window quits
/// normally and leaves no helper behind. A 12-page document at 100 % in a 1000 × 900
/// window, opened on page 2; Ctrl+L 12 goes to the last page.
final class HelperFaultWindowTests: XCTestCase {
    /// The grey of the failure's words (`PageCanvas.drawFailure`).
    private static let failureGrey: UInt32 = 0xFF59_5959

    /// Script lines: after Ctrl+Q, whether the window's process, its zygote and all the
    /// helpers (which carry the zygote's command line: the helpers' executable beside
    /// quire) ended: "gone" or "left N".
    private static let helpersGone = """
        ours="^$1 .*$2|^$1-helpers "
        for i in $(seq 100); do [ -z "$(pgrep -f -- "$ours")" ] && break; sleep 0.05; done
        left=$(pgrep -f -- "$ours" | wc -l)
        [ "$left" -eq 0 ] && echo gone || { echo "left $left"; pkill -9 -f -- "$ours"; }
        """

    /// Script lines: SIGKILL to every child of the zygote.
    private static let killHelpers = """
        zygote=$(pgrep -P $quire | head -1)
        pkill -9 -P "$zygote"
        echo killed
        read answer

        """

    /// `beforePaging` and `afterPaging` are script lines run before Ctrl+L 12 and after it.
    private func session(fault: String, extra: [String: String] = [:], beforePaging: String = "", afterPaging: String = "",
                         _ fixtures: Fixtures) throws -> (ScriptedSession, String) {
        let file = fixtures.long(pages: 12, named: "faults.pdf")
        let script = ScriptedSession.ended(within: 10) + ScriptedSession.start(title: "faults.pdf", arguments: "--size 1000x900 --zoom 100 --page 2") + """
            xdotool mousemove 1590 1190
            echo shown
            read answer
            \(beforePaging)
            """ + ScriptedSession.press("ctrl+l", thenType: "12") + afterPaging + """
            echo end
            read answer
            xdotool key ctrl+q
            ended
            \(Self.helpersGone)
            read answer
            """
        let environment = (fault.isEmpty ? [:] : ["QUIRE_HELPER_FAULT": fault]).merging(extra) { $1 }
        return (try ScriptedSession(script: script, file: file, shot: fixtures.path("faults.png"), environment: environment), file)
    }

    /// Whether the screen shows the failure's words on the page in view.
    private static func showsFailure(_ screen: Picture) -> Bool {
        var count = 0
        for y in stride(from: 60, to: 500, by: 2) { for x in stride(from: 100, to: 900, by: 2) where screen[x, y] == failureGrey { count += 1 } }
        return count > 20
    }

    /// Whether the screen shows "Drawing page N…" (`PageCanvas.drawStillDrawing`) on the page in view.
    private static func showsStillDrawing(_ screen: Picture) -> Bool {
        var count = 0
        for y in stride(from: 60, to: 300, by: 2) { for x in stride(from: 100, to: 900, by: 2) where screen[x, y] == 0xFF40_4040 { count += 1 } }
        return count > 200
    }

    private func assertTheRestIsDrawnAndQuits(_ session: ScriptedSession, _ file: String) throws {
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "end")
        XCTAssertTrue(try session.showsAtTheTop(page: 11, of: file, xs: 80...110), "the last page is drawn by a new helper")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "exited 0")
        XCTAssertEqual(try session.readLine(), "gone", "no helper outlives the window")
    }

    /// Page 2's helper fails as `fault` makes it: the reason is told, page 2 says it could
    /// not be drawn, and the rest is drawn.
    private func assertOnlyPage2Fails(fault: String, extra: [String: String] = [:], saying reason: String) throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let (session, file) = try session(fault: fault, extra: extra, fixtures)
        XCTAssertEqual(try session.readLine(), "shown")
        XCTAssertTrue(session.errorsSay("page 2 could not be rendered: " + reason))
        XCTAssertTrue(Self.showsFailure(try session.screen(until: Self.showsFailure)), "page 2 says it could not be drawn")
        try assertTheRestIsDrawnAndQuits(session, file)
    }

    func testAHelperThatCrashesCostsOnlyItsPage() throws {
        try assertOnlyPage2Fails(fault: "crash-on-page:2", saying: "the process drawing page 2 ended while drawing it")
    }

    func testAHelperThatHangsIsStoppedAtItsTime() throws {
        try assertOnlyPage2Fails(fault: "hang-on-page:2", extra: ["QUIRE_RENDER_SECONDS": "2"],
                                 saying: "page 2 took longer than 2 s to draw, so Quire stopped it")
    }

    /// A page hung on says, after a second, that it is still being drawn; its helper is
    /// ended (its render abandoned) within 5 s of the reader leaving the page, not at its
    /// time (60 s here), and the document is not charged for it: no page says it could not
    /// be drawn.
    func testAHelperHungOnAPageIsEndedOnceTheReaderLeavesIt() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        // The hung helper is the one asleep (`HelperFaults`, as the kernel's wchan says); an
        // idle one waits in poll.
        let findHung = """
            zygote=$(pgrep -o -P $quire)
            for i in $(seq 200); do
                hung=$(for p in $(pgrep -P $zygote); do grep -q nanosleep /proc/$p/wchan 2>/dev/null && echo $p; done | head -1)
                [ -n "$hung" ] && break; sleep 0.05
            done
            echo "hung ${hung:-none}"
            read answer

            """
        let awaitEnd = """
            for i in $(seq 100); do
                state=$(awk '{print $3}' /proc/$hung/stat 2>/dev/null)
                [ -z "$state" ] || [ "$state" = Z ] && break; sleep 0.05
            done
            [ -z "$state" ] || [ "$state" = Z ] && echo ended || echo "still running"
            read answer

            """
        let (session, file) = try session(fault: "hang-on-page:2", extra: ["QUIRE_RENDER_SECONDS": "60"],
                                          beforePaging: findHung, afterPaging: awaitEnd, fixtures)
        XCTAssertEqual(try session.readLine(), "shown")
        XCTAssertTrue(Self.showsStillDrawing(try session.screen(until: Self.showsStillDrawing)), "page 2 does not say it is being drawn")
        try session.proceed()
        XCTAssertNotEqual(try session.readLine(), "hung none", "no helper hung on page 2")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "ended", "the helper hung on page 2 outlived the reader's leaving it by 5 s")
        try assertTheRestIsDrawnAndQuits(session, file)
        XCTAssertFalse(try String(contentsOfFile: session.errors, encoding: .utf8).contains("could not be rendered"), "a page failed")
    }

    /// Where the screen shows the "Draw at Lower Resolution" button (`PageCanvas.offerBlue`):
    /// its centre, if it shows one.
    private static func offerButton(_ screen: Picture) -> (x: Int, y: Int)? {
        var xs: [Int] = [], ys: [Int] = []
        for y in stride(from: 60, to: 600, by: 2) { for x in stride(from: 100, to: 900, by: 2) where screen[x, y] == 0xFF35_84E4 { xs.append(x); ys.append(y) } }
        guard xs.count > 200 else { return nil }
        return ((xs.min()! + xs.max()!) / 2, (ys.min()! + ys.max()!) / 2)
    }

    /// A page too slow at its zoom (a helper that hangs on page 2 above 1 device pixel per
    /// point: 100 % is 1.33) is stopped at its time (2 s here), says it takes too long to
    /// draw and offers a lower resolution; the reader's click on the offer draws it at
    /// half the scale (0.67), stretched to the page: its words fill the box they fill in
    /// poppler's sharp render, and the notice is gone.
    func testAPageTooSlowToDrawIsDrawnAtALowerResolutionWhenTheReaderAsks() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let click = """
            xdotool mousemove $answer click 1
            xdotool mousemove 1590 1190
            echo clicked
            read answer

            """
        let (session, file) = try session(fault: "hang-on-page-above-scale:2@1", extra: ["QUIRE_RENDER_SECONDS": "2"],
                                          beforePaging: click, fixtures)
        XCTAssertEqual(try session.readLine(), "shown")
        XCTAssertTrue(session.errorsSay("page 2 could not be rendered: page 2 took longer than 2 s to draw, so Quire stopped it"))
        let offered = try session.screen { Self.offerButton($0) != nil }
        let button = try XCTUnwrap(Self.offerButton(offered), "page 2 offers no lower resolution")
        XCTAssertTrue(Self.showsFailure(offered), "page 2 does not say why")
        // The words "Long page 2" at the page's top, as poppler draws them sharp: soft at
        // a lower resolution, they must still fill the same box (dark pixels).
        let words = Picture(try DocumentSource(path: file).open().render(page: 1, scale: 96.0 / 72)).cropped(x: 0, y: 0, width: 400, height: 120)
        func ink(_ picture: Picture) -> (x: Int, y: Int, width: Int, height: Int)? { picture.bounds(of: 0xFF00_0000, tolerance: 120) }
        let expected = try XCTUnwrap(ink(words))
        // From the view's corner, where the page begins, to above the notice, 120 pixels down it.
        let top = (x: 80, y: 50)
        func shownInk(_ screen: Picture) -> (x: Int, y: Int, width: Int, height: Int)? { ink(screen.cropped(x: top.x, y: top.y, width: 500, height: 125)) }
        XCTAssertNil(shownInk(offered), "page 2 showed its words before it was drawn")
        try session.proceed("\(button.x) \(button.y)")
        XCTAssertEqual(try session.readLine(), "clicked")
        XCTAssertTrue(session.errorsSay("page 2 is drawn at a lower resolution"))
        let drawn = try session.stillScreen { Self.offerButton($0) == nil && !Self.showsFailure($0) && shownInk($0) != nil }
        XCTAssertNil(Self.offerButton(drawn), "the offer is still there")
        XCTAssertFalse(Self.showsFailure(drawn), "page 2 still says it failed")
        let shown = try XCTUnwrap(shownInk(drawn), "page 2 shows no words")
        XCTAssertEqual(shown.width, expected.width, accuracy: 3, "the words are not drawn at the page's size: \(shown) against \(expected)")
        XCTAssertEqual(shown.height, expected.height, accuracy: 3, "the words are not drawn at the page's size: \(shown) against \(expected)")
        XCTAssertTrue((0...40).contains(shown.x - expected.x) && (0...30).contains(shown.y - expected.y), "the words are out of place: \(shown) against \(expected)")
        try assertTheRestIsDrawnAndQuits(session, file)
    }

    /// Helpers killed from outside (SIGKILL to every child of the zygote) are replaced.
    func testHelpersKilledFromOutsideAreReplaced() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let (session, file) = try session(fault: "", beforePaging: Self.killHelpers, fixtures)
        XCTAssertEqual(try session.readLine(), "shown")
        XCTAssertTrue(try session.showsAtTheTop(page: 1, of: file, xs: 80...110), "page 2 is drawn first")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "killed")
        try assertTheRestIsDrawnAndQuits(session, file)
    }

    /// Helpers that crash on every page: after `RemoteRenderer.restartLimit` no more are
    /// made, the reader is told, and the window still quits normally.
    func testHelpersThatAlwaysCrashAreNotMadeForEver() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let (session, _) = try session(fault: "crash-always", fixtures)
        XCTAssertEqual(try session.readLine(), "shown")
        XCTAssertTrue(session.errorsSay("Quire stopped drawing this document: its helper processes failed 6 times"))
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "end")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "exited 0")
        XCTAssertEqual(try session.readLine(), "gone")
    }

    /// The zygote and every helper are confined (the kernel's own account, read from
    /// outside); the window is not, so that what it launches for the reader keeps its
    /// privileges.
    func testHelpersAreConfinedAndTheWindowIsNot() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let file = fixtures.long(pages: 3, named: "confined.pdf")
        let script = ScriptedSession.start(title: "confined.pdf", arguments: "--size 1000x900 --zoom 100") + """
            echo shown
            read answer
            status() { echo "$1 $(awk '/^NoNewPrivs:/ {n=$2} /^Seccomp:/ {s=$2} END {print n, s}' /proc/$2/status)"; }
            zygote=$(pgrep -o -P $quire)
            status window $quire
            status zygote $zygote
            for helper in $(pgrep -P $zygote); do status helper $helper; done
            echo done
            read answer
            kill $quire; wait $quire
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("confined.png"))
        XCTAssertEqual(try session.readLine(), "shown")
        XCTAssertTrue(try session.showsAtTheTop(page: 0, of: file, xs: 80...110), "a helper drew page 1")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "window 0 0", "the window itself: no no_new_privs, no filter")
        XCTAssertEqual(try session.readLine(), "zygote 1 2")
        var helpers = 0
        while case let line = try session.readLine(), line != "done" {
            XCTAssertEqual(line, "helper 1 2")
            helpers += 1
        }
        XCTAssertGreaterThan(helpers, 0, "no helper drew the page")
    }

    /// A helper made to try what its sandbox forbids, once its document is open: opening
    /// a file for writing is refused and it draws on; a socket or a program ends it, and
    /// the page says only that it could not be drawn. The window quits normally each time.
    func testAHelperTryingToBreakOutIsRefusedOrEnded() throws {
        try QuireRun.requireDisplay()
        let planted = "/tmp/quire-helper-escape"
        try? FileManager.default.removeItem(atPath: planted)
        for escape in ["write", "connect", "exec"] {
            let fixtures = try Fixtures()
            let (session, file) = try session(fault: "escape:\(escape)", fixtures)
            XCTAssertEqual(try session.readLine(), "shown")
            // (What a confined helper prints to a file is lost: it may write no file.)
            if escape == "write" {
                XCTAssertTrue(try session.showsAtTheTop(page: 1, of: file, xs: 80...110), "the helper draws on")
            } else {
                XCTAssertTrue(session.errorsSay("page 2 could not be rendered"), escape)
                XCTAssertTrue(Self.showsFailure(try session.screen(until: Self.showsFailure)), "\(escape): page 2 says it could not be drawn")
            }
            try session.proceed()
            XCTAssertEqual(try session.readLine(), "end")
            try session.proceed()
            XCTAssertEqual(try session.readLine(), "exited 0", escape)
            XCTAssertEqual(try session.readLine(), "gone", escape)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: planted), "a helper wrote a file")
    }

    /// A document helper that crashes on page 3's text: the search finishes, finds the
    /// other eleven pages' matches, and says that one page could not be searched (in the
    /// bar, and in the snapshot's report); the crash costs one helper, not one per thread.
    func testASearchOverAPageWhoseHelperCrashesSaysItSkippedIt() throws {
        let fixtures = try Fixtures()
        let file = fixtures.long(pages: 12, named: "search-faults.pdf")
        let output = fixtures.path("search-faults.png")
        let run = try QuireRun.run(["--snapshot", output, "--size", "1000x900", "--find", "Long page", file],
                                   environment: ["QUIRE_HELPER_FAULT": "text-crash-on-page:3"])
        XCTAssertEqual(run.status, 0, run.standardError)
        XCTAssertTrue(run.standardOutput.contains("match=1/11 (page 1) unsearched=1"), run.standardOutput)
        XCTAssertFalse(run.standardError.contains("CRITICAL"), run.standardError)
    }

    /// Two tabs of one Quire (the second file handed to the running instance over the
    /// session bus): the first document's render helpers crash on every page, and the
    /// second document, drawn by helpers of its own from the same zygote, is drawn whole;
    /// the first tab, chosen again, says its pages could not be drawn.
    func testADocumentWhoseHelpersCrashLeavesAnotherTabsDocumentAlone() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let first = fixtures.long(pages: 3, named: "first.pdf"), second = fixtures.long(pages: 3, named: "second.pdf")
        // A session bus of the test's own, so that the second `quire` hands its file to the first.
        let script = TestEnvironment.ownSessionBus + """
            QUIRE_HELPER_FAULT='crash-always,in:first.pdf' "$1" --size 700x600 --zoom 100 "$2" & quire=$!
            first=$(appears 30 --onlyvisible --name '^first\\.pdf$' | head -1)
            [ -n "$first" ] || { echo "no window"; kill $quire; exit 1; }
            xdotool windowmove --sync "$first" 800 0
            timeout 20 "$1" '\(second)'; echo "second exited $?"
            appears 30 --onlyvisible --name '^second\\.pdf$' >/dev/null && echo "second shown"
            xdotool mousemove 1590 1190
            read answer
            xdotool windowfocus --sync "$first"
            xdotool key ctrl+Tab
            echo "chose $(xdotool getwindowname "$first")"
            read answer
            kill $quire; wait $quire
            """
        let session = try ScriptedSession(script: script, file: first, shot: fixtures.path("two-tabs.png"))
        XCTAssertEqual(try session.readLine(), "second exited 0")
        XCTAssertEqual(try session.readLine(), "second shown")
        XCTAssertTrue(session.errorsSay("page 1 could not be rendered: the process drawing page 1 ended while drawing it"))
        // The window, moved right, under its tab bar: the second tab shows its first page's
        // words; the first tab, chosen, says its pages could not be drawn.
        func textShown(_ screen: Picture) -> Int {
            var dark = 0
            for y in stride(from: 110, to: 400, by: 2) { for x in stride(from: 840, to: 1480, by: 2) where screen[x, y] & 0xFF_FFFF < 0x30_3030 { dark += 1 } }
            return dark
        }
        func failureShown(_ screen: Picture) -> Bool {
            var grey = 0
            for y in stride(from: 110, to: 550, by: 2) { for x in stride(from: 820, to: 1480, by: 2) where screen[x, y] == Self.failureGrey { grey += 1 } }
            return grey > 20
        }
        let secondShown = try session.screen { textShown($0) > 50 }
        XCTAssertGreaterThan(textShown(secondShown), 50, "the second tab's document is not drawn")
        XCTAssertFalse(failureShown(secondShown), "the second tab shows the first one's failure")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "chose first.pdf")
        XCTAssertTrue(failureShown(try session.screen(until: failureShown)), "the first tab's pages do not say they could not be drawn")
    }
}
