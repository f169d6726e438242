import Fixtures
import Foundation
import QuireDocument
import QuireEngine
import XCTest

/// Search in a real window: `--find` snapshots compared with where poppler places the
/// matches, and Ctrl+F typed with xdotool.
final class SearchWindowTests: XCTestCase {
    private var fixtures: Fixtures!
    override func setUpWithError() throws { fixtures = try Fixtures() }
    override func tearDown() { fixtures = nil }

    // The highlight colours over white paper: the current match, orange; others, yellow.
    static let current: UInt32 = 0xFFFF_AB73
    static let other: UInt32 = 0xFFFF_EB99
    private static let red: UInt32 = 0xFFCC_3333 // Fixtures.boxColour

    func testFindHighlightsTheFirstMatchWherePopplerPutsIt() throws {
        let document = fixtures.standard()
        let output = fixtures.path("find.png")
        let run = try QuireRun.run(["--snapshot", output, "--size", "1000x900", "--zoom", "100", "--find", "says hello", document])
        XCTAssertEqual(run.status, 0, run.standardError)
        XCTAssertTrue(run.standardOutput.contains("match=1/4 (page 1)"), run.standardOutput)
        let shot = try Picture(png: output)
        let scale = 96.0 / 72
        // The page's origin on screen, from its red box.
        let box = try XCTUnwrap(shot.bounds(of: Self.red))
        let origin = (x: Double(box.x) - Fixtures.boxRect.x * scale, y: Double(box.y) - Fixtures.boxRect.y * scale)
        let area = try XCTUnwrap(DocumentSource(path: document).open().matchAreas(of: SearchQuery("says hello"), onPage: 0).first?.first)
        let lit = try XCTUnwrap(shot.bounds(of: Self.current, tolerance: 12), "no current-match highlight")
        XCTAssertEqual(Double(lit.x), origin.x + area.x * scale, accuracy: 3)
        XCTAssertEqual(Double(lit.y), origin.y + area.y * scale, accuracy: 3)
        XCTAssertEqual(Double(lit.width), area.width * scale, accuracy: 4)
        XCTAssertEqual(Double(lit.height), area.height * scale, accuracy: 4)
    }

    func testFindScrollsToAMatchFarAwayAndHighlightsItWhenRotated() throws {
        let document = fixtures.searchable()
        let output = fixtures.path("last.png")
        let run = try QuireRun.run(["--snapshot", output, "--size", "900x700", "--zoom", "100", "--rotate", "90", "--find", "last fox", document])
        XCTAssertEqual(run.status, 0, run.standardError)
        XCTAssertTrue(run.standardOutput.contains("page=4/4") && run.standardOutput.contains("match=1/1 (page 4)"), run.standardOutput)
        let shot = try Picture(png: output)
        let lit = try XCTUnwrap(shot.bounds(of: Self.current, tolerance: 12), "the match is not in view")
        // Turned a quarter clockwise, the line runs down the screen: taller than wide.
        XCTAssertGreaterThan(lit.height, lit.width * 2)
        XCTAssertNil(shot.bounds(of: Self.other, tolerance: 6), "one match only")
    }

    func testNoMatchesLeavesThePageAlone() throws {
        let document = fixtures.searchable()
        let output = fixtures.path("none.png")
        let run = try QuireRun.run(["--snapshot", output, "--size", "900x700", "--find", "wolf", document])
        XCTAssertEqual(run.status, 0, run.standardError)
        XCTAssertTrue(run.standardOutput.contains("match=0/0"), run.standardOutput)
        let shot = try Picture(png: output)
        XCTAssertNil(shot.bounds(of: Self.current, tolerance: 12))
        XCTAssertTrue(run.standardOutput.contains("page=1/4"))
    }

