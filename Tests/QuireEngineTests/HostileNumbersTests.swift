import XCTest
@testable import QuireEngine

/// Numbers no paper has, fed to every part of the engine that turns geometry into
/// integers: nothing traps, and what comes out is finite and bounded.
final class HostileNumbersTests: XCTestCase {
    private let letter = Size(width: 612, height: 792)
    private static let hostile: [Double] = [.infinity, -.infinity, .nan, 1e300, -1e300, 1e23, 0, -612]
    /// Every pairing of a hostile side with another, or with a letter side.
    private var hostileSizes: [Size] {
        Self.hostile.flatMap { bad in
            [Size(width: bad, height: 792), Size(width: 612, height: bad), Size(width: bad, height: bad)]
        }
    }

    private func assertFinite(_ rect: Rect, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue([rect.x, rect.y, rect.width, rect.height].allSatisfy(\.isFinite), "\(what): \(rect)", file: file, line: line)
    }

    func testTheLayoutOfHostilePagesIsFiniteAndBounded() {
        for size in hostileSizes {
            for zoom in [ZoomMode.fitWidth, .fitPage, .percent(6400)] {
                var layout = PageLayout(pageSizes: [letter, size, letter], zoom: zoom, viewport: Size(width: 800, height: 600))
                for page in 0..<3 {
                    let rect = layout.pageRect(page)
                    assertFinite(rect, "page \(page) of \(size)")
                    XCTAssertLessThanOrEqual(rect.width, PageGeometryLimits.largestSide * ZoomMode.maximumPercent / 100 * 2)
                }
                XCTAssertTrue(layout.contentSize.width.isFinite && layout.contentSize.height.isFinite, "\(size)")
                XCTAssertTrue(layout.scale.isFinite && layout.scale > 0, "\(size)")
                XCTAssertEqual(layout.anchor(atContentY: .nan).fraction, 0)
                layout.setPageSizes([size, size], from: 0)
                layout.setRotation(.quarter)
                assertFinite(layout.pageRect(0), "turned \(size)")
            }
        }
    }

    func testHostileViewportsGapsAndZoomsLeaveTheLayoutFinite() {
        for bad in Self.hostile {
            var layout = PageLayout(pageSizes: [letter, letter], viewport: Size(width: bad, height: bad), gap: bad)
            layout.setZoom(.percent(bad))
            XCTAssertTrue(layout.scale.isFinite && layout.scale > 0, "\(bad)")
            layout.setViewport(Size(width: bad, height: 600))
            layout.setGap(bad)
            assertFinite(layout.pageRect(1), "viewport, gap and zoom \(bad)")
            XCTAssertTrue(layout.contentSize.width.isFinite && layout.contentSize.height.isFinite, "\(bad)")
            XCTAssertEqual(layout.pages(in: Rect(x: bad, y: bad, width: bad, height: bad)).isEmpty,
                           layout.pages(in: Rect(x: bad, y: bad, width: bad, height: bad)).isEmpty, "answers without trapping")
        }
    }

    func testTileKeysOfHostileScalesAndSizesAreBoundedPixels() {
        for size in hostileSizes + [letter] {
            for scale in Self.hostile + [1, 2] {
                for cell in [nil, TileKey.Cell(column: 0, row: 0), TileKey.Cell(column: .max, row: .min), TileKey.Cell(column: 3, row: 7)] {
                    let rect = TileKey(page: 0, scale: scale, cell: cell).pixelRect(for: size)
                    for side in [rect.width, rect.height] { XCTAssertTrue((1...TileKey.largestPixelSide).contains(side), "\(size) at \(scale)") }
                    for origin in [rect.x, rect.y] { XCTAssertTrue((0...TileKey.largestPixelSide).contains(origin), "\(size) at \(scale)") }
                    XCTAssertGreaterThan(rect.width * rect.height * 4, 0, "a picture's bytes do not overflow")
                }
                let bounded = TileKey.boundedScale(scale, for: size)
                XCTAssertTrue(bounded.isFinite && bounded > 0, "bounded \(scale) for \(size): \(bounded)")
            }
        }
    }

