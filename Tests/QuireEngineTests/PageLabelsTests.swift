import XCTest
@testable import QuireEngine

final class PageLabelsTests: XCTestCase {
    func testAPageShowsItsNumberUntilItsLabelIsRead() {
        var labels = PageLabels(pageCount: 5)
        XCTAssertEqual(labels.label(at: 0), "1")
        XCTAssertFalse(labels.isComplete)
        XCTAssertTrue(labels.adopt(["i", "ii", nil], from: 0))
        XCTAssertEqual((0..<5).map(labels.label(at:)), ["i", "ii", "3", "4", "5"])
        XCTAssertFalse(labels.isComplete)
        XCTAssertFalse(labels.adopt([nil, nil], from: 3), "numbers shown already")
        XCTAssertTrue(labels.isComplete)
    }

    func testALabelThatIsTheNumberOrBlankIsNotKept() {
        var labels = PageLabels(pageCount: 3)
        XCTAssertFalse(labels.adopt(["1", "  ", "3"], from: 0))
        XCTAssertEqual((0..<3).map(labels.label(at:)), ["1", "2", "3"])
        XCTAssertEqual(labels.page(named: "2"), 1)
    }

    func testATypedLabelComesBeforeANumber() {
        var labels = PageLabels(pageCount: 6)
        labels.adopt(["i", "ii", "1", "2", "3", "4"], from: 0)
        XCTAssertEqual(labels.page(named: "3"), 4, "the page labelled 3, not the third")
        XCTAssertEqual(labels.page(named: " ii "), 1)
        XCTAssertEqual(labels.page(named: "6"), 5, "no page is labelled 6: the sixth")
        XCTAssertNil(labels.page(named: "7"))
        XCTAssertNil(labels.page(named: "v"))
        XCTAssertNil(labels.page(named: ""))
    }

    func testTheFirstPageSoLabelledIsFoundEvenWhenItsLabelIsItsNumber() {
        var labels = PageLabels(pageCount: 9)
        labels.adopt([nil, nil, nil, nil, "5", nil, nil, "5", nil], from: 0)
        XCTAssertEqual(labels.page(named: "5"), 4)
        labels.adopt(["a", "b", "c", "d", nil, nil, nil, "5", nil], from: 0)
        XCTAssertEqual(labels.page(named: "5"), 4, "the fifth page's label is 5 again")
        XCTAssertEqual(labels.page(named: "4"), 3)
    }

    func testUntilLabelsAreReadANumberStillWorks() {
        let labels = PageLabels(pageCount: 300)
        XCTAssertEqual(labels.page(named: "120"), 119)
        XCTAssertEqual(labels.page(named: "1 2 0"), 119, "spaces inside a typed number are dropped")
        XCTAssertNil(labels.page(named: "0"))
        XCTAssertNil(labels.page(named: "-3"))
    }

    func testWhatNamesNoPageWaitsForTheLabelsStillToCome() {
        var labels = PageLabels(pageCount: 4)
        labels.adopt(["a", "b"], from: 0)
        XCTAssertEqual(labels.lookUp("b"), .page(1))
        XCTAssertEqual(labels.lookUp("d"), .notYetKnown)
        XCTAssertEqual(labels.lookUp(" "), .nowhere)
        labels.adopt(["c", "d"], from: 2)
        XCTAssertEqual(labels.lookUp("d"), .page(3))
        XCTAssertEqual(labels.lookUp("e"), .nowhere)
    }

    func testLabelsAreShownBoundedAndComparedAsShown() {
        var labels = PageLabels(pageCount: 2)
        let long = String(repeating: "L", count: 10_000)
        labels.adopt([long, "A\u{202E}-ii"], from: 0)
        XCTAssertEqual(labels.label(at: 0).count, BoundedText.Limit.pageLabel)
        XCTAssertEqual(labels.label(at: 1), "A-ii")
        XCTAssertEqual(labels.page(named: long), 0, "typed whole, found as shown")
        XCTAssertEqual(labels.page(named: "A-ii"), 1)
    }

    func testHostileBatchesAreIgnoredOrCut() {
        var labels = PageLabels(pageCount: 2)
        XCTAssertFalse(labels.adopt(["x"], from: 5))
        XCTAssertFalse(labels.adopt(["x"], from: -1))
        labels.adopt(["a", "b", "c", "d"], from: 1)
        XCTAssertEqual((0..<2).map(labels.label(at:)), ["1", "a"])
        XCTAssertTrue(labels.isComplete)
        XCTAssertEqual(labels.label(at: 7), "8", "a page past the end shows a number")
    }

    func testFinishingShowsNumbersForTheRest() {
        var labels = PageLabels(pageCount: 4)
        labels.adopt(["a"], from: 0)
        labels.finish()
        XCTAssertTrue(labels.isComplete)
        XCTAssertEqual((0..<4).map(labels.label(at:)), ["a", "2", "3", "4"])
    }
}
