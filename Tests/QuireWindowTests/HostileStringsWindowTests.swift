import Fixtures
import Foundation
import XCTest

/// Huge, spoofing and countless strings (`HostileStrings`) opened in the real window: the
/// window's title is display-safe, the reader goes to the last page (End) and opens the
/// sidebar (F9), whose outline comes to show the reader's section, and quits (Ctrl+Q); the
/// window lives to quit normally, in seconds. A click on the page first gives the canvas
/// the keys (without it, End did nothing in one of these files); F9 first would give them
/// to the outline.
final class HostileStringsWindowTests: XCTestCase {
    /// The title the window should show for `kind`: the document's own, made safe, or the
    /// file's name.
    private func expectedTitle(_ kind: HostileStrings, file: String) -> String {
        switch kind {
        case .hugeStrings: String(repeating: "T", count: 299) + "…"
        case .spoofingStrings: HostileStrings.spoofedDocumentTitle.shown
        case .manyOutlineEntries, .manyLinks, .manyFonts: (file as NSString).lastPathComponent
        }
    }

    /// Opens `kind` and reports the window's title and how the process ended: "exited N"
    /// (a trap is 132), or "still running" when it outlived the 10 s it is given to quit.
    private func endOfSession(_ kind: HostileStrings, _ fixtures: Fixtures) throws -> (title: String, end: String) {
        let file = try fixtures.hostile(kind)
        let shot = fixtures.path("strings-\(kind.rawValue).png")
        let title = expectedTitle(kind, file: file)
        // The title's start is enough to find the window; the whole is compared below.
        let pattern = "^" + NSRegularExpression.escapedPattern(for: String(title.prefix(40).filter { $0 != "…" }))
        let script = ScriptedSession.ended(within: 10) + """
            "$1" --size 900x700 "$2" & quire=$!
            window=$(appears 30 --onlyvisible --name '\(pattern)' | head -1)
            [ -n "$window" ] || { echo "no window"; ended; read answer; exit 0; }
            echo "$(xdotool getwindowname "$window")"
            read answer
            xdotool windowfocus --sync "$window"
            xdotool mousemove 450 400 click 1
            xdotool key End
            xdotool key F9
            echo "at the end"
            read answer
            xdotool key ctrl+q
            ended
            read answer
            """
        let session = try ScriptedSession(script: script, file: file, shot: shot)
        let shown = try session.readLine()
        guard shown != "no window" else { return (shown, try session.readLine()) }
        // The first view drawn before the keys: a key pressed while the document is still
        // being laid out moves nothing.
        _ = try session.stillScreen()
        try session.proceed()
        let step = try session.readLine()
        guard step == "at the end" else { return (shown, step) }
        // The outline read and the last page's section selected in it, nothing moving.
        let screen = try session.stillScreen { kind.hasOutline ? Self.showsASelectedRow($0) : true }
        XCTAssertTrue(!kind.hasOutline || Self.showsASelectedRow(screen), "\(kind): the outline shows the reader's section")
        try session.proceed()
        return (shown, try session.readLine())
    }

    /// Whether the sidebar's column holds a selected outline row.
    private static func showsASelectedRow(_ screen: Picture) -> Bool {
        stride(from: 150, to: 690, by: 4).contains { y in (30..<200).allSatisfy { SidebarWindowTests.isSelectedRow(screen[$0, y]) } }
    }

    func testHostileStringsNeverEndTheWindow() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        for kind in HostileStrings.allCases {
            let (title, end) = try endOfSession(kind, fixtures)
            XCTAssertEqual(title, expectedTitle(kind, file: fixtures.path("strings-\(kind.rawValue).pdf")), "\(kind): the window's title")
            XCTAssertEqual(end, "exited 0", "\(kind): quit normally, not crashed or hung")
        }
    }
}
