import QuireEngine
import XCTest

/// Caret mode's moves over pages of known characters: each character 10 points wide, lines
/// 20 points apart, 12 tall.
final class CaretTests: XCTestCase {
    /// A page of `lines`, each starting at x = `left` (one per line, or 72).
    static func page(_ lines: [String], lefts: [Double]? = nil) -> PageCharacters {
        var text = "", boxes: [Rect] = []
        for (number, line) in lines.enumerated() {
            let left = lefts?[number] ?? 72
            for (index, _) in line.unicodeScalars.enumerated() {
                boxes.append(Rect(x: left + Double(index) * 10, y: 100 + Double(number) * 20, width: 10, height: 12))
            }
            text += line + "\n"
            boxes.append(Rect(x: left + Double(line.unicodeScalars.count) * 10, y: 100 + Double(number) * 20, width: 0, height: 12))
        }
        return PageCharacters(text: text, boxes: boxes, pageSize: Size(width: 612, height: 792))!
    }

    let pages: [PageCharacters?] = [page(["Hello world", "ab"]), page([]), page(["Next page text"])]

    func moved(_ caret: inout Caret, _ moves: [CaretMove], extending: Bool = false) {
        for move in moves { XCTAssertEqual(caret.move(move, extending: extending, pageCount: pages.count) { self.pages[$0] }, .moved, "\(move)") }
    }

    func testRightMovesACharacterThenToTheNextLinesStart() {
        var caret = Caret(at: CaretPlace(page: 0, index: 10))
        moved(&caret, [.right])
        XCTAssertEqual(caret.place, CaretPlace(page: 0, index: 11), "after the line's last character")
        moved(&caret, [.right])
        XCTAssertEqual(caret.place, CaretPlace(page: 0, index: 12), "the next line's start")
        moved(&caret, [.left])
        XCTAssertEqual(caret.place, CaretPlace(page: 0, index: 11))
    }

    func testRightPastAPagesLastCharacterGoesOnToTheNextPageWithText() {
        var caret = Caret(at: CaretPlace(page: 0, index: 14))
        moved(&caret, [.right])
        XCTAssertEqual(caret.place, CaretPlace(page: 2, index: 0), "the empty page is passed over")
        moved(&caret, [.left])
        XCTAssertEqual(caret.place, CaretPlace(page: 0, index: 14))
    }

    func testAtTheDocumentsEndTheCaretStays() {
        var caret = Caret(at: CaretPlace(page: 2, index: 14))
        XCTAssertEqual(caret.move(.right, extending: false, pageCount: 3) { self.pages[$0] }, .stays)
        var first = Caret(at: CaretPlace(page: 0, index: 0))
        XCTAssertEqual(first.move(.left, extending: false, pageCount: 3) { self.pages[$0] }, .stays)
        XCTAssertEqual(first.move(.wordLeft, extending: false, pageCount: 3) { self.pages[$0] }, .stays)
    }

    func testAPageNotReadYetStopsTheMoveAndIsNamed() {
        var caret = Caret(at: CaretPlace(page: 0, index: 14))
        XCTAssertEqual(caret.move(.right, extending: false, pageCount: 3) { $0 == 0 ? self.pages[0] : nil }, .needs(page: 1))
        XCTAssertEqual(caret.place, CaretPlace(page: 0, index: 14))
    }

    func testWordRightStopsAtTheWordsEndAndWordLeftAtItsStart() {
        var caret = Caret(at: CaretPlace(page: 0, index: 0))
        moved(&caret, [.wordRight])
        XCTAssertEqual(caret.place.index, 5, "after “Hello”")
        moved(&caret, [.wordRight])
        XCTAssertEqual(caret.place.index, 11, "after “world”")
        moved(&caret, [.wordRight])
        XCTAssertEqual(caret.place.index, 14, "across the line end, after “ab”")
        moved(&caret, [.wordRight])
        XCTAssertEqual(caret.place, CaretPlace(page: 2, index: 4), "after “Next”, on the next page with text")
        moved(&caret, [.wordLeft, .wordLeft])
        XCTAssertEqual(caret.place, CaretPlace(page: 0, index: 12), "at “ab”'s start")
        moved(&caret, [.wordLeft])
        XCTAssertEqual(caret.place.index, 6, "at “world”'s start")
    }

