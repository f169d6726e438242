import XCTest
@testable import QuireEngine

/// Smart fit: the ink's box per side of the page, and the layout that fits it.
final class InkColumnsTests: XCTestCase {
    private let letter = Size(width: 612, height: 792)

    /// A profile of 100 columns with ink from `left` to `right` (exclusive), 10 pixels each.
    private func profile(_ left: Int, _ right: Int, specks: [Int] = []) -> [Int] {
        (0..<100).map { (left..<right).contains($0) ? 10 : specks.contains($0) ? 1 : 0 }
    }

    func testTheInkSpansFromTheFirstToTheLastColumnOfInkAndSpecksDoNotCount() {
        XCTAssertEqual(InkColumns.span(of: profile(20, 80, specks: [2, 97])), .init(left: 0.2, right: 0.8))
        XCTAssertNil(InkColumns.span(of: profile(0, 0, specks: [50])), "a blank page with a speck has no ink")
    }

    func testOddAndEvenPagesHaveABoxEach() {
        var ink = InkColumns()
        ink.add(page: 0, profile: profile(20, 70))
        ink.add(page: 1, profile: profile(30, 80))
        XCTAssertEqual(ink.odd, .init(left: 0.2, right: 0.7))
        XCTAssertEqual(ink.even, .init(left: 0.3, right: 0.8))
        XCTAssertEqual(ink.span(of: 4), ink.odd)
        XCTAssertEqual(ink.span(of: 5), ink.even)
    }

    func testASideWithoutABoxBorrowsTheOthers() {
        var ink = InkColumns()
        ink.add(page: 2, profile: profile(20, 70))
        XCTAssertEqual(ink.span(of: 3), .init(left: 0.2, right: 0.7))
    }

    func testAWideFigureOnFewerThanAQuarterOfThePagesDoesNotWidenTheBox() {
        var ink = InkColumns()
        for page in stride(from: 0, to: 10, by: 2) { ink.add(page: page, profile: profile(20, 80)) }
        ink.add(page: 10, profile: profile(5, 95))
        XCTAssertEqual(ink.odd, .init(left: 0.2, right: 0.8), "one page of six with a wide figure widened the box")
    }

    func testABlankPageDoesNotCount() {
        var ink = InkColumns()
        ink.add(page: 0, profile: profile(0, 0))
        XCTAssertTrue(ink.isEmpty)
        XCTAssertTrue(ink.hasMeasured(0))
        XCTAssertFalse(ink.wants(0), "a blank page was measured again")
    }

    func testTheBoxSettlesTheZoomDoesNotTwitch() {
        var ink = InkColumns()
        XCTAssertTrue(ink.add(page: 0, profile: profile(20, 80)))
        // An edge half a hundredth of the width away: the box stays.
        XCTAssertFalse(ink.add(page: 2, profile: (0..<200).map { (40..<161).contains($0) ? 10 : 0 }))
        XCTAssertEqual(ink.odd, .init(left: 0.2, right: 0.8))
    }

    func testOnlyTheFirstSamplesOfASideAreMeasured() {
        var ink = InkColumns()
        for index in 0..<InkColumns.samples { ink.add(page: index * 2, profile: profile(20, 80)) }
        XCTAssertFalse(ink.wants(InkColumns.samples * 2), "odd pages are still measured past the samples")
        XCTAssertTrue(ink.wants(1), "even pages are not measured since odd ones are full")
    }

    func testSmartFitFitsTheInkToTheViewAndCentresEachPagesBox() {
        var layout = PageLayout(pageSizes: [letter, letter], zoom: .fitInk, viewport: Size(width: 824, height: 600), gap: 12)
        XCTAssertEqual(layout.pageRect(0).width, 800, accuracy: 1e-9, "without a box it fits the width")
        var ink = InkColumns()
        ink.add(page: 0, profile: profile(20, 70))
        ink.add(page: 1, profile: profile(30, 80))
        layout.setInk(ink)
        let inkWidth = 0.5 * 612 + 2 * InkColumns.padding
        XCTAssertEqual(layout.scale, 800 / inkWidth, accuracy: 1e-9)
        XCTAssertEqual(layout.contentSize.width, 824, accuracy: 1e-9, "the trimmed margins scroll across")
        for (page, middle) in [(0, 0.45), (1, 0.55)] {
            let rect = layout.pageRect(page)
            XCTAssertEqual(rect.x + middle * rect.width, 412, accuracy: 1, "page \(page + 1)'s ink is not centred")
        }
    }

    func testSpreadsAndOtherZoomsIgnoreTheInk() {
        var ink = InkColumns()
        ink.add(page: 0, profile: profile(20, 70))
        var layout = PageLayout(pageSizes: [letter, letter], zoom: .fitWidth, viewport: Size(width: 824, height: 600), gap: 12)
        layout.setInk(ink)
        XCTAssertEqual(layout.pageRect(0).width, 800, accuracy: 1e-9)
        layout.setZoom(.fitInk)
        layout.setArrangement(.dual(oddLeft: true, rightToLeft: false))
        XCTAssertFalse(layout.fitsInk)
        XCTAssertEqual(layout.pageRect(0).width, (824 - 36) / 2, accuracy: 1e-9)
    }

    func testTurningThePagesForgetsTheInk() {
        var layout = PageLayout(pageSizes: [letter], zoom: .fitInk, viewport: Size(width: 824, height: 600), gap: 12)
        var ink = InkColumns()
        ink.add(page: 0, profile: profile(20, 70))
        layout.setInk(ink)
        layout.setRotation(.quarter)
        XCTAssertTrue(layout.ink.isEmpty)
    }

    func testTheCanvasMovesOnlyWhenSmartFitsBoxChanges() {
        var model = CanvasModel<Bytes>(pageSizes: Array(repeating: letter, count: 10), zoom: .fitWidth, budget: 1 << 30)
        model.scroll(to: model.resize(to: Size(width: 824, height: 600)))
        let whole = TileKey(page: 0, rotation: .none, scale: 0.25)
        XCTAssertTrue(model.wantsInk(of: whole))
        XCTAssertNil(model.measuredInk(page: 0, profile: profile(20, 70)), "fitting the width, the ink moved the view")
        XCTAssertFalse(model.wantsInk(of: whole))
        _ = model.setZoom(.fitInk)
        XCTAssertEqual(model.layout.scale, 800 / (0.5 * 612 + 2 * InkColumns.padding), accuracy: 1e-9,
                       "measured before smart fit was chosen, the box was not used")
        XCTAssertNotNil(model.measuredInk(page: 1, profile: profile(10, 90)))
        XCTAssertNil(model.measuredInk(page: 3, profile: profile(10, 90)), "a box that did not move moved the view")
    }
}

extension InkColumnsTests {
    func testSmartFitIsRemembered() throws {
        let state = DocumentState(place: ViewPlace(page: 3, fraction: 0), zoom: .fitInk, arrangement: .single, continuous: true,
                                  rotation: .none, sidebarOpen: false, sidebarView: .outline)
        let read = try JSONDecoder().decode(DocumentState.self, from: JSONEncoder().encode(state))
        XCTAssertEqual(read.zoomMode, .fitInk)
        XCTAssertEqual(ZoomMode(argument: "fit-ink"), .fitInk)
    }
}
