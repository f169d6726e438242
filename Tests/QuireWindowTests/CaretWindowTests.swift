import Fixtures
import Foundation
import XCTest

/// Caret mode in a real window: F7, clicks and keys as a reader presses them (xdotool),
/// the selection read back from the clipboard with xclip while Quire still runs.
final class CaretWindowTests: XCTestCase {
    /// F7 puts the caret at the start of the first line in view; Shift+Ctrl+Right twice
    /// selects the first two words, and Ctrl+C copies them.
    func testShiftCtrlRightSelectsWordByWordFromTheFirstTextInView() throws {
        let copied = try SearchableOnScreen.copy { _ in "xdotool key F7 shift+ctrl+Right shift+ctrl+Right" }
        XCTAssertEqual(copied.clipboard, "The quick")
    }

    /// In caret mode Ctrl+Right moves by a word (it does not rotate the pages): after
    /// “The”, Shift+Ctrl+Right selects “quick” (poppler leaves out the space before it).
    func testCtrlRightMovesTheCaretByAWordInsteadOfRotating() throws {
        let copied = try SearchableOnScreen.copy { _ in "xdotool key F7 ctrl+Right shift+ctrl+Right" }
        XCTAssertEqual(copied.clipboard, "quick")
    }

    /// A click in caret mode puts the caret where it lands (at the start of the second
    /// line); Shift+End selects to the line's end.
    func testAClickPlacesTheCaretAndShiftEndSelectsToTheLinesEnd() throws {
        let copied = try SearchableOnScreen.copy { page in
            "xdotool key F7 mousemove \(page.x(72 + 1)) \(page.y(126)) click 1 key shift+End"
        }
        XCTAssertEqual(copied.clipboard, "A café au lait and a cafe noir.")
    }

    /// Down goes to the next line keeping the caret's x: from after “A” on the second line,
    /// Shift+Down selects to after “F” on the third, and Shift+Right one character more.
    func testShiftDownSelectsToTheSameXOnTheNextLine() throws {
        let copied = try SearchableOnScreen.copy { page in
            "xdotool key F7 mousemove \(page.x(72 + 1)) \(page.y(126)) click 1 key Right shift+Down shift+Right"
        }
        // Poppler leaves out the space the selection starts with.
        XCTAssertEqual(copied.clipboard, "café au lait and a cafe noir.\nFO")
    }

    /// Past the first page's last character the caret goes on to the next page, and the view
    /// follows it there (the first page's top scrolls away).
    func testTheCaretCrossesToTheNextPageAndTheViewFollows() throws {
        let copied = try SearchableOnScreen.copy(screenAfter: true) { page in
            "xdotool key F7 mousemove \(page.x(80)) \(page.y(254)) click 1 key End shift+Right shift+ctrl+Right"
        }
        XCTAssertEqual(copied.clipboard.trimmingCharacters(in: .whitespacesAndNewlines), "fox")
        let before = try XCTUnwrap(copied.before), after = try XCTUnwrap(copied.after)
        XCTAssertGreaterThan(after.cropped(x: 0, y: 60, width: 1000, height: 200).mismatch(with: before.cropped(x: 0, y: 60, width: 1000, height: 200),
                                                                                          atX: 0, y: 0), 0.01, "the view moved")
    }
}

