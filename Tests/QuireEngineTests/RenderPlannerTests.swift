import XCTest
@testable import QuireEngine

final class RenderPlannerTests: XCTestCase {
    private let layout = PageLayout(pageSizes: Array(repeating: Size(width: 600, height: 300), count: 30),
                                    zoom: .percent(75), viewport: Size(width: 800, height: 600), gap: 0)
    // At 75 % a page is 300 px tall: a 600 px viewport at y 3000 shows pages 10 and 11.
    private var sharpScale: Double { layout.scale }

    private func sharpPages(_ plan: RenderPlanner.Plan) -> [Int] {
        plan.tiles.filter { $0.scale == sharpScale }.map(\.page)
    }

    func testVisiblePagesComeFirstNearestTheCentre() {
        let visible = Rect(x: 0, y: 3150, width: 800, height: 600) // pages 10 (half), 11, 12 (half)
        let plan = RenderPlanner(ahead: 2, behind: 1).plan(layout: layout, visible: visible, deviceScale: 1) { _ in false }
        XCTAssertEqual(Array(plan.tiles.prefix(3).map(\.page)), [11, 10, 12])
        XCTAssertEqual(plan.urgent, 3, "the three pages on screen")
        XCTAssertEqual(sharpPages(plan), [11, 10, 12, 13, 14, 9])
    }

    func testTheNextPageThenStandInsThenTheRestOfThePrefetch() {
        let visible = Rect(x: 0, y: 3000, width: 800, height: 600)
        let planner = RenderPlanner(ahead: 2, behind: 1, lowResAround: 4)
        let plan = planner.plan(layout: layout, visible: visible, deviceScale: 1) { _ in false }
        let low = plan.tiles.enumerated().filter { $0.element == planner.lowResKey(page: $0.element.page, layout: layout) }
        // Pages 12, 13 (ahead) and 9 (behind) get sharp tiles next: no stand-ins for them.
        XCTAssertEqual(low.map(\.element.page), [8, 14, 15], "nearest first, favouring the scroll direction")
        XCTAssertEqual(plan.tiles[plan.urgent], TileKey(page: 12, scale: sharpScale), "first the page about to come into view")
        XCTAssertEqual(low.first?.offset, plan.urgent + 1)
        let laterPrefetch = plan.tiles.firstIndex { $0.page == 13 && $0.scale == sharpScale }!
        XCTAssertGreaterThan(laterPrefetch, low.last!.offset)
        XCTAssertEqual(planner.lowResKey(page: 3, layout: layout).scale, 200.0 / 600, accuracy: 1e-12)
    }

    func testTheStandInOfACutPageComingIntoViewIsUrgentAndPlannedOnce() {
        // At 800 % a page is 4,800 by 2,400 px: cut into cells in an 800 by 600 view.
        let deep = PageLayout(pageSizes: Array(repeating: Size(width: 600, height: 300), count: 30),
                              zoom: .percent(800), viewport: Size(width: 800, height: 600), gap: 0)
        let planner = RenderPlanner()
        let page3 = deep.pageRect(3)
        // The view's bottom a screen above page 4: within one and a half screens of it.
        let visible = Rect(x: 0, y: page3.maxY - 1_200, width: 800, height: 600)
        let plan = planner.plan(layout: deep, visible: visible, deviceScale: 1) { _ in false }
        let coming = planner.lowResKey(page: 4, layout: deep)
        let index = plan.tiles.firstIndex(of: coming)
        XCTAssertEqual(plan.tiles.first, planner.lowResKey(page: 3, layout: deep), "the view's own stand-in first")
        XCTAssertEqual(index, 1, "then the coming page's, before the cells on screen")
        XCTAssertLessThan(index ?? .max, plan.urgent)
        XCTAssertEqual(plan.tiles.count, Set(plan.tiles).count, "no tile is planned twice")
        let far = planner.plan(layout: deep, visible: Rect(x: 0, y: page3.y, width: 800, height: 600), deviceScale: 1) { _ in false }
        XCTAssertFalse(far.tiles.prefix(far.urgent).contains(coming), "two and more screens away it waits")
    }

    func testPagesWithASharpTileGetNoStandIn() {
        let visible = Rect(x: 0, y: 3000, width: 800, height: 600)
        let planner = RenderPlanner(ahead: 2, behind: 1, lowResAround: 4)
        let plan = planner.plan(layout: layout, visible: visible, deviceScale: 1) { $0.page == 12 && $0.scale == self.sharpScale }
        XCTAssertFalse(plan.tiles.contains { $0.page == 12 })
    }

    func testScrollingUpPrefetchesAboveFirst() {
        let visible = Rect(x: 0, y: 3000, width: 800, height: 600)
        let plan = RenderPlanner(ahead: 2, behind: 1).plan(layout: layout, visible: visible, scrollingDown: false, deviceScale: 1) { _ in false }
        XCTAssertEqual(Array(sharpPages(plan).suffix(3)), [9, 8, 12])
    }

    func testCachedTilesAreLeftOut() {
        let visible = Rect(x: 0, y: 3000, width: 800, height: 600)
        let plan = RenderPlanner().plan(layout: layout, visible: visible, deviceScale: 1) { $0.page == 10 }
        XCTAssertFalse(plan.tiles.contains { $0.page == 10 })
        XCTAssertEqual(plan.tiles.first?.page, 11)
        XCTAssertEqual(plan.urgent, 1)
    }

    func testTilesAreInDevicePixels() {
        let plan = RenderPlanner().plan(layout: layout, visible: Rect(x: 0, y: 0, width: 800, height: 600), deviceScale: 2) { _ in false }
        XCTAssertEqual(plan.tiles.first?.scale ?? 0, layout.scale * 2, accuracy: 1e-9)
    }

    func testEnormousPagesAreRenderedWithinThePixelLimit() {
        let huge = Size(width: 14_400, height: 14_400) // 200 × 200 inches
        let scale = TileKey.boundedScale(4, for: huge)
        let (width, height) = TileKey(page: 0, scale: scale).pixelSize(for: huge)
        XCTAssertLessThanOrEqual(Double(width), TileKey.maximumSide)
        XCTAssertLessThanOrEqual(Double(width * height), TileKey.maximumPixels * 1.001)
        XCTAssertEqual(TileKey.boundedScale(1.5, for: Size(width: 612, height: 792)), 1.5)
    }
}
