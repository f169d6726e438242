import XCTest
@testable import QuireEngine

final class ControlNamesTests: XCTestCase {
    func testAnOutlineEntryIsNamedWithItsLevelAndPage() {
        XCTAssertEqual(ControlNames.outlineEntry(title: "1.3 Stetigkeit", level: 2, pageLabel: "12"), "1.3 Stetigkeit, level 2, page 12")
        XCTAssertEqual(ControlNames.outlineEntry(title: "Nowhere", level: 1, pageLabel: nil), "Nowhere, level 1, leads nowhere")
    }

    func testAnAnnotationIsNamedWithItsKindPageAndText() {
        XCTAssertEqual(ControlNames.annotation(kind: "Highlight", pageLabel: "3", text: "the text\nmarked"), "Highlight, page 3: the text marked")
        XCTAssertEqual(ControlNames.annotation(kind: "Ink", pageLabel: "iv", text: ""), "Ink, page iv")
    }

    func testAMatchIsNamedWithItsPageAndLine() {
        XCTAssertEqual(ControlNames.match(pageLabel: "iv", line: "the quick fox"), "page iv: the quick fox")
    }

    func testABookmarkIsNamedWithItsPage() {
        XCTAssertEqual(ControlNames.bookmark(name: "Lemma 2", pageLabel: "14"), "Lemma 2, page 14")
    }

    func testAFormFieldIsNamedForItsReaderOrTheLastPartOfItsName() {
        XCTAssertEqual(ControlNames.formField(name: "address.city", label: "City of residence"), "City of residence")
        XCTAssertEqual(ControlNames.formField(name: "address.city", label: ""), "city")
        XCTAssertEqual(ControlNames.formField(name: "", label: ""), "Form field")
    }

    func testALongTextIsCut() {
        let name = ControlNames.bookmark(name: String(repeating: "a", count: 500), pageLabel: "1")
        XCTAssertEqual(name.count, ControlNames.textLimit + ", page 1".count)
        XCTAssertTrue(name.hasPrefix(String(repeating: "a", count: ControlNames.textLimit - 1) + "…"))
    }
}