    func testThePlannerPlansHostilePagesWithoutTrapping() {
        let planner = RenderPlanner()
        for size in hostileSizes {
            for zoom in [ZoomMode.fitWidth, .percent(6400)] {
                for deviceScale in [1.0, 2, .infinity, .nan] {
                    let layout = PageLayout(pageSizes: [letter, size, letter, size], zoom: zoom, viewport: Size(width: 800, height: 600))
                    for top in [0.0, layout.pageRect(1).y, layout.pageRect(3).maxY - 300] {
                        let plan = planner.plan(layout: layout, visible: Rect(x: 0, y: top, width: 800, height: 600),
                                                deviceScale: deviceScale) { _ in false }
                        XCTAssertFalse(plan.tiles.isEmpty, "\(size) at \(top)")
                        XCTAssertLessThan(plan.tiles.count, 1_000, "\(size) at \(top): a view's worth of tiles")
                        XCTAssertTrue(plan.tiles.allSatisfy { $0.scale.isFinite && $0.scale > 0 }, "\(size) at \(top)")
                    }
                }
            }
        }
    }

    /// A sliver of a page under a pixel wide, just past a cell's edge, is one cell.
    func testASliverPastACellsEdgeIsOneCell() {
        let side = Double(TileKey.cellSide) + 0.5
        let layout = PageLayout(pageSizes: [Size(width: side, height: side)], zoom: .percent(100 * 72 / 96),
                                viewport: Size(width: 200, height: 200), gap: 0)
        XCTAssertEqual(layout.scale, 1, accuracy: 1e-12)
        let rect = layout.pageRect(0)
        let keys = RenderPlanner().sharpKeys(page: 0, covering: Rect(x: rect.x + 1024, y: rect.y + 1024, width: 200, height: 200),
                                             layout: layout, deviceScale: 1)
        XCTAssertEqual(keys.map(\.cell), [TileKey.Cell(column: 1, row: 1)])
    }

    func testTheCanvasModelPlansAndDrawsHostilePages() {
        for size in hostileSizes {
            var model = CanvasModel<Bytes>(pageSizes: [letter, size, letter], zoom: .fitWidth, budget: 1 << 28)
            model.setDeviceScale(.infinity)
            model.scroll(to: model.resize(to: Size(width: 800, height: 600)))
            for page in 0..<3 {
                model.scroll(to: model.go(to: page))
                XCTAssertTrue(model.scroll.x.isFinite && model.scroll.y.isFinite, "\(size)")
                for key in model.plan().tiles { model.accept(key, .success(Bytes(byteCount: 4))) }
                for drawing in model.drawList() {
                    assertFinite(drawing.rect, "page \(drawing.page) of \(size)")
                    for layer in drawing.layers { assertFinite(layer.rect, "a layer of page \(drawing.page) of \(size)") }
                }
            }
            model.scroll(to: model.setZoom(.percent(.nan)))
            XCTAssertEqual(model.clamped(Point(x: .nan, y: .nan)), Point(x: 0, y: 0))
        }
    }

    func testThumbnailsOfHostilePagesAndWidths() {
        for size in hostileSizes {
            for width in Self.hostile + [400] {
                var layout = ThumbnailLayout(pageSizes: [letter, size, letter], width: width)
                XCTAssertTrue((1...1_000).contains(layout.columns), "\(width)")
                for page in 0..<3 {
                    assertFinite(layout.pictureRect(page), "thumbnail of \(size) in \(width)")
                    XCTAssertLessThanOrEqual(layout.pictureSize(page).width, ThumbnailLayout.pictureSide)
                }
                XCTAssertTrue(layout.contentHeight.isFinite)
                for coordinate in Self.hostile { _ = layout.page(at: Point(x: coordinate, y: coordinate)) }
                layout.setWidth(width)
                layout.setPageSizes([size])
                assertFinite(layout.cellRect(0), "one thumbnail of \(size) in \(width)")
            }
        }
    }

    func testPrintPlacementOfHostilePagesAndPaper() {
        for page in hostileSizes + [letter] {
            for area in hostileSizes + [letter] {
                let placement = PrintPlacement.fitting(page, into: area)
                XCTAssertTrue([placement.scale, placement.x, placement.y].allSatisfy(\.isFinite), "\(page) on \(area)")
                XCTAssertTrue((0...1).contains(placement.scale), "\(page) on \(area)")
            }
        }
    }

    func testPropertyTextOfHostileNumbers() {
        for bad in Self.hostile { _ = PropertyText.pageSize(Size(width: bad, height: bad)) }
        XCTAssertEqual(PropertyText.number(.infinity, places: 2), "∞")
        XCTAssertEqual(PropertyText.number(.nan, places: 0), "?")
        XCTAssertEqual(PropertyText.number(8.5, places: 400, trimmed: true), "8.5")
        XCTAssertEqual(PropertyText.number(1e300, places: 0), String(Int.max))
    }
}
