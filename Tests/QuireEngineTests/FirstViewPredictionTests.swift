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

    func testAStartItCannotTellExactlyIsNotPredicted() {
        let viewport = Size(width: 890, height: 1043)
        let remembered = DocumentState(place: ViewPlace(page: 7, fraction: 0.3), zoom: .fitWidth, arrangement: .single, continuous: true,
                                       rotation: .none, sidebarOpen: false, sidebarView: .outline)
        let starts: [(String, ViewStart.Plan)] = [
            ("a remembered place", start(.init(restoresRemembered: true), remembered: remembered)),
            ("a page asked for", start(.init(page: 4))),
            ("a search", start(.init(find: "word"))),
            ("a sidebar", start(.init(sidebar: .thumbnails))),
            ("turned", start(.init(rotation: .quarter))),
            ("spreads", start(.init(arrangement: .dual(oddLeft: true, rightToLeft: false)))),
            ("page by page", start(.init(continuous: false))),
        ]
        for (name, plan) in starts {
            XCTAssertNil(FirstViewPrediction.firstTile(pageSizes: paper, start: plan, viewport: viewport, deviceScale: 1, budget: budget), name)
        }
        XCTAssertNil(FirstViewPrediction.firstTile(pageSizes: [], start: start(), viewport: viewport, deviceScale: 1, budget: budget))
        XCTAssertNil(FirstViewPrediction.firstTile(pageSizes: paper, start: start(), viewport: Size(width: 0, height: 1043), deviceScale: 1, budget: budget))
    }
}

/// A picture for a model the test sizes, never holding one.
private struct PageImageStandIn: RenderedPicture {
    var byteCount: Int { 0 }
    var revision: Int { 0 }
}
