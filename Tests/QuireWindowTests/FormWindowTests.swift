import Fixtures
import Foundation
import QuireDocument
import QuireEngine
import XCTest

/// A form filled in the real window as a reader fills one: a click into the name and
/// typing, Tab into the notes (two lines), Tab and Space on the check box, a click on a
/// radio button, a click on the combo box and a pick from its list, Ctrl+S; read back from
/// the saved file by qpdf, then opened again in Quire, shown, and changed once more (a box
/// unticked, a field with a script typed into: the script never runs).
final class FormWindowTests: XCTestCase {
    private typealias Form = Fixtures.Form
    private let scale = 96.0 / 72

    func testAFormFilledInPlaceIsSavedReadByQpdfAndEditableWhenOpenedAgain() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let file = try fixtures.form()
        let document = try DocumentSource(path: file).open()
        let script = ScriptedSession.opening("form.pdf") + ScriptedSession.shown(reading: "name_x name_y large_x large_y fruit_x fruit_y") + """
            xdotool mousemove $name_x $name_y click 1
            echo clicked
            read answer
            xdotool type 'Ada Lovelace'
            xdotool key Tab
            echo tabbed
            read answer
            xdotool type 'Two'
            xdotool key Return
            xdotool type 'lines'
            xdotool key Tab space
            xdotool mousemove $large_x $large_y click 1
            xdotool mousemove $fruit_x $fruit_y click 1
            echo "title $(title_after "• form.pdf")"
            read answer
            xdotool key Down Return
            echo picked
            read answer
            xdotool key ctrl+s
            echo "title $(title_after "form.pdf")"
            read answer
            """ + ScriptedSession.quitAndReopen("form.pdf") + """
            read agree_x agree_y total_x total_y <<< "$answer"
            xdotool windowfocus --sync "$window"
            xdotool mousemove $agree_x $agree_y click 1
            echo "title $(title_after "• form.pdf")"
            xdotool mousemove $total_x $total_y click 1
            xdotool type '5'
            xdotool key Return
            xdotool key ctrl+s
            echo "title $(title_after "form.pdf")"
            xdotool key ctrl+q
            ended
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("form.png"))
        XCTAssertEqual(try session.readLine(), "shown")
        let origin = try session.pageOrigin(of: document)
        func onScreen(_ area: Form.Rect) -> (x: Int, y: Int) {
            (Int((origin.x + area.midX * scale).rounded()), Int((origin.y + area.midY * scale).rounded()))
        }
        // Ink: the page's black, under the focused field's blue too.
        func dark(_ screen: Picture, _ area: Form.Rect) -> Int {
            let left = Int(origin.x + area.x * scale), top = Int(origin.y + area.y * scale)
            return screen.darkPixels(x: left, y: top, width: Int(origin.x + area.x * scale + area.width * scale) - left,
                                     height: Int(origin.y + area.y * scale + area.height * scale) - top)
        }
        let name = onScreen(Form.name), large = onScreen(Form.large), fruit = onScreen(Form.fruit), agree = onScreen(Form.agree)
        // The fields are read once the first view is drawn; then they are tinted, faintly blue.
        func tinted(_ screen: Picture) -> Bool { screen.showsFieldTint(x: name.x, y: name.y) }
        XCTAssertTrue(tinted(try session.screen(until: tinted)), "the form's fields are not shown as fields")
        try session.proceed("\(name.x) \(name.y) \(large.x) \(large.y) \(fruit.x) \(fruit.y)")
        XCTAssertEqual(try session.readLine(), "clicked")
        // The entry lies over the field, with a blue edge; typing goes into it.
        func editorOver(_ area: Form.Rect) -> (Picture) -> Bool { { $0.showsFieldEditor(over: area, origin: origin, scale: self.scale) } }
        XCTAssertTrue(editorOver(Form.name)(try session.screen(until: editorOver(Form.name))), "no editor opened over the name field")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "tabbed")
        XCTAssertTrue(editorOver(Form.notes)(try session.screen(until: editorOver(Form.notes))), "Tab did not open the notes' editor")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "title • form.pdf", "the title does not mark the unsaved values")
        // The combo box's list opens below it; under Xvfb its popover's shadow is black.
        let below = (x: fruit.x - 160, y: fruit.y + 10)
        func listShown(_ screen: Picture) -> Bool { screen.showsPopover(x: below.x, y: below.y, width: 320, height: 150) }
        XCTAssertTrue(listShown(try session.screen(until: listShown)), "the combo box's list did not open")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "picked")
        // The values are drawn into the page by its helpers: the name's letters, the ticked
        // box and the radio button chosen.
        func filled(_ screen: Picture) -> Bool {
            dark(screen, Form.name) > 150 && dark(screen, Form.agree) > 40 && dark(screen, Form.large) > 40 && dark(screen, Form.fruit) > 60
                && !listShown(screen)
        }
        let shown = try session.stillScreen(filled)
        XCTAssertTrue(filled(shown), "the page does not show the values: name \(dark(shown, Form.name)), box \(dark(shown, Form.agree)), "
                      + "radio \(dark(shown, Form.large)), fruit \(dark(shown, Form.fruit))")
        XCTAssertEqual(dark(shown, Form.small), 0, "the radio button not chosen is drawn on")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "title form.pdf", "the save did not end, or the title still marks a change")
        XCTAssertTrue(session.errorsSay("saved 0 annotations and 5 field values"))
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "exited 0")

        let saved = try QPDF.fieldValues(in: file)
        XCTAssertEqual(saved, Form.filled)
        XCTAssertTrue(try QPDF.check(file), "qpdf finds the saved form damaged")

        // Opened again: the ticked box shows ticked, and a click unticks it.
        try session.proceed("x")
        XCTAssertEqual(try session.readLine(), "reopened")
        let reopened = try session.stillScreen { dark($0, Form.agree) > 40 && dark($0, Form.name) > 150 }
        XCTAssertGreaterThan(dark(reopened, Form.agree), 40, "the saved tick is not shown when the form is opened again")
        let total = onScreen(Form.total)
        try session.proceed("\(agree.x) \(agree.y) \(total.x) \(total.y)")
        XCTAssertEqual(try session.readLine(), "title • form.pdf", "a click on the saved box changed nothing")
        XCTAssertEqual(try session.readLine(), "title form.pdf")
        XCTAssertEqual(try session.readLine(), "exited 0")
        XCTAssertEqual(try QPDF.fieldValues(in: file)["agree"], "/Off", "the box unticked in the reopened form was saved ticked")
        XCTAssertEqual(try QPDF.fieldValues(in: file)["name"], "Ada Lovelace")
        // The field's script (1 + 1) never ran: it keeps what was typed, and the reader was told.
        XCTAssertEqual(try QPDF.fieldValues(in: file)["total"], "5")
        XCTAssertTrue(session.errorsSay("Quire never runs them"))
    }
}

/// A form whose reading hangs its helper (`form-hang-on-page:1`, standing in for what
/// poppler may do on a hostile form): the window says once that it cannot be filled, and
/// the document is still read (its text searched) by helpers the hang did not touch.
final class HangingFormWindowTests: XCTestCase {
    func testAFormThatHangsPopplerIsReportedOnceAndTheDocumentStillWorks() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let file = try fixtures.form(named: "hanging-form.pdf")
        let script = ScriptedSession.ended(within: 10) + ScriptedSession.start(title: "hanging-form.pdf", arguments: "--size 1000x900 --zoom 100") + """
            xdotool mousemove 1590 1190
            echo shown
            read answer
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+f
            xdotool type 'Page 1'
            xdotool key Return
            echo searched
            read answer
            xdotool key ctrl+q
            ended
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("hanging-form.png"),
                                          environment: ["QUIRE_HELPER_FAULT": "form-hang-on-page:1"])
        XCTAssertEqual(try session.readLine(), "shown")
        // Polled: the hung helper's watchdog is 1.5 s.
        XCTAssertTrue(session.errorsSay("This document's form could not be read"), "the reader is not told the form cannot be read")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "searched")
        // The match, found by the search's own helper, is marked in orange on the page.
        func matchShown(_ screen: Picture) -> Bool {
            stride(from: 60, to: 900, by: 2).contains { y in
                stride(from: 0, to: 1000, by: 2).filter { x in
                    let pixel = screen[x, y]
                    return pixel >> 16 & 0xFF > 230 && (130...200).contains(pixel >> 8 & 0xFF) && pixel & 0xFF < 140
                }.count > 10
            }
        }
        XCTAssertTrue(matchShown(try session.screen(until: matchShown)), "the search found nothing after the form hung its helper")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "exited 0")
        let log = try String(contentsOfFile: session.errors, encoding: .utf8)
        XCTAssertEqual(log.components(separatedBy: "form could not be read").count - 1, 1, "told more than once")
    }
}

