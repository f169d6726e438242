import Fixtures
import Foundation
import QuireDocument
import QuireEngine
import XCTest

/// Text selection with the mouse in a real window; the clipboard read back with xclip
/// while Quire still runs.
final class SelectionWindowTests: XCTestCase {
    /// A drag across two lines of the searchable fixture, then Ctrl+C: the clipboard holds
    /// the text from the press to the release, in reading order; the primary selection too.
    func testDragThenCtrlCPutsTheTextOnTheClipboard() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let file = fixtures.searchable(named: "select.pdf")
        let shot = fixtures.path("select.png")
        // At 100 %, page 1's origin is where the canvas centres it; the script finds the
        // first line's left end from the test's answer.
        let script = ScriptedSession.start(title: "select.pdf", arguments: "--size 1000x900 --zoom 100") + """
            xdotool mousemove 1590 1190
            echo shown
            read answer
            set -- $answer
            xdotool mousemove $1 $2 mousedown 1 mousemove $(( ($1 + $3) / 2 )) $(( ($2 + $4) / 2 )) mousemove $3 $4 mouseup 1
            xdotool key ctrl+c
            echo selected
            read answer
            """ + ScriptedSession.printClipboard + """
            for i in $(seq 100); do [ -n "$(xclip -o 2>/dev/null)" ] && break; sleep 0.1; done
            echo "primary $(xclip -o | tr '\\n' '|')"
            read answer
            kill $quire; wait $quire
            """
        let session = try ScriptedSession(script: script, file: file, shot: shot)
        XCTAssertEqual(try session.readLine(), "shown")
        // Find the page: the first line's ink, dark on white, in the top of the canvas.
        // The first view settled, not its first frame: the page may still move into place.
        let screen = try session.stillScreen { $0.cropped(x: 0, y: 60, width: 1000, height: 200).bounds(of: 0xFF00_0000, tolerance: 80) != nil }
        let ink = try XCTUnwrap(screen.cropped(x: 0, y: 60, width: 1000, height: 200).bounds(of: 0xFF00_0000, tolerance: 80))
        let scale = 96.0 / 72
        // The first line's baseline is 100 points down the page, the second's 130; the
        // line's ink starts at x = 72 points.
        let left = ink.x, lineTop = ink.y + 60
        let pageTop = Double(lineTop) - (100 - 12) * scale
        let startX = left + Int(4 * 14 * 0.6 * scale) // inside "quick"
        let start = (startX, Int(pageTop + 96 * scale))
        let end = (left + Int(40 * scale), Int(pageTop + 126 * scale)) // inside "A café"
        try session.proceed("\(start.0) \(start.1) \(end.0) \(end.1)")
        XCTAssertEqual(try session.readLine(), "selected")
        try session.proceed()
        // The clipboard is set once the worker has read the text: ask until it is there.
        var clipboard = try session.readLine()
        let primary = try session.readLine()
        XCTAssertTrue(clipboard.hasPrefix("clipboard "), clipboard)
        clipboard = String(clipboard.dropFirst("clipboard ".count))
        XCTAssertTrue(clipboard.contains("brown fox jumps over the lazy dog.|"), clipboard)
        XCTAssertTrue(clipboard.contains("|A ca"), clipboard)
        XCTAssertFalse(clipboard.contains("The quick"), "the press was after “The”: \(clipboard)")
        XCTAssertFalse(clipboard.contains("FOXES"), clipboard)
        XCTAssertTrue(primary.contains("brown fox jumps"), primary)
        try session.proceed()
    }

    /// A click on one line and, at once (well within the double-click time), a double click
    /// on a word of another, the pointer going there in steps: the word is chosen and
    /// copied. GTK 4.8 counted that double click as two single presses (`PressCounter`).
    func testADoubleClickJustAfterAClickElsewhereChoosesTheWord() throws {
        // One xdotool for the click, the steps and the double click: some 100 ms in all.
        let copied = try SearchableOnScreen.copy { page in
            let (from, to) = ((x: page.x(102), y: page.y(156)), (x: page.x(106), y: page.y(96))) // on "FOXES", inside "quick"
            let steps = (1...3).map { "mousemove \(from.x + (to.x - from.x) * $0 / 3) \(from.y + (to.y - from.y) * $0 / 3)" }
            return "xdotool mousemove \(from.x) \(from.y) click 1 " + steps.joined(separator: " ") + " click --repeat 2 --delay 80 1"
        }
        XCTAssertEqual(copied.clipboard, "quick", "the double click did not choose its word")
    }

    /// Issue 45: a triple-click on a line of the corpus's geometry notes (page 11) whose "⊆",
    /// from a math font, has a box reaching halfway down the next line. The clipboard holds
    /// that line, and only that line is lit: the tint covers its letters and stops short
    /// of the next line's (poppler's line box lit both).
    func testATripleClickLightsAndCopiesTheOneLineClicked() throws {
        try QuireRun.requireDisplay()
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../shared/corpus/outline-geotopo-de.pdf").standardizedFileURL.path
        guard FileManager.default.fileExists(atPath: path) else { throw XCTSkip("no ../shared/corpus beside this checkout") }
        let fixtures = try Fixtures()
        let script = ScriptedSession.start(title: "Geometrie und Topologie", arguments: "--size 1400x1000 --zoom 100")
            + ScriptedSession.press("ctrl+l", thenType: "11") + """
            xdotool mousemove 1590 1190
            echo shown
            read answer
            set -- $answer
            # To the line in steps, as a hand goes, then three clicks.
            xdotool mousemove 900 300
            for step in 1 2 3 4; do xdotool mousemove $(( 900 + ($1 - 900) * step / 4 )) $(( 300 + ($2 - 300) * step / 4 )); done
            xdotool click --repeat 3 --delay 120 1
            xdotool mousemove 1590 1190
            xdotool key ctrl+c
            echo selected
            read answer
            """ + ScriptedSession.printClipboard + """
            read answer
            kill $quire; wait $quire
            """
        let session = try ScriptedSession(script: script, file: path, shot: fixtures.path("line.png"))
        XCTAssertEqual(try session.readLine(), "shown")
        // Where page 11 (index 13) is: the line's strip of poppler's render, found on screen.
        let scale = 96.0 / 72
        let strip = (x: 110, y: 495, width: 620, height: 40)
        let line = Picture(try DocumentSource(path: path).open().render(page: 13, scale: scale))
            .cropped(x: strip.x, y: strip.y, width: strip.width, height: strip.height)
        func found(_ screen: Picture) -> (x: Int, y: Int, mismatch: Double) { screen.bestMatch(of: line, xs: 300...700, ys: 520...640) }
        let match = found(try session.screen { found($0).mismatch <= 0.01 })
        XCTAssertLessThanOrEqual(match.mismatch, 0.01, "page 11's line is not on screen")
        let origin = (x: Double(match.x - strip.x), y: Double(match.y - strip.y))
        func onScreen(_ x: Double, _ y: Double) -> (x: Int, y: Int) { (Int(origin.x + x * scale), Int(origin.y + y * scale)) }
        // Points on page 11, measured from poppler's boxes: the line's letters stand from 378
        // to 388 points down, between x = 90 and 539; the next line's from 392; the figure
        // above ends at 367.
        let press = onScreen(300, 383)
        try session.proceed("\(press.x) \(press.y)")
        XCTAssertEqual(try session.readLine(), "selected")
        let (left, top) = onScreen(90, 367), (right, bottom) = onScreen(539, 392)
        let tint: UInt32 = 0xFFB8_D4F5 // the selection's translucent blue over white
        func lit(_ screen: Picture) -> (x: Int, y: Int, width: Int, height: Int)? {
            screen.cropped(x: left - 40, y: top - 60, width: right - left + 80, height: bottom - top + 120).bounds(of: tint, tolerance: 10)
        }
        // The line's areas, not the double press's word's: lit across the line, held still.
        let screen = try session.stillScreen { lit($0).map { $0.width >= right - left } ?? false }
        let area = try XCTUnwrap(lit(screen), "nothing is lit")
        let litTop = top - 60 + area.y, litBottom = top - 60 + area.y + area.height
        XCTAssertGreaterThan(litTop, top, "the figure above is lit")
        XCTAssertLessThanOrEqual(litTop, onScreen(0, 378).y + 1, "the line's top is not lit")
        XCTAssertGreaterThanOrEqual(litBottom, onScreen(0, 388).y - 1, "the line's bottom is not lit")
        XCTAssertLessThanOrEqual(litBottom, bottom, "the next line is lit too")
        XCTAssertLessThanOrEqual(left - 40 + area.x, left + 1)
        XCTAssertGreaterThanOrEqual(left - 40 + area.x + area.width, right - 1)
        try session.proceed()
        let clipboard = try session.readLine()
        XCTAssertEqual(clipboard, "clipboard Beweis: Sei U ⊆ Z offen ⇒ (g ◦ f )−1 (U ) = f −1 (g −1 (U )). g −1 (U ) ist offen in Y weil g stetig")
        try session.proceed()
    }

    /// Ctrl+A and Ctrl+C on 100 dense pages (about 400 KB of text): the clipboard serves it
    /// all (X11 hands it over in pieces) and the window stays alive. GTK 4.8's string
    /// serializer deadlocked the main loop here; the text is now offered as bytes.
    func testCopyingAllOfALongDocumentKeepsTheWindowAlive() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let file = fixtures.dense(pages: 100)
        let shot = fixtures.path("dense.png")
        let script = ScriptedSession.start(title: "dense.pdf") + """
            xdotool windowfocus --sync "$window"
            xdotool mousemove 400 400 click 1 key ctrl+a key ctrl+c
            # The text is read on Quire's worker thread: ask until it is there (60 s at most).
            n=0; until [ "$n" -gt 0 ] || [ $SECONDS -gt 60 ]; do n=$(timeout 10 xclip -o -selection clipboard 2>/dev/null | wc -c); sleep 0.1; done
            echo "copied $n"
            n=$(timeout 10 xclip -o -selection clipboard 2>/dev/null | wc -c)
            echo "again $n"
            read answer
            kill $quire; wait $quire
            """
        let session = try ScriptedSession(script: script, file: file, shot: shot)
        let first = try session.readLine(), second = try session.readLine()
        let expected = 100 * 50 * "Page 10 line 10: the quick brown fox jumps over the lazy dog again.\n".utf8.count
        for line in [first, second] {
            let count = Int(line.split(separator: " ").last ?? "") ?? 0
            XCTAssertGreaterThan(count, expected * 9 / 10, line)
        }
        try session.proceed()
    }
}
