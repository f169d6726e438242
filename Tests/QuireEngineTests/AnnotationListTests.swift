import XCTest
@testable import QuireEngine

/// The Annotations pane's rows: the file's and the reader's, in reading order, read page by page.
final class AnnotationListTests: XCTestCase {
    private func annotation(page: Int, x: Double = 72, y: Double, _ kind: FileAnnotation.Kind = .highlight, text: String = "") -> FileAnnotation {
        FileAnnotation(page: page, area: Rect(x: x, y: y, width: 50, height: 12), kind: kind, colour: [1, 1, 0], text: text, author: "Grace")
    }

    func testRowsAreInReadingOrderWithTheReadersAmongTheFiles() {
        var list = AnnotationList(pageCount: 3)
        list.received([annotation(page: 0, y: 300, .note, text: "lower"), annotation(page: 0, y: 100, text: "upper")], forPage: 0)
        XCTAssertFalse(list.isComplete)
        list.received([annotation(page: 2, y: 10)], forPage: 2)
        XCTAssertEqual(list.pagesRead, 1, "a page read out of order is not taken")
        list.received([], forPage: 1)
        list.received([annotation(page: 2, y: 10, .ink), annotation(page: 0, y: 5)], forPage: 2)
        XCTAssertTrue(list.isComplete)
        var edits = AnnotationEdits()
        edits.add(page: 0, kind: .underline, colour: .blue, areas: [Rect(x: 300, y: 100, width: 40, height: 12)], text: "mine",
                  author: "Ada", created: 0)
        edits.add(page: 1, kind: .note, colour: .yellow, areas: [Rect(x: 10, y: 10, width: 20, height: 20)], text: "", author: "Ada", created: 0)
        let (rows, cut) = list.rows(with: edits.markups)
        XCTAssertFalse(cut)
        XCTAssertEqual(rows.map(\.text), ["upper", "mine", "lower", "", ""], "by page, then top, then left")
        XCTAssertEqual(rows.map(\.kind), ["Highlight", "Underline", "Note", "Note", "Drawing"])
        XCTAssertEqual(rows.map(\.unsaved), [false, true, false, true, false])
        XCTAssertEqual(rows.map(\.page), [0, 0, 0, 1, 2], "the page-0 annotation a page-2 answer claimed is not kept")
        XCTAssertEqual(rows[1].colour, [0.4, 0.7, 1])
    }

    func testHostileValuesAreBounded() {
        let long = FileAnnotation(page: 0, area: Rect(x: 0, y: 0, width: 1, height: 1), kind: .note, colour: [.nan, 2, -1],
                                  text: String(repeating: "a", count: 10_000), author: "")
        XCTAssertNil(long.colour, "a colour that is not numbers")
        XCTAssertEqual(long.text.count, FileAnnotation.textLimit)
        XCTAssertEqual(FileAnnotation(page: 0, area: long.area, kind: .note, colour: [2, -1, 0.5], text: "", author: "").colour, [1, 0, 0.5])
        var list = AnnotationList(pageCount: 1)
        list.received(Array(repeating: long, count: FileAnnotation.perPageLimit + 5), forPage: 0)
        XCTAssertEqual(list.rows(with: []).rows.count, FileAnnotation.perPageLimit)
    }

    func testDeletingOneOfTheFilesAnnotationsUndoesAndHidesItsRow() {
        var list = AnnotationList(pageCount: 1)
        list.received([FileAnnotation(page: 0, index: 3, area: Rect(x: 0, y: 0, width: 9, height: 9), kind: .note, colour: nil, text: "a", author: "")],
                      forPage: 0)
        var edits = AnnotationEdits()
        let ref = FileAnnotation.Ref(page: 0, index: 3)
        edits.removeFromFile(ref)
        edits.removeFromFile(ref)
        XCTAssertEqual(list.rows(with: [], removed: edits.removedFromFile).rows, [])
        XCTAssertTrue(edits.isModified)
        XCTAssertTrue(edits.undo())
        XCTAssertFalse(edits.undo(), "deleting it twice was one step")
        XCTAssertEqual(list.rows(with: [], removed: edits.removedFromFile).rows.map(\.source), [.file(ref)])
        XCTAssertFalse(edits.isModified)
        XCTAssertTrue(edits.redo())
        XCTAssertEqual(edits.content.removedFromFile, [ref])
        edits.recolourInFile(ref, to: .pink)
        edits.recolourInFile(ref, to: .pink)
        edits.recolourInFile(ref, to: .green)
        XCTAssertEqual(edits.documentChanges.recoloured, [DocumentChanges.Recolouring(ref: ref, colour: .green)])
        XCTAssertTrue(edits.undo())
        XCTAssertEqual(edits.recolouredInFile[ref], .pink, "a colour set twice was one step")
        XCTAssertTrue(edits.undo())
        XCTAssertNil(edits.recolouredInFile[ref], "back to the file's own colour")
        XCTAssertEqual(list.rows(with: [], recoloured: [ref: .blue]).rows.first?.colour, Markup.Colour.blue.rgb)
    }

    /// A row says "not saved" until the file holds it as listed: after a save, the markups
    /// saved and the file's annotation recoloured are saved; one changed since, or while
    /// the save wrote, is not.
    func testRowsAreUnsavedUntilTheFileHoldsThemAsListed() {
        var list = AnnotationList(pageCount: 1)
        let ref = FileAnnotation.Ref(page: 0, index: 0)
        list.received([annotation(page: 0, y: 10)], forPage: 0)
        var edits = AnnotationEdits()
        func unsaved() -> [Bool] {
            list.rows(with: edits.markups, removed: edits.removedFromFile, recoloured: edits.recolouredInFile, written: edits.written).rows.map(\.unsaved)
        }
        let first = edits.add(page: 0, kind: .underline, colour: .blue, areas: [Rect(x: 10, y: 100, width: 40, height: 12)], text: "a", author: "", created: 0)
        edits.add(page: 0, kind: .highlight, colour: .yellow, areas: [Rect(x: 10, y: 200, width: 40, height: 12)], text: "b", author: "", created: 0)
        edits.recolourInFile(ref, to: .pink)
        XCTAssertEqual(unsaved(), [true, true, true])
        edits.wasSaved()
        XCTAssertEqual(unsaved(), [false, false, false], "what the save wrote is still called unsaved")
        edits.recolour(id: first.id, to: .red)
        XCTAssertEqual(unsaved(), [false, true, false], "the markup changed since the save")
        edits.undo()
        XCTAssertEqual(unsaved(), [false, false, false], "undone back to what the file holds")
        // Saved while a third markup was being made: the file holds the first two.
        let writing = edits.content
        edits.add(page: 0, kind: .strikeOut, colour: .red, areas: [Rect(x: 10, y: 300, width: 40, height: 12)], text: "c", author: "", created: 0)
        edits.wasSaved(writing)
        XCTAssertEqual(unsaved(), [false, false, false, true])
        XCTAssertTrue(edits.isModified, "the markup made while the save wrote is not saved")
    }
}
