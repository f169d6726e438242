import QuireEngine
import XCTest

final class CaretMirrorTests: XCTestCase {
    func testTheNodesTakeTurnsOnlyWhenThePageChanges() {
        var mirror = CaretMirror()
        XCTAssertNil(mirror.page)
        XCTAssertEqual(mirror.show(page: 3).node, 0)
        XCTAssertEqual(mirror.show(page: 3).isNew, false, "the same page: the caret only moves")
        let next = mirror.show(page: 4)
        XCTAssertEqual(next.node, 1)
        XCTAssertTrue(next.isNew)
        XCTAssertEqual(mirror.show(page: 3).node, 0, "back: the other node again, so that focus moves")
        XCTAssertEqual(mirror.pages, [3, 4])
        mirror.end()
        XCTAssertNil(mirror.page)
        XCTAssertEqual(mirror.show(page: 9).node, 0)
    }

    func testTheTextCountsScalarsAsTheCaretDoes() throws {
        let characters = try XCTUnwrap(PageCharacters(text: "é€\n𝑥", boxes: (0..<4).map { Rect(x: Double($0) * 10, y: 0, width: 9, height: 10) },
                                                       pageSize: Size(width: 100, height: 100)))
        let text = CaretMirror.text(of: characters)
        XCTAssertEqual(text.unicodeScalars.count, 4)
        XCTAssertEqual(text, "é€\n𝑥")
    }

    func testTheSelectionRunsFromTheAnchorOrThePagesEdge() {
        var caret = Caret(at: CaretPlace(page: 2, index: 5))
        XCTAssertTrue(CaretMirror.offsets(of: caret, count: 40) == (5, 5))
        _ = caret.move(.right, extending: true, pageCount: 5) { _ in Self.line }
        XCTAssertTrue(CaretMirror.offsets(of: caret, count: 40) == (6, 5), "\(CaretMirror.offsets(of: caret, count: 40))")
        let fromEarlier = Self.caret(anchor: CaretPlace(page: 1, index: 30), place: CaretPlace(page: 2, index: 7))
        XCTAssertTrue(CaretMirror.offsets(of: fromEarlier, count: 40) == (7, 0))
        let fromLater = Self.caret(anchor: CaretPlace(page: 3, index: 1), place: CaretPlace(page: 2, index: 7))
        XCTAssertTrue(CaretMirror.offsets(of: fromLater, count: 40) == (7, 40))
        XCTAssertEqual(CaretMirror.place(offset: 99, onPage: 2, count: 40), CaretPlace(page: 2, index: 40))
        XCTAssertEqual(CaretMirror.place(offset: -3, onPage: 2, count: 40), CaretPlace(page: 2, index: 0))
    }

    private static let line = PageCharacters(text: String(repeating: "a", count: 40),
                                             boxes: (0..<40).map { Rect(x: Double($0) * 5, y: 0, width: 5, height: 10) },
                                             pageSize: Size(width: 300, height: 100))

    /// A caret whose anchor is `anchor`, moved with Shift to `place`, both on pages of one line.
    private static func caret(anchor: CaretPlace, place: CaretPlace) -> Caret {
        var caret = Caret(at: anchor)
        let forward = place.page > anchor.page || (place.page == anchor.page && place.index > anchor.index)
        while caret.place != place {
            _ = caret.move(forward ? .right : .left, extending: true, pageCount: 5) { _ in line }
        }
        return caret
    }
}
