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
            { read -r DBUS_SESSION_BUS_ADDRESS; read -r bus; } < <(dbus-daemon --session --fork --print-address=1 --print-pid=1)
            export DBUS_SESSION_BUS_ADDRESS

            """ + ScriptedSession.start(title: "first.pdf", arguments: "--size 1400x1000") + """
            xdotool mousemove 1590 1190
            echo shown
            read answer
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+comma
            preferences=$(timeout 30 xdotool search --sync --onlyvisible --name '^Preferences$' | head -1)
            [ -n "$preferences" ] || { echo "no preferences"; kill $quire $bus; exit 1; }
            # The first row, the zoom, has the focus: open its list (a popover, an X window
            # named "quire"), take the next one (Fit Page), close the window.
            xdotool windowfocus --sync "$preferences"
            xdotool key Return
            timeout 30 xdotool search --sync --onlyvisible --name '^quire$' >/dev/null || { echo "no list"; kill $quire $bus; exit 1; }
            xdotool key Down Return
            for wait in $(seq 300); do xdotool search --onlyvisible --name '^quire$' >/dev/null || break; sleep 0.1; done
            xdotool key Escape
            for wait in $(seq 300); do xdotool search --onlyvisible --name '^Preferences$' >/dev/null || break; sleep 0.1; done
            xdotool search --onlyvisible --name '^Preferences$' >/dev/null && echo "still open" || echo closed
            read answer
            timeout 20 "$1" '\(second)'; echo "handed over $?"
            timeout 30 xdotool search --sync --onlyvisible --name '^second\\.pdf$' >/dev/null && echo "second shown" || echo "no second window"
            read answer
            kill $quire; wait $quire; kill $bus

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

    /// How many pixels of white paper cross the window's middle row.
    private static func paperAcross(_ screen: Picture) -> Int {
        (0..<1400).filter { screen[$0, 500] == 0xFFFF_FFFF }.count
    }
}
