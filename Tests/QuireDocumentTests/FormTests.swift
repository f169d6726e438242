import Fixtures
import Foundation
import QuireEngine
import XCTest
@testable import QuireDocument

/// A form's fields as poppler lists them, filled, drawn and saved; the saved file read
/// back by another parser (qpdf).
final class FormTests: XCTestCase {
    private typealias Form = Fixtures.Form

    private func assertArea(_ area: Rect, _ wanted: Form.Rect, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        for (read, expected) in zip([area.x, area.y, area.width, area.height], [wanted.x, wanted.y, wanted.width, wanted.height]) {
            XCTAssertEqual(read, expected, accuracy: 0.01, "\(what): \(area)", file: file, line: line)
        }
    }

    func testEveryWidgetIsListedInTheDocumentsOrderWithItsKindAreaAndValue() throws {
        let fixtures = try Fixtures()
        let document = try DocumentSource(path: fixtures.form()).open()
        let fields = document.formFields(at: 0)
        XCTAssertEqual(fields.map(\.name), ["name", "notes", "agree", "size", "size", "fruit", "locked", "total"])
        let areas = [Form.name, Form.notes, Form.agree, Form.small, Form.large, Form.fruit, Form.locked]
        for (field, area) in zip(fields, areas) { assertArea(field.area, area, field.name) }
        XCTAssertEqual(fields[0].kind, .text(multiline: false, password: false, maxLength: 0))
        XCTAssertEqual(fields[0].label, "Your name")
        // poppler-glib 22.12 does not read a field's text size (its /DA): always 0.
        XCTAssertEqual(fields[0].fontSize, 0)
        XCTAssertEqual(fields[1].kind, .text(multiline: true, password: false, maxLength: 0))
        XCTAssertEqual(fields[2].kind, .checkBox)
        XCTAssertEqual(fields[2].value, .on(false))
        XCTAssertEqual(fields[3].kind, .radio)
        XCTAssertEqual(fields[5].kind, .choice(FormField.Choice(combo: true, editable: false, multiple: false, items: Form.fruits)))
        XCTAssertEqual(fields[5].value, .chosen([]))
        XCTAssertTrue(fields[6].readOnly)
        XCTAssertEqual(fields[6].value, .text("Fixed"))
        XCTAssertEqual(fields.map(\.scripted), [false, false, false, false, false, false, false, true], "the calculation script is not seen")
        XCTAssertEqual(Set(fields.map(\.id)).count, fields.count, "widgets share an id")
        XCTAssertEqual(document.formFields(at: 1), [], "a page past the end has widgets")
    }

    /// A field that is its own parent: poppler-glib's name for it never comes; the walk up
    /// stops at the loop, and the widget below it is named through it.
    func testAFieldThatIsItsOwnParentIsNamed() throws {
        let fixtures = try Fixtures()
        let document = try DocumentSource(path: fixtures.formWithALoopingParent()).open()
        XCTAssertEqual(document.formFields(at: 0).map(\.name), ["a", "a"])
    }

    /// A name written in UTF-16 (its byte order mark first) reads as what it says.
    func testAFieldNamedInUTF16IsNamedSo() throws {
        let fixtures = try Fixtures()
        let file = try fixtures.formWithoutAcroForm(named: "utf16-name.pdf", title: "<FEFF0418043C044F00200031D83DDE00>")
        XCTAssertEqual(try DocumentSource(path: file).open().formFields(at: 0).map(\.name), ["Имя 1😀"])
    }

    /// A page the document turns (/Rotate 90): each widget's area is where it displays.
    func testAWidgetOnATurnedPageIsWhereThePageShowsIt() throws {
        let fixtures = try Fixtures()
        let document = try DocumentSource(path: fixtures.formTurned()).open()
        let name = try XCTUnwrap(document.formFields(at: 0).first)
        // Turned a quarter clockwise: the page is 792 wide, and what was at the top is on the right.
        let wanted = Form.Rect(x: 792 - Form.name.y - Form.name.height, y: Form.name.x, width: Form.name.height, height: Form.name.width)
        assertArea(name.area, wanted, "name on the turned page")
        XCTAssertEqual(name.pageTurn, .quarter)
    }

    /// Dark pixels inside `area` of page 0 at scale 1 (drawn by `splash`, if given).
    private func dark(in document: Document, _ area: Form.Rect, splash: SplashPages? = nil) throws -> Int {
        let picture = try document.render(page: 0, scale: 1, splash: splash)
        var count = 0
        for y in Int(area.y)..<Int(area.y + area.height) {
            for x in Int(area.x)..<Int(area.x + area.width) where picture.pixel(x: x, y: y) & 0xFF < 100 { count += 1 }
        }
        return count
    }

