import Fixtures
import Foundation
import XCTest

/// Every generated hostile file (`HostileClass`'s inputs, `HostileGeometry`,
/// `HostileStrings`) opened in the real window as a reader would use it: a click on the
/// page, End to the last page, the pointer over the page, Ctrl+F "Page" (searched as it
/// is typed) and Ctrl+G to the next match, then Escape and Ctrl+Q. (Not Enter: on a
/// refused file's page it opens the file chooser, whose Ctrl+Q does not quit.) The window must live through it (opened, or refused with its reason shown) and
/// quit normally within 10 s of Ctrl+Q, with nothing critical printed. The opening check
/// is given 5 s, not 20, so that the inputs poppler hangs on are refused sooner.
final class HostileFilesWindowTests: XCTestCase {
    /// How one session ended: "exited 0" when it quit normally.
    private func endOfSession(_ file: String, shot: String) throws -> String {
        let script = ScriptedSession.ended(within: 10) + """
            "$1" --size 900x700 "$2" & quire=$!
            window=$(appears 30 --onlyvisible --pid $quire | head -1)
            [ -n "$window" ] || { echo "no window"; ended; read answer; exit 0; }
            echo shown
            read answer
            xdotool windowfocus --sync "$window"
            xdotool mousemove 450 400 click 1
            xdotool key End
            xdotool mousemove 300 250
            xdotool mousemove 600 550
            xdotool key ctrl+f
            xdotool type 'Page'
            xdotool key ctrl+g
            echo searched
            read answer
            xdotool key Escape
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+q
            ended
            read answer
            """
        let session = try ScriptedSession(script: script, file: file, shot: shot, environment: ["QUIRE_CHECK_SECONDS": "5"])
        let shown = try session.readLine()
        guard shown == "shown" else { return shown + ", then " + (try session.readLine()) }
        // Keys pressed while the document is still being laid out move nothing: the first
        // view (or the reason it was refused) drawn first.
        _ = try session.stillScreen()
        try session.proceed()
        // Quit while the search may still run: no wait for a still screen, which the
        // entry's blinking cursor would hold off for 10 s.
        let searched = try session.readLine()
        guard searched == "searched" else { return searched }
        try session.proceed()
        return try session.readLine()
    }

    private func survive(_ name: String, _ bytes: [UInt8], _ fixtures: Fixtures) throws {
        let file = fixtures.path("\(name).pdf")
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        XCTAssertEqual(try endOfSession(file, shot: fixtures.path("\(name).png")), "exited 0", "\(name): quit normally, not crashed or hung")
    }

    private func survive(_ hostileClass: HostileClass) throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        for input in hostileClass.inputs {
            try survive("\(hostileClass.rawValue)-\(input.name)", input.bytes(), fixtures)
        }
    }

    func testPageBoxes() throws { try survive(.pageBoxes) }
    func testDecompressionBombs() throws { try survive(.decompressionBombs) }
    func testRecursion() throws { try survive(.recursion) }
    func testPathSegments() throws { try survive(.pathSegments) }
    func testAnnotations() throws { try survive(.annotations) }
    func testLongStrings() throws { try survive(.longStrings) }
    func testCrossReferences() throws { try survive(.crossReferences) }

    func testGeometryAndStrings() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        for kind in HostileGeometry.allCases {
            let file = try fixtures.hostile(kind)
            XCTAssertEqual(try endOfSession(file, shot: fixtures.path("hostile-\(kind.rawValue).png")), "exited 0", "\(kind)")
        }
        for kind in HostileStrings.allCases {
            let file = try fixtures.hostile(kind)
            XCTAssertEqual(try endOfSession(file, shot: fixtures.path("strings-\(kind.rawValue).png")), "exited 0", "\(kind)")
        }
    }
}