    func testUpAndDownKeepTheGoalXOverAShortLine() {
        let tall = [Self.page(["Hello world", "ab", "Another line"])]
        var caret = Caret(at: CaretPlace(page: 0, index: 9)) // before the “l” of “world”: x = 162
        _ = caret.move(.down, extending: false, pageCount: 1) { tall[$0] }
        XCTAssertEqual(caret.place.index, 14, "“ab” ends short: its end")
        _ = caret.move(.down, extending: false, pageCount: 1) { tall[$0] }
        XCTAssertEqual(caret.place.index, 15 + 9, "back under x = 162")
        _ = caret.move(.up, extending: false, pageCount: 1) { tall[$0] }
        _ = caret.move(.up, extending: false, pageCount: 1) { tall[$0] }
        XCTAssertEqual(caret.place.index, 9)
        _ = caret.move(.left, extending: false, pageCount: 1) { tall[$0] }
        _ = caret.move(.down, extending: false, pageCount: 1) { tall[$0] }
        XCTAssertEqual(caret.place.index, 14, "a move across sets a new goal")
    }

    func testUpAndDownFindTheNearestPlaceOnLinesThatStartElsewhere() {
        let indented = [Self.page(["Hello", "world"], lefts: [72, 102])]
        var caret = Caret(at: CaretPlace(page: 0, index: 4)) // x = 112
        _ = caret.move(.down, extending: false, pageCount: 1) { indented[$0] }
        XCTAssertEqual(caret.place.index, 6 + 1, "x = 112 on a line from 102")
    }

    func testDownFromAPagesLastLineGoesToTheNextPagesFirstLine() {
        var caret = Caret(at: CaretPlace(page: 0, index: 13))
        moved(&caret, [.down])
        XCTAssertEqual(caret.place, CaretPlace(page: 2, index: 1), "x = 82 on the next page's first line")
    }

    func testHomeAndEndGoToTheLinesEnds() {
        var caret = Caret(at: CaretPlace(page: 0, index: 3))
        moved(&caret, [.lineEnd])
        XCTAssertEqual(caret.place.index, 11)
        moved(&caret, [.lineStart])
        XCTAssertEqual(caret.place.index, 0)
    }

    func testShiftMovesKeepTheAnchorAndOthersTakeItAlong() {
        var caret = Caret(at: CaretPlace(page: 0, index: 0))
        moved(&caret, [.wordRight, .right], extending: true)
        XCTAssertEqual(caret.anchor, CaretPlace(page: 0, index: 0))
        XCTAssertTrue(caret.isSelecting)
        let selection = caret.selection { self.pages[$0] }
        XCTAssertEqual(selection?.anchor, PagePoint(page: 0, point: Point(x: 72, y: 106)))
        XCTAssertEqual(selection?.head, PagePoint(page: 0, point: Point(x: 132, y: 106)))
        moved(&caret, [.right])
        XCTAssertFalse(caret.isSelecting)
        XCTAssertNil(caret.selection { self.pages[$0] })
    }

    func testAPressPlacesTheCaretAtTheNearestPlace() {
        let page = pages[0]!
        XCTAssertEqual(Caret.place(nearest: Point(x: 104, y: 105), onPage: 0, in: page), CaretPlace(page: 0, index: 3))
        XCTAssertEqual(Caret.place(nearest: Point(x: 500, y: 125), onPage: 0, in: page), CaretPlace(page: 0, index: 14), "past the line's end")
        XCTAssertEqual(Caret.place(nearest: Point(x: 0, y: 700), onPage: 0, in: page), CaretPlace(page: 0, index: 12), "below the text: the last line")
        XCTAssertEqual(Caret.firstPlace(onPage: 0, at: 110, in: page), CaretPlace(page: 0, index: 12), "the first line in view")
        XCTAssertNil(Caret.firstPlace(onPage: 1, at: 0, in: pages[1]!))
    }

    func testAPressWithinATallSymbolsBoxPlacesTheCaretOnTheLineUnderIt() {
        // The "⊆" of the first line reaches down to 397, over the second line (392 to 402).
        let page = LineSelectionTests.page([("U ⊆ Z", 90, 378), ("ist, f", 90, 392)])
        XCTAssertEqual(Caret.place(nearest: Point(x: 91, y: 395), onPage: 0, in: page), CaretPlace(page: 0, index: 6))
    }

    func testTheBarStandsAtThePlaceAsTallAsTheLine() {
        let caret = Caret(at: CaretPlace(page: 0, index: 11))
        let bar = caret.bar(in: pages[0]!)
        XCTAssertEqual(bar.map { $0.x + $0.width / 2 }, 182, "after the line's last character")
        XCTAssertEqual(bar?.y, 100)
        XCTAssertEqual(bar?.height, 12)
    }
}
