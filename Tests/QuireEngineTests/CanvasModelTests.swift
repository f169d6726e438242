import XCTest
@testable import QuireEngine

final class CanvasModelTests: XCTestCase {
    private let letter = Size(width: 612, height: 792)

    private func model(pages: Int = 50, zoom: ZoomMode = .fitWidth, budget: Int = 1 << 30) -> CanvasModel<Bytes> {
        var model = CanvasModel<Bytes>(pageSizes: Array(repeating: letter, count: pages), zoom: zoom, budget: budget)
        model.scroll(to: model.resize(to: Size(width: 800, height: 600)))
        return model
    }

    func testTheFirstSizeShowsTheStart() {
        let model = model()
        XCTAssertEqual(model.scroll, Point(x: 0, y: 0))
        XCTAssertEqual(model.currentPage, 0)
    }

    func testAResizeKeepsThePointAtTheTop() {
        var model = model()
        model.scroll(to: Point(x: 0, y: model.layout.contentY(page: 7, fraction: 0.5)))
        let target = model.resize(to: Size(width: 1200, height: 900))
        let anchor = model.layout.anchor(atContentY: target.y)
        XCTAssertEqual(anchor.page, 7)
        XCTAssertEqual(anchor.fraction, 0.5, accuracy: 1e-9)
    }

    func testZoomKeepsThePointUnderThePointerInPlace() {
        var model = model(zoom: .percent(100))
        model.scroll(to: Point(x: 0, y: 5000))
        let focus = Point(x: 300, y: 200)
        let before = model.layout.anchor(atContentY: model.scroll.y + focus.y)
        let xBefore = (model.scroll.x + focus.x) / model.layout.contentSize.width
        model.scroll(to: model.setZoom(.percent(250), around: focus))
        let after = model.layout.anchor(atContentY: model.scroll.y + focus.y)
        XCTAssertEqual(after.page, before.page)
        XCTAssertEqual(after.fraction, before.fraction, accuracy: 1e-6)
        XCTAssertEqual((model.scroll.x + focus.x) / model.layout.contentSize.width, xBefore, accuracy: 1e-6)
    }

    /// Far out, the document's end is in view and a page gone to cannot come to the top:
    /// it is still the page the reader is at, and every zoom from there (a fit, 100 %, a
    /// step in or out) brings it to the top (issue 45: at 10 %, page 11, then Fit Width
    /// showed page 6).
    func testAPageGoneToFarOutStaysThePlaceAcrossEveryZoom() {
        for zoom in [ZoomMode.fitWidth, .fitPage, .percent(100), .percent(12), .percent(11)] {
            var view = model(pages: 14, zoom: .percent(10))
            view.scroll(to: view.go(.page(10))!)
            XCTAssertLessThan(view.scroll.y, view.position(showing: 10).y + 1, "the view is clamped")
            XCTAssertEqual(view.currentPage, 10, "the page gone to is not the current page")
            view.scroll(to: view.setZoom(zoom))
            XCTAssertEqual(view.currentPage, 10, "\(zoom): the current page")
            let top = view.position(showing: 10)
            XCTAssertTrue(view.scroll.y == top.y || view.visiblePages.contains(10), "\(zoom): page 11 not in view")
            if view.clamped(Point(x: 0, y: .infinity)).y > top.y { XCTAssertEqual(view.scroll.y, top.y, accuracy: 0.5, "\(zoom): page 11 not at the top") }
        }
    }

    /// Zoomed out to where the end is in view and in again: the page at the top comes back.
    func testZoomingOutPastTheEndAndBackKeepsThePageAtTheTop() {
        var view = model(pages: 14, zoom: .percent(100))
        view.scroll(to: view.go(.page(10))!)
        view.scroll(to: view.setZoom(.percent(10)))
        XCTAssertEqual(view.currentPage, 10)
        view.scroll(to: view.setZoom(.fitPage))
        XCTAssertEqual(view.scroll.y, view.position(showing: 10).y, accuracy: 0.5)
        // A scroll by the reader lets the page go: the view's top is the place again.
        view.scroll(to: view.setZoom(.percent(10)))
        view.scroll(to: Point(x: view.scroll.x, y: view.scroll.y - 40))
        let top = view.layout.anchor(atContentY: view.scroll.y + view.layout.gap).page
        view.scroll(to: view.setZoom(.fitWidth))
        XCTAssertEqual(view.layout.anchor(atContentY: view.scroll.y + view.layout.gap).page, top)
    }