    func testValuesSetAreDrawnAndSavedAndQpdfReadsThem() throws {
        let fixtures = try Fixtures()
        let document = try DocumentSource(path: fixtures.form()).open()
        let fields = document.formFields(at: 0)
        XCTAssertEqual(try dark(in: document, Form.agree), 0, "the box is ticked before it is")
        XCTAssertEqual(try dark(in: document, Form.name), 0, "the name has text before it is typed")
        let values: [Int: FormValue] = [fields[0].id: .text("Ada Lovelace"), fields[1].id: .text("Two\nlines"), fields[2].id: .on(true),
                                        fields[3].id: .on(false), fields[4].id: .on(true), fields[5].id: .chosen([1])]
        document.setFormValues(FieldValue.ordered(values))
        XCTAssertGreaterThan(try dark(in: document, Form.agree), 40, "the ticked box is not drawn ticked")
        XCTAssertGreaterThan(try dark(in: document, Form.name), 40, "the name typed is not drawn")
        XCTAssertEqual(try dark(in: document, Form.small), 0, "the radio button not chosen is drawn on")
        XCTAssertGreaterThan(try dark(in: document, Form.large), 40, "the radio button chosen is not drawn on")
        XCTAssertEqual(document.formValue(id: fields[2].id), .on(true))
        let out = fixtures.path("filled.pdf")
        let fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        XCTAssertGreaterThanOrEqual(fd, 0)
        try document.save(to: fd)
        close(fd)
        let saved = try QPDF.fieldValues(in: out)
        XCTAssertEqual(saved, Form.filled)
        XCTAssertTrue(try QPDF.check(out), "qpdf --check finds the saved form damaged")
        // Reopened, the values are the document's own.
        let reopened = try DocumentSource(path: out).open().formFields(at: 0)
        XCTAssertEqual(reopened.map(\.value), [.text("Ada Lovelace"), .text("Two\nlines"), .on(true), .on(false), .on(true), .chosen([1]), .text("Fixed"), .text("")])
    }

    /// A field no AcroForm lists (the scanned tax form of the corpus has no AcroForm): poppler
    /// redraws only its own copy of such a widget, yet what is typed is drawn on the page,
    /// and saved where mutool, another parser, reads it.
    func testAValueTypedIntoAFieldNoAcroFormListsIsDrawnAndSaved() throws {
        let fixtures = try Fixtures()
        let document = try DocumentSource(path: fixtures.formWithoutAcroForm()).open()
        let field = try XCTUnwrap(document.formFields(at: 0).first)
        XCTAssertEqual(field.name, "name")
        XCTAssertEqual(try dark(in: document, Form.name), 0, "the field has text before it is typed")
        document.setFormValues(FieldValue.ordered([field.id: .text("Ada Lovelace")]))
        XCTAssertGreaterThan(try dark(in: document, Form.name), 40, "the name typed is not drawn")
        let out = fixtures.path("standalone-filled.pdf")
        let fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        XCTAssertGreaterThanOrEqual(fd, 0)
        try document.save(to: fd)
        close(fd)
        XCTAssertTrue(try QPDF.check(out), "qpdf --check finds the saved form damaged")
        let lines = try XCTUnwrap(MuPDF.pages(in: out).first).lines.map(\.text)
        XCTAssertTrue(lines.contains { $0.contains("Ada Lovelace") }, "mutool does not see the value drawn: \(lines)")
    }

    /// Splash over the document's own objects draws the values set on it (a render helper
    /// draws a filled scan with Splash); Splash over the file, as it is, does not.
    func testSplashOverTheDocumentItselfDrawsTheValuesSetOnIt() throws {
        let fixtures = try Fixtures()
        let path = try fixtures.form()
        let document = try DocumentSource(path: path).open()
        let fields = document.formFields(at: 0)
        document.setFormValues(FieldValue.ordered([fields[0].id: .text("Ada Lovelace"), fields[2].id: .on(true)]))
        let own = try XCTUnwrap(document.splashPagesOfItsOwn(findingAnnotationOn: [0]))
        XCTAssertGreaterThan(try dark(in: document, Form.name, splash: own), 40, "the name set is not drawn by Splash")
        XCTAssertGreaterThan(try dark(in: document, Form.agree, splash: own), 40, "the box ticked is not drawn by Splash")
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        let file = try XCTUnwrap(SplashPages(descriptor: descriptor, password: nil))
        XCTAssertEqual(try dark(in: document, Form.name, splash: file), 0, "the file itself has the name")
        XCTAssertNil(document.splashPagesOfItsOwn(findingAnnotationOn: [1, 5]), "pages past the end have annotations")
    }

    /// Hundreds of values on a page of 2,000 widgets no AcroForm lists: each is found once
    /// (the first version looked every widget up for every value and annotation: about a
    /// minute, past a render helper's watchdog), and drawn.
    func testManyValuesOnAPageOfManyFieldsNoAcroFormListsAreDrawn() throws {
        let fixtures = try Fixtures()
        let document = try DocumentSource(path: fixtures.manyFieldsWithoutAcroForm(2000)).open()
        let fields = document.formFields(at: 0)
        XCTAssertEqual(fields.count, 2000)
        XCTAssertEqual(fields[1999].name, "f1999")
        document.setFormValues(FieldValue.ordered(Dictionary(uniqueKeysWithValues: fields.prefix(500).map { ($0.id, FormValue.text("8")) })))
        for (index, drawn) in [(0, true), (499, true), (500, false)] {
            let area = fields[index].area
            let rect = Form.Rect(x: area.x, y: area.y, width: area.width, height: area.height)
            XCTAssertEqual(try dark(in: document, rect) > 5, drawn, "field \(index)")
        }
    }
}