/// A field no AcroForm lists (as in the scanned tax form of the corpus, which has no
/// AcroForm): a click, typing and Enter, and the page shows what was typed; Ctrl+S saves
/// it where mutool reads it.
final class StandaloneFieldWindowTests: XCTestCase {
    private typealias Form = Fixtures.Form
    private let scale = 96.0 / 72

    func testWhatIsTypedIntoAFieldNoAcroFormListsIsShownAndSaved() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let file = try fixtures.formWithoutAcroForm()
        let document = try DocumentSource(path: file).open()
        let script = ScriptedSession.opening("standalone-form.pdf") + """
            xdotool mousemove 1590 1190
            echo shown
            read answer
            xdotool windowfocus --sync "$window"
            xdotool mousemove $answer click 1
            xdotool mousemove 1590 1190
            echo clicked
            read answer
            xdotool type 'Ada Lovelace'
            xdotool key Return
            echo typed
            read answer
            xdotool key ctrl+s
            echo "title $(title_after "standalone-form.pdf")"
            xdotool key ctrl+q
            ended
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("standalone-form.png"))
        XCTAssertEqual(try session.readLine(), "shown")
        let origin = try session.pageOrigin(of: document)
        let area = (x: Int(origin.x + Form.name.x * scale), y: Int(origin.y + Form.name.y * scale),
                    width: Int(Form.name.width * scale), height: Int(Form.name.height * scale))
        func dark(_ screen: Picture) -> Int { screen.darkPixels(x: area.x, y: area.y, width: area.width, height: area.height) }
        // Read once the first view is drawn, the field is tinted, faintly blue.
        func tinted(_ screen: Picture) -> Bool { screen.showsFieldTint(x: area.x + area.width / 2, y: area.y + area.height / 2) }
        XCTAssertTrue(tinted(try session.screen(until: tinted)), "the field is not shown as a field")
        XCTAssertEqual(dark(try session.stillScreen()), 0, "the field shows ink before anything is typed")
        try session.proceed("\(area.x + area.width / 2) \(area.y + area.height / 2)")
        XCTAssertEqual(try session.readLine(), "clicked")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "typed")
        // The editor closed, the page's helpers draw the value.
        let shown = try session.stillScreen { dark($0) > 150 }
        XCTAssertGreaterThan(dark(shown), 150, "the page does not show what was typed")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "title standalone-form.pdf", "the save did not end")
        XCTAssertEqual(try session.readLine(), "exited 0")
        XCTAssertFalse(try String(contentsOfFile: session.errors, encoding: .utf8).contains("could not be read"), "the form was not read")
        let lines = try XCTUnwrap(MuPDF.pages(in: file).first).lines.map(\.text)
        XCTAssertTrue(lines.contains { $0.contains("Ada Lovelace") }, "mutool does not read the value saved: \(lines)")
    }
}

extension Picture {
    /// Whether a field's editor lies over `area` of the page drawn at `origin`, `scale` pixels
    /// a point: its blue outline is drawn just outside the field, along its top.
    func showsFieldEditor(over area: Fixtures.Form.Rect, origin: (x: Double, y: Double), scale: Double) -> Bool {
        let top = Int(origin.y + area.y * scale), left = Int(origin.x + area.x * scale)
        return (top - 3...top + 2).contains { y in
            (left..<left + Int(area.width * scale)).filter { Picture.distance(self[$0, y], 0xFF35_84E4) <= 0x30 }.count > 100
        }
    }
}
