import Fixtures
import Foundation
import PDFWriter
import XCTest

/// Read Aloud in a real window, through a speech-dispatcher of the test's own whose output
/// module writes each message to a file (one line each) and then waits on a FIFO the test
/// holds: a sentence "ends" when the test says so, so that what is lit while it is being
/// said can be looked at without waiting on time.
final class ReadAloudWindowTests: XCTestCase {
    /// Read Aloud's violet over white paper (0.3 of 0.55, 0.2, 0.9).
    static let lit: UInt32 = 0xFFDD_C2F7

    /// With a word selected, Ctrl+Shift+Y reads from it, sentence by sentence, across the
    /// page's end onto the next page, the sentence said lit (two lines, then one, then on
    /// page 2, where the view followed); Ctrl+Shift+Y pauses and resumes (the sentence is
    /// said again whole), Escape stops and the light goes.
    func testItReadsFromTheSelectionAcrossPagesLightingEachSentence() throws {
        // Inside "second", in points from the page's left.
        var secondWord = 0.0
        let speech = try Speech.start(document: { fixtures in
            secondWord = 72 + PDFWriter(path: fixtures.path("measure.pdf")).textWidth("Read Aloud starts here. The s", size: 14)
            return Speech.twoPages(fixtures)
        }, steps: """
            xdotool mousemove $answer click --repeat 2 1 mousemove 1590 1190 key ctrl+shift+y
            echo reading
            read answer
            xdotool key ctrl+shift+y
            echo paused
            read answer
            xdotool key ctrl+shift+y
            echo resumed
            read answer
            xdotool key Escape
            echo stopped
            read answer
            """, answer: { page in "\(page.x(secondWord)) \(page.y(96))" })
        let session = speech.session
        XCTAssertEqual(try session.readLine(), "reading")

        XCTAssertEqual(try speech.said(1), ["second sentence runs across a line."])
        let first = try XCTUnwrap(speech.litArea(), "the first sentence is lit")
        XCTAssertGreaterThan(first.height, 30, "it is lit on both its lines")
        try speech.endSentence()
        XCTAssertEqual(try speech.said(2).last, "A third one ends the page.")
        let second = try XCTUnwrap(speech.litArea { $0.y > first.y + 10 }, "the light moved to the second line")
        XCTAssertLessThan(second.height, 30, "one line is lit")
        try speech.endSentence()
        XCTAssertEqual(try speech.said(3).last, "The next page follows.")
        let third = try XCTUnwrap(speech.litArea { $0.y != second.y }, "the sentence on page 2 is lit, in view")
        XCTAssertLessThan(third.height, 30)

        try session.proceed()
        XCTAssertEqual(try session.readLine(), "paused")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "resumed")
        XCTAssertEqual(try speech.said(4).last, "The next page follows.", "resuming says the sentence again")
        try speech.endSentence()
        XCTAssertEqual(try speech.said(5).last, "It ends here.")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "stopped")
        XCTAssertNotNil(try speech.screen { $0.bounds(of: Self.lit, tolerance: 6) == nil }.map { _ in true }, "the light is gone")
        XCTAssertEqual(try speech.said(5).count, 5)
        try session.proceed()
    }

    /// With nothing selected, Ctrl+Shift+Y reads from the top of the view, at the voice
    /// rate the preferences hold; in caret mode (F7, Down: the caret at the second line's
    /// start) from the caret's word, and Escape stops the reading before it leaves caret mode.
    func testItReadsFromTheTopOfTheViewOrFromTheCaret() throws {
        let speech = try Speech.start(document: Speech.twoPages, before: """
            mkdir -p "$XDG_CONFIG_HOME/glib-2.0/settings"
            printf '[app/quire/Quire]\\nread-aloud-rate=-25\\n' > "$XDG_CONFIG_HOME/glib-2.0/settings/keyfile"

            """, steps: """
            xdotool key ctrl+shift+y
            echo top
            read answer
            xdotool key Escape F7 Down ctrl+shift+y
            echo caret
            read answer
            xdotool key Escape
            echo stopped
            read answer
            """)
        XCTAssertEqual(try speech.session.readLine(), "top")
        XCTAssertEqual(try speech.said(1), ["Read Aloud starts here."])
        XCTAssertEqual(try speech.rates(), ["-25"], "the preferences' rate")
        try speech.session.proceed()
        XCTAssertEqual(try speech.session.readLine(), "caret")
        XCTAssertEqual(try speech.said(2).last, "across a line.")
        XCTAssertNotNil(try speech.litArea(), "the caret's sentence is lit")
        try speech.session.proceed()
        XCTAssertEqual(try speech.session.readLine(), "stopped")
        XCTAssertNotNil(try speech.screen { $0.bounds(of: Self.lit, tolerance: 6) == nil }, "Escape stopped the reading")
        try speech.session.proceed()
    }

    /// A scan without text says so instead of reading nothing, and stops.
    func testAScanWithoutTextSaysItHasNoText() throws {
        let speech = try Speech.start(document: { $0.scannedBook(pages: 1) }, steps: """
            xdotool key ctrl+shift+y
            echo reading
            read answer
            """, findPage: false)
        XCTAssertEqual(try speech.session.readLine(), "reading")
        XCTAssertEqual(try speech.said(1), ["This document has no text to read aloud: its pages may be scanned pictures."])
        try speech.endSentence()
        try speech.session.proceed()
    }
}

