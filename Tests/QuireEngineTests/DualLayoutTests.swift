import XCTest
@testable import QuireEngine

final class DualLayoutTests: XCTestCase {
    private let letter = Size(width: 612, height: 792)

    private func layout(_ arrangement: PageLayout.Arrangement, pages: Int = 7, zoom: ZoomMode = .percent(50)) -> PageLayout {
        var layout = PageLayout(pageSizes: Array(repeating: letter, count: pages), zoom: zoom, viewport: Size(width: 1200, height: 800), gap: 10)
        layout.setArrangement(arrangement)
        return layout
    }

    func testOddPagesLeftPairsOneTwo() {
        let layout = layout(.dual(oddLeft: true, rightToLeft: false))
        XCTAssertEqual(layout.pageRect(0).y, layout.pageRect(1).y)
        XCTAssertLessThan(layout.pageRect(0).x, layout.pageRect(1).x)
        XCTAssertGreaterThan(layout.pageRect(2).y, layout.pageRect(1).y)
        XCTAssertEqual(layout.pageRect(1).x - layout.pageRect(0).maxX, 10, accuracy: 1, "a gap between the pages of a spread")
    }

    func testTheCoverStandsAloneOnTheRight() {
        let layout = layout(.dual(oddLeft: false, rightToLeft: false))
        let cover = layout.pageRect(0)
        XCTAssertGreaterThan(cover.x, 1200 / 2 - 1, "in the right slot")
        XCTAssertEqual(layout.pageRect(1).y, layout.pageRect(2).y)
        XCTAssertGreaterThan(layout.pageRect(1).y, cover.y)
        XCTAssertEqual(Array(layout.pages(in: Rect(x: 0, y: layout.pageRect(1).y + 5, width: 1200, height: 10))), [1, 2])
    }

    func testRightToLeftMirrorsEachSpread() {
        let layout = layout(.dual(oddLeft: true, rightToLeft: true))
        XCTAssertGreaterThan(layout.pageRect(0).x, layout.pageRect(1).x)
        XCTAssertEqual(layout.pageRect(0).y, layout.pageRect(1).y)
    }

    func testFitWidthFitsTwoPages() {
        let layout = layout(.dual(oddLeft: true, rightToLeft: false), zoom: .fitWidth)
        XCTAssertEqual(layout.pageRect(0).width * 2 + 30, 1200, accuracy: 1e-6)
    }

    func testRowsTurnAsAWhole() {
        let layout = layout(.dual(oddLeft: false, rightToLeft: false))
        XCTAssertEqual(layout.page(rowsAway: 1, from: 0), 1)
        XCTAssertEqual(layout.page(rowsAway: 1, from: 2), 3)
        XCTAssertEqual(layout.page(rowsAway: -1, from: 3), 1)
        XCTAssertEqual(layout.page(rowsAway: 9, from: 3), 5)
    }

    func testSwitchingToDualKeepsThePlace() {
        var model = CanvasModel<Bytes>(pageSizes: Array(repeating: letter, count: 40), zoom: .percent(50), budget: 1 << 30)
        model.scroll(to: model.resize(to: Size(width: 1200, height: 800)))
        model.scroll(to: Point(x: 0, y: model.layout.pageRect(21).y))
        model.scroll(to: model.setArrangement(.dual(oddLeft: true, rightToLeft: false)))
        XCTAssertTrue(model.visiblePages.contains(21))
        XCTAssertEqual(model.layout.anchor(atContentY: model.scroll.y).page, 20, "the row holding page 21 starts at page 20")
    }
}

final class OnePageAtATimeTests: XCTestCase {
    private let letter = Size(width: 612, height: 792)

    func testOnlyTheShownPageIsLaidOut() {
        var model = CanvasModel<Bytes>(pageSizes: Array(repeating: letter, count: 10), zoom: .fitPage, budget: 1 << 30)
        model.scroll(to: model.resize(to: Size(width: 800, height: 600)))
        model.scroll(to: model.go(to: 4))
        model.scroll(to: model.setContinuous(false))
        XCTAssertEqual(Array(model.visiblePages), [4])
        XCTAssertLessThanOrEqual(model.layout.contentSize.height, 600, "fit page: the whole page, nothing else")
        XCTAssertEqual(model.currentPage, 4)
    }