    func testAPageShowsBlankThenLowResThenScaledThenSharp() {
        var model = model()
        let page = 0
        XCTAssertEqual(model.drawList().first?.quality, .blank)
        model.accept(model.planner.lowResKey(page: page, layout: model.layout), .success(Bytes(byteCount: 10)))
        XCTAssertEqual(model.drawList().first?.quality, .lowRes)
        model.accept(model.sharpKey(page), .success(Bytes(byteCount: 100)))
        XCTAssertEqual(model.drawList().first?.quality, .sharp)
        _ = model.setZoom(.percent(300))
        XCTAssertEqual(model.drawList().first?.quality, .scaled, "a zoom first scales what is there")
    }

    func testATileAtAScaleNoLongerWantedIsDroppedWhenItsPageHasAPicture() {
        var model = model()
        model.accept(model.sharpKey(0), .success(Bytes(byteCount: 100)))
        _ = model.setZoom(.percent(200))
        let inFlight = model.sharpKey(0)
        _ = model.setZoom(.percent(300))
        XCTAssertEqual(model.accept(inFlight, .success(Bytes(byteCount: 100))), .stale)
        XCTAssertNil(model.sharp[inFlight])
        let offScreen = TileKey(page: model.visiblePages.upperBound + 3, scale: 0.5)
        XCTAssertEqual(model.accept(offScreen, .success(Bytes(byteCount: 100))), .stale)
    }

    /// A render started for the view before a resize (the window manager's, right after
    /// the window appears) shows, scaled, until the sharp one arrives, instead of blank.
    func testATileInFlightAcrossAResizeStandsInForAnEmptyPage() {
        var model = model()
        let old = model.sharpKey(0)
        model.scroll(to: model.resize(to: Size(width: 1200, height: 900)))
        XCTAssertNotEqual(model.sharpKey(0), old)
        XCTAssertEqual(model.drawList().first?.quality, .blank)
        XCTAssertEqual(model.accept(old, .success(Bytes(byteCount: 100))), .shown)
        XCTAssertEqual(model.drawList().first?.quality, .scaled)
        XCTAssertEqual(model.plan().tiles.first, model.sharpKey(0), "the sharp tile is still wanted first")
        model.accept(model.sharpKey(0), .success(Bytes(byteCount: 100)))
        XCTAssertEqual(model.drawList().first?.quality, .sharp)
        XCTAssertNil(model.sharp[old], "the stand-in gives way")
    }

    func testCompleteOnlyWhenEveryVisiblePageIsSharpOrFailed() {
        var model = model()
        model.scroll(to: Point(x: 0, y: model.layout.pageRect(1).y - 300)) // pages 0 and 1 show
        let visible = Array(model.visiblePages)
        XCTAssertGreaterThan(visible.count, 1)
        XCTAssertFalse(model.visiblePagesComplete)
        model.accept(model.sharpKey(visible[0]), .success(Bytes(byteCount: 1)))
        XCTAssertFalse(model.visiblePagesComplete)
        for page in visible.dropFirst() { model.accept(model.sharpKey(page), .failure(RenderFailure("broken"))) }
        XCTAssertTrue(model.visiblePagesComplete)
        XCTAssertEqual(model.drawList().last?.quality, .failed)
        XCTAssertFalse(model.plan().tiles.contains { visible.contains($0.page) }, "failed and sharp pages are not planned again")
    }

    func testDrawListIsInViewCoordinates() {
        var model = model()
        model.scroll(to: Point(x: 0, y: 1000))
        let first = try! XCTUnwrap(model.drawList().first)
        let content = model.layout.pageRect(first.page)
        XCTAssertEqual(first.rect.y, content.y - 1000)
    }
}

