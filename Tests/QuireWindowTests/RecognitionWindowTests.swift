import Fixtures
import Foundation
import XCTest

/// A scan's text recognised in a real window with Debian's Tesseract: a page made by
/// scanning known text (`Fixtures.recognisable`) has no text of its own; opened, the bar
/// says it is being recognised, then Find lights a phrase of it where it is printed, and
/// Ctrl+A Ctrl+C copies its words.
final class RecognitionWindowTests: XCTestCase {
    func testAScanIsRecognisedThenFoundAndCopied() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let file = try fixtures.recognisable()
        let script = ScriptedSession.start(title: "recognisable.pdf", arguments: "--size 1000x900 --zoom 100") + """
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+f
            xdotool type --delay 80 'invoice number'
            echo typed
            read answer
            xdotool key Escape
            xdotool key ctrl+a ctrl+c
            n=0; deadline=$((SECONDS + 60))
            until [ "$n" -gt 0 ] || [ $SECONDS -gt $deadline ]; do n=$(timeout 10 xclip -o -selection clipboard 2>/dev/null | wc -c); sleep 0.1; done
            echo "copied $(timeout 10 xclip -o -selection clipboard | tr '\\n' '|')"
            read answer
            xdotool key ctrl+q
            wait $quire

            """ + ScriptedSession.start(title: "recognisable.pdf", arguments: "--size 1000x900 --zoom 100") + """
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+f
            xdotool type --delay 80 'invoice number'
            echo typed again
            read answer
            kill $quire; wait $quire
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("recognised.png"),
                                          environment: recognisingSettings().merging(["QUIRE_TRACE_SEARCH": "1"]) { $1 })
        XCTAssertEqual(try session.readLine(), "typed")
        // The page has no text: nothing is found until its words are recognised, then the
        // search is made again.
        let found = ScriptedSession.poll(seconds: 120) { () -> Bool? in
            searchLines(session).last == "search “invoice number”: match=1/1 (page 1), 1 rows" ? true : nil
        }
        XCTAssertEqual(found, true, "\(searchLines(session))")
        // Lit where "Invoice number" was printed: at the left of the printed lines, on the
        // last of them (the page's ink: its text, black against the grain).
        let lit = try session.screen { $0.bounds(of: SearchWindowTests.current, tolerance: 12) != nil }
        let mark = try XCTUnwrap(lit.bounds(of: SearchWindowTests.current, tolerance: 12), "no match lit")
        // Inside the page (816 pixels wide at 100 %, centred in the 1000-pixel window), under the bars.
        let inside = (x: 110, y: 140)
        let ink = try XCTUnwrap(lit.cropped(x: inside.x, y: inside.y, width: 780, height: 700).bounds(of: 0xFF00_0000, tolerance: 120),
                                "no text on screen")
        XCTAssertEqual(mark.x, inside.x + ink.x, accuracy: 10, "the mark \(mark) is not at the lines' left \(ink)")
        XCTAssertEqual(mark.y + mark.height, inside.y + ink.y + ink.height, accuracy: 12, "the mark \(mark) is not on the last line \(ink)")
        XCTAssertGreaterThan(mark.width, 100, "\(mark): not two words")
        try session.proceed()
        let copied = try session.readLine()
        XCTAssertTrue(copied.hasPrefix("copied The reader opened the scanned contract"), copied)
        XCTAssertTrue(copied.contains("Invoice number 4721 was paid"), copied)
        XCTAssertTrue(recognitionLines(session).contains { $0.hasPrefix("recognition: page 1 recognised, ") }, "\(recognitionLines(session))")
        // Reopened, the page comes from the text store: found at once, not recognised again.
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "typed again", (try? String(contentsOfFile: session.errors, encoding: .utf8)) ?? "")
        let again = ScriptedSession.poll(seconds: 30) { () -> Bool? in
            searchLines(session).filter { $0 == "search “invoice number”: match=1/1 (page 1), 1 rows" }.count == 2 ? true : nil
        }
        XCTAssertEqual(again, true, "\(searchLines(session))")
        XCTAssertTrue(recognitionLines(session).contains("recognition: 1 pages from the text store"), "\(recognitionLines(session))")
        XCTAssertEqual(recognitionLines(session).filter { $0.contains(" recognised, ") }.count, 1, "recognised again: \(recognitionLines(session))")
        try session.proceed()
    }

    /// A Russian scan whose catalog says /Lang (ru), opened by a reader whose locale names
    /// no language (C.UTF-8): it is read in Russian (the document's language first), so Find finds a
    /// Russian word; in English alone it would find nothing.
    func testAScanIsReadInItsDocumentsLanguage() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let file = try fixtures.recognisable(named: "russian.pdf", lines: Fixtures.scannedRussianLines, language: "ru")
        let script = ScriptedSession.start(title: "russian.pdf", arguments: "--size 1000x900 --zoom 100") + """
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+f
            \(ScriptedSession.typeRetrying("договор"))
            read answer
            kill $quire; wait $quire
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("russian.png"),
                                          environment: recognisingSettings().merging(["QUIRE_TRACE_SEARCH": "1", "LANG": "C.UTF-8", "LC_ALL": "", "LANGUAGE": ""]) { $1 })
        try session.confirmTyped {
            ScriptedSession.poll(seconds: 10) { searchLines(session).contains { $0.hasPrefix("search “договор”") } ? true : nil } == true
        }
        try session.proceed()
        let found = ScriptedSession.poll(seconds: 120) { () -> Bool? in
            searchLines(session).last == "search “договор”: match=1/1 (page 1), 1 rows" ? true : nil
        }
        XCTAssertEqual(found, true, "\(searchLines(session)) \(recognitionLines(session))")
        XCTAssertTrue(recognitionLines(session).contains("recognition: reading in rus+eng"), "\(recognitionLines(session))")
        try session.proceed()
    }

    /// Save with Recognised Text, from the main menu once the scan is recognised: the file
    /// chosen has the words as text another program reads (pdftotext), the window then shows
    /// that file, and the scan opened is left as it was.
    func testASavedScanWithRecognisedTextIsReadByAnotherProgram() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let file = try fixtures.recognisable()
        let original = try Data(contentsOf: URL(fileURLWithPath: file))
        let other = fixtures.path("with text.pdf")
        let script = ScriptedSession.start(title: "recognisable.pdf", arguments: "--size 1000x900 --zoom 100") + """
            echo shown
            read answer
            # Off the menu's place: an item under the pointer would be where the keys start.
            xdotool mousemove 1590 1190
            xdotool windowfocus --sync "$window"
            xdotool key F10
            echo menu
            read answer
            # Open…, Open Recent, New Window, (Save: insensitive, passed over), Save As…, Save with Recognised Text…
            xdotool key Down Down Down Down Return
            """ + ScriptedSession.answerSaveAs(with: other) + """
            for i in $(seq 400); do [ "$(xdotool getwindowname "$window")" = "with text.pdf" ] && break; sleep 0.05; done
            echo "title $(xdotool getwindowname "$window")"
            read answer
            kill $quire; wait $quire
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("with-text.png"),
                                          environment: recognisingSettings().merging(["QUIRE_TRACE_SEARCH": "1"]) { $1 })
        XCTAssertEqual(try session.readLine(), "shown")
        let recognised = ScriptedSession.poll(seconds: 120) { recognitionLines(session).contains { $0.hasPrefix("recognition: page 1 recognised") } ? true : nil }
        XCTAssertEqual(recognised, true, "\(recognitionLines(session))")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "menu")
        let menu = try session.screen { $0.showsPopover(x: 600, y: 40, width: 400, height: 400) }
        XCTAssertTrue(menu.showsPopover(x: 600, y: 40, width: 400, height: 400), "F10 did not open the main menu")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "chooser shown")
        XCTAssertEqual(try session.readLine(), "title with text.pdf", "the window does not show the file written")
        let text = try Program.output("/usr/bin/pdftotext", [other, "-"])
        XCTAssertTrue(text.contains("Invoice number 4721 was paid"), text)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: file)), original, "the scan opened was changed")
        try session.proceed()
    }

    /// What recognition said so far (`QUIRE_TRACE_SEARCH`), a line each.
    private func recognitionLines(_ session: ScriptedSession) -> [String] {
        ((try? String(contentsOfFile: session.errors, encoding: .utf8)) ?? "").split(separator: "\n")
            .filter { $0.hasPrefix("quire: recognition: ") }.map { String($0.dropFirst("quire: ".count)) }
    }

    /// What the search said so far (`QUIRE_TRACE_SEARCH`), a line each.
    private func searchLines(_ session: ScriptedSession) -> [String] {
        ((try? String(contentsOfFile: session.errors, encoding: .utf8)) ?? "").split(separator: "\n")
            .filter { $0.hasPrefix("quire: search “") }.map { String($0.dropFirst("quire: ".count)) }
    }
}
