import XCTest
@testable import QuireEngine

/// The first view's first tile, predicted before the window lays itself out: the tile the
/// canvas will ask for at that size, and nothing for a start it cannot tell exactly.
final class FirstViewPredictionTests: XCTestCase {
    private let paper = Array(repeating: Size(width: 612, height: 792), count: 14)
    private let budget = 256 << 20
    private func start(_ options: ViewStart.Options = .init(), remembered: DocumentState? = nil) -> ViewStart.Plan {
        var start = ViewStart(options)
        return start.plan(remembered: remembered, kept: nil)
    }

    /// The tile a window under Xvfb asked for on the paper in a 890×1043 canvas (the trace's
    /// "page 1 at scale 1.4150326797385622"), and twice the pixels on a screen of two.
    func testTheFirstTileIsTheOneTheCanvasAsksForAtThatSize() throws {
        let tile = try XCTUnwrap(FirstViewPrediction.firstTile(pageSizes: paper, start: start(), viewport: Size(width: 890, height: 1043),
                                                               deviceScale: 1, budget: budget))
        XCTAssertEqual(tile, TileKey(page: 0, scale: 1.4150326797385622))
        let doubled = try XCTUnwrap(FirstViewPrediction.firstTile(pageSizes: paper, start: start(), viewport: Size(width: 890, height: 1043),
                                                                  deviceScale: 2, budget: budget))
        XCTAssertEqual(doubled, TileKey(page: 0, scale: 2 * 1.4150326797385622))
        // The canvas's own model, sized as the window sizes it, asks for that tile first.
        for (viewport, zoom) in [(Size(width: 890, height: 1043), ZoomMode.fitWidth), (Size(width: 1280, height: 700), .fitPage), (Size(width: 600, height: 900), .percent(150))] {
            var model = CanvasModel<PageImageStandIn>(pageSizes: paper, zoom: zoom, budget: budget)
            model.setDeviceScale(1)
            model.scroll(to: model.resize(to: viewport))
            XCTAssertEqual(FirstViewPrediction.firstTile(pageSizes: paper, start: start(.init(zoom: zoom)), viewport: viewport, deviceScale: 1, budget: budget),
                           model.plan().tiles.first, "\(zoom)")
        }
        // The launch's page 1 is the document's start.
        XCTAssertNotNil(FirstViewPrediction.firstTile(pageSizes: paper, start: start(.init(page: 0)), viewport: Size(width: 890, height: 1043),
                                                      deviceScale: 1, budget: budget))
    }

    /// A remembered place, an asked page, a turn, spreads and page by page are set up as
    /// the view sets up its canvas: the tile is the one on screen there.
    func testAStartElsewhereOrOtherwiseLaidOutIsPredictedWhereItShows() throws {
        let viewport = Size(width: 890, height: 1043)
        func tile(_ plan: ViewStart.Plan) throws -> TileKey {
            try XCTUnwrap(FirstViewPrediction.firstTile(pageSizes: paper, start: plan, viewport: viewport, deviceScale: 1, budget: budget))
        }
        let remembered = DocumentState(place: ViewPlace(page: 7, fraction: 0.3), zoom: .fitWidth, arrangement: .single, continuous: true,
                                       rotation: .none, sidebarOpen: false, sidebarView: .outline)
        XCTAssertEqual(try tile(start(.init(restoresRemembered: true), remembered: remembered)), TileKey(page: 7, scale: 1.4150326797385622))
        XCTAssertEqual(try tile(start(.init(page: 4))), TileKey(page: 4, scale: 1.4150326797385622))
        // Turned a quarter, the page is 792 points wide.
        XCTAssertEqual(try tile(start(.init(rotation: .quarter))), TileKey(page: 0, rotation: .quarter, scale: 890.0 / 792 * (1.4150326797385622 * 612 / 890)))
        let spreads = try tile(start(.init(arrangement: .dual(oddLeft: true, rightToLeft: false))))
        XCTAssertEqual(spreads.page, 0)
        XCTAssertLessThan(spreads.scale, 0.75, "two pages across at fit-width")
        XCTAssertEqual(try tile(start(.init(continuous: false))), TileKey(page: 0, scale: 1.4150326797385622))
        // A remembered page by page at page 10, fit-page: the canvas's own model, set up so.
        let pageByPage = DocumentState(place: ViewPlace(page: 10, fraction: 0), zoom: .fitPage, arrangement: .single, continuous: false,
                                       rotation: .none, sidebarOpen: false, sidebarView: .outline)
        var model = CanvasModel<PageImageStandIn>(pageSizes: paper, zoom: .fitPage, budget: budget)
        _ = model.setContinuous(false)
        _ = model.go(.place(ViewPlace(page: 10, fraction: 0)))
        model.setDeviceScale(1)
        model.scroll(to: model.resize(to: viewport))
        XCTAssertEqual(try tile(start(.init(restoresRemembered: true), remembered: pageByPage)), model.plan().tiles.first)
        XCTAssertEqual(model.plan().tiles.first?.page, 10)
    }

    func testAStartItCannotTellExactlyIsNotPredicted() {
        let viewport = Size(width: 890, height: 1043)
        let starts: [(String, ViewStart.Plan)] = [
            ("a search", start(.init(find: "word"))),
            ("a sidebar", start(.init(sidebar: .thumbnails))),
        ]
        for (name, plan) in starts {
            XCTAssertNil(FirstViewPrediction.firstTile(pageSizes: paper, start: plan, viewport: viewport, deviceScale: 1, budget: budget), name)
        }
        XCTAssertNil(FirstViewPrediction.firstTile(pageSizes: paper, start: start(), opensSplit: true, viewport: viewport, deviceScale: 1, budget: budget),
                     "a split view opening")
        XCTAssertNil(FirstViewPrediction.firstTile(pageSizes: [], start: start(), viewport: viewport, deviceScale: 1, budget: budget))
        XCTAssertNil(FirstViewPrediction.firstTile(pageSizes: paper, start: start(), viewport: Size(width: 0, height: 1043), deviceScale: 1, budget: budget))
    }
}

/// A picture for a model the test sizes, never holding one.
private struct PageImageStandIn: RenderedPicture {
    var byteCount: Int { 0 }
    var revision: Int { 0 }
}