final class PageSizeAdoptionTests: XCTestCase {
    func testRealSizesKeepThePageAtTheTopInPlace() {
        let estimate = Size(width: 612, height: 792)
        var model = CanvasModel<Bytes>(pageSizes: Array(repeating: estimate, count: 100), zoom: .percent(100), budget: 1 << 30)
        model.scroll(to: model.resize(to: Size(width: 900, height: 700)))
        model.scroll(to: Point(x: 0, y: model.layout.contentY(page: 60, fraction: 0.25)))
        XCTAssertFalse(model.isSettled)
        // The first half of the pages turn out to be half as tall.
        let target = model.adoptPageSizes(Array(repeating: Size(width: 612, height: 396), count: 50), from: 0)
        let anchor = model.layout.anchor(atContentY: target.y)
        XCTAssertEqual(anchor.page, 60)
        XCTAssertEqual(anchor.fraction, 0.25, accuracy: 1e-9)
        XCTAssertEqual(model.pagesWithKnownSize, 50)
        _ = model.adoptPageSizes(Array(repeating: estimate, count: 50), from: 50)
        XCTAssertEqual(model.pagesWithKnownSize, 100)
    }
}

final class MemoryPressureTests: XCTestCase {
    func testTrimmingKeepsOnlyWhatIsOnScreen() {
        var model = CanvasModel<Bytes>(pageSizes: Array(repeating: Size(width: 612, height: 792), count: 30), zoom: .percent(50), budget: 1 << 30)
        model.scroll(to: model.resize(to: Size(width: 800, height: 600)))
        for page in 0..<30 {
            model.accept(model.sharpKey(page), .success(Bytes(byteCount: 100)))
            model.accept(model.planner.lowResKey(page: page, layout: model.layout), .success(Bytes(byteCount: 10)))
        }
        let visible = model.visiblePages
        model.trimToVisible()
        XCTAssertEqual(model.sharp.count, visible.count)
        XCTAssertEqual(model.lowRes.count, visible.count)
        XCTAssertTrue(model.visiblePagesComplete, "what is on screen stays")
    }

    /// A split view halves a pane's budget: pictures beyond it go at once, farthest from
    /// the view first, what is on screen stays, and the plan prefetches within the new budget.
    func testASmallerBudgetEvictsFarthestFirstAndKeepsTheScreen() {
        var model = CanvasModel<Bytes>(pageSizes: Array(repeating: Size(width: 612, height: 792), count: 30), zoom: .percent(50), budget: 8000)
        model.scroll(to: model.resize(to: Size(width: 800, height: 600)))
        for page in 0..<30 { model.accept(model.sharpKey(page), .success(Bytes(byteCount: 100))) }
        let visible = model.visiblePages
        XCTAssertEqual(model.sharp.count, 30)
        model.setBudget(800)
        XCTAssertEqual(model.sharp.budget, 700)
        XCTAssertEqual(model.sharp.count, 7)
        XCTAssertTrue(model.visiblePagesComplete, "what is on screen stays")
        XCTAssertTrue(model.sharp.keys.allSatisfy { $0.page < visible.upperBound + 7 }, "a far page stayed: \(model.sharp.keys.map(\.page).sorted())")
    }
}

final class PrefetchBudgetTests: XCTestCase {
    /// Prefetching stops where the budget would no longer hold it beside the screen.
    func testPrefetchStaysWithinTheBudget() {
        let letter = Size(width: 612, height: 792)
        // At 100 % a page is 816 × 1056 px: 3.4 MB. The sharp share of 9 MB holds two.
        var model = CanvasModel<Bytes>(pageSizes: Array(repeating: letter, count: 20), zoom: .percent(100),
                                       budget: 9 * 1024 * 1024 * 8 / 7)
        model.scroll(to: model.resize(to: Size(width: 900, height: 500)))
        let plan = model.plan()
        let sharpPages = plan.tiles.filter { $0 == model.sharpKey($0.page) }.map(\.page)
        XCTAssertEqual(sharpPages, [0, 1], "the visible page and one more fit")
        var roomy = CanvasModel<Bytes>(pageSizes: Array(repeating: letter, count: 20), zoom: .percent(100), budget: 1 << 30)
        roomy.scroll(to: roomy.resize(to: Size(width: 900, height: 500)))
        XCTAssertEqual(roomy.plan().tiles.filter { $0 == roomy.sharpKey($0.page) }.map(\.page), [0, 1, 2])
    }
}

