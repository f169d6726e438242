import XCTest
@testable import QuireEngine

/// Presses and drags as the reader makes them, and which areas are asked for and drawn.
final class SelectionSessionTests: XCTestCase {
    private let sizes = Array(repeating: Size(width: 600, height: 800), count: 40)
    private func at(_ page: Int, _ x: Double = 100, _ y: Double = 100) -> PagePoint { PagePoint(page: page, point: Point(x: x, y: y)) }
    private let box = [Rect(x: 1, y: 2, width: 3, height: 4)]

    func testPressCountsChooseTheUnit() {
        var session = SelectionSession()
        session.press(at: at(0), presses: 1, extending: false)
        XCTAssertEqual(session.selection?.style, .glyph)
        XCTAssertTrue(session.isEmpty, "a press that has not moved selects nothing")
        session.press(at: at(0), presses: 2, extending: false)
        XCTAssertEqual(session.selection?.style, .word)
        XCTAssertFalse(session.isEmpty, "a double press selects its word")
        session.press(at: at(0), presses: 5, extending: false)
        XCTAssertEqual(session.selection?.style, .line)
    }

    func testShiftPressExtendsKeepingTheAnchorAndTheUnit() {
        var session = SelectionSession()
        session.press(at: at(1), presses: 2, extending: false)
        session.press(at: at(3, 50, 60), presses: 1, extending: true)
        XCTAssertEqual(session.selection, TextSelection(anchor: at(1), head: at(3, 50, 60), style: .word))
        XCTAssertTrue(session.press(at: nil, presses: 1, extending: false), "off every page: cleared")
        XCTAssertNil(session.selection)
    }

    func testASelectionMadeByTheKeysIsAskedForAndAPressExtendsIt() {
        var session = SelectionSession()
        XCTAssertTrue(session.select(TextSelection(anchor: at(0), head: at(0, 300, 100))))
        XCTAssertEqual(session.requests(visible: 0..<2, pageSizes: sizes).map(\.span.page), [0])
        session.press(at: at(1), presses: 1, extending: true)
        XCTAssertEqual(session.selection?.anchor, at(0), "Shift+press keeps the keys' anchor")
        XCTAssertTrue(session.select(nil))
        XCTAssertTrue(session.isEmpty)
    }

    func testAreasAreAskedOnceAPageForThePagesInViewItCovers() {
        var session = SelectionSession()
        session.press(at: at(2), presses: 1, extending: false)
        XCTAssertEqual(session.requests(visible: 0..<5, pageSizes: sizes), [], "nothing selected yet")
        session.drag(to: at(4))
        let asked = session.requests(visible: 3..<7, pageSizes: sizes)
        XCTAssertEqual(asked.map(\.span.page), [3, 4])
        XCTAssertEqual(session.requests(visible: 0..<7, pageSizes: sizes).map(\.span.page), [2], "3 and 4 were asked")
        XCTAssertEqual(Set(asked.map(\.generation)).count, 1)
    }

    func testTheOldAreasStayDrawnUntilTheNewOnesCome() {
        var session = SelectionSession()
        session.press(at: at(0), presses: 1, extending: false)
        session.drag(to: at(0, 300, 300))
        let first = session.requests(visible: 0..<1, pageSizes: sizes)[0]
        XCTAssertTrue(session.received(box, page: 0, generation: first.generation))
        session.drag(to: at(0, 400, 400))
        XCTAssertEqual(session.areas(onPage: 0), box, "the drag does not flicker")
        XCTAssertFalse(session.received([], page: 0, generation: first.generation), "an older selection's areas are dropped")
        let second = session.requests(visible: 0..<1, pageSizes: sizes)[0]
        XCTAssertTrue(session.received(box + box, page: 0, generation: second.generation))
        XCTAssertEqual(session.areas(onPage: 0), box + box)
        session.clear()
        XCTAssertNil(session.areas(onPage: 0), "clearing draws nothing at once")
    }

    func testOnlyASelectionOfAFewPagesBecomesThePrimarySelection() {
        var session = SelectionSession()
        session.press(at: at(0), presses: 1, extending: false)
        XCTAssertFalse(session.isPrimaryCandidate, "nothing selected")
        session.drag(to: at(SelectionSession.primaryPageLimit - 1))
        XCTAssertTrue(session.isPrimaryCandidate)
        session.drag(to: at(SelectionSession.primaryPageLimit))
        XCTAssertFalse(session.isPrimaryCandidate)
        session.selectAll(pageSizes: sizes)
        XCTAssertEqual(session.selection?.pages, 0...39)
    }
}
