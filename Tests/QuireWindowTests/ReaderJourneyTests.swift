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

    /// Highlight, Ctrl+R: Quire asks first; Save (Enter) writes the highlights, and the
    /// document reloads from the file, showing them as the file's own.
    func testAnnotateReloadSave() throws {
        try QuireRun.requireDisplay()
        let file = fixtures.searchable(named: "reloaded.pdf")
        let pages = try DocumentSource(path: file).open().pageCount
        let script = ScriptedSession.opening("reloaded.pdf") + """
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
            chooser=$(appears 20 --onlyvisible --name '^Save As$' 2>/dev/null | head -1)
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

    /// Fill a form's name, Ctrl+Z (the value goes, and the mark of changes), Ctrl+Shift+Z
    /// (back), Ctrl+S, quit; another Quire process opens the file and shows the name, and
    /// qpdf reads it as the field's value.
    func testFillUndoRedoSaveReopenInAnotherProcess() throws {
        try QuireRun.requireDisplay()
        let file = try fixtures.form()
        let document = try DocumentSource(path: file).open()
        let script = ScriptedSession.opening("form.pdf") + ScriptedSession.shown(reading: "x y") + """
            for step in 20 8 0; do xdotool mousemove $(( x + step )) $(( y + step / 2 )); done
            xdotool click 1
            xdotool type 'Ada'
            xdotool key Return
            echo "filled $(title_after "• form.pdf")"
            xdotool key ctrl+z
            echo "undone $(title_after "form.pdf")"
            xdotool key ctrl+shift+z
            echo "redone $(title_after "• form.pdf")"
            xdotool key ctrl+s
            echo "saved $(title_after "form.pdf")"
            """ + ScriptedSession.quitAndReopen("form.pdf") + """
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+q
            ended
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("form-journey.png"))
        XCTAssertEqual(try session.readLine(), "shown")
        let origin = try session.pageOrigin(of: document)
        let scale = 96.0 / 72, name = Fixtures.Form.name
        let box = (x: Int(origin.x + name.x * scale), y: Int(origin.y + name.y * scale), width: Int(name.width * scale), height: Int(name.height * scale))
        func tinted(_ screen: Picture) -> Bool { screen.showsFieldTint(x: box.x + box.width / 2, y: box.y + box.height / 2) }
        XCTAssertTrue(tinted(try session.screen(until: tinted)), "the form's fields are not shown as fields")
        try session.proceed("\(box.x + box.width / 2) \(box.y + box.height / 2)")
        XCTAssertEqual(try session.readLine(), "filled • form.pdf")
        XCTAssertEqual(try session.readLine(), "undone form.pdf", "Ctrl+Z did not take the value back")
        XCTAssertEqual(try session.readLine(), "redone • form.pdf", "Ctrl+Shift+Z did not put the value back")
        XCTAssertEqual(try session.readLine(), "saved form.pdf")
        XCTAssertEqual(try session.readLine(), "exited 0")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "reopened")
        // The other process draws the saved name: the letters' ink in the field.
        func named(_ screen: Picture) -> Bool { screen.darkPixels(x: box.x, y: box.y, width: box.width, height: box.height) > 60 }
        XCTAssertTrue(named(try session.screen(until: named)), "the Quire opened again does not show the saved name")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "exited 0")
        XCTAssertTrue(try QPDF.check(file))
        XCTAssertTrue(session.errorsSay("saved 0 annotations and 1 field values"))
        XCTAssertEqual(try QPDF.fieldValues(in: file)["name"], "Ada", "qpdf does not read the name's value")
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
