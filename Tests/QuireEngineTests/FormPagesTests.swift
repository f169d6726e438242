import XCTest
@testable import QuireEngine

/// The form's policy: what a click and Tab do to fields, and how values go into the one
/// history of changes and come back out of it.
final class FormPagesTests: XCTestCase {
    private func field(_ id: Int, page: Int = 0, _ kind: FormField.Kind, name: String, x: Double = 72, y: Double,
                       readOnly: Bool = false, value: FormValue) -> FormField {
        FormField(id: id, page: page, area: Rect(x: x, y: y, width: 100, height: 20), kind: kind, name: name, label: "",
                  readOnly: readOnly, scripted: false, fontSize: 0, value: value)
    }

    private var form: FormPages {
        var pages = FormPages()
        let text = FormField.Kind.text(multiline: false, password: false, maxLength: 0)
        pages.received([
            field(1, text, name: "name", y: 100, value: .text("")),
            field(2, .checkBox, name: "agree", y: 140, value: .on(false)),
            field(3, .radio, name: "size", y: 180, value: .on(true)),
            field(4, .radio, name: "size", x: 200, y: 180, value: .on(false)),
            field(5, .pushButton, name: "submit", y: 220, value: .on(false)),
            field(6, text, name: "locked", y: 260, readOnly: true, value: .text("Fixed")),
        ], forPage: 0)
        pages.received([field(7, page: 1, text, name: "second", y: 100, value: .text(""))], forPage: 1)
        return pages
    }

    func testAClickTurnsACheckBoxOverAndARadioButtonOnWithTheOthersOfItsGroupOff() {
        let pages = form
        let agree = pages.field(id: 2)!, small = pages.field(id: 3)!, large = pages.field(id: 4)!
        XCTAssertEqual(pages.toggled(agree, in: [:]), [FieldValue(id: 2, value: .on(true))])
        XCTAssertEqual(pages.toggled(agree, in: [2: .on(true)]), [FieldValue(id: 2, value: .on(false))])
        XCTAssertEqual(pages.toggled(large, in: [:]), [FieldValue(id: 3, value: .on(false)), FieldValue(id: 4, value: .on(true))],
                       "the button on goes off first, then the one chosen on")
        XCTAssertEqual(pages.toggled(small, in: [:]), [], "a radio button already on stays on")
        XCTAssertEqual(pages.toggled(small, in: [3: .on(false), 4: .on(true)]),
                       [FieldValue(id: 4, value: .on(false)), FieldValue(id: 3, value: .on(true))], "the reader's values count over the document's")
        XCTAssertEqual(pages.toggled(pages.field(id: 5)!, in: [:]), [], "a push button is never pressed")
        XCTAssertEqual(pages.toggled(pages.field(id: 6)!, in: [:]), [], "a read-only field takes no click")
    }

    func testAClickFindsTheWidgetUnderIt() {
        let pages = form
        XCTAssertEqual(pages.field(onPage: 0, at: Point(x: 80, y: 150))?.name, "agree")
        XCTAssertNil(pages.field(onPage: 0, at: Point(x: 80, y: 170)))
        XCTAssertNil(pages.field(onPage: 2, at: Point(x: 80, y: 150)), "a page not read has none")
    }

    func testTabGoesThroughTheFillableFieldsInTheDocumentsOrderAndComesRound() {
        let pages = form
        var order: [Int] = []
        var current: Int?
        for _ in 0..<6 {
            current = pages.next(after: current)?.id
            order.append(current ?? -1)
        }
        XCTAssertEqual(order, [1, 2, 3, 4, 7, 1], "push buttons and read-only fields are left out; past the last, the first")
        XCTAssertEqual(pages.next(after: 1, backwards: true)?.id, 7, "Shift+Tab from the first goes to the last")
        XCTAssertEqual(pages.next(after: nil, fromPage: 1)?.id, 7, "with nothing focused, from the page shown")
        XCTAssertEqual(pages.next(after: nil, backwards: true, fromPage: 0)?.id, 4)
        XCTAssertNil(FormPages().next(after: nil), "no form, no field")
    }

    func testAPageKeepsOnlyItsOwnWidgetsWithinTheBound() {
        var pages = FormPages()
        let many = (0..<(FormField.perPageLimit + 10)).map { field($0, .checkBox, name: "c\($0)", y: 10, value: .on(false)) }
        pages.received(many + [field(99_999, page: 3, .checkBox, name: "elsewhere", y: 10, value: .on(false))], forPage: 0)
        XCTAssertEqual(pages[0]?.count, FormField.perPageLimit)
        XCTAssertNil(pages.field(id: 99_999), "a widget said to be on another page is not kept")
    }

    func testFieldValuesUndoAndRedoWithTheMarkupsInOneHistory() {
        var edits = AnnotationEdits()
        edits.setFields([FieldValue(id: 1, value: .text("Ada"))])
        let markup = edits.add(page: 0, kind: .highlight, colour: .yellow, areas: [Rect(x: 0, y: 0, width: 10, height: 10)],
                               text: "", author: "", created: 0)
        edits.setFields([FieldValue(id: 3, value: .on(false)), FieldValue(id: 4, value: .on(true))])
        edits.setFields([FieldValue(id: 1, value: .text("Ada Lovelace"))])
        edits.setFields([FieldValue(id: 1, value: .text("Ada Lovelace"))])
        XCTAssertEqual(edits.fieldValues, [1: .text("Ada Lovelace"), 3: .on(false), 4: .on(true)])
        XCTAssertTrue(edits.undo())
        XCTAssertEqual(edits.fieldValues[1], .text("Ada"), "the value set again unchanged was no step")
        XCTAssertTrue(edits.undo())
        XCTAssertEqual(edits.fieldValues, [1: .text("Ada")], "a radio group's buttons went back together")
        XCTAssertTrue(edits.undo())
        XCTAssertEqual(edits.markups, [], "the markup between them is undone in its turn")
        XCTAssertTrue(edits.undo())
        XCTAssertEqual(edits.fieldValues, [:], "back to the document's own values")
        XCTAssertFalse(edits.isModified)
        while edits.redo() {}
        XCTAssertEqual(edits.fieldValues, [1: .text("Ada Lovelace"), 3: .on(false), 4: .on(true)])
        XCTAssertEqual(edits.markups.map(\.id), [markup.id])
        edits.wasSaved()
        XCTAssertEqual(edits.content, AnnotationEdits.Content(markups: [markup], fieldValues: edits.fieldValues))
        XCTAssertFalse(edits.isModified)
        edits.undo()
        XCTAssertTrue(edits.isModified, "a field's value undone past the save is a change")
    }

    func testValuesAreBoundedAndSetInAnOrderThatLeavesTheChosenRadioButtonOn() {
        var edits = AnnotationEdits()
        edits.setFields([FieldValue(id: 1, value: .text(String(repeating: "x", count: FormField.textLimit + 5))),
                         FieldValue(id: 2, value: .chosen([5, -1, 2, 2, FormField.itemLimit]))])
        XCTAssertEqual(edits.fieldValues[1], .text(String(repeating: "x", count: FormField.textLimit)))
        XCTAssertEqual(edits.fieldValues[2], .chosen([2, 5]))
        let ordered = FieldValue.ordered([9: .on(true), 3: .on(false), 5: .text("a"), 1: .on(true)])
        XCTAssertEqual(ordered.map(\.id), [3, 5, 1, 9], "every button turned off comes before any turned on")
        XCTAssertEqual(FormValue.safeText("one\u{202E}\ntwo\r\nthree\u{0}"), "one\ntwo\nthree", "lines kept, controls and overrides gone")
    }
}
