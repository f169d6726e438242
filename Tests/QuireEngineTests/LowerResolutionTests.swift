import XCTest
@testable import QuireEngine

/// A page whose picture runs past the render watchdog, offered and drawn at a lower
/// resolution (`LowerResolution`), through the canvas model as the window drives it.
final class LowerResolutionTests: XCTestCase {
    private let letter = Size(width: 612, height: 792)
    private let tooSlow = RenderFailure("page 1 took longer than 20 s to draw, so Quire stopped it", tooSlow: true)

    private func model(zoom: ZoomMode = .percent(100)) -> CanvasModel<Bytes> {
        var model = CanvasModel<Bytes>(pageSizes: Array(repeating: letter, count: 10), zoom: zoom, budget: 1 << 30)
        model.scroll(to: model.resize(to: Size(width: 1000, height: 900)))
        return model
    }

    private func pixels(_ key: TileKey, _ model: CanvasModel<Bytes>) -> Double {
        let size = key.pixelSize(for: model.layout.pageSizes[key.page])
        return Double(size.width) * Double(size.height)
    }

    func testATooSlowPageIsOfferedAQuarterOfThePixelsAndDrawnStretched() throws {
        var model = model()
        let failed = model.sharpKey(0)
        model.accept(failed, .failure(tooSlow))
        XCTAssertTrue(model.offersLowerResolution(0))
        XCTAssertEqual(model.drawList().first?.quality, .failed)
        XCTAssertFalse(model.plan().tiles.contains { $0.page == 0 }, "a failed page is not asked for again by itself")

        XCTAssertTrue(model.drawAtLowerResolution(0))
        XCTAssertFalse(model.offersLowerResolution(0))
        XCTAssertNil(model.failures[0])
        let reduced = model.sharpKey(0)
        XCTAssertEqual(model.plan().tiles.first, reduced, "the page at its lower resolution comes first")
        XCTAssertNil(reduced.cell)
        XCTAssertEqual(pixels(reduced, model) / pixels(failed, model), 0.25, accuracy: 0.01)
        XCTAssertEqual(model.drawList().first?.quality, .blank)

        model.accept(reduced, .success(Bytes(byteCount: 100)))
        let drawn = try XCTUnwrap(model.drawList().first)
        XCTAssertEqual(drawn.quality, .reduced)
        XCTAssertEqual(drawn.layers.map(\.rect), [drawn.rect], "the picture is stretched over the whole page")
        XCTAssertFalse(model.waitingPages.contains(0), "page 1 waits no more")
    }

    func testAnOrdinaryFailureOffersNothing() {
        var model = model()
        model.accept(model.sharpKey(0), .failure(RenderFailure("the process drawing page 1 ended while drawing it")))
        XCTAssertFalse(model.offersLowerResolution(0))
        XCTAssertFalse(model.drawAtLowerResolution(0))
        XCTAssertNotNil(model.failures[0], "the failure stands")
    }

    /// Too slow again: a quarter again, until that would be no sharper than the stand-in.
    func testEachTooSlowPictureOffersAQuarterUntilTheStandInsResolution() {
        var model = model()
        let low = model.planner.lowResKey(page: 0, layout: model.layout)
        var scales: [Double] = []
        while true {
            let key = model.sharpKey(0)
            scales.append(key.scale)
            model.accept(key, .failure(tooSlow))
            guard model.drawAtLowerResolution(0) else { break }
        }
        XCTAssertEqual(scales.count, 3, "100 % (1.33), then 0.67 and 0.33 over a stand-in at \(low.scale): \(scales)")
        for (larger, smaller) in zip(scales, scales.dropFirst()) { XCTAssertEqual(smaller / larger, 0.5, accuracy: 0.01) }
        XCTAssertGreaterThan(scales.last!, low.scale)
        XCTAssertNotNil(model.failures[0], "past the stand-in's resolution the failure stands")
        XCTAssertFalse(model.offersLowerResolution(0))
    }

    func testAStandInTooSlowOffersNothing() {
        var model = model()
        model.accept(model.planner.lowResKey(page: 0, layout: model.layout), .failure(tooSlow))
        XCTAssertFalse(model.offersLowerResolution(0))
    }

    /// At deep zoom a cell was too slow: the whole page is offered at a quarter of that
    /// cell's pixels, one picture rather than cells, and it stays one after zooming in.
    func testACellTooSlowOffersTheWholePageAndTheCapOutlivesAZoom() {
        var model = model(zoom: .percent(800))
        let cell = model.visibleSharpKeys(0).first!
        XCTAssertNotNil(cell.cell)
        model.accept(cell, .failure(tooSlow))
        XCTAssertTrue(model.drawAtLowerResolution(0))
        let reduced = model.sharpKey(0)
        XCTAssertEqual(model.visibleSharpKeys(0), [reduced], "one picture, not cells")
        XCTAssertEqual(pixels(reduced, model), pixels(cell, model) / 4, accuracy: pixels(cell, model) / 100)
        model.scroll(to: model.setZoom(.percent(1600)))
        XCTAssertEqual(model.visibleSharpKeys(0), [reduced], "zooming in keeps the page at its cap")
        model.scroll(to: model.setZoom(.percent(25)))
        XCTAssertLessThan(model.sharpKey(0).scale, reduced.scale, "zooming out below the cap draws the page at the zoom")
    }

    func testACapIsKeptAcrossATurn() {
        var model = model()
        model.accept(model.sharpKey(0), .failure(tooSlow))
        model.drawAtLowerResolution(0)
        let reduced = model.sharpKey(0)
        model.scroll(to: model.setRotation(.quarter))
        XCTAssertEqual(model.sharpKey(0).scale, reduced.scale)
        XCTAssertEqual(model.sharpKey(0).rotation, .quarter)
    }
}
