import Fixtures
import Foundation
import XCTest

/// The Preferences window (Ctrl+comma): a choice made there holds for the next document
/// opened, here one a second `quire FILE` hands to the running Quire.
final class PreferencesWindowTests: XCTestCase {
    func testTheZoomChosenInPreferencesHoldsForTheNextDocument() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let first = fixtures.long(pages: 3, named: "first.pdf")
        let second = fixtures.long(pages: 3, named: "second.pdf")
        let config = fixtures.path("config")
        // A session bus of its own, so that the second `quire` hands its file to the first.
        let script = """
            """ + TestEnvironment.ownSessionBus + ScriptedSession.start(title: "first.pdf", arguments: "--size 1400x1000") + """
            xdotool mousemove 1590 1190
            echo shown
            read answer
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+comma
            preferences=$(appears 30 --onlyvisible --name '^Preferences$' | head -1)
            [ -n "$preferences" ] || { echo "no preferences"; kill $quire; exit 1; }
            \(Self.chooseFitPage)
            xdotool search --onlyvisible --name '^Preferences$' >/dev/null && echo "still open" || echo closed
            read answer
            timeout 20 "$1" '\(second)'; echo "handed over $?"
            appears 30 --onlyvisible --name '^second\\.pdf$' >/dev/null && echo "second shown" || echo "no second window"
            read answer
            kill $quire; wait $quire

            """
        let session = try ScriptedSession(script: script, file: first, shot: fixtures.path("preferences.png"),
                                          environment: ["XDG_CONFIG_HOME": config, "GSETTINGS_BACKEND": "keyfile"])
        XCTAssertEqual(try session.readLine(), "shown")
        let wide = Self.paperAcross(try session.screen { Self.paperAcross($0) > 1200 })
        XCTAssertGreaterThan(wide, 1200, "the first document is not at Fit Width, the default")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "closed")
        let keyfile = try String(contentsOfFile: config + "/glib-2.0/settings/keyfile", encoding: .utf8)
        XCTAssertTrue(keyfile.contains("default-zoom='fit-page'"), "not stored: \(keyfile)")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "handed over 0")
        XCTAssertEqual(try session.readLine(), "second shown")
        // Fit Page: the whole page in the 1000-pixel-high window, so about 700 pixels wide.
        let narrow = Self.paperAcross(try session.screen { (600..<900).contains(Self.paperAcross($0)) })
        XCTAssertTrue((600..<900).contains(narrow), "the second document is \(narrow) pixels wide, not at Fit Page")
        try session.proceed()
    }

    /// Scans are read in the languages the reader adds, beside the document's own and
    /// English: the row of an installed language (Russian, by its own name) turned on from
    /// the keyboard is stored for the next scan opened.
    func testALanguageTurnedOnForScansIsStored() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let config = fixtures.path("config")
        let script = ScriptedSession.start(title: "first.pdf", arguments: "--size 1400x1000") + """
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+comma
            preferences=$(appears 30 --onlyvisible --name '^Preferences$' | head -1)
            [ -n "$preferences" ] || { echo "no preferences"; kill $quire; exit 1; }
            echo preferences
            read answer
            xdotool windowfocus --sync "$preferences"
            # Into the first row (the zoom), then down the rows of three groups: New Documents
            # (4), Reopening and Tabs (3), Scanned Pages (Recognise Text, then the languages).
            xdotool key --delay 60 Down Down Down Down Down Down Down Down Down Down
            echo moved
            read answer
            xdotool key space
            for wait in $(seq 100); do grep -q "recognition-languages" "\(config)/glib-2.0/settings/keyfile" 2>/dev/null && break; sleep 0.1; done
            echo chosen
            read answer
            kill $quire; wait $quire
            """
        let session = try ScriptedSession(script: script, file: fixtures.long(pages: 1, named: "first.pdf"), shot: fixtures.path("languages.png"),
                                          environment: ["XDG_CONFIG_HOME": config, "GSETTINGS_BACKEND": "keyfile"])
        XCTAssertEqual(try session.readLine(), "preferences")
        // Keys for its rows once the window is drawn and still: sent as soon as it mapped, they stored nothing.
        _ = try session.stillScreen()
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "moved")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "chosen")
        let keyfile = try String(contentsOfFile: config + "/glib-2.0/settings/keyfile", encoding: .utf8)
        XCTAssertTrue(keyfile.contains("recognition-languages=['rus']"), "not stored: \(keyfile)")
        try session.proceed()
    }

    /// Script lines for the Preferences window in $preferences: the first row, the zoom, has
    /// the focus; they open its list (a popover: a new X window named "quire", as xdotool,
    /// blind to case, also finds a window titled "Quire"), take the next zoom, Fit Page,
    /// and close the window.
    private static let chooseFitPage = """
        xdotool windowfocus --sync "$preferences"
        before=$(xdotool search --onlyvisible --name '^quire$')
        # A key pressed as the window maps can be lost (seen once in ten runs): when no list
        # comes, Return is pressed again.
        list=""
        for attempt in 1 2 3; do
            xdotool key Return
            for wait in $(seq 50); do
                list=$(xdotool search --onlyvisible --name '^quire$' | grep -vxF "$before" | head -1)
                [ -n "$list" ] && break; sleep 0.1
            done
            [ -n "$list" ] && break
        done
        [ -n "$list" ] || { echo "no list"; kill $quire; exit 1; }
        xdotool key Down Return
        for wait in $(seq 300); do xdotool search --onlyvisible --name '^quire$' | grep -qxF "$list" || break; sleep 0.1; done
        xdotool key Escape
        for wait in $(seq 300); do xdotool search --onlyvisible --name '^Preferences$' >/dev/null || break; sleep 0.1; done
        """

    /// How many pixels of white paper cross the window's middle row.
    private static func paperAcross(_ screen: Picture) -> Int {
        (0..<1400).filter { screen[$0, 500] == 0xFFFF_FFFF }.count
    }

    /// With "Reopen documents where I left them" off, a document read to page 23 opens
    /// again at its first page, at the preferences' zoom; on (the default), at page 23.
    func testWithoutReopeningADocumentStartsAtItsFirstPage() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let file = fixtures.long(pages: 40, named: "left.pdf")
        let stateHome = freshStateHome(), config = fixtures.path("config")
        let script = ScriptedSession.start(title: "left.pdf", arguments: "--size 1000x800") + """
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+l
            xdotool type 23
            xdotool key Return ctrl+w
            wait $quire
            echo closed
            read answer

            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("left.png"), stateHome: stateHome,
                                          environment: ["XDG_CONFIG_HOME": config])
        XCTAssertEqual(try session.readLine(), "closed")
        func reopened() throws -> String {
            let run = try QuireRun.run(["--snapshot", fixtures.path("reopened.png"), "--size", "1000x800", file],
                                       environment: ["XDG_STATE_HOME": stateHome, "XDG_CONFIG_HOME": config])
            XCTAssertEqual(run.status, 0, run.standardError)
            return run.standardOutput
        }
        XCTAssertTrue(try reopened().contains("page=23/40"), "not remembered in the first place")

        try FileManager.default.createDirectory(atPath: config + "/glib-2.0/settings", withIntermediateDirectories: true)
        try "[app/quire/Quire]\nreopen-where-left=false\ndefault-zoom='fit-page'\n"
            .write(toFile: config + "/glib-2.0/settings/keyfile", atomically: true, encoding: .utf8)
        let output = try reopened()
        XCTAssertTrue(output.contains("page=1/40 "), output)
        // Fit Page in a 1000 × 800 window: the page's 792 points fit in about 750 pixels.
        XCTAssertTrue(output.contains("scale=0.9"), "not at Fit Page: \(output)")
    }

    /// Without the schema (an executable outside the source tree, none installed) Quire says
    /// so once, runs, and keeps the editor command in the file it used before preferences.
    func testWithoutTheSchemaQuireRunsOnItsDefaults() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let file = fixtures.long(pages: 2, named: "plain.pdf")
        let executable = fixtures.path("quire")
        try FileManager.default.copyItem(atPath: QuireRun.executable.path, toPath: executable)
        try FileManager.default.copyItem(atPath: QuireRun.helpers.path, toPath: fixtures.path("quire-helpers"))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--synctex-editor-command", "true %{input}", "--snapshot", fixtures.path("plain.png"), file]
        var environment = TestEnvironment.forRun(["XDG_DATA_DIRS": fixtures.path("no-data"), "XDG_DATA_HOME": fixtures.path("no-data")])
        environment["GSETTINGS_SCHEMA_DIR"] = nil
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = Pipe()
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, text)
        XCTAssertEqual(text.components(separatedBy: "Preferences are not kept").count, 2, "said once: \(text)")
        let remembered = try? String(contentsOfFile: environment["XDG_CONFIG_HOME"]! + "/quire/synctex-editor-command", encoding: .utf8)
        XCTAssertEqual(remembered, "true %{input}\n")
    }

    /// A window left empty (Ctrl+N) while the zoom was changed opens its document, chosen
    /// with Ctrl+O, at the new zoom.
    func testAnEmptyWindowOpensItsDocumentAtTheZoomChosenSince() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let first = fixtures.long(pages: 3, named: "first.pdf")
        let chosen = fixtures.long(pages: 3, named: "chosen.pdf")
        let script = ScriptedSession.start(title: "first.pdf", arguments: "--size 1400x1000") + """
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+n
            empty=$(appears 30 --onlyvisible --name '^Quire$' | head -1)
            [ -n "$empty" ] || { echo "no empty window"; kill $quire; exit 1; }
            xdotool windowfocus --sync "$empty"
            xdotool key ctrl+comma
            preferences=$(appears 30 --onlyvisible --name '^Preferences$' | head -1)
            [ -n "$preferences" ] || { echo "no preferences"; kill $quire; exit 1; }
            \(Self.chooseFitPage)
            \(ScriptedSession.choose(chosen, title: "chosen.pdf", from: "empty"))
            [ "$opened" = "$empty" ] && echo "opened there" || echo "opened elsewhere: $opened, not $empty"
            read answer
            kill $quire; wait $quire

            """
        let session = try ScriptedSession(script: script, file: first, shot: fixtures.path("empty.png"),
                                          environment: ["XDG_DATA_HOME": freshStateHome()])
        XCTAssertEqual(try session.readLine(), "opened there")
        let narrow = Self.paperAcross(try session.screen { (600..<900).contains(Self.paperAcross($0)) })
        XCTAssertTrue((600..<900).contains(narrow), "the chosen document is \(narrow) pixels wide, not at Fit Page")
        try session.proceed()
    }
}