final class CanvasThumbnailTests: XCTestCase {
    private func model(budget: Int = 1 << 30) -> CanvasModel<Bytes> {
        var model = CanvasModel<Bytes>(pageSizes: Array(repeating: Size(width: 612, height: 792), count: 5_000), zoom: .fitWidth, budget: budget)
        model.scroll(to: model.resize(to: Size(width: 800, height: 600)))
        return model
    }

    func testThumbnailsComeAfterTheVisibleTilesAndTheirScreenAheadLast() {
        var model = model()
        let canvasOnly = model.plan()
        model.setThumbnails(shown: 3000..<3004, ahead: [3004, 3005])
        let plan = model.plan()
        XCTAssertEqual(plan.urgent, canvasOnly.urgent)
        XCTAssertEqual(Array(plan.tiles.prefix(plan.urgent)), Array(canvasOnly.tiles.prefix(canvasOnly.urgent)))
        let low = { (page: Int) in model.planner.lowResKey(page: page, layout: model.layout) }
        XCTAssertEqual(Array(plan.tiles[plan.urgent..<(plan.urgent + 4)]), (3000..<3004).map(low))
        XCTAssertEqual(Array(plan.tiles.suffix(2)), [low(3004), low(3005)])
        XCTAssertEqual(plan.tiles.filter { $0.page >= 1000 }.count, 6, "nothing else far from the view")
    }

    func testThumbnailPicturesAreSharedStandInsAndKeptWhileShown() {
        var model = model(budget: 8 * 200_000) // room for one low-resolution picture
        model.setThumbnails(shown: 3000..<3001, ahead: [])
        let low = model.planner.lowResKey(page: 3000, layout: model.layout)
        XCTAssertEqual(model.accept(low, .success(Bytes(byteCount: 150_000))), .shown)
        XCTAssertFalse(model.plan().tiles.contains(low), "rendered once, not again")
        // A stand-in for a page near the view does not push the shown thumbnail out.
        let near = model.planner.lowResKey(page: 3, layout: model.layout)
        model.accept(near, .success(Bytes(byteCount: 150_000)))
        XCTAssertNotNil(model.lowRes[low])
        model.trimToVisible()
        XCTAssertNotNil(model.lowRes[low], "memory pressure keeps what the sidebar shows")
        model.setThumbnails(shown: 0..<0, ahead: [])
        model.trimToVisible()
        XCTAssertNil(model.lowRes[low])
    }
}

final class ViewRequestTests: XCTestCase {
    private let letter = Size(width: 612, height: 792)

    private func model() -> CanvasModel<Bytes> {
        var model = CanvasModel<Bytes>(pageSizes: Array(repeating: letter, count: 50), zoom: .fitWidth, budget: 1 << 30)
        model.scroll(to: model.resize(to: Size(width: 800, height: 600)))
        return model
    }

    func testAPageAskedForBeforeTheViewHasASizeIsShownByTheFirstResize() {
        var model = CanvasModel<Bytes>(pageSizes: Array(repeating: letter, count: 50), zoom: .fitWidth, budget: 1 << 30)
        XCTAssertNil(model.go(.page(12)))
        XCTAssertEqual(model.scroll, Point(x: 0, y: 0))
        model.scroll(to: model.resize(to: Size(width: 800, height: 600)))
        XCTAssertEqual(model.currentPage, 12)
        XCTAssertEqual(model.scroll, model.position(showing: 12))
        XCTAssertNil(model.pendingRequest)
        // Only once: the next resize keeps the place it is at.
        model.scroll(to: Point(x: 0, y: model.layout.contentY(page: 20, fraction: 0)))
        model.scroll(to: model.resize(to: Size(width: 900, height: 700)))
        XCTAssertEqual(model.layout.anchor(atContentY: model.scroll.y + 1).page, 20)
    }

