import XCTest
@testable import QuireEngine

final class NavigationHistoryTests: XCTestCase {
    func testBackAndForward() {
        var history = NavigationHistory<Int>()
        XCTAssertNil(history.goBack(from: 1))
        history.recordJump(from: 1) // 1 → 5
        history.recordJump(from: 5) // 5 → 9
        XCTAssertEqual(history.goBack(from: 9), 5)
        XCTAssertEqual(history.goBack(from: 5), 1)
        XCTAssertNil(history.goBack(from: 1))
        XCTAssertEqual(history.goForward(from: 1), 5)
        XCTAssertEqual(history.goForward(from: 5), 9)
        XCTAssertNil(history.goForward(from: 9))
    }

    func testAJumpCutsTheForwardBranch() {
        var history = NavigationHistory<Int>()
        history.recordJump(from: 1)
        history.recordJump(from: 5)
        XCTAssertEqual(history.goBack(from: 9), 5)
        XCTAssertTrue(history.canGoForward)
        history.recordJump(from: 5) // 5 → 7: 9 is gone
        XCTAssertFalse(history.canGoForward)
        XCTAssertEqual(history.goBack(from: 7), 5)
        XCTAssertEqual(history.goBack(from: 5), 1)
    }

    func testRepeatedPlacesAndTheBound() {
        var history = NavigationHistory<Int>(limit: 3)
        history.recordJump(from: 1)
        history.recordJump(from: 1)
        XCTAssertEqual(history.back, [1])
        for place in 2...6 { history.recordJump(from: place) }
        XCTAssertEqual(history.back, [4, 5, 6])
    }

    func testAViewPlaceSurvivesAZoom() {
        var model = CanvasModel<Bytes>(pageSizes: Array(repeating: Size(width: 600, height: 800), count: 30), zoom: .percent(100), budget: 1 << 30)
        model.scroll(to: model.resize(to: Size(width: 1000, height: 700)))
        model.scroll(to: Point(x: 0, y: model.layout.contentY(page: 12, fraction: 0.25)))
        let place = model.place
        XCTAssertEqual(place.page, 12)
        model.scroll(to: model.setZoom(.percent(250)))
        model.scroll(to: model.position(showing: 0))
        model.scroll(to: model.position(of: place))
        XCTAssertEqual(model.place, place)
    }
}

final class ViewPlaceTests: XCTestCase {
    /// A view showing a page from its top comes back exactly there, even when the scroll
    /// position carries a rounding error (it was a gap too high).
    func testAPlaceAtAPageTopRoundTrips() {
        var model = CanvasModel<Bytes>(pageSizes: Array(repeating: Size(width: 612, height: 792), count: 20), zoom: .percent(134), budget: 1 << 30)
        model.scroll(to: model.resize(to: Size(width: 1000, height: 800)))
        let top = model.go(to: 3)
        for error in [0.0, -1e-9, 1e-9, -0.3, 0.3] {
            model.scroll(to: Point(x: top.x, y: top.y + error))
            let place = model.place
            XCTAssertEqual(place.page, 3, "error \(error)")
            XCTAssertEqual(model.position(of: place).y, top.y, accuracy: 1, "error \(error)")
        }
    }
}

final class ResizeAtTheTopTests: XCTestCase {
    /// A page wider than the view, centred across it: a wider or narrower view keeps it
    /// centred (a window first laid out small, then at its size, shows the page's middle).
    func testAWideViewKeepsTheMiddleAcross() {
        var model = CanvasModel<Bytes>(pageSizes: Array(repeating: Size(width: 612, height: 792), count: 5), zoom: .percent(400), budget: 1 << 30)
        model.scroll(to: model.resize(to: Size(width: 300, height: 200)))
        let content = model.layout.contentSize.width
        XCTAssertEqual(model.scroll.x + 150, content / 2, accuracy: 1, "the first view is centred across")
        for width in [1000.0, 640, 1500] {
            model.scroll(to: model.resize(to: Size(width: width, height: 700)))
            XCTAssertEqual(model.scroll.x + width / 2, content / 2, accuracy: 1, "at \(width) wide")
        }
        // A wider page read later widens the content on both sides: still centred.
        model.scroll(to: model.adoptPageSizes([Size(width: 792, height: 612)], from: 4))
        XCTAssertGreaterThan(model.layout.contentSize.width, content)
        XCTAssertEqual(model.scroll.x + 750, model.layout.contentSize.width / 2, accuracy: 1, "after a wider page was read")
    }

    /// At the very top of the document (the gap above page 1 in view), a new view size,
    /// rotation or arrangement keeps the view at the very top, not a gap further down.
    func testTheTopOfTheDocumentStaysInView() {
        var model = CanvasModel<Bytes>(pageSizes: Array(repeating: Size(width: 612, height: 792), count: 20), zoom: .percent(100), budget: 1 << 30)
        model.scroll(to: model.resize(to: Size(width: 1000, height: 800)))
        XCTAssertEqual(model.scroll.y, 0)
        model.scroll(to: model.resize(to: Size(width: 1000, height: 790)))
        XCTAssertEqual(model.scroll.y, 0, accuracy: 0.001, "a resize moved the view")
        model.scroll(to: model.setArrangement(.dual(oddLeft: true, rightToLeft: false)))
        XCTAssertEqual(model.scroll.y, 0, accuracy: 0.001, "a new arrangement moved the view")
    }
}
