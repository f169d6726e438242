import Fixtures
import Foundation
import QuireDocument
import QuireEngine
@testable import QuireUI
import XCTest

/// Saving as the reader sees it: Save is there only when there is something to save,
/// Save As is called so everywhere and shows the file it wrote, and the question before
/// changes are lost names the file they belong to.
final class SavingWindowTests: XCTestCase {
    /// Script lines that open the main menu (F10), wait for the test to see it, then go
    /// three items down and press Return: Open…, Open Recent, New Window, then Save when it
    /// is sensitive, else Save As… (the menu passes over an insensitive item). They say
    /// "chooser shown" when Save As's chooser came and closed on Escape ("chooser stays
    /// open" if it did not); else "no chooser": once the title lost its mark of changes
    /// (Save ran), or after 10 s (only a failing run waits).
    private static let fourthItemOfTheMainMenu = """

        xdotool windowfocus --sync "$window"
        before=$(xdotool getwindowname "$window")
        xdotool key F10
        echo menu
        read answer
        xdotool key Down Down Down Return
        chooser=""
        for i in $(seq 200); do
            chooser=$(xdotool search --onlyvisible --name '^Save As$' 2>/dev/null | head -1)
            [ -n "$chooser" ] && break
            now=$(xdotool getwindowname "$window")
            [ "${before#• }" != "$before" ] && [ "${now#• }" = "$now" ] && break
            sleep 0.05
        done
        if [ -n "$chooser" ]; then
            xdotool windowfocus --sync "$chooser"
            xdotool key Escape
            for i in $(seq 200); do xdotool search --onlyvisible --name '^Save As$' >/dev/null 2>&1 || break; sleep 0.05; done
            xdotool search --onlyvisible --name '^Save As$' >/dev/null 2>&1 && echo "chooser stays open" || echo "chooser shown"
        else
            echo "no chooser"
        fi

        """

    /// The main menu's popover, below its button at the right of the header bar: under Xvfb
    /// its shadow is black.
    private func menuShown(_ screen: Picture) -> Bool { screen.showsPopover(x: 600, y: 40, width: 400, height: 400) }

    private func seeMenu(_ session: ScriptedSession) throws {
        XCTAssertEqual(try session.readLine(), "menu")
        XCTAssertTrue(menuShown(try session.screen(until: menuShown)), "F10 did not open the main menu")
        try session.proceed()
    }

