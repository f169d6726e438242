import Fixtures
import Foundation
import QuireDocument
import QuireEngine
import XCTest

/// Links in a real window, clicked with xdotool.
final class LinkWindowTests: XCTestCase {
    static let red: UInt32 = 0xFFCC_3333 // Fixtures.boxColour

    /// A click on "Go to page three" brings its destination (100 points down page 3) to the
    /// top of the view; Alt+Left goes back to page 1.
    func testClickingAnInternalLinkJumpsAndAltLeftReturns() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let file = fixtures.standard(named: "links.pdf")
        let shot = fixtures.path("links.png")
        let script = ScriptedSession.start(title: Fixtures.standardTitle, arguments: "--size 1000x900 --zoom 100") + """
            xdotool mousemove 1590 1190
            echo shown
            read answer
            \(ScriptedSession.clickThenBack)
            kill $quire; wait $quire
            """
        let session = try ScriptedSession(script: script, file: file, shot: shot)
        let box = try Self.followGoToPageThree(in: session, of: file)
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "back")
        let back = try session.screen { ($0.bounds(of: Self.red)?.y ?? -1) == box.y }
        XCTAssertEqual(back.bounds(of: Self.red)?.y, box.y, "Alt+Left did not return to page 1 where it was")
    }

    /// The helper that opened the document answers the window's questions about its pages
    /// (links, annotations, form fields) for as long as it is shown: once a link was
    /// followed and the page objects read, the zygote has made no more than it and the two
    /// render helpers (five before: one more for links, one for page objects). The reader
    /// of page sizes and labels, a fourth, runs at idle priority and may still be reading
    /// (or, before the zygote reaped promptly, be a defunct process) when the link was
    /// followed on a busy machine: the count is taken once it ended, within 10 s.
    func testLinksAndPageObjectsAskTheHelperThatOpenedTheDocument() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let file = fixtures.standard(named: "helpers.pdf")
        let script = ScriptedSession.start(title: Fixtures.standardTitle, arguments: "--size 1000x900 --zoom 100") + """
            xdotool mousemove 1590 1190
            echo shown
            read answer
            \(ScriptedSession.clickThenBack)
            zygote=$(pgrep -o -P $quire)
            for i in $(seq 200); do [ $(pgrep -P $zygote | wc -l) -le 3 ] && break; sleep 0.05; done
            echo "helpers $(pgrep -P $zygote | wc -l)"
            read answer
            kill $quire; wait $quire
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("helpers.png"))
        _ = try Self.followGoToPageThree(in: session, of: file)
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "back")
        try session.proceed()
        let count = try session.readLine()
        let helpers = try XCTUnwrap(Int(count.dropFirst("helpers ".count)), count)
        XCTAssertGreaterThanOrEqual(helpers, 2, "a helper opened the document and one drew")
        XCTAssertLessThanOrEqual(helpers, 3, "one document helper and two render helpers at most")
    }

    /// A click on "Visit example.com" hands the address to the desktop's handler for https
    /// (here a script the test installs as the default browser), and the program it starts
    /// is the reader's, not confined like Quire's helpers: without `no_new_privs` (which
    /// breaks setuid browsers) and without the `GTK_THEME` Quire names while GTK starts
    /// (`GtkStart`), which would take a GTK browser's theme away. A user's own GTK_THEME
    /// reaches it unchanged.
    func testAWebLinkStartsTheBrowserUnconfinedAndWithTheReadersEnvironment() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let file = fixtures.standard(named: "web.pdf")
        let data = fixtures.path("data"), applications = data + "/applications", seen = fixtures.path("browser.txt")
        try FileManager.default.createDirectory(atPath: applications, withIntermediateDirectories: true)
        let browser = fixtures.path("browser.sh")
        try """
            #!/bin/sh
            { echo "uri $1"; awk '/^NoNewPrivs:/ {print "no_new_privs " $2}' /proc/self/status; echo "theme ${GTK_THEME-unset}"; } > "\(seen).part"
            mv "\(seen).part" "\(seen)"
            """.write(toFile: browser, atomically: true, encoding: .utf8)
        chmod(browser, 0o755)
        try """
            [Desktop Entry]
            Type=Application
            Name=Test Browser
            Exec=\(browser) %u
            MimeType=x-scheme-handler/https;
            """.write(toFile: applications + "/test-browser.desktop", atomically: true, encoding: .utf8)
        try "[Default Applications]\nx-scheme-handler/https=test-browser.desktop\n"
            .write(toFile: applications + "/mimeapps.list", atomically: true, encoding: .utf8)

        for theme in [nil, "HighContrast"] {
            try? FileManager.default.removeItem(atPath: seen)
            let script = ScriptedSession.start(title: Fixtures.standardTitle, arguments: "--size 1000x900 --zoom 100") + """
                xdotool mousemove 1590 1190
                echo shown
                read answer
                xdotool mousemove $answer click 1
                for i in $(seq 200); do [ -e "\(seen)" ] && break; sleep 0.05; done
                echo "browser $(tr '\n' ',' < "\(seen)" 2>/dev/null)"
                read answer
                kill $quire; wait $quire
                """
            var environment = ["XDG_DATA_HOME": data]
            environment["GTK_THEME"] = theme
            let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("web.png"), environment: environment)
            XCTAssertEqual(try session.readLine(), "shown")
            let scale = 96.0 / 72
            let (_, origin) = try Self.pageOne(in: session)
            // The web link's middle from the fixture's geometry.
            try session.proceed("\(Int(origin.x + 100 * scale)) \(Int(origin.y + 126 * scale))")
            XCTAssertEqual(try session.readLine(), "browser uri https://example.com/quire,no_new_privs 0,theme \(theme ?? "unset"),")
            try session.proceed()
        }
    }

    /// With no browser set up and no desktop portal to offer one, a click on a web link says
    /// so at once in the window, instead of nothing for 25 s (GLib asking D-Bus for a portal
    /// until it gives up) and then GTK's generic error. The run has its own data and config
    /// folders (the system's applications left out) and its own session bus, which starts
    /// no services.
    func testAWebLinkWithNoBrowserSaysSoAtOnce() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let file = fixtures.standard(named: "no-browser.pdf")
        var environment: [String: String] = [:]
        for (variable, folder) in [("XDG_DATA_HOME", "data"), ("XDG_CONFIG_HOME", "config"), ("XDG_CONFIG_DIRS", "config-dirs"), ("XDG_DATA_DIRS", "data-dirs")] {
            environment[variable] = fixtures.path(folder)
            try FileManager.default.createDirectory(atPath: fixtures.path(folder), withIntermediateDirectories: true)
        }
        // The system's icons, themes and GTK's settings schemas stay; its applications do not.
        for shared in ["icons", "themes", "glib-2.0", "mime"] where FileManager.default.fileExists(atPath: "/usr/share/" + shared) {
            try FileManager.default.createSymbolicLink(atPath: fixtures.path("data-dirs/" + shared), withDestinationPath: "/usr/share/" + shared)
        }
        let bus = fixtures.path("bus.conf")
        try """
            <busconfig><type>session</type><listen>unix:tmpdir=\(fixtures.path(""))</listen><auth>EXTERNAL</auth>
            <policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/><allow own="*"/></policy>
            <limit name="max_incoming_unix_fds">250000000</limit><limit name="max_outgoing_unix_fds">250000000</limit></busconfig>
            """.write(toFile: bus, atomically: true, encoding: .utf8)
        // The session bus's own limits on descriptors (dbus-daemon's defaults are far lower)
        // and no service folders: nothing can be started on it, a portal least of all.
        let script = """
            { read -r DBUS_SESSION_BUS_ADDRESS; read -r bus; } < <(dbus-daemon --config-file='\(bus)' --fork --print-address=1 --print-pid=1)
            export DBUS_SESSION_BUS_ADDRESS
            trap 'kill $bus' EXIT
            gio mime x-scheme-handler/https | grep -q '^No default' && echo "no browser" || echo "a browser"

            """ + ScriptedSession.start(title: Fixtures.standardTitle, arguments: "--size 1000x900 --zoom 100") + """
            xdotool mousemove 1590 1190
            echo shown
            read answer
            xdotool mousemove $answer click 1
            xdotool mousemove 1590 1190
            echo clicked
            read answer
            kill $quire; wait $quire
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("no-browser.png"), environment: environment)
        XCTAssertEqual(try session.readLine(), "no browser", "the test's own folders still name a browser")
        XCTAssertEqual(try session.readLine(), "shown")
        let scale = 96.0 / 72
        let (_, origin) = try Self.pageOne(in: session)
        try session.proceed("\(Int(origin.x + 100 * scale)) \(Int(origin.y + 126 * scale))")
        XCTAssertEqual(try session.readLine(), "clicked")
        XCTAssertTrue(session.errorsSay("No web browser is set up on this computer, so “https://example.com/quire” cannot be opened."),
                      "the window did not say that no browser opens the link")
        try session.proceed()
    }

    /// Clicks "Go to page three" on page 1 once the script says "shown", and checks its
    /// destination comes to the top of the view; page 1's red box as it was before.
    static func followGoToPageThree(in session: ScriptedSession, of file: String) throws -> (x: Int, y: Int, width: Int, height: Int) {
        XCTAssertEqual(try session.readLine(), "shown")
        let scale = 96.0 / 72
        let (box, origin) = try pageOne(in: session)
        // The link's middle from the fixture's geometry.
        try session.proceed("\(Int(origin.x + 100 * scale)) \(Int(origin.y + 96 * scale))")
        XCTAssertEqual(try session.readLine(), "clicked")
        let document = try DocumentSource(path: file).open()
        let third = Picture(try document.render(page: 2, scale: scale))
        let landing = third.cropped(x: 0, y: Int(100 * scale), width: third.width, height: 60)
        func landed(_ screen: Picture) -> Bool { screen.bestMatch(of: landing, xs: 250...450, ys: 45...80).mismatch <= 0.01 }
        XCTAssertTrue(landed(try session.screen(until: landed)), "the link's destination is not at the top of the view")
        return box
    }

    /// Where the standard fixture's page 1 is on screen at 100 %, found by its red box: the
    /// box's bounds and the page's top-left corner.
    static func pageOne(in session: ScriptedSession) throws -> (box: (x: Int, y: Int, width: Int, height: Int), origin: (x: Double, y: Double)) {
        let scale = 96.0 / 72
        let first = try session.stillScreen { $0.bounds(of: red) != nil }
        let box = try XCTUnwrap(first.bounds(of: red), "page 1 is not shown")
        return (box, (x: Double(box.x) - Fixtures.boxRect.x * scale, y: Double(box.y) - Fixtures.boxRect.y * scale))
    }
}