/// Quire at 100 % in a 1000×900 window on a document, with a speech-dispatcher of the
/// script's own: its configuration, socket, log and the files it writes in a folder of its
/// own (under /tmp: a socket's path may have 108 bytes), removed with it when the script ends.
/// The module's rate is the one Quire sets (-100 to 100: the module divides by 100).
private struct Speech {
    let session: ScriptedSession
    let folder: String
    let fixtures: Fixtures

    /// Two pages: two lines of three sentences, then a line of two.
    static func twoPages(_ fixtures: Fixtures) -> String {
        let file = fixtures.path("read-aloud.pdf")
        let writer = PDFWriter(path: file)
        writer.beginPage()
        writer.text("Read Aloud starts here. The second sentence runs", x: 72, y: 100, size: 14)
        writer.text("across a line. A third one ends the page.", x: 72, y: 120, size: 14)
        writer.beginPage()
        writer.text("The next page follows. It ends here.", x: 72, y: 100, size: 14)
        writer.finish()
        return file
    }

    /// `before`: script lines run before Quire starts.
    static func start(document: (Fixtures) -> String, before: String = "", steps: String, findPage: Bool = true,
                      answer: (SearchableOnScreen.PageOnScreen) -> String = { _ in "go" }) throws -> Speech {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let file = document(fixtures)
        let name = (file as NSString).lastPathComponent
        let script = #"""
            sd=$(mktemp -d /tmp/quire-sd.XXXXXX)
            trap 'for pid in $stop_at_exit; do kill $pid 2>/dev/null; wait $pid 2>/dev/null; done; rm -rf "$sd"' EXIT
            mkdir -p "$sd/conf/modules" "$sd/log"
            mkfifo "$sd/gate"
            cat > "$sd/conf/speechd.conf" <<END
            AddModule "said" "sd_generic" "said.conf"
            DefaultModule "said"
            AudioOutputMethod "alsa"
            AudioALSADevice "null"
            END
            cat > "$sd/conf/modules/said.conf" <<END
            GenericExecuteSynth "printf '%s\\\\n' \$RATE >> $sd/rates; printf '%s\\\\n' \\'\$DATA\\' >> $sd/said; read gate < $sd/gate"
            GenericRateAdd 0
            GenericRateMultiply 100
            GenericRateForceInteger 1
            GenericDelimiters "\\x01"
            GenericMaxChunkLength 10000
            AddVoice "en" "MALE1" "said"
            END
            speech-dispatcher -s -t 0 -C "$sd/conf" -S "$sd/sock" -L "$sd/log" -P "$sd/pid" >"$sd/log/output" 2>&1 & stop_at_exit="$stop_at_exit $!"
            for i in $(seq 200); do [ -S "$sd/sock" ] && break; sleep 0.05; done
            export SPEECHD_ADDRESS="unix_socket:$sd/sock"
            echo "$sd"

            """# + before + ScriptedSession.start(title: name, arguments: "--size 1000x900 --zoom 100") + """
            xdotool mousemove 1590 1190
            echo shown
            read answer

            """ + steps + """

            kill $quire; wait $quire
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path(name + ".png"))
        let folder = try session.readLine()
        let shown = try session.readLine()
        guard shown == "shown" else {
            throw FixtureFailure("no window: \(folder) / \(shown) \((try? String(contentsOfFile: session.errors, encoding: .utf8)) ?? "")")
        }
        let speech = Speech(session: session, folder: folder, fixtures: fixtures)
        if findPage {
            let before = try session.stillScreen { (try? SearchableOnScreen.find(in: $0)) != nil }
            try session.proceed(answer(try SearchableOnScreen.find(in: before)))
        } else {
            try session.proceed()
        }
        return speech
    }

    /// What the module was given to say once it holds `count` lines (30 s at most).
    func said(_ count: Int) throws -> [String] {
        let lines = ScriptedSession.poll { () -> [String]? in
            let text = (try? String(contentsOfFile: folder + "/said", encoding: .utf8)) ?? ""
            let lines = text.split(separator: "\n").map(String.init)
            return lines.count >= count ? lines : nil
        }
        guard let lines else { throw FixtureFailure("speech-dispatcher was not given \(count) messages") }
        return lines
    }

    /// The rates the module was given, one a message said so far.
    func rates() throws -> [String] {
        try String(contentsOfFile: folder + "/rates", encoding: .utf8).split(separator: "\n").map(String.init)
    }

    /// Lets the sentence being said end (the module reads a line from the gate).
    func endSentence() throws {
        let opened = ScriptedSession.poll { () -> Int32? in
            let descriptor = open(folder + "/gate", O_WRONLY | O_NONBLOCK)
            return descriptor >= 0 ? descriptor : nil
        }
        guard let opened else { throw FixtureFailure("the module is not waiting on the gate") }
        defer { close(opened) }
        _ = write(opened, "\n", 1)
    }

    func screen(until done: (Picture) -> Bool) throws -> Picture? {
        let screen = try session.screen(until: done)
        return done(screen) ? screen : nil
    }

    /// The area lit in Read Aloud's colour once `where` holds for it.
    func litArea(where wanted: ((x: Int, y: Int, width: Int, height: Int)) -> Bool = { _ in true }) throws
        -> (x: Int, y: Int, width: Int, height: Int)? {
        let screen = try session.screen { screen in screen.bounds(of: ReadAloudWindowTests.lit, tolerance: 6).map(wanted) ?? false }
        return screen.bounds(of: ReadAloudWindowTests.lit, tolerance: 6).flatMap { wanted($0) ? $0 : nil }
    }
}