    /// Ctrl+F, typing and Enter light the match; Escape closes the bar and clears it.
    func testCtrlFTypeAndEscape() throws {
        try QuireRun.requireDisplay()
        let file = fixtures.long(pages: 12, named: "find-keys.pdf")
        let shot = fixtures.path("find-keys.png")
        // Typed at once after Ctrl+F: the first letters must reach the entry.
        let script = ScriptedSession.start(title: "find-keys.pdf") + ScriptedSession.press("ctrl+f", thenType: "page 9") + """
            echo ready
            read answer
            xdotool key Escape
            echo closed
            read answer
            kill $quire; wait $quire
            """
        let session = try ScriptedSession(script: script, file: file, shot: shot)
        XCTAssertEqual(try session.readLine(), "ready")
        // "page 9" at 24 pt at fit width: about three times as wide as tall (while typing,
        // "page" may be lit for a moment, on page 1: narrower).
        func litAsExpected(_ picture: Picture) -> Bool {
            guard let lit = picture.bounds(of: Self.current, tolerance: 12) else { return false }
            return Double(lit.width) > Double(lit.height) * 2.5 && lit.height > 20
        }
        let lit = try session.screen(until: litAsExpected)
        XCTAssertTrue(litAsExpected(lit), "the match on page 9 is not lit: \(String(describing: lit.bounds(of: Self.current, tolerance: 12)))")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "closed")
        let cleared = try session.screen { $0.bounds(of: Self.current, tolerance: 12) == nil }
        XCTAssertNil(cleared.bounds(of: Self.current, tolerance: 12), "Escape did not clear the highlight")
    }

    /// Closed with Escape and opened again with Ctrl+F, the bar offers the last query and
    /// finds it again; the query is selected: what is typed then replaces it.
    func testTheFindBarReopensWithTheLastQuerySelected() throws {
        try QuireRun.requireDisplay()
        let file = fixtures.long(pages: 12, named: "find-again.pdf")
        let shot = fixtures.path("find-again.png")
        let script = ScriptedSession.start(title: "find-again.pdf") + ScriptedSession.press("ctrl+f", thenType: "page 9") + """
            echo found
            read answer
            xdotool key Escape
            echo closed
            read answer
            xdotool key ctrl+f
            echo reopened
            read answer
            xdotool type 'Long page 1'
            echo typed
            read answer
            kill $quire; wait $quire
            """
        let session = try ScriptedSession(script: script, file: file, shot: shot)
        XCTAssertEqual(try session.readLine(), "found")
        let found = try XCTUnwrap(try session.screen { $0.bounds(of: Self.current, tolerance: 12) != nil }.bounds(of: Self.current, tolerance: 12),
                                  "“page 9” was not found")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "closed")
        let cleared = try session.screen { $0.bounds(of: Self.current, tolerance: 12) == nil }
        XCTAssertNil(cleared.bounds(of: Self.current, tolerance: 12), "Escape did not clear the highlight")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "reopened")
        let again = try session.screen { $0.bounds(of: Self.current, tolerance: 12) != nil }
        XCTAssertNotNil(again.bounds(of: Self.current, tolerance: 12), "the reopened bar did not offer “page 9” and find it again")
        // Typed over the selected query, “Long page 1” is found (on page 10), lit wider than
        // “page 9”; typed after it, “page 9Long page 1” would be found nowhere.
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "typed")
        func replaced(_ picture: Picture) -> Bool { (picture.bounds(of: Self.current, tolerance: 12)?.width ?? 0) > found.width * 3 / 2 }
        XCTAssertTrue(replaced(try session.screen(until: replaced)), "typing did not replace the offered query")
        try session.proceed()
    }

    /// The results list: choosing a row makes its match the current one and shows it.
    func testChoosingARowOfTheResultsListGoesToItsMatch() throws {
        try QuireRun.requireDisplay()
        let file = fixtures.searchable(named: "find-list.pdf")
        let shot = fixtures.path("find-list.png")
        // At 1000 × 900 the list button sits at (800, 73) and rows are 38 pixels apart
        // from y = 134; the sixth row is page 2's second "fox".
        let script = ScriptedSession.start(title: "find-list.pdf", arguments: "--size 1000x900 --find fox") + """
            echo opened
            read answer
            xdotool mousemove 800 73 click 1
            echo clicked
            read answer
            xdotool mousemove 600 324 click 1
            echo chosen
            read answer
            kill $quire; wait $quire
            """
        let session = try ScriptedSession(script: script, file: file, shot: shot)
        XCTAssertEqual(try session.readLine(), "opened")
        /// Whether the current match has another match left of it on its line.
        func currentIsSecondOnItsLine(_ picture: Picture) -> Bool? {
            guard let current = picture.bounds(of: Self.current, tolerance: 12) else { return nil }
            let line = picture.cropped(x: 0, y: current.y + current.height / 2, width: current.x, height: 1)
            return line.bounds(of: Self.other, tolerance: 12) != nil
        }
        // Settled, not the first frame that lit a match: a click on the list's button then
        // (as soon as the window mapped) opened nothing.
        let first = try session.stillScreen { currentIsSecondOnItsLine($0) == false }
        XCTAssertEqual(currentIsSecondOnItsLine(first), false, "“The quick brown fox”: the first match stands alone on its line")
        // The list hangs left from its button, over the page: wait until that area changes.
        let area = (x: 340, y: 110, width: 480, height: 360)
        let page = first.cropped(x: area.x, y: area.y, width: area.width, height: area.height)
        func listShown(_ picture: Picture) -> Bool { picture.mismatch(with: page, atX: area.x, y: area.y, step: 4) > 0.08 }
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "clicked")
        XCTAssertTrue(listShown(try session.screen(until: listShown)), "the results list did not open")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "chosen")
        let chosen = try session.screen { currentIsSecondOnItsLine($0) == true }
        XCTAssertEqual(currentIsSecondOnItsLine(chosen), true, "the sixth match, page 2’s second fox, is not the current one")
    }

    /// In a 700-pixel window the results list opens inside it, not past its right edge.
    func testTheResultsListStaysInsideANarrowWindow() throws {
        try QuireRun.requireDisplay()
        let file = fixtures.searchable(named: "find-narrow.pdf")
        // At 700 × 600 the list button sits at (638, 73).
        let script = ScriptedSession.start(title: "find-narrow.pdf", arguments: "--size 700x600 --find fox") + """
            echo opened
            read answer
            xdotool mousemove 638 73 click 1
            echo clicked
            read answer
            kill $quire; wait $quire
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("find-narrow.png"))
        XCTAssertEqual(try session.readLine(), "opened")
        // Where the list opens: over the page, left of the list button (its popover's surface
        // has the X server's black around it; Adwaita's list is as white as the page).
        func listShown(_ screen: Picture) -> Bool { screen.showsPopover(x: 100, y: 60, width: 600, height: 480) }
        XCTAssertFalse(listShown(try session.stillScreen { $0.bounds(of: Self.current, tolerance: 12) != nil }), "a list shows before the click")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "clicked")
        let shown = try session.stillScreen(listShown)
        XCTAssertTrue(listShown(shown), "the results list did not open")
        // Right of the window the screen stays the X server's black.
        let outside = shown.cropped(x: 702, y: 60, width: 400, height: 500)
        let drawn = (0..<outside.height).contains { y in (0..<outside.width).contains { x in outside[x, y] != 0xFF00_0000 } }
        XCTAssertFalse(drawn, "the results list sticks out past the window's right edge")
    }
}
