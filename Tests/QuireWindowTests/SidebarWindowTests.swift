import Fixtures
import Foundation
import QuireDocument
import QuireEngine
import XCTest

/// The sidebar in a real window: `--snapshot --sidebar` reports, and F9 and clicks with
/// xdotool, the canvas checked against poppler's rendering of the page it should show.
final class SidebarWindowTests: XCTestCase {
    private var fixtures: Fixtures!
    override func setUpWithError() throws { fixtures = try Fixtures() }
    /// The selected outline row's bounds: within the sidebar's rows, below its switcher
    /// (whose pressed button is the same grey) and left of the canvas (whose surround is too).
    private static func selectedRowBounds(_ screen: Picture) -> (x: Int, y: Int, width: Int, height: Int)? {
        // The band of lines mostly of the selected row's grey, below the "Find in outline"
        // entry (the same grey): text's antialiasing has that grey here and there too.
        // A row is under 50 lines; its title's lines are grey but for the letters.
        func isBand(_ y: Int) -> Bool { (0..<220).filter { Picture.distance(screen[$0, y], selectedRow) <= 3 }.count >= 100 }
        guard let top = (145..<screen.height).first(where: isBand) else { return nil }
        let bottom = (top..<min(top + 50, screen.height)).last(where: isBand)! + 1
        return screen.cropped(x: 0, y: top, width: 220, height: bottom - top).bounds(of: selectedRow).map { ($0.x, $0.y + top, $0.width, $0.height) }
    }
    override func tearDown() { fixtures = nil }

    /// The outline's selected row (navigation-sidebar, window unfocused; a row under the
    /// pointer looks the same, so scripts move the pointer away) and the current thumbnail's frame.
    private static let selectedRow: UInt32 = 0xFFE8_E6E3
    private static let currentThumbnail: UInt32 = 0xFF36_85E3
    /// A selected row's grey, whether the window has the focus or not.
    static func isSelectedRow(_ pixel: UInt32) -> Bool {
        [selectedRow, 0xFFD6_D4D1].contains { Picture.distance(pixel, $0) <= 4 }
    }

    func testTheOutlineOpensWithTheReadersSectionSelected() throws {
        let document = fixtures.outlined()
        for (page, section) in [(1, "Préface — 序文 ✓"), (4, "Section 1.2"), (5, "Part II")] {
            let output = fixtures.path("outline-\(page).png")
            let run = try QuireRun.run(["--snapshot", output, "--size", "1000x800", "--sidebar", "outline", "--page", String(page), document])
            XCTAssertEqual(run.status, 0, run.standardError)
            XCTAssertTrue(run.standardOutput.contains("sidebar=outline entries=\(Fixtures.outlinedEntries.count) section=\"\(section)\""),
                          "page \(page): \(run.standardOutput)")
        }
    }

    func testADocumentWithoutAnOutlineOpensOnThumbnailsWithPicturesInView() throws {
        let document = fixtures.long(pages: 40, named: "plain.pdf")
        let output = fixtures.path("thumbnails.png")
        let run = try QuireRun.run(["--snapshot", output, "--size", "1000x800", "--sidebar", "outline", "--page", "30", document])
        XCTAssertEqual(run.status, 0, run.standardError)
        // Asked for the outline, which the document has not: the outline view says so.
        XCTAssertTrue(run.standardOutput.contains("sidebar=outline entries=0"), run.standardOutput)
        let thumbs = try QuireRun.run(["--snapshot", output, "--size", "1000x800", "--sidebar", "thumbnails", "--page", "30", document])
        XCTAssertEqual(thumbs.status, 0, thumbs.standardError)
        // The current page's thumbnail is scrolled into view and marked.
        let report = try XCTUnwrap(thumbs.standardOutput.range(of: #"thumbnails=(\d+)-(\d+) current=30"#, options: .regularExpression),
                                   thumbs.standardOutput)
        let numbers = thumbs.standardOutput[report].split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        XCTAssertTrue((numbers[0]...numbers[1]).contains(30), thumbs.standardOutput)
        let shot = try Picture(png: output)
        let frame = try XCTUnwrap(shot.bounds(of: Self.currentThumbnail), "no current-page frame")
        XCTAssertLessThan(frame.x + frame.width, 240, "the frame is in the sidebar")
        // Inside the frame: page 30's picture, not blank paper ("Long page 30" in black).
        let inside = shot.cropped(x: frame.x + 4, y: frame.y + 4, width: frame.width - 8, height: frame.height / 3)
        XCTAssertNotNil(inside.bounds(of: 0xFF00_0000, tolerance: 120), "the thumbnail shows no text")
    }

    /// F9 opens the sidebar; a click on an outline entry jumps to its page; Alt+Left returns.
    func testF9AndAClickOnAnOutlineEntryJumps() throws {
        try QuireRun.requireDisplay()
        let file = fixtures.outlined()
        let shot = fixtures.path("outline-click.png")
        let script = ScriptedSession.start(title: "outlined.pdf", arguments: "--size 1400x1000 --zoom 100") + """
            xdotool mousemove 1590 1190
            xdotool windowfocus --sync "$window"
            xdotool key F9
            echo opened
            read answer
            \(ScriptedSession.clickThenBack)
            kill $quire; wait $quire
            """
        let session = try ScriptedSession(script: script, file: file, shot: shot)
        XCTAssertEqual(try session.readLine(), "opened")
        // The first entry is the reader's section: its row is selected. Part II is the
        // eighth row shown (Chapter 2 starts collapsed).
        // Once the sidebar holds still: rows found while it is laid out are not where they stay.
        let screen = try session.stillScreen { Self.selectedRowBounds($0) != nil }
        let row = try XCTUnwrap(Self.selectedRowBounds(screen), "no selected outline row")
        let y = row.y + row.height / 2 + 7 * (row.height + 2)
        try session.proceed("\(row.x + 40) \(y)")
        XCTAssertEqual(try session.readLine(), "clicked")
        try assertShowsAtTheTop(page: 4, of: file, session)
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "back")
        try assertShowsAtTheTop(page: 0, of: file, session)
    }