    func testScreensThenPagesTurn() {
        var model = CanvasModel<Bytes>(pageSizes: Array(repeating: letter, count: 3), zoom: .percent(100), budget: 1 << 30)
        model.scroll(to: model.resize(to: Size(width: 900, height: 600))) // a page is 1056 px: two screens
        model.scroll(to: model.setContinuous(false))
        let next = try! XCTUnwrap(model.screen(forward: true))
        model.scroll(to: next)
        XCTAssertNil(model.screen(forward: true), "the page's end is on screen")
        model.scroll(to: try! XCTUnwrap(model.turn(forward: true)))
        XCTAssertEqual(model.currentPage, 1)
        XCTAssertEqual(model.scroll.y, 0, "a turned page shows its top")
        model.scroll(to: try! XCTUnwrap(model.turn(forward: false)))
        XCTAssertEqual(model.currentPage, 0)
        XCTAssertNil(model.screen(forward: true), "going back shows the previous page's end")
        XCTAssertNil(model.turn(forward: false), "nothing before the first page")
    }

    func testSpreadsTurnTogether() {
        var model = CanvasModel<Bytes>(pageSizes: Array(repeating: letter, count: 6), zoom: .fitPage, budget: 1 << 30)
        model.scroll(to: model.resize(to: Size(width: 1200, height: 700)))
        model.scroll(to: model.setArrangement(.dual(oddLeft: true, rightToLeft: false)))
        model.scroll(to: model.setContinuous(false))
        XCTAssertEqual(Array(model.visiblePages), [0, 1])
        model.scroll(to: try! XCTUnwrap(model.turn(forward: true)))
        XCTAssertEqual(Array(model.visiblePages), [2, 3])
    }
}

final class PresentationLayoutTests: XCTestCase {
    private let letter = Size(width: 612, height: 792)
    private let landscape = Size(width: 842, height: 595)

    /// One page at a time, a page shorter than the view sits in its middle, not at its top.
    func testOnePageAtATimeCentresAShortPage() {
        var model = CanvasModel<Bytes>(pageSizes: [landscape, letter], zoom: .fitWidth, budget: 1 << 30)
        model.scroll(to: model.resize(to: Size(width: 824, height: 1000)))
        model.scroll(to: model.setContinuous(false))
        let page = model.layout.pageRect(0)
        XCTAssertEqual(page.y, ((1000 - page.height) / 2).rounded(.down))
        XCTAssertEqual(model.layout.contentSize.height, 1000)
        XCTAssertEqual(model.pagePoint(atView: Point(x: page.x + 1, y: page.y + 1))?.page, 0)
        XCTAssertNil(model.pagePoint(atView: Point(x: page.x + 1, y: page.y - 5)), "above the page is nothing")
    }

    /// Without gaps, fit page makes the tallest page exactly as tall as the view.
    func testWithoutGapsAPageFillsTheViewHeight() {
        var model = CanvasModel<Bytes>(pageSizes: [letter, letter, letter], zoom: .fitPage, budget: 1 << 30)
        model.scroll(to: model.resize(to: Size(width: 1600, height: 1200)))
        model.scroll(to: model.go(to: 1))
        model.scroll(to: model.setContinuous(false))
        model.scroll(to: model.setGap(0))
        let page = model.layout.pageRect(1)
        XCTAssertEqual(page.y, 0)
        XCTAssertEqual(page.height, 1200, accuracy: 1e-9)
        XCTAssertEqual(model.visiblePages, 1..<2)
        model.scroll(to: model.setGap(12))
        XCTAssertEqual(model.layout.pageRect(1).height, 1200 - 24, accuracy: 1e-9)
        XCTAssertEqual(model.currentPage, 1)
    }
}
