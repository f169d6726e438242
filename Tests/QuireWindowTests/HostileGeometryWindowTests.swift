import Fixtures
import Foundation
import XCTest

/// A page whose box no paper has, opened in the real window: the reader goes to the last
/// page (End), moves the pointer over the page and quits (Ctrl+Q); the window lives to
/// quit normally, in time, with the page shown as blank paper.
final class HostileGeometryWindowTests: XCTestCase {
    /// Where the pointer goes in the 900 × 700 window: over the page, then elsewhere on it.
    private static let pointer = ["450 400", "300 250", "600 550"]

    /// Opens `kind` and reports how the process ended: "exited N" (a trap is 132), or
    /// "still running" when it outlived the 30 s it is given.
    private func endOfSession(_ kind: HostileGeometry, _ fixtures: Fixtures) throws -> String {
        let file = try fixtures.hostile(kind)
        let shot = fixtures.path("hostile-\(kind.rawValue).png")
        let title = "^" + (file as NSString).lastPathComponent.replacingOccurrences(of: ".", with: "\\.") + "$"
        let script = ScriptedSession.ended(within: 30) + """
            "$1" --size 900x700 "$2" & quire=$!
            window=$(appears 30 --onlyvisible --name '\(title)' | head -1)
            [ -n "$window" ] || { ended; read answer; exit 0; }
            xdotool windowfocus --sync "$window"
            xdotool mousemove \(Self.pointer[0])
            xdotool key End
            echo "at the end"
            read answer
            \(Self.pointer.dropFirst().map { "xdotool mousemove \($0)" }.joined(separator: "\n"))
            xdotool key ctrl+q
            ended
            read answer
            """
        let session = try ScriptedSession(script: script, file: file, shot: shot)
        let line = try session.readLine()
        guard line == "at the end" else { return line } // it ended before its window showed
        // The view is planned and drawn before the pointer moves on: paper under the pointer.
        let screen = try session.screen { $0[450, 400] == 0xFFFF_FFFF }
        XCTAssertEqual(screen[450, 400], 0xFFFF_FFFF, "\(kind): a page is drawn under the pointer")
        try session.proceed()
        return try session.readLine()
    }

    func testAPageNoPaperHasNeverEndsTheWindow() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        for kind in HostileGeometry.allCases {
            XCTAssertEqual(try endOfSession(kind, fixtures), "exited 0", "\(kind): quit normally, not crashed or hung")
        }
    }
}
