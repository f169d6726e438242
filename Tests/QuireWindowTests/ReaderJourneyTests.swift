import Fixtures
import Foundation
import QuireDocument
import QuireEngine
import XCTest

/// Sessions that cross features, each as a reader would do it with keys, the file on disk
/// checked at the end by other parsers (qpdf, mutool) and Quire's stderr checked for GLib
/// and GTK warnings (`ScriptedSession`). The journeys with a change on disk and with two
/// windows and Quit are `KeepVersionWindowTests` and `UnsavedChangesWindowTests`.
final class ReaderJourneyTests: XCTestCase {
    private var fixtures: Fixtures!
    override func setUpWithError() throws { fixtures = try Fixtures() }
    override func tearDown() { fixtures = nil }

    private static let asking = """
        asking() { timeout 20 xdotool search --sync --onlyvisible --name '^Unsaved Changes$' >/dev/null 2>&1 && echo asked || echo "not asked"; }

        """

    /// Highlight, Ctrl+R: Quire asks first; Save (Enter) writes the highlights, and the
    /// document reloads from the file, showing them as the file's own.
    func testAnnotateReloadSave() throws {
        try QuireRun.requireDisplay()
        let file = fixtures.searchable(named: "reloaded.pdf")
        let pages = try DocumentSource(path: file).open().pageCount
        let script = ScriptedSession.opening("reloaded.pdf") + Self.asking + """
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+a ctrl+h
            echo "title $(title_after "• reloaded.pdf")"
            xdotool key ctrl+r
            asking
            xdotool key Return
            echo "title $(title_after "reloaded.pdf")"
            # X's focus back on the window, as a window manager gives it when a dialog goes.
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+q
            ended
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("reload.png"))
        XCTAssertEqual(try session.readLine(), "title • reloaded.pdf")
        XCTAssertEqual(try session.readLine(), "asked", "reloading with unsaved highlights did not ask")
        XCTAssertEqual(try session.readLine(), "title reloaded.pdf", "Save before reloading did not save")
        XCTAssertEqual(try session.readLine(), "exited 0", "Quit asked again after the save and reload")
        XCTAssertTrue(try QPDF.check(file))
        XCTAssertEqual(try QPDF.annotations(in: file).filter { $0.subtype == "/Highlight" }.count, pages)
        XCTAssertTrue(session.errorsSay("saved \(pages) annotations"))
    }

    /// Highlight, print to a file, Save As another file, which the window shows: the
    /// printout has the highlight (mutool draws its yellow), the new file has it (qpdf), the
    /// original has none, and the window shows the new file with no change left to save.
    func testAnnotatePrintSaveAsReopen() throws {
        try QuireRun.requireDisplay()
        let file = fixtures.searchable(named: "printed.pdf")
        let printout = fixtures.path("printout.pdf"), copy = fixtures.path("kept.pdf")
        let script = "export QUIRE_PRINT_TO_FILE='\(printout)'\n" + ScriptedSession.opening("printed.pdf") + """
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+a ctrl+h
            echo "title $(title_after "• printed.pdf")"
            xdotool key ctrl+p
            echo printing
            read answer
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+shift+s
            chooser=$(timeout 20 xdotool search --sync --onlyvisible --name '^Save As$' 2>/dev/null | head -1)
            echo "chooser ${chooser:+shown}"
            xdotool windowfocus --sync "$chooser"
            xdotool key ctrl+a
            xdotool type '\(copy)'
            xdotool key Return
            echo "title $(title_after "kept.pdf")"
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+q
            ended
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("print.png"))
        XCTAssertEqual(try session.readLine(), "title • printed.pdf")
        XCTAssertEqual(try session.readLine(), "printing")
        XCTAssertTrue(session.errorsSay("pages to \(printout)"), "nothing was printed")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "chooser shown")
        XCTAssertEqual(try session.readLine(), "title kept.pdf", "the window does not show the file saved as, unchanged")
        XCTAssertEqual(try session.readLine(), "exited 0")
        XCTAssertTrue(try QPDF.check(printout))
        XCTAssertGreaterThan(try Self.yellowInk(of: printout), 1000, "the printout lacks the unsaved highlight")
        XCTAssertTrue(try QPDF.check(copy))
        XCTAssertFalse(try QPDF.annotations(in: copy).isEmpty, "the file saved as lacks the highlight")
        XCTAssertTrue(try QPDF.annotations(in: file).isEmpty, "Save As wrote the original")
        XCTAssertGreaterThan(try Self.yellowInk(of: copy), 1000, "mutool does not draw the saved highlight")
    }

    /// Pixels of the highlighter's yellow on the first page as mutool draws it.
    private static func yellowInk(of path: String) throws -> Int {
        let png = path + ".png"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/mutool")
        process.arguments = ["draw", "-q", "-r", "72", "-o", png, path, "1"]
        try process.run()
        process.waitUntilExit()
        let picture = try Picture(png: png)
        var count = 0
        for y in 0..<picture.height {
            for x in 0..<picture.width {
                let pixel = picture[x, y]
                let (r, g, b) = (pixel >> 16 & 0xFF, pixel >> 8 & 0xFF, pixel & 0xFF)
                if r > 200, g > 180, b < 120 { count += 1 }
            }
        }
        return count
    }
}
