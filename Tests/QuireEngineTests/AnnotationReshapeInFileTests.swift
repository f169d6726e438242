import QuireEngine
import XCTest

/// The file's own annotations moved or resized: one step each, undone and redone, carried
/// to the helpers; areas that are not rectangles are not taken.
final class AnnotationReshapeInFileTests: XCTestCase {
    func testAReshapeIsOneStepCarriedInTheChangesAndUndone() {
        var edits = AnnotationEdits()
        let ref = FileAnnotation.Ref(page: 1, index: 3)
        let first = Rect(x: 10, y: 20, width: 30, height: 40), second = Rect(x: 50, y: 60, width: 70, height: 80)
        edits.reshapeInFile(ref, to: first)
        edits.reshapeInFile(ref, to: second)
        XCTAssertEqual(edits.documentChanges.reshaped, [DocumentChanges.Reshaping(ref: ref, area: second)])
        XCTAssertTrue(edits.isModified)
        edits.undo()
        XCTAssertEqual(edits.documentChanges.reshaped, [DocumentChanges.Reshaping(ref: ref, area: first)])
        edits.undo()
        XCTAssertEqual(edits.documentChanges.reshaped, [])
        XCTAssertFalse(edits.isModified)
        edits.redo()
        XCTAssertEqual(edits.reshapedInFile[ref], first)
    }

    func testAreasThatAreNotRectanglesAreNotTaken() {
        var edits = AnnotationEdits()
        let ref = FileAnnotation.Ref(page: 0, index: 0)
        for area in [Rect(x: .nan, y: 0, width: 10, height: 10), Rect(x: 0, y: 0, width: .infinity, height: 10),
                     Rect(x: 0, y: 0, width: 1, height: 10), Rect(x: 1e9, y: 0, width: 10, height: 10)] {
            edits.reshapeInFile(ref, to: area)
        }
        XCTAssertFalse(edits.canUndo)
        XCTAssertTrue(edits.reshapedInFile.isEmpty)
    }
}
