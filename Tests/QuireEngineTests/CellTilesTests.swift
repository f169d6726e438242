import XCTest
@testable import QuireEngine

/// Deep zoom: pages much larger than the view are cut into cells, and only the cells in
/// and near the view are rendered and kept.
final class CellTilesTests: XCTestCase {
    private let letter = Size(width: 612, height: 792)

    private func zoomedModel(percent: Double, budget: Int = 1 << 30) -> CanvasModel<Bytes> {
        var model = CanvasModel<Bytes>(pageSizes: Array(repeating: letter, count: 5), zoom: .percent(percent), budget: budget)
        model.scroll(to: model.resize(to: Size(width: 800, height: 600)))
        return model
    }

    func testOrdinaryZoomKeepsWholePages() {
        let model = zoomedModel(percent: 100) // 816 × 1056 px: under four views
        XCTAssertEqual(model.visibleSharpKeys(0).map(\.cell), [nil])
    }

    func testDeepZoomRendersOnlyTheVisibleCellsFirst() {
        var model = zoomedModel(percent: 400) // 3264 × 4224 px: 4 × 5 cells
        model.scroll(to: Point(x: 1000, y: 1000))
        let visible = model.visibleSharpKeys(0)
        XCTAssertFalse(visible.isEmpty)
        XCTAssertTrue(visible.allSatisfy { $0.cell != nil })
        // The view (1000…1800, 1000…1600 content px, page at x 12, y 12) meets columns 0–1 and row 0–1.
        XCTAssertEqual(Set(visible.compactMap(\.cell)), [TileKey.Cell(column: 0, row: 0), TileKey.Cell(column: 1, row: 0),
                                                          TileKey.Cell(column: 0, row: 1), TileKey.Cell(column: 1, row: 1)])
        let plan = model.plan()
        XCTAssertEqual(plan.tiles.first, model.planner.lowResKey(page: 0, layout: model.layout),
                       "first a stand-in for the whole view, then the cells")
        XCTAssertEqual(Set(plan.tiles[1..<plan.urgent]), Set(visible))
    }

    /// Scrolling down a page at 400 %, the next page is still more than half a view away:
    /// none of its cells is planned yet, so its stand-in must be, or it enters the view blank.
    func testThePageComingIntoViewAtDeepZoomHasItsStandInPlanned() throws {
        var model = zoomedModel(percent: 400)
        model.scroll(to: Point(x: 1000, y: model.layout.pageRect(0).maxY - 600 - 400))
        XCTAssertEqual(model.visiblePages, 0..<1)
        let plan = model.plan()
        XCTAssertFalse(plan.tiles.contains { $0.page == 1 && $0.cell != nil }, "page 1 is not near enough for cells")
        let standIn = model.planner.lowResKey(page: 1, layout: model.layout)
        let position = try XCTUnwrap(plan.tiles.firstIndex(of: standIn), "the next page has no stand-in planned")
        let cellsNear = plan.tiles.indices.filter { plan.tiles[$0].page == 0 && $0 >= plan.urgent }
        XCTAssertLessThan(position, cellsNear.first ?? .max, "before the cells off screen")
    }

    func testCellsAreDrawnWhereTheyBelong() {
        var model = zoomedModel(percent: 400)
        model.scroll(to: Point(x: 1000, y: 1000))
        for key in model.visibleSharpKeys(0) { model.accept(key, .success(Bytes(byteCount: 4 << 20))) }
        XCTAssertTrue(model.visiblePagesComplete)
        let page = try! XCTUnwrap(model.drawList().first)
        XCTAssertEqual(page.quality, .sharp)
        let cell = try! XCTUnwrap(page.layers.first { $0.key.cell == TileKey.Cell(column: 1, row: 1) })
        XCTAssertEqual(cell.rect.x, page.rect.x + 1024)
        XCTAssertEqual(cell.rect.y, page.rect.y + 1024)
    }

    func testPanningAcrossAHugePageStaysWithinBudget() {
        let cell = 4 << 20 // a 1024² cell
        var model = zoomedModel(percent: 1600, budget: 24 << 20) // 13056 × 16896 px
        var peak = 0
        for step in 0..<40 {
            model.scroll(to: Point(x: Double(step % 8) * 1500, y: Double(step / 8) * 3000))
            for key in model.visibleSharpKeys(0) where model.sharp[key] == nil {
                model.accept(key, .success(Bytes(byteCount: cell)))
            }
            XCTAssertTrue(model.visiblePagesComplete)
            peak = max(peak, model.sharp.byteCount)
        }
        let onScreenMost = 4 * cell
        XCTAssertLessThanOrEqual(peak, 24 << 20 - (24 << 20) / 8 + onScreenMost)
    }

    func testAZoomOutShowsTheCellsPageAgainAsAWhole() {
        var model = zoomedModel(percent: 400)
        _ = model.setZoom(.percent(100))
        XCTAssertEqual(model.visibleSharpKeys(0).map(\.cell), [nil])
    }
}
