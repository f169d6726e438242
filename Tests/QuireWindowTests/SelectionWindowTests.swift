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
            # The text is read on Quire's worker thread: ask until it is there (10 s at most).
            for i in $(seq 100); do [ -n "$(xclip -o -selection clipboard 2>/dev/null)" ] && break; sleep 0.1; done
            echo "clipboard $(xclip -o -selection clipboard | tr '\\n' '|')"
            for i in $(seq 100); do [ -n "$(xclip -o 2>/dev/null)" ] && break; sleep 0.1; done
            echo "primary $(xclip -o | tr '\\n' '|')"
            read answer
            kill $quire; wait $quire
            """
        let session = try ScriptedSession(script: script, file: file, shot: shot)
        XCTAssertEqual(try session.readLine(), "shown")
        // Find the page: the first line's ink, dark on white, in the top of the canvas.
        let screen = try session.screen { $0.bounds(of: 0xFF00_0000, tolerance: 80) != nil }
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