    /// Save (the main menu's item and Ctrl+S) is insensitive with nothing to save: when the
    /// document is opened, after a save, after an undo and redo back to what was saved, and
    /// after Discard; it saves once there is a change. Only the one real save is written.
    func testSaveIsInsensitiveUntilThereIsSomethingToSave() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let file = fixtures.searchable(named: "saving.pdf")
        let pages = try DocumentSource(path: file).open().pageCount
        let script = ScriptedSession.opening("saving.pdf") + """
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+s
            """ + Self.fourthItemOfTheMainMenu + """
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+a ctrl+h
            echo "title $(title_after "• saving.pdf")"
            """ + Self.fourthItemOfTheMainMenu + """
            echo "title $(title_after "saving.pdf")"
            """ + Self.fourthItemOfTheMainMenu + """
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+z
            echo "undone $(title_after "• saving.pdf")"
            xdotool key ctrl+shift+z
            echo "redone $(title_after "saving.pdf")"
            """ + Self.fourthItemOfTheMainMenu + """
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+z
            echo "undone $(title_after "• saving.pdf")"
            xdotool key ctrl+r
            question=$(appears 20 --onlyvisible --name '^Unsaved Changes$' 2>/dev/null | head -1)
            xdotool windowfocus --sync "$question"
            xdotool key alt+d
            echo "discarded $(title_after "saving.pdf")"
            """ + Self.fourthItemOfTheMainMenu + """
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+s ctrl+q
            ended
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("saving.png"))
        // Opened, nothing changed: Ctrl+S did nothing, and the menu passes over Save.
        try seeMenu(session)
        XCTAssertEqual(try session.readLine(), "chooser shown", "Save is sensitive with nothing to save")
        XCTAssertEqual(try session.readLine(), "title • saving.pdf")
        try seeMenu(session)
        XCTAssertEqual(try session.readLine(), "no chooser", "Save is insensitive with a highlight to save")
        XCTAssertEqual(try session.readLine(), "title saving.pdf", "the menu's Save did not save")
        try seeMenu(session)
        XCTAssertEqual(try session.readLine(), "chooser shown", "Save is sensitive after a save")
        XCTAssertEqual(try session.readLine(), "undone • saving.pdf")
        XCTAssertEqual(try session.readLine(), "redone saving.pdf")
        try seeMenu(session)
        XCTAssertEqual(try session.readLine(), "chooser shown", "Save is sensitive back at what was saved")
        XCTAssertEqual(try session.readLine(), "undone • saving.pdf")
        XCTAssertEqual(try session.readLine(), "discarded saving.pdf", "Discard did not reload the document")
        try seeMenu(session)
        XCTAssertEqual(try session.readLine(), "chooser shown", "Save is sensitive after Discard")
        XCTAssertEqual(try session.readLine(), "exited 0")
        let saves = try String(contentsOfFile: session.errors, encoding: .utf8).split(separator: "\n").filter { $0.hasPrefix("quire: saved ") }
        XCTAssertEqual(saves.count, 1, "only the save with a change writes: \(saves)")
        XCTAssertTrue(saves.first?.hasPrefix("quire: saved \(pages) annotations") ?? false, "\(saves)")
        XCTAssertEqual(try QPDF.annotations(in: file).count, pages, "the highlights saved are not in the file")
    }

    /// Save As (Ctrl+Shift+S; the menu's "Save As…") asks in a chooser titled so, writes
    /// the document and its highlights to the file named there, and the window then shows
    /// that file; the file opened is left as it was.
    func testSaveAsAsksUnderThatNameAndShowsTheFileItWrote() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let file = fixtures.searchable(named: "original.pdf")
        let original = try Data(contentsOf: URL(fileURLWithPath: file))
        let pages = try DocumentSource(path: file).open().pageCount
        let other = fixtures.path("renamed.pdf")
        let script = ScriptedSession.opening("original.pdf") + """
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+a ctrl+h
            echo "title $(title_after "• original.pdf")"
            xdotool key ctrl+shift+s
            """ + ScriptedSession.answerSaveAs(with: other) + """
            echo "title $(title_after "renamed.pdf")"
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+q
            ended
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("save-as.png"))
        XCTAssertEqual(try session.readLine(), "title • original.pdf")
        XCTAssertEqual(try session.readLine(), "chooser shown", "Ctrl+Shift+S did not ask in a chooser titled Save As")
        XCTAssertEqual(try session.readLine(), "title renamed.pdf", "the window does not show the file Save As wrote")
        XCTAssertEqual(try session.readLine(), "exited 0", "quitting asked about changes: the file shown does not count them saved")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: file)), original, "Save As changed the file opened")
        XCTAssertEqual(try QPDF.annotations(in: other).count, pages, "the file written lacks the highlights")
    }

    /// The keyboard shortcuts window calls Ctrl+Shift+S what the menu and the chooser do.
    @MainActor
    func testTheShortcutsWindowCallsItSaveAs() {
        let shortcut = ShortcutsWindow.groups.flatMap(\.shortcuts).first { $0.keys == "<Control><Shift>s" }
        XCTAssertTrue(shortcut?.title.hasPrefix("Save as ") ?? false, "\(String(describing: shortcut))")
    }

    /// The question before unsaved highlights are lost, asked by the window showing one of
    /// two copies of a document (one title, two names): Quire on each, Ctrl+W, and the
    /// question's picture.
    private func question(closing name: String, of source: String, in fixtures: Fixtures) throws -> Picture {
        let file = fixtures.path(name)
        try FileManager.default.copyItem(atPath: source, toPath: file)
        let script = ScriptedSession.windowFunctions + ScriptedSession.start(title: Fixtures.standardTitle, arguments: "--size 1000x900 --zoom 100") + """
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+a ctrl+h
            echo "title $(title_after "• \(Fixtures.standardTitle)")"
            xdotool key ctrl+w
            question=$(appears 20 --onlyvisible --name '^Unsaved Changes$' 2>/dev/null | head -1)
            echo "asked $(xdotool getwindowgeometry --shell "$question" | tr '\\n' ' ')"
            read answer
            xdotool windowfocus --sync "$question"
            xdotool key alt+d
            ended
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path(name + ".png"))
        XCTAssertEqual(try session.readLine(), "title • \(Fixtures.standardTitle)")
        let asked = try session.readLine()
        func field(_ name: String) -> Int? {
            asked.split(separator: " ").first { $0.hasPrefix(name + "=") }.flatMap { Int($0.dropFirst(name.count + 1)) }
        }
        guard let x = field("X"), let y = field("Y"), let width = field("WIDTH"), let height = field("HEIGHT") else {
            throw FixtureFailure("no question: \(asked)")
        }
        // Drawn whole: its buttons' ink at the bottom, and still.
        let shown = try session.stillScreen { $0.cropped(x: x, y: y + height - 70, width: width, height: 60).bounds(of: 0xFF00_0000, tolerance: 120) != nil }
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "exited 0", "Discard did not close the window")
        return shown.cropped(x: x, y: y, width: width, height: height)
    }

    /// Two copies of one document, each with a highlight not saved: the question each
    /// window asks names its own file, so the two differ, and the longer name's heading
    /// is the wider (the title and the folder are the same).
    func testTheUnsavedChangesQuestionNamesTheFile() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let source = fixtures.standard(named: "source.pdf")
        let short = try question(closing: "a.pdf", of: source, in: fixtures)
        let long = try question(closing: "b-copy.pdf", of: source, in: fixtures)
        let same = short.width == long.width && short.height == long.height
            && (0..<short.height).allSatisfy { y in (0..<short.width).allSatisfy { short[$0, y] == long[$0, y] } }
        XCTAssertFalse(same, "both copies' questions read the same: the reader cannot tell which file is meant")
        /// The heading's ink: the first run of rows with ink, from its leftmost to its rightmost.
        func headingWidth(_ picture: Picture) -> Int {
            let rows = (0..<picture.height).filter { picture.darkPixels(x: 0, y: $0, width: picture.width, height: 1) > 0 }
            guard let top = rows.first else { return 0 }
            let band = top.run(in: rows)
            return picture.cropped(x: 0, y: band.lowerBound, width: picture.width, height: band.count).bounds(of: 0xFF00_0000, tolerance: 200)?.width ?? 0
        }
        XCTAssertGreaterThan(headingWidth(long), headingWidth(short) + 30, "the heading does not name the file: b-copy.pdf's is not the wider")
    }
}

private extension Int {
    /// The run of consecutive numbers in `sorted` that starts at this one.
    func run(in sorted: [Int]) -> ClosedRange<Int> {
        var end = self
        while sorted.contains(end + 1) { end += 1 }
        return self...end
    }
}
