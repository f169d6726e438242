import XCTest
@testable import QuireEngine

/// The annotation change model: every kind of change undoes and redoes, and the document
/// is modified exactly when it differs from what was saved.
final class AnnotationEditsTests: XCTestCase {
    private let area = [Rect(x: 72, y: 90, width: 200, height: 14), Rect(x: 72, y: 106, width: 120, height: 14)]

    private func add(_ edits: inout AnnotationEdits, page: Int = 0) -> Markup {
        edits.add(page: page, kind: .highlight, colour: .yellow, areas: area, text: "two lines", author: "Ada", created: 1_000)
    }

    func testEveryKindOfChangeRoundTripsThroughUndoAndRedo() {
        var edits = AnnotationEdits()
        let first = add(&edits)
        let second = add(&edits, page: 3)
        edits.recolour(id: first.id, to: .green)
        edits.setKind(id: second.id, to: .underline)
        edits.setText(id: second.id, to: "a note on it")
        edits.remove(id: first.id)
        var states = [edits.markups]
        while edits.undo() { states.append(edits.markups) }
        XCTAssertEqual(states.count, 7, "six changes, six undos")
        XCTAssertEqual(states.last, [], "undone to nothing")
        XCTAssertEqual(states[1].first { $0.id == first.id }?.colour, .green, "undoing the removal brings back the recoloured markup")
        XCTAssertEqual(states[2].first { $0.id == second.id }?.text, "two lines", "undoing the text change")
        XCTAssertEqual(states[3].first { $0.id == second.id }?.kind, .highlight, "undoing the kind change")
        XCTAssertEqual(states[4].first { $0.id == first.id }?.colour, .yellow, "undoing the recolouring")
        var redone = [edits.markups]
        while edits.redo() { redone.append(edits.markups) }
        XCTAssertEqual(redone, states.reversed(), "redo walks the same states back")
    }

    func testARemovedMarkupComesBackInItsPlace() {
        var edits = AnnotationEdits()
        let ids = (0..<3).map { _ in add(&edits).id }
        edits.remove(id: ids[1])
        edits.undo()
        XCTAssertEqual(edits.markups.map(\.id), ids)
    }

    func testModifiedMeansDifferentFromTheSavedState() {
        var edits = AnnotationEdits()
        XCTAssertFalse(edits.isModified)
        let markup = add(&edits)
        XCTAssertTrue(edits.isModified)
        edits.undo()
        XCTAssertFalse(edits.isModified, "undone back to the file as opened")
        edits.redo()
        edits.wasSaved()
        XCTAssertFalse(edits.isModified)
        edits.recolour(id: markup.id, to: .pink)
        XCTAssertTrue(edits.isModified)
        edits.undo()
        XCTAssertFalse(edits.isModified, "undone back to the saved state")
        edits.undo()
        XCTAssertTrue(edits.isModified, "before the save is modified too")
        _ = add(&edits)
        edits.undo()
        XCTAssertTrue(edits.isModified, "the saved state cannot be reached any more once a change replaced its step")
    }

    func testANewChangeAfterAnUndoDropsWhatWasUndone() {
        var edits = AnnotationEdits()
        _ = add(&edits)
        edits.undo()
        _ = add(&edits, page: 2)
        XCTAssertFalse(edits.canRedo)
        XCTAssertEqual(edits.markups.map(\.page), [2])
    }

    func testStaleIdsAndNoOpChangesAreNotSteps() {
        var edits = AnnotationEdits()
        let markup = add(&edits)
        edits.wasSaved()
        edits.remove(id: 999)
        edits.recolour(id: 999, to: .red)
        edits.recolour(id: markup.id, to: .yellow)
        XCTAssertFalse(edits.isModified)
        XCTAssertTrue(edits.undo())
        XCTAssertFalse(edits.canUndo, "only the addition was a step")
    }

    func testTheMarkupUnderAPointIsTheLatestThere() {
        var edits = AnnotationEdits()
        let first = add(&edits), second = add(&edits)
        XCTAssertEqual(edits.markup(onPage: 0, at: Point(x: 100, y: 95))?.id, second.id)
        edits.remove(id: second.id)
        XCTAssertEqual(edits.markup(onPage: 0, at: Point(x: 100, y: 95))?.id, first.id)
        XCTAssertNil(edits.markup(onPage: 0, at: Point(x: 300, y: 112)), "past the second line's end")
        XCTAssertNil(edits.markup(onPage: 1, at: Point(x: 100, y: 95)), "another page")
    }

    func testHostileSizesAreBounded() {
        var edits = AnnotationEdits()
        let huge = edits.add(page: 0, kind: .highlight, colour: .yellow, areas: Array(repeating: area[0], count: 10_000),
                             text: String(repeating: "x", count: 1 << 20), author: String(repeating: "a", count: 10_000), created: 0)
        XCTAssertEqual(huge.areas.count, Markup.areaLimit)
        XCTAssertEqual(huge.text.count, Markup.textLimit)
        XCTAssertEqual(huge.author.count, 256)
    }

    /// A selection over three pages marked at once: three markups, one step.
    func testTheMarkupsOfOneActionOverSeveralPagesAreOneStep() {
        var edits = AnnotationEdits()
        let area = [Rect(x: 10, y: 10, width: 50, height: 12)]
        edits.add(page: 0, kind: .note, colour: .yellow, areas: area, text: "before", author: "", created: 0)
        let made = edits.add(kind: .highlight, colour: .yellow, pieces: [(0, area, "a"), (1, area, "b"), (2, area, "c")], author: "Ada", created: 1)
        XCTAssertEqual(made.map(\.page), [0, 1, 2])
        XCTAssertEqual(Set(made.map(\.id)).count, 3, "each markup has an id of its own")
        XCTAssertEqual(edits.markups.count, 4)
        XCTAssertTrue(edits.undo())
        XCTAssertEqual(edits.markups.map(\.text), ["before"], "one Undo did not take back the whole action")
        XCTAssertTrue(edits.redo())
        XCTAssertEqual(edits.markups.map(\.text), ["before", "a", "b", "c"])
    }
}
