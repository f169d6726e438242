import Fixtures
import Foundation
import QuireDocument
import QuireEngine
import XCTest

/// Ctrl+P in a real window, printing to a file through GtkPrintOperation's export (the
/// `QUIRE_PRINT_TO_FILE` hook: no dialog), the result read back with poppler.
final class PrintTests: XCTestCase {
    private var fixtures: Fixtures!
    override func setUpWithError() throws { fixtures = try Fixtures() }
    override func tearDown() { fixtures = nil }

    /// Presses Ctrl+P in a window on `file` and returns the printed document.
    private func printWithCtrlP(_ file: String, title: String, pages: String?) throws -> Document {
        try QuireRun.requireDisplay()
        let output = fixtures.path("printed.pdf")
        var script = "export QUIRE_PRINT_TO_FILE='\(output)'\n"
        if let pages { script += "export QUIRE_PRINT_PAGES='\(pages)'\n" }
        script += ScriptedSession.start(title: title) + """
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+p
            echo pressed
            read answer
            kill $quire; wait $quire
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("print.png"))
        XCTAssertEqual(try session.readLine(), "pressed")
        // The file appears, complete, when printing ends.
        let printed = ScriptedSession.poll { FileManager.default.fileExists(atPath: output) ? true : nil }
        XCTAssertEqual(printed, true, "nothing was printed to \(output)")
        return try DocumentSource(path: output).open()
    }

    /// Ctrl+A and Ctrl+H highlight the page's text, and Ctrl+P prints it before any save,
    /// with `environment`: the printout's lines (as mutool reads them), how many of each
    /// line's pixels are the highlight's yellow (as mutool draws it), and the yellow pixels
    /// away from the lines. The file on disk is left as it was.
    private func printAfterHighlighting(environment: [String: String] = [:]) throws -> (lines: [MuPDF.Line], yellow: [Int], astray: Int) {
        try QuireRun.requireDisplay()
        let file = fixtures.searchable(named: "marked.pdf")
        let output = fixtures.path("printed.pdf")
        let script = "export QUIRE_PRINT_TO_FILE='\(output)' QUIRE_PRINT_PAGES=1\n" + ScriptedSession.opening("marked.pdf") + """
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+a ctrl+h
            echo "title $(title_after "• marked.pdf")"
            xdotool key ctrl+p
            read answer
            kill $quire; wait $quire
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("marked.png"), environment: environment)
        XCTAssertEqual(try session.readLine(), "title • marked.pdf", "no highlight was made")
        let printed = ScriptedSession.poll { FileManager.default.fileExists(atPath: output) ? true : nil }
        XCTAssertEqual(printed, true, "nothing was printed to \(output)")
        try session.proceed()
        XCTAssertEqual(try QPDF.annotations(in: file), [], "the highlight was saved")
        let sheet = try XCTUnwrap(MuPDF.pages(in: output).first)
        let lines = sheet.lines.filter { !$0.text.trimmingCharacters(in: .whitespaces).isEmpty }
        XCTAssertEqual(lines.count, Fixtures.searchableLines[0].count, "the page's lines are not all printed: \(lines.map(\.text))")
        // A highlight's colour over white paper (multiplied).
        let raster = try Raster(output, scale: 1, renderer: .mutool)
        let yellow = Markup.Colour.yellow.rgb
        let onLines = lines.map { line in raster.pixels(near: yellow, in: (x: 0, y: line.top, width: Double(raster.width), height: line.bottom - line.top)) }
        let top = lines.map(\.top).min() ?? 0, bottom = lines.map(\.bottom).max() ?? 0
        let astray = raster.pixels(near: yellow, in: (x: 0, y: 0, width: Double(raster.width), height: top - 10))
            + raster.pixels(near: yellow, in: (x: 0, y: bottom + 10, width: Double(raster.width), height: Double(raster.height)))
        return (lines, onLines, astray)
    }

    /// What is on screen is printed: each line of the page on yellow, and no yellow elsewhere.
    func testAHighlightNotSavedIsPrinted() throws {
        let printed = try printAfterHighlighting()
        for (line, yellow) in zip(printed.lines, printed.yellow) { XCTAssertGreaterThan(yellow, 100, "“\(line.text)” is not printed on yellow") }
        XCTAssertEqual(printed.astray, 0, "yellow away from the text")
    }

    /// With Print Annotations off in the preferences, the pages alone are printed.
    func testWithPrintAnnotationsOffTheHighlightIsNotPrinted() throws {
        let config = fixtures.path("config")
        try FileManager.default.createDirectory(atPath: config + "/glib-2.0/settings", withIntermediateDirectories: true)
        try "[app/quire/Quire]\nprint-annotations=false\n".write(toFile: config + "/glib-2.0/settings/keyfile", atomically: true, encoding: .utf8)
        let printed = try printAfterHighlighting(environment: ["XDG_CONFIG_HOME": config, "GSETTINGS_BACKEND": "keyfile"])
        XCTAssertEqual(printed.yellow, printed.lines.map { _ in 0 }, "the highlight is printed")
    }

    /// The file's own two highlights (green, over the first two lines): the reader turns the
    /// first blue from its context menu and deletes the second (a click, Delete), then
    /// prints before saving: the printout has the first blue and the second not at all,
    /// as on screen, as mutool draws it.
    func testTheFilesAnnotationsRecolouredAndDeletedArePrintedAsShown() throws {
        try QuireRun.requireDisplay()
        let file = fixtures.searchable(named: "source.pdf"), marked = fixtures.path("changed.pdf")
        let document = try DocumentSource(path: file).open()
        let size = document.pageSize(at: 0)
        let lines = document.selectionAreas(TextSelection.Span(page: 0, start: Point(x: 0, y: 0), end: Point(x: size.width, y: size.height)), style: .glyph)
        var edits = AnnotationEdits()
        for line in lines.prefix(2) {
            XCTAssertTrue(document.add(edits.add(page: 0, kind: .highlight, colour: .green, areas: [line], text: "", author: "Ada", created: 0)))
        }
        let fd = open(marked, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        try document.save(to: fd)
        close(fd)
        let output = fixtures.path("printed.pdf")
        let script = "export QUIRE_PRINT_TO_FILE='\(output)' QUIRE_PRINT_PAGES=1\n" + ScriptedSession.opening("changed.pdf") + """
            xdotool mousemove 1590 1190
            echo shown
            read answer
            set -- $answer
            xdotool mousemove $1 $2 click 3
            echo menu
            read answer
            xdotool key Down Down Return
            xdotool mousemove $3 $4 click 1
            xdotool key Delete
            echo "title $(title_after "• changed.pdf")"
            xdotool key ctrl+p
            read answer
            kill $quire; wait $quire
            """
        let session = try ScriptedSession(script: script, file: marked, shot: fixtures.path("changed.png"))
        XCTAssertEqual(try session.readLine(), "shown")
        let origin = try session.pageOrigin(of: try DocumentSource(path: marked).open())
        let scale = 96.0 / 72
        func onScreen(_ area: Rect) -> (x: Int, y: Int) { (Int((origin.x + (area.x + area.width / 2) * scale).rounded()), Int((origin.y + (area.y + area.height / 2) * scale).rounded())) }
        let first = onScreen(lines[0]), second = onScreen(lines[1])
        try session.proceed("\(first.x) \(first.y) \(second.x) \(second.y)")
        XCTAssertEqual(try session.readLine(), "menu")
        func menuShown(_ screen: Picture) -> Bool { screen.showsPopover(x: first.x - 200, y: first.y, width: 500, height: 250) }
        XCTAssertTrue(menuShown(try session.screen(until: menuShown)), "the highlight's context menu did not open")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "title • changed.pdf", "the highlights were not changed")
        let printed = ScriptedSession.poll { FileManager.default.fileExists(atPath: output) ? true : nil }
        XCTAssertEqual(printed, true, "nothing was printed to \(output)")
        try session.proceed()

        XCTAssertEqual(try QPDF.annotations(in: marked).map(\.colour.count), [3, 3], "the file changed")
        let sheet = try XCTUnwrap(MuPDF.pages(in: output).first)
        let raster = try Raster(output, scale: 1, renderer: .mutool)
        func pixels(_ colour: Markup.Colour, on text: String) throws -> Int {
            let line = try XCTUnwrap(sheet.lines.first { $0.text.hasPrefix(text) }, "“\(text)” is not printed")
            return raster.pixels(near: colour.rgb, in: (x: 0, y: line.top, width: Double(raster.width), height: line.bottom - line.top))
        }
        XCTAssertGreaterThan(try pixels(.blue, on: "The quick"), 100, "the recoloured highlight is not printed blue")
        XCTAssertEqual(try pixels(.green, on: "The quick"), 0, "the recoloured highlight is printed green")
        XCTAssertEqual(try pixels(.green, on: "A caf"), 0, "the deleted highlight is printed")
        XCTAssertEqual(try pixels(.blue, on: "A caf"), 0, "the deleted highlight is printed")
    }

    func testCtrlPPrintsOnlyTheChosenPages() throws {
        let file = fixtures.long(pages: 5, named: "five.pdf")
        let printed = try printWithCtrlP(file, title: "five.pdf", pages: "2-3")
        XCTAssertEqual(printed.pageCount, 2)
        XCTAssertEqual(printed.text(at: 0).trimmingCharacters(in: .whitespacesAndNewlines), "Long page 2")
        XCTAssertEqual(printed.text(at: 1).trimmingCharacters(in: .whitespacesAndNewlines), "Long page 3")
    }

    func testWithoutARangeEveryPageIsPrintedOnItsOwnSheet() throws {
        let file = fixtures.standard(named: "all.pdf", links: false)
        let printed = try printWithCtrlP(file, title: Fixtures.standardTitle, pages: nil)
        XCTAssertEqual(printed.pageCount, Fixtures.standardSizes.count)
        for (page, size) in Fixtures.standardSizes.enumerated() {
            XCTAssertTrue(printed.text(at: page).contains(Fixtures.standardText(page: page)), "page \(page + 1): \(printed.text(at: page))")
            // A landscape page is printed on a landscape sheet.
            let sheet = printed.pageSize(at: page)
            XCTAssertEqual(sheet.width > sheet.height, size.width > size.height, "page \(page + 1) is on a \(sheet) sheet")
        }
    }

    /// Print to File in the print dialog, as a reader does it (Ctrl+P, a click on Print to
    /// File, a click on Print): the file is the document's name in the documents folder, not
    /// "output.pdf" where Quire was started; another PDF reader (qpdf) accepts it; and it is
    /// not listed among the recent documents, which the document itself is.
    func testPrintToFileOffersTheDocumentsNameInTheDocumentsFolder() throws {
        try QuireRun.requireDisplay()
        let home = fixtures.path("home"), started = fixtures.path("started-here")
        let documents = home + "/Documents"
        for folder in [documents, home + "/.config", started] { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        try "XDG_DOCUMENTS_DIR=\"$HOME/Documents\"\n".write(toFile: home + "/.config/user-dirs.dirs", atomically: true, encoding: .utf8)
        let file = fixtures.long(pages: 2, named: "Field Notes.pdf")
        // Without a window manager the dialog opens at the screen's top left: Print to File
        // is its only printer, the first row; Print is at its bottom right.
        let script = """
            export HOME='\(home)' XDG_CONFIG_HOME='\(home)/.config' XDG_DATA_HOME='\(home)/.local/share'
            cd '\(started)'

            """ + ScriptedSession.start(title: "Field Notes.pdf") + """
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+p
            dialog=$(appears 30 --onlyvisible --name '^Print$' | head -1)
            [ -n "$dialog" ] || { echo "no dialog"; kill $quire; exit 1; }
            sleep 0.5
            xdotool mousemove 86 90 click 1
            sleep 0.5
            xdotool mousemove 588 483 click 1
            echo printed
            read answer
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+q
            for i in $(seq 600); do kill -0 $quire 2>/dev/null || break; sleep 0.05; done
            kill -0 $quire 2>/dev/null && { echo still-running; kill $quire; } || echo ended
            read answer
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("print-dialog.png"))
        XCTAssertEqual(try session.readLine(), "printed")
        let output = documents + "/Field Notes.pdf"
        let written = ScriptedSession.poll { FileManager.default.fileExists(atPath: output) ? true : nil }
        XCTAssertEqual(written, true, "nothing was printed to \(output)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: started + "/output.pdf"), "printed to output.pdf where Quire started")
        // GTK's file printer lists what it wrote among the recent files, in a save of the
        // list after the file; Quire takes it out again, in a later save.
        let recentList = home + "/.local/share/recently-used.xbel"
        func modified(_ path: String) -> Date? { (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date }
        let printedAt = try XCTUnwrap(modified(output))
        let settled = ScriptedSession.poll { () -> String? in
            guard let saved = modified(recentList), saved > printedAt, let list = try? String(contentsOfFile: recentList, encoding: .utf8),
                  !list.contains("Documents/Field%20Notes.pdf") else { return nil }
            return list
        }
        let recent = try XCTUnwrap(settled, "the printed file stays among the recent files")
        XCTAssertTrue(recent.contains("Field%20Notes.pdf"), "the document opened is not among the recent files")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "ended")
        XCTAssertTrue(try QPDF.check(output), "qpdf finds the printed file damaged")
    }

    /// Page Setup in the print dialog, as a reader uses it: two pages a side, right to left,
    /// at 50 %, printed to a file. Another PDF reader (mutool) finds three landscape sheets
    /// for five pages, the first page in the right half of the first sheet and the second in
    /// its left, its text at half of its fitted size.
    func testPageSetupsPagesPerSideOrderAndScaleAreWhatIsPrinted() throws {
        try QuireRun.requireDisplay()
        let home = fixtures.path("home"), documents = home + "/Documents"
        for folder in [documents, home + "/.config"] { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        try "XDG_DOCUMENTS_DIR=\"$HOME/Documents\"\n".write(toFile: home + "/.config/user-dirs.dirs", atomically: true, encoding: .utf8)
        let file = fixtures.long(pages: 5, named: "Five.pdf")
        // Without a window manager the dialog opens at the screen's top left, where these are.
        let script = """
            export HOME='\(home)' XDG_CONFIG_HOME='\(home)/.config' XDG_DATA_HOME='\(home)/.local/share'

            """ + ScriptedSession.start(title: "Five.pdf") + """
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+p
            dialog=$(appears 30 --onlyvisible --name '^Print$' | head -1)
            [ -n "$dialog" ] || { echo "no dialog"; kill $quire; exit 1; }
            step() { xdotool mousemove $1 $2 click ${3:-1}; sleep 0.5; }
            sleep 0.5
            step 86 90      # Print to File
            step 139 16     # the Page Setup tab
            step 158 130    # Pages per side…
            step 157 208    # …2
            step 200 170    # Page ordering…
            step 191 248    # …Right to left
            xdotool mousemove 158 249 click --repeat 3 1; xdotool type 50; xdotool key Tab; sleep 0.5
            step 588 483    # Print
            echo printed
            read answer
            kill $quire; wait $quire
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("page-setup.png"))
        XCTAssertEqual(try session.readLine(), "printed")
        let output = documents + "/Five.pdf"
        // Complete when qpdf, another reader, accepts it.
        let complete = ScriptedSession.poll { FileManager.default.fileExists(atPath: output) && (try? QPDF.check(output)) == true ? true : nil }
        XCTAssertEqual(complete, true, "no whole printout at \(output)")
        try session.proceed()
        let sheets = try MuPDF.pages(in: output)
        XCTAssertEqual(sheets.map { $0.lines.map(\.text).sorted() }, [["Long page 1", "Long page 2"], ["Long page 3", "Long page 4"], ["Long page 5"]],
                       "five pages two a side are three sheets")
        guard sheets.count == 3 else { return }
        let first = sheets[0]
        let one = try XCTUnwrap(first.lines.first { $0.text == "Long page 1" }), two = try XCTUnwrap(first.lines.first { $0.text == "Long page 2" })
        XCTAssertGreaterThan(first.width, first.height, "the sheet is landscape")
        XCTAssertGreaterThan(one.x, first.width / 2, "right to left: page 1 in the right half")
        XCTAssertLessThan(two.x, first.width / 2, "page 2 in the left half")
        // 24 pt text on a letter page fitted into half of a landscape sheet (× 0.6–0.7), at 50 %.
        XCTAssertTrue((6.0...9.0).contains(one.size), "page 1's 24 pt text printed at \(one.size) pt")
    }
}