extension CaretWindowTests {
    /// In caret mode Down moves the caret (its bar is drawn at the fourth line's start) and
    /// the view stays; after Escape, Down scrolls again.
    func testInCaretModeTheArrowsMoveTheCaretNotTheView() throws {
        let running = try SearchableOnScreen.start("caret-keys.pdf", """
            xdotool key F7 Down Down Down
            echo caret
            read answer
            xdotool key Escape Down Down Down
            echo plain
            read answer
            """)
        let (session, page, before) = (running.session, running.page, running.before)
        func top(_ screen: Picture) -> Picture { screen.cropped(x: 0, y: 60, width: 1000, height: 200) }
        XCTAssertEqual(try session.readLine(), "caret")
        // Under the fourth line's baseline (190 points down) at its start, only the bar is ink.
        func showsTheBar(_ screen: Picture) -> Bool {
            (page.x(72) - 2...page.x(72) + 1).contains { Picture.distance(screen[$0, page.y(192)], 0xFF00_0000) <= 80 }
        }
        let caret = try session.screen(until: showsTheBar)
        XCTAssertTrue(showsTheBar(caret), "the caret is drawn at the fourth line's start")
        XCTAssertLessThan(top(caret).mismatch(with: top(before), atX: 0, y: 0), 0.01, "the view stayed")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "plain")
        let scrolled = try session.screen { top($0).mismatch(with: top(before), atX: 0, y: 0) > 0.01 }
        XCTAssertGreaterThan(top(scrolled).mismatch(with: top(before), atX: 0, y: 0), 0.01, "Down scrolls once caret mode is left")
        try session.proceed()
    }
}

/// The searchable fixture at 100 % in a 1000×900 window, where its first page is on
/// screen, and a script of keys played on it, then Ctrl+C and the clipboard.
enum SearchableOnScreen {
    /// Where page 1's points are on screen.
    struct PageOnScreen {
        let left: Int
        let top: Double
        let scale = 96.0 / 72
        func x(_ points: Double) -> Int { left + Int((points - 72) * scale) }
        func y(_ points: Double) -> Int { Int(top + points * scale) }
    }

    struct Copied {
        let clipboard: String
        let before: Picture?
        let after: Picture?
    }

    /// Plays the xdotool line `keys` gives for where the page is, copies, and reads the
    /// clipboard; with `screenAfter`, the screens before the keys and after the copy.
    static func copy(screenAfter: Bool = false, _ keys: (PageOnScreen) -> String) throws -> Copied {
        let running = try start("caret.pdf", """
            eval "$answer"
            xdotool key ctrl+c
            """ + ScriptedSession.printClipboard + """
            read answer
            """, answer: { keys($0) + " mousemove 1590 1190" })
        let line = try running.session.readLine()
        guard line.hasPrefix("clipboard ") else { throw FixtureFailure(line) }
        let after = screenAfter ? try running.session.stillScreen() : nil
        try running.session.proceed()
        return Copied(clipboard: String(line.dropFirst("clipboard ".count)).replacingOccurrences(of: "|", with: "\n"),
                      before: running.before, after: after)
    }

    /// Quire on the fixture (saved as `name`), the pointer off the page; once page 1 is on
    /// screen (`before`), the test answers `answer(page)` and the script goes on with
    /// `steps`, after which Quire is ended.
    static func start(_ name: String, _ steps: String,
                      answer: (PageOnScreen) -> String = { _ in "go" }) throws -> Running {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let file = fixtures.searchable(named: name)
        let script = ScriptedSession.start(title: name, arguments: "--size 1000x900 --zoom 100") + """
            xdotool mousemove 1590 1190
            echo shown
            read answer

            """ + steps + """

            kill $quire; wait $quire
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path(name + ".png"))
        guard try session.readLine() == "shown" else { throw FixtureFailure("no window") }
        // The first view settled, not its first frame: the page may still move into place.
        let before = try session.stillScreen { (try? find(in: $0)) != nil }
        let page = try find(in: before)
        try session.proceed(answer(page))
        return Running(session: session, page: page, before: before, fixtures: fixtures)
    }

    /// A Quire started by `start`; the fixtures' folder lives as long as this.
    struct Running {
        let session: ScriptedSession
        let page: PageOnScreen
        let before: Picture
        let fixtures: Fixtures
    }

    /// Page 1 found by its first line's ink, whose baseline is 100 points down, from x = 72.
    static func find(in screen: Picture) throws -> PageOnScreen {
        guard let ink = screen.cropped(x: 0, y: 60, width: 1000, height: 200).bounds(of: 0xFF00_0000, tolerance: 80) else {
            throw FixtureFailure("no text on screen")
        }
        return PageOnScreen(left: ink.x, top: Double(ink.y + 60) - (100 - 12) * 96.0 / 72)
    }
}
