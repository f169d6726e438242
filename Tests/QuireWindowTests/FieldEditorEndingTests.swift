import Fixtures
import Foundation
import QuireDocument
import QuireEngine
import XCTest

/// A field's editor ends when the reader clicks elsewhere on the page, or the keyboard goes
/// elsewhere in the window (Ctrl+F's search entry), as when they press Tab or Return: what
/// they typed is kept, drawn into the page and saved (the editor ending on the keyboard
/// leaving it, `Signal.whenFocusLeaves`, had no test of its own).
final class FieldEditorEndingTests: XCTestCase {
    private typealias Form = Fixtures.Form
    private let scale = 96.0 / 72

    func testAClickOutsideTheFieldEndsItsEditorAndKeepsWhatWasTyped() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let file = try fixtures.form()
        let document = try DocumentSource(path: file).open()
        let script = ScriptedSession.opening("form.pdf") + ScriptedSession.shown(reading: "name_x name_y empty_x empty_y total_x total_y") + """
            xdotool mousemove $name_x $name_y click 1
            echo clicked
            read answer
            xdotool type 'Grace Hopper'
            xdotool mousemove $empty_x $empty_y click 1
            echo "title $(title_after "• form.pdf")"
            read answer
            xdotool mousemove $total_x $total_y click 1
            echo clicked
            read answer
            xdotool type '7'
            xdotool key ctrl+f
            echo searching
            read answer
            xdotool key Escape
            xdotool key ctrl+s
            echo "title $(title_after "form.pdf")"
            xdotool key ctrl+q
            ended
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("form-click-away.png"))
        XCTAssertEqual(try session.readLine(), "shown")
        let origin = try session.pageOrigin(of: document)
        func onScreen(x: Double, y: Double) -> (x: Int, y: Int) { (Int((origin.x + x * scale).rounded()), Int((origin.y + y * scale).rounded())) }
        let name = onScreen(x: Form.name.midX, y: Form.name.midY)
        // Beside the name field, on the page: no field there.
        let empty = onScreen(x: Form.name.x + Form.name.width + 80, y: Form.name.midY)
        let total = onScreen(x: Form.total.midX, y: Form.total.midY)
        func tinted(_ screen: Picture) -> Bool { screen.showsFieldTint(x: name.x, y: name.y) }
        XCTAssertTrue(tinted(try session.screen(until: tinted)), "the form's fields are not shown as fields")
        try session.proceed("\(name.x) \(name.y) \(empty.x) \(empty.y) \(total.x) \(total.y)")
        XCTAssertEqual(try session.readLine(), "clicked")
        func editorShown(_ screen: Picture, over field: Form.Rect = Form.name) -> Bool {
            screen.showsFieldEditor(over: field, origin: origin, scale: scale)
        }
        XCTAssertTrue(editorShown(try session.screen(until: { editorShown($0) })), "no editor opened over the name field")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "title • form.pdf", "the value typed was not taken when the click went elsewhere")
        // The editor is gone and the page draws the name.
        func kept(_ screen: Picture) -> Bool {
            let left = Int(origin.x + Form.name.x * scale), top = Int(origin.y + Form.name.y * scale)
            return !editorShown(screen) && screen.darkPixels(x: left, y: top, width: Int(Form.name.width * scale), height: Int(Form.name.height * scale)) > 150
        }
        XCTAssertTrue(kept(try session.stillScreen(kept)), "the editor stayed open, or the page does not show the name")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "clicked")
        XCTAssertTrue(editorShown(try session.screen(until: { editorShown($0, over: Form.total) }), over: Form.total), "no editor opened over the total")
        try session.proceed()
        // The keyboard went to the search entry (the search bar moves the page down): what
        // was typed is taken, as the saved file shows below.
        XCTAssertEqual(try session.readLine(), "searching")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "title form.pdf", "the save did not end")
        XCTAssertEqual(try session.readLine(), "exited 0")
        XCTAssertEqual(try QPDF.fieldValues(in: file)["name"], "Grace Hopper")
        XCTAssertEqual(try QPDF.fieldValues(in: file)["total"], "7", "what was typed before Ctrl+F was lost")
    }
}
