import XCTest
@testable import QuireEngine

/// Page areas (search matches) mapped to the view at every zoom and rotation, in dual
/// mode, and brought into view.
final class PageAreaTests: XCTestCase {
    private let page = Size(width: 600, height: 800)
    // A match near the top-left of the page: 100 pt in, 50 pt down, 60 × 10 pt.
    private let area = Rect(x: 100, y: 50, width: 60, height: 10)

    private func model(pages: Int = 10, zoom: ZoomMode = .percent(100), rotation: Rotation = .none,
                       arrangement: PageLayout.Arrangement = .single) -> CanvasModel<Bytes> {
        var model = CanvasModel<Bytes>(pageSizes: Array(repeating: page, count: pages), zoom: zoom, budget: 1 << 30)
        model.scroll(to: model.resize(to: Size(width: 1000, height: 700)))
        if rotation != .none { model.scroll(to: model.setRotation(rotation)) }
        if arrangement != .single { model.scroll(to: model.setArrangement(arrangement)) }
        return model
    }

    /// Where the area's corners land, as fractions of the page as drawn.
    private func fractions(_ model: CanvasModel<Bytes>, page index: Int) -> Rect {
        let page = model.layout.pageRect(index), rect = model.contentRect(of: area, onPage: index)
        return Rect(x: (rect.x - page.x) / page.width, y: (rect.y - page.y) / page.height,
                    width: rect.width / page.width, height: rect.height / page.height)
    }

    private func assertEqual(_ a: Rect, _ b: Rect, file: StaticString = #filePath, line: UInt = #line) {
        for (x, y) in [(a.x, b.x), (a.y, b.y), (a.width, b.width), (a.height, b.height)] {
            XCTAssertEqual(x, y, accuracy: 1e-9, file: file, line: line)
        }
    }

    func testUnrotatedAreaScalesWithTheZoom() {
        for zoom in [ZoomMode.percent(50), .percent(100), .percent(400), .fitWidth] {
            let model = model(zoom: zoom)
            let rect = model.contentRect(of: area, onPage: 3), page = model.layout.pageRect(3)
            let scale = model.layout.scale
            assertEqual(rect, Rect(x: page.x + 100 * scale, y: page.y + 50 * scale, width: 60 * scale, height: 10 * scale))
        }
    }

    func testRotationsTurnTheAreaWithThePage() {
        // The area's top-left corner is at (1/6, 1/16) of the upright page.
        assertEqual(fractions(model(rotation: .quarter), page: 2), Rect(x: 1 - 60.0 / 800, y: 100.0 / 600, width: 10.0 / 800, height: 60.0 / 600))
        assertEqual(fractions(model(rotation: .half), page: 2), Rect(x: 1 - 160.0 / 600, y: 1 - 60.0 / 800, width: 60.0 / 600, height: 10.0 / 800))
        assertEqual(fractions(model(rotation: .threeQuarters), page: 2), Rect(x: 50.0 / 800, y: 1 - 160.0 / 600, width: 10.0 / 800, height: 60.0 / 600))
    }

    func testDualPagesPutTheAreaOnTheRightPage() {
        let model = model(arrangement: .dual(oddLeft: true, rightToLeft: false))
        let left = model.contentRect(of: area, onPage: 0), right = model.contentRect(of: area, onPage: 1)
        XCTAssertEqual(left.y, right.y, accuracy: 1e-9)
        XCTAssertEqual(right.x - left.x, model.layout.pageRect(1).x - model.layout.pageRect(0).x, accuracy: 1e-9)
        assertEqual(fractions(model, page: 1), fractions(model, page: 0))
    }

    func testViewRectFollowsTheScroll() {
        var model = model()
        let before = model.viewRect(of: area, onPage: 1)
        model.scroll(to: Point(x: 0, y: 250))
        XCTAssertEqual(model.viewRect(of: area, onPage: 1).y, before.y - 250, accuracy: 1e-9)
    }

    func testRevealCentresAnAreaOffScreenAndLeavesOneInView() {
        var model = model()
        XCTAssertNil(model.reveal(area, onPage: 0), "on screen already")
        let target = try! XCTUnwrap(model.reveal(area, onPage: 6))
        model.scroll(to: target)
        let shown = model.viewRect(of: area, onPage: 6)
        XCTAssertEqual(shown.midY, 350, accuracy: 1, "centred in the 700-pixel view")
        XCTAssertNil(model.reveal(area, onPage: 6))
    }