    /// Typing in the outline finds an entry by title, ignoring case and accents; Enter goes there.
    func testTypingInTheOutlineFindsAnEntryAndEnterGoesThere() throws {
        try QuireRun.requireDisplay()
        let file = fixtures.outlined()
        let shot = fixtures.path("outline-find.png")
        let script = ScriptedSession.start(title: "outlined.pdf", arguments: "--size 1400x1000 --zoom 100 --sidebar outline") + """
            xdotool mousemove 1590 1190
            echo shown
            read answer
            xdotool mousemove $answer click 1
            xdotool type 'SECTION 2.1'
            xdotool key Return
            echo typed
            read answer
            kill $quire; wait $quire
            """
        let session = try ScriptedSession(script: script, file: file, shot: shot)
        XCTAssertEqual(try session.readLine(), "shown")
        let screen = try session.screen { Self.selectedRowBounds($0) != nil }
        let row = try XCTUnwrap(Self.selectedRowBounds(screen), "no selected outline row")
        // A click on the first entry (the page shown already) gives the list the keyboard.
        try session.proceed("\(row.x + 40) \(row.y + row.height / 2)")
        XCTAssertEqual(try session.readLine(), "typed")
        // Section 2.1 leads 500 points down page 4 (its title is written there), inside the
        // collapsed Chapter 2: that line, not the page's top, comes to the top of the view.
        let page = Picture(try DocumentSource(path: file).open().render(page: 3, scale: 96.0 / 72))
        let top = page.cropped(x: 0, y: 0, width: 500, height: 160)
        let destination = page.cropped(x: 0, y: Int(500 * 96.0 / 72), width: 500, height: 100)
        func shows(_ part: Picture) -> (Picture) -> Bool { { $0.bestMatch(of: part, xs: 300...520, ys: 50...100).mismatch <= 0.01 } }
        let final = try session.screen(until: shows(destination))
        XCTAssertTrue(shows(destination)(final), "Section 2.1's place is not at the top of the view")
        XCTAssertFalse(shows(top)(final))
    }

