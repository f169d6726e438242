import QuireEngine
@testable import QuireRemote
import QuireWire
import XCTest

/// Form widgets and the reader's values cross between window and helpers whole; a hostile
/// answer (an unknown kind, a widget on another page, a value of the wrong kind, a string
/// past its bound) is refused or made inert before the window uses it.
final class FormMessagesTests: XCTestCase {
    private let fields = [
        FormField(id: 65_536, page: 2, area: Rect(x: 72, y: 100, width: 300, height: 24), kind: .text(multiline: true, password: false, maxLength: 40),
                  name: "name", label: "Your name", readOnly: false, scripted: true, fontSize: 12, value: .text("Ada\nLovelace"), pageTurn: .quarter),
        FormField(id: 65_537, page: 2, area: Rect(x: 72, y: 140, width: 16, height: 16), kind: .checkBox, name: "agree", label: "",
                  readOnly: true, scripted: false, fontSize: 0, value: .on(true)),
        FormField(id: 65_538, page: 2, area: Rect(x: 72, y: 180, width: 200, height: 24),
                  kind: .choice(FormField.Choice(combo: true, editable: true, multiple: false, items: ["Apple", "Banana"])),
                  name: "fruit", label: "", readOnly: false, scripted: false, fontSize: 0, value: .chosen([1])),
        FormField(id: 65_539, page: 2, area: Rect(x: 72, y: 220, width: 20, height: 20), kind: .radio, name: "size", label: "",
                  readOnly: false, scripted: false, fontSize: 0, value: .on(false)),
        FormField(id: 65_540, page: 2, area: Rect(x: 72, y: 260, width: 20, height: 20), kind: .pushButton, name: "go", label: "",
                  readOnly: false, scripted: false, fontSize: 0, value: .text("")),
        FormField(id: 65_541, page: 2, area: Rect(x: 72, y: 300, width: 20, height: 20), kind: .signature, name: "signed", label: "",
                  readOnly: false, scripted: false, fontSize: 0, value: .text("")),
    ]

    func testWidgetsValuesAndTheirQuestionsRoundTrip() throws {
        XCTAssertEqual(try DocumentRequest(DocumentRequest.formFields(page: 9).bytes), .formFields(page: 9))
        XCTAssertEqual(try DocumentReply(DocumentReply.formFields(fields).bytes, path: "/tmp/f.pdf"), .formFields(fields))
        let values = [FieldValue(id: 3, value: .on(false)), FieldValue(id: 1, value: .text("é\n")), FieldValue(id: 2, value: .chosen([0, 2]))]
        let changes = DocumentChanges(fields: values, removed: [FileAnnotation.Ref(page: 3, index: 9), FileAnnotation.Ref(page: 0, index: 0)],
                                      recoloured: [DocumentChanges.Recolouring(ref: FileAnnotation.Ref(page: 1, index: 2), colour: .pink)],
                                      reshaped: [DocumentChanges.Reshaping(ref: FileAnnotation.Ref(page: 2, index: 1), area: Rect(x: 10, y: 20.5, width: 30, height: 40))])
        XCTAssertEqual(try ChangesMessage.changes(ChangesMessage.bytes(changes)), changes)
        XCTAssertEqual(try HelperRequest(HelperRequest.changes(revision: 7).bytes), .changes(revision: 7))
        let save = SaveRequest(markups: [], changes: changes)
        XCTAssertEqual(try SaveRequest(save.bytes), save)
    }

    func testHostileWidgetsAreRefusedOrMadeInert() throws {
        var unknown = DocumentReply.formFields([fields[1]]).bytes
        // The kind's byte follows the reply's tag, the count, the id, the page and the area.
        let kindAt = 1 + 8 + 8 + 8 + 32
        XCTAssertEqual(unknown[kindAt], 2)
        unknown[kindAt] = 99
        XCTAssertThrowsError(try DocumentReply(unknown, path: "/tmp/f.pdf"))
        var lying = DocumentReply.formFields(fields).bytes
        lying[1] = 0xFF // a count past what the bytes hold
        XCTAssertThrowsError(try DocumentReply(lying, path: "/tmp/f.pdf"))
        XCTAssertThrowsError(try ChangesMessage.changes([1, 0, 0, 0, 0, 0, 0, 0] + [1, 0, 0, 0, 0, 0, 0, 0] + [9] + [0, 0, 0, 0, 0, 0, 0, 0]),
                             "a value of no kind")
        XCTAssertThrowsError(try ChangesMessage.changes([0, 0, 0, 0, 0, 0, 0, 0] + [0xFF, 0xFF, 0, 0, 0, 0, 0, 0]), "more deleted than the bytes hold")

        XCTAssertNil(DocumentReplyCheck.formField(fields[0], page: 1), "a widget said to be on another page than asked")
        let wrongValue = FormField(id: 1, page: 0, area: fields[1].area, kind: .checkBox, name: "x", label: "", readOnly: false,
                                   scripted: false, fontSize: 0, value: .text("on"))
        XCTAssertNil(DocumentReplyCheck.formField(wrongValue, page: 0), "a check box with a text for its value")
        let nowhere = FormField(id: 1, page: 0, area: Rect(x: .nan, y: 0, width: 10, height: 10), kind: .checkBox, name: "x", label: "",
                                readOnly: false, scripted: false, fontSize: 0, value: .on(true))
        XCTAssertNil(DocumentReplyCheck.formField(nowhere, page: 0), "an area that is not a number")
        let hostile = FormField(id: 1, page: 0, area: fields[0].area, kind: .text(multiline: false, password: false, maxLength: 5),
                                name: "\u{202E}fdp.exe", label: "", readOnly: false, scripted: false, fontSize: .infinity,
                                value: .text("far too long\u{0}"))
        let checked = try XCTUnwrap(DocumentReplyCheck.formField(hostile, page: 0))
        XCTAssertEqual(checked.name, "fdp.exe", "the bidi override is dropped")
        XCTAssertEqual(checked.value, .text("far t"), "a value past its field's own limit is cut")
        XCTAssertEqual(checked.fontSize, 0)
        let choice = FormField(id: 1, page: 0, area: fields[2].area, kind: fields[2].kind, name: "x", label: "", readOnly: false,
                               scripted: false, fontSize: 0, value: .chosen([1, 7, -3]))
        XCTAssertEqual(DocumentReplyCheck.formField(choice, page: 0)?.value, .chosen([1]), "items the choice does not have are dropped")
    }
}
