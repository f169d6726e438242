import QuireEngine
import XCTest

/// Which rasterizer draws a page (`Rasterizer`'s policy).
final class RasterizerTests: XCTestCase {
    func testCairoDrawsUntilAPageOfImagesIsMet() {
        var choice = RasterizerChoice()
        XCTAssertEqual((0..<5).map { choice.rasterizer(for: $0) }, Array(repeating: .cairo, count: 5))
        choice.learn(page: 3, hasLargeImages: false)
        XCTAssertEqual(choice.rasterizer(for: 3), .cairo)
        XCTAssertEqual(choice.rasterizer(for: 0), .cairo, "a page without images says nothing of the others")
    }

    func testAfterAPageOfImagesThePagesNotKnownOtherwiseAreDrawnWithSplash() {
        var choice = RasterizerChoice()
        choice.learn(page: 2, hasLargeImages: false)
        choice.learn(page: 0, hasLargeImages: true)
        XCTAssertEqual(choice.rasterizer(for: 0), .splash)
        XCTAssertEqual(choice.rasterizer(for: 1), .splash, "presumed scanned like the first")
        XCTAssertEqual(choice.rasterizer(for: 1_999), .splash)
        XCTAssertEqual(choice.rasterizer(for: 2), .cairo, "known to be text")
        choice.learn(page: 0, hasLargeImages: false)
        XCTAssertEqual(choice.rasterizer(for: 0), .cairo, "the last pass over a page decides")
        XCTAssertEqual(choice.rasterizer(for: 1), .cairo, "no page of images is known any more")
    }

    func testCellsOfAPageOfImagesAreDrawnWithCairoUnlessCairoWasTooSlowForThePage() {
        var choice = RasterizerChoice()
        choice.learn(page: 0, hasLargeImages: true)
        XCTAssertEqual(choice.rasterizer(for: 0), .splash, "the whole page")
        XCTAssertEqual(choice.rasterizer(for: 0, cell: true), .cairo, "Splash would scale the page's images whole for a cell")
        XCTAssertEqual(choice.rasterizer(for: 4, cell: true), .cairo, "a page presumed scanned")
        choice.cairoTooSlow(page: 1)
        XCTAssertEqual(choice.rasterizer(for: 1, cell: true), .splash, "a shading cairo cannot draw in time, at any zoom")
    }

    func testAFirstPageOfImagesLookedAtAheadIsDrawnWithSplashAlone() {
        var choice = RasterizerChoice()
        choice.learn(page: 0, hasLargeImages: true, alone: true)
        XCTAssertEqual(choice.rasterizer(for: 0), .splash)
        XCTAssertEqual(choice.rasterizer(for: 1), .cairo, "a cover photo does not make the book a scan")
        choice.learn(page: 5, hasLargeImages: true)
        XCTAssertEqual(choice.rasterizer(for: 1), .splash, "a page of images met in drawing presumes the others scanned")
        choice.learn(page: 0, hasLargeImages: false)
        XCTAssertEqual(choice.rasterizer(for: 0), .cairo, "the last pass over a page decides")
        XCTAssertEqual([0, 5, 7].map { choice.hasLargeImages(page: $0) }, [false, true, nil])
    }

    func testTwoPagesOfImagesLookedAtAheadMakeTheBookAScan() {
        var choice = RasterizerChoice()
        choice.learn(page: 0, hasLargeImages: true, alone: true)
        choice.learn(page: 1, hasLargeImages: true, alone: true)
        XCTAssertEqual(choice.rasterizer(for: 2), .splash, "presumed scanned like its first two pages")
        choice.learn(page: 2, hasLargeImages: false)
        XCTAssertEqual(choice.rasterizer(for: 2), .cairo, "known to be text")
        choice.learn(page: 1, hasLargeImages: false)
        XCTAssertEqual(choice.rasterizer(for: 3), .cairo, "one page of images seen ahead is a cover")
    }

    func testAPageCairoRanOutOfPatienceOnIsDrawnWithSplash() {
        var choice = RasterizerChoice()
        choice.cairoTooSlow(page: 4)
        XCTAssertEqual(choice.rasterizer(for: 4), .splash)
        XCTAssertEqual(choice.rasterizer(for: 5), .cairo)
        choice.learn(page: 4, hasLargeImages: false)
        XCTAssertEqual(choice.rasterizer(for: 4), .splash, "slow for cairo whatever it holds")
        choice.cairoTooSlow(page: -1)
        choice.learn(page: -3, hasLargeImages: true)
        XCTAssertEqual(choice, { var fresh = RasterizerChoice(); fresh.cairoTooSlow(page: 4); fresh.learn(page: 4, hasLargeImages: false); return fresh }(),
                       "pages before the first are not learnt")
    }
}