    func testTheLatestRequestBeforeASizeWins() {
        var model = CanvasModel<Bytes>(pageSizes: Array(repeating: letter, count: 50), zoom: .fitWidth, budget: 1 << 30)
        XCTAssertNil(model.go(.page(12)))
        XCTAssertNil(model.go(.place(ViewPlace(page: 30, fraction: 0.5))))
        model.scroll(to: model.resize(to: Size(width: 800, height: 600)))
        let anchor = model.layout.anchor(atContentY: model.scroll.y + model.layout.gap)
        XCTAssertEqual(anchor.page, 30)
        XCTAssertEqual(anchor.fraction, 0.5, accuracy: 1e-6)

        var other = CanvasModel<Bytes>(pageSizes: Array(repeating: letter, count: 50), zoom: .fitWidth, budget: 1 << 30)
        XCTAssertNil(other.go(.place(ViewPlace(page: 30, fraction: 0.5))))
        XCTAssertNil(other.go(.target(OutlineTarget(page: 7, top: 396))))
        other.scroll(to: other.resize(to: Size(width: 800, height: 600)))
        let half = other.layout.anchor(atContentY: other.scroll.y + other.layout.gap)
        XCTAssertEqual(half.page, 7)
        XCTAssertEqual(half.fraction, 0.5, accuracy: 1e-6)
    }

    func testAViewWithNoHeightKeepsTheRequestForTheResizeThatGivesItOne() {
        var model = CanvasModel<Bytes>(pageSizes: Array(repeating: letter, count: 50), zoom: .fitWidth, budget: 1 << 30)
        XCTAssertNil(model.go(.page(12)))
        model.scroll(to: model.resize(to: Size(width: 800, height: 0)))
        XCTAssertEqual(model.pendingRequest, .page(12))
        model.scroll(to: model.resize(to: Size(width: 800, height: 600)))
        XCTAssertEqual(model.currentPage, 12)
    }

    func testARequestWithAViewGoesAtOnceAndOnePageAtATimeTurnsThere() {
        var model = model()
        model.scroll(to: model.setContinuous(false))
        let target = model.go(.page(9))
        XCTAssertNotNil(target)
        model.scroll(to: target!)
        XCTAssertEqual(model.currentPage, 9)
        XCTAssertTrue(model.layout.pagesShown.contains(9))
        XCTAssertNil(model.pendingRequest)
    }
}

/// A page whose contents the reader changed (a form value) is drawn again, its old
/// pictures shown until then.
final class ContentChangeTests: XCTestCase {
    private struct Picture: RenderedPicture {
        var byteCount = 100
        var revision = 0
    }

    func testAChangedPageIsPlannedAgainAndWaitsUntilAPictureOfTheNewRevisionComes() {
        var model = CanvasModel<Picture>(pageSizes: Array(repeating: Size(width: 612, height: 792), count: 3), zoom: .fitWidth,
                                         budget: 1 << 30)
        _ = model.resize(to: Size(width: 800, height: 600))
        let key = model.sharpKey(0)
        for planned in model.plan().tiles { model.accept(planned, .success(Picture())) }
        XCTAssertTrue(model.visiblePagesComplete)
        XCTAssertFalse(model.plan().tiles.contains(key))
        model.contentChanged(pages: [0], revision: 1)
        XCTAssertFalse(model.visiblePagesComplete, "the changed page waits for its new picture")
        XCTAssertTrue(model.plan().tiles.contains(key), "the changed page is planned again")
        XCTAssertNotNil(model.sharp[key], "its old picture stays on screen meanwhile")
        model.accept(key, .success(Picture(revision: 0)))
        XCTAssertTrue(model.plan().tiles.contains(key), "a picture drawn before the change does not end the wait")
        model.accept(key, .success(Picture(revision: 1)))
        XCTAssertFalse(model.plan().tiles.contains(key))
        XCTAssertTrue(model.visiblePagesComplete)
        model.contentChanged(pages: [7, -1], revision: 2)
        XCTAssertTrue(model.visiblePagesComplete, "pages the document does not have change nothing")
    }
}