    func testRevealScrollsAcrossWhenZoomedIn() {
        var model = model(zoom: .percent(400))
        let far = Rect(x: 550, y: 20, width: 40, height: 10) // near the right edge of the page
        let target = try! XCTUnwrap(model.reveal(far, onPage: 0))
        model.scroll(to: target)
        let shown = model.viewRect(of: far, onPage: 0)
        XCTAssertGreaterThanOrEqual(shown.x, 0)
        XCTAssertLessThanOrEqual(shown.maxX, 1000)
    }

    func testRevealTurnsToThePageOnePageAtATime() {
        var model = model()
        model.scroll(to: model.setContinuous(false))
        let target = try! XCTUnwrap(model.reveal(area, onPage: 7))
        model.scroll(to: target)
        XCTAssertEqual(model.layout.pagesShown, 7..<8)
        XCTAssertEqual(model.visiblePages, 7..<8)
        let shown = model.viewRect(of: area, onPage: 7)
        XCTAssertTrue(shown.y >= 0 && shown.maxY <= 700)
    }
}

final class DestinationTests: XCTestCase {
    private func model(pages: Int = 30) -> CanvasModel<Bytes> {
        var model = CanvasModel<Bytes>(pageSizes: Array(repeating: Size(width: 612, height: 792), count: pages), zoom: .percent(100), budget: 1 << 30)
        model.scroll(to: model.resize(to: Size(width: 900, height: 700)))
        return model
    }

    func testADestinationComesToTheTopAndIsWhereTheReaderIs() {
        var model = model()
        model.scroll(to: model.position(ofTop: 300, onPage: 12))
        let point = model.readingPoint
        XCTAssertEqual(point.page, 12)
        // The reading point is a pixel below the view's top (0.75 points at 100 %).
        XCTAssertEqual(point.top, 300, accuracy: 1)
        let tree = OutlineTree([OutlineTree.Entry(title: "Before", target: OutlineTarget(page: 12, top: 100), depth: 0),
                                OutlineTree.Entry(title: "Here", target: OutlineTarget(page: 12, top: 300), depth: 0),
                                OutlineTree.Entry(title: "After", target: OutlineTarget(page: 12, top: 500), depth: 0)])
        XCTAssertEqual(tree.section(page: point.page, top: point.top), 1, "the entry jumped to is the reader's section")
        // Scrolling on moves the reader into the next section.
        model.scroll(to: Point(x: model.scroll.x, y: model.scroll.y + 250 * model.layout.scale))
        XCTAssertEqual(tree.section(page: model.readingPoint.page, top: model.readingPoint.top), 2)
    }

    /// A heading brought to the top of the view, the view then a fraction of a pixel above
    /// it (as a place kept to a thousandth of its page, or a scroll in whole pixels, leaves
    /// it), is the section read, not the one before (issue 45: "1.3 Stetigkeit" clicked,
    /// "1.2 Metrische Räume" selected).
    func testAHeadingAFractionOfAPixelBelowTheTopIsTheSectionRead() {
        let tree = OutlineTree([OutlineTree.Entry(title: "1.2", target: OutlineTarget(page: 12, top: 100), depth: 0),
                                OutlineTree.Entry(title: "1.3", target: OutlineTarget(page: 12, top: 333.37), depth: 0),
                                OutlineTree.Entry(title: "1.4", target: OutlineTarget(page: 12, top: 500), depth: 0)])
        for zoom in [10.0, 100, 400] {
            var model = model()
            model.scroll(to: model.setZoom(.percent(zoom)))
            let exact = model.position(ofTop: 333.37, onPage: 12)
            for below in [0.0, 0.3, 0.9] {
                model.scroll(to: Point(x: exact.x, y: exact.y - below))
                XCTAssertEqual(tree.section(page: model.readingPoint.page, top: model.readingPoint.top), 1,
                               "at \(zoom) %, \(below) px above the heading")
            }
            // A line below the view's top is not reached yet.
            model.scroll(to: Point(x: exact.x, y: exact.y - 3))
            XCTAssertEqual(tree.section(page: model.readingPoint.page, top: model.readingPoint.top), 0, "at \(zoom) %, 3 px above")
        }
    }

    func testTurnedUpsideDownTheDestinationStillComesToTheTop() {
        var model = model()
        model.scroll(to: model.setRotation(.half))
        model.scroll(to: model.position(ofTop: 300, onPage: 5))
        XCTAssertEqual(model.readingPoint.page, 5)
        XCTAssertEqual(model.readingPoint.top, 300, accuracy: 1)
    }

    func testAtTheEndOfTheDocumentTheReaderIsAtTheBottomOfTheView() {
        var model = model()
        model.scroll(to: model.position(ofTop: 700, onPage: 29))
        XCTAssertEqual(model.readingPoint.page, 29)
        XCTAssertEqual(model.readingPoint.top, 792, accuracy: 20, "the last page's end, so its last sections can be reached")
    }
}