    /// Typed "section" finds Section 1.1; Ctrl+G goes on to Section 1.2 (the window's Find
    /// Next took the keys), and Enter goes there.
    func testCtrlGInTheOutlinesFindGoesToTheNextEntryFound() throws {
        try QuireRun.requireDisplay()
        let file = fixtures.outlined()
        let script = ScriptedSession.start(title: "outlined.pdf", arguments: "--size 1400x1000 --zoom 100 --sidebar outline") + """
            xdotool mousemove 1590 1190
            echo shown
            read answer
            xdotool mousemove $answer click 1
            xdotool type 'section'
            xdotool key ctrl+g Return
            echo typed
            read answer
            kill $quire; wait $quire
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("outline-next.png"))
        XCTAssertEqual(try session.readLine(), "shown")
        let screen = try session.screen { Self.selectedRowBounds($0) != nil }
        let row = try XCTUnwrap(Self.selectedRowBounds(screen), "no selected outline row")
        try session.proceed("\(row.x + 40) \(row.y + row.height / 2)")
        XCTAssertEqual(try session.readLine(), "typed")
        // Section 1.2 leads 300 points down page 3 (index 2), its title written there.
        let page = Picture(try DocumentSource(path: file).open().render(page: 2, scale: 96.0 / 72))
        let destination = page.cropped(x: 0, y: Int(300 * 96.0 / 72), width: 500, height: 100)
        func shows(_ screen: Picture) -> Bool { screen.bestMatch(of: destination, xs: 300...520, ys: 50...100).mismatch <= 0.01 }
        XCTAssertTrue(shows(try session.screen(until: shows)), "Ctrl+G did not go on to Section 1.2")
    }

    /// A click on a thumbnail jumps to its page, and the mark follows.
    func testAClickOnAThumbnailJumps() throws {
        try QuireRun.requireDisplay()
        let file = fixtures.long(pages: 30, named: "thumbs.pdf")
        let shot = fixtures.path("thumb-click.png")
        let script = ScriptedSession.start(title: "thumbs.pdf", arguments: "--size 1400x1000 --zoom 100 --sidebar thumbnails") + """
            echo shown
            read answer
            xdotool mousemove $answer click 1
            echo clicked
            read answer
            kill $quire; wait $quire
            """
        let session = try ScriptedSession(script: script, file: file, shot: shot)
        XCTAssertEqual(try session.readLine(), "shown")
        let screen = try session.stillScreen { $0.bounds(of: Self.currentThumbnail, inX: 0..<240) != nil }
        let frame = try XCTUnwrap(screen.bounds(of: Self.currentThumbnail, inX: 0..<240), "no current-page frame")
        // Page 4's thumbnail, by the layout's geometry from page 1's (its frame is 3 pixels wide).
        let layout = ThumbnailLayout(pageSizes: Array(repeating: Size(width: 612, height: 792), count: 30))
        let y = Double(frame.y + 3) + layout.pictureRect(3).midY - layout.pictureRect(0).y
        try session.proceed("\(frame.x + frame.width / 2) \(Int(y))")
        XCTAssertEqual(try session.readLine(), "clicked")
        try assertShowsAtTheTop(page: 3, of: file, session)
        let marked = try session.screen { ($0.bounds(of: Self.currentThumbnail, inX: 0..<240)?.y ?? 0) > frame.y + 300 }
        XCTAssertGreaterThan(try XCTUnwrap(marked.bounds(of: Self.currentThumbnail, inX: 0..<240)).y, frame.y + 300, "the mark did not move to page 4")
    }

    /// The selected outline row follows every move: a click on an entry, Alt+Left, a page
    /// typed; on the title page, before the first chapter, no row is selected.
    func testTheSelectedOutlineEntryFollowsJumps() throws {
        try QuireRun.requireDisplay()
        let file = fixtures.chapters()
        let script = ScriptedSession.start(title: "chapters.pdf", arguments: "--size 1400x1000 --zoom 100 --sidebar outline --page 2") + """
            xdotool mousemove 1590 1190
            echo shown
            read answer
            \(ScriptedSession.clickThenBack)
            """ + ScriptedSession.press("ctrl+l", thenType: "1") + """
            echo title
            read answer
            """ + ScriptedSession.press("ctrl+l", thenType: "4") + """
            echo last
            read answer
            kill $quire; wait $quire
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("outline-follow.png"))
        XCTAssertEqual(try session.readLine(), "shown")
        // Rows of a 1400 × 1000 window, 38 pixels apart below the find entry; a selected one
        // has its grey behind the title.
        func selectedRows(_ picture: Picture) -> [Int] {
            (0..<Fixtures.chapterTitles.count).filter { row in (150..<190).allSatisfy { Self.isSelectedRow(picture[$0, 166 + 38 * row]) } }
        }
        func selects(_ rows: [Int]) -> (Picture) -> Bool { { selectedRows($0) == rows } }
        XCTAssertEqual(selectedRows(try session.screen(until: selects([0]))), [0], "Chapter 1's row is not selected on its page")
        try session.proceed("100 \(166 + 2 * 38)")
        XCTAssertEqual(try session.readLine(), "clicked")
        try assertShowsAtTheTop(page: 3, of: file, session)
        XCTAssertEqual(selectedRows(try session.screen(until: selects([2]))), [2], "the clicked entry is not selected")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "back")
        try assertShowsAtTheTop(page: 1, of: file, session)
        XCTAssertEqual(selectedRows(try session.screen(until: selects([0]))), [0], "after Alt+Left, Chapter 1 is not selected")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "title")
        try assertShowsAtTheTop(page: 0, of: file, session)
        XCTAssertEqual(selectedRows(try session.screen(until: selects([]))), [], "on the title page, before any chapter, an entry stays selected")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "last")
        try assertShowsAtTheTop(page: 3, of: file, session)
        XCTAssertEqual(selectedRows(try session.screen(until: selects([2]))), [2], "after typing page 4, Chapter 3 is not selected")
    }

    /// A click on a section in a real outline (the corpus's German lecture notes, whose
    /// destinations put each heading a fraction of a point below the view's top) selects
    /// that section, not the one before it, and Ctrl+D then Enter bookmarks it under the
    /// section's title (issue 45: clicking "1.3 Stetigkeit" selected "1.2 Metrische Räume").
    func testClickingASectionSelectsItAndCtrlDNamesTheBookmarkAfterIt() throws {
        try QuireRun.requireDisplay()
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../shared/corpus/outline-geotopo-de.pdf").standardizedFileURL.path
        XCTAssertTrue(FileManager.default.fileExists(atPath: file), "the corpus is not beside this checkout")
        let stateHome = freshStateHome()
        let script = ScriptedSession.windowFunctions
            + ScriptedSession.start(title: "Geometrie und Topologie", arguments: "--size 1400x1000 --zoom 100 --sidebar outline") + """
            xdotool mousemove 1590 1190
            echo shown
            for step in expanded clicked; do
                read answer
                read x y <<< "$answer"
                for offset in 30 12 0; do xdotool mousemove $(( x + offset )) $(( y + offset )); done
                xdotool click 1
                xdotool mousemove 1590 1190
                echo $step
            done
            read answer
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+d
            echo asked
            read answer
            xdotool key Return ctrl+q
            ended
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("geotopo.png"), stateHome: stateHome)
        XCTAssertEqual(try session.readLine(), "shown")
        // Rows 38 pixels apart below the find entry, the chapters collapsed: a click on the
        // first one's expander shows its sections, "1.3 Stetigkeit" the fourth row.
        func selectedRows(_ picture: Picture) -> [Int] {
            (0..<10).filter { row in (150..<190).allSatisfy { Self.isSelectedRow(picture[$0, 166 + 38 * row]) } }
        }
        let before = try session.stillScreen()
        try session.proceed("27 166")
        XCTAssertEqual(try session.readLine(), "expanded")
        _ = try session.stillScreen { $0.mismatch(with: before.cropped(x: 0, y: 180, width: 230, height: 300), atX: 0, y: 180) > 0.01 }
        try session.proceed("100 \(166 + 3 * 38)")
        XCTAssertEqual(try session.readLine(), "clicked")
        XCTAssertEqual(selectedRows(try session.screen { selectedRows($0) == [3] }), [3], "the clicked section (row 3, 1.3 Stetigkeit) is not the one selected")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "asked")
        // Ctrl+D's name box, at the view's top, before Enter.
        func asking(_ screen: Picture) -> Bool { screen.showsPopover(x: 550, y: 40, width: 300, height: 70) }
        XCTAssertTrue(asking(try session.screen(until: asking)), "Ctrl+D did not ask for a name")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "exited 0")
        let report = try QuireRun.run(["--snapshot", fixtures.path("bookmarks.png"), "--size", "1400x1000", "--sidebar", "bookmarks", file],
                                      environment: ["XDG_STATE_HOME": stateHome])
        XCTAssertTrue(report.standardOutput.contains(#"bookmarks=1 first="1.3 Stetigkeit""#), report.standardOutput)
    }

    /// Closing a window whose sidebar shows the outline releases each of its objects once
    /// (the session fails on GLib's criticals).
    func testClosingAWindowWithTheOutlineShownIsClean() throws {
        try QuireRun.requireDisplay()
        let file = fixtures.outlined(named: "close-outline.pdf")
        let script = ScriptedSession.start(title: "close-outline.pdf", arguments: "--size 1000x800") + """
            xdotool windowfocus --sync "$window"
            xdotool key F9
            echo opened
            read answer
            xdotool key ctrl+q
            wait $quire
            echo "ended $?"
            read answer
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("close-outline.png"))
        XCTAssertEqual(try session.readLine(), "opened")
        // The first row, Préface, is the reader's section: the outline is on screen.
        let shown = try session.screen { Self.isSelectedRow($0[170, 166]) }
        XCTAssertTrue(Self.isSelectedRow(shown[170, 166]), "the outline is not shown")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "ended 0")
    }

    /// Waits until `page`'s top, as poppler renders it at 100 %, is at the top of the canvas.
    private func assertShowsAtTheTop(page: Int, of file: String, _ session: ScriptedSession, line: UInt = #line) throws {
        XCTAssertTrue(try session.showsAtTheTop(page: page, of: file), "page \(page + 1) is not at the top of the view", line: line)
    }
}

extension Picture {
    /// `bounds(of:)` within the columns `columns`.
    func bounds(of colour: UInt32, inX columns: Range<Int>, tolerance: Int = 3) -> (x: Int, y: Int, width: Int, height: Int)? {
        cropped(x: columns.lowerBound, y: 0, width: min(columns.upperBound, width) - columns.lowerBound, height: height)
            .bounds(of: colour, tolerance: tolerance).map { ($0.x + columns.lowerBound, $0.y, $0.width, $0.height) }
    }
}
