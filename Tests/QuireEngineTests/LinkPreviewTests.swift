import XCTest
@testable import QuireEngine

final class LinkPreviewTests: XCTestCase {
    private let letter = Size(width: 612, height: 792)

    func testALetterPageIsShownAcrossItsWidthFromJustAboveTheDestination() throws {
        let preview = try XCTUnwrap(LinkPreview(of: .page(1, top: 100), pageSizes: [letter, letter], deviceScale: 1))
        XCTAssertEqual(preview.page, 1)
        XCTAssertEqual(preview.scale, 640 / 612, accuracy: 1e-9)
        XCTAssertEqual(preview.area.y, 88)
        XCTAssertEqual(preview.area.width, 612)
        XCTAssertEqual(preview.logicalSize.width, 640, accuracy: 1e-9)
        XCTAssertEqual(preview.logicalSize.height, 260, accuracy: 1e-9)
        XCTAssertEqual(preview.pixels.y, Int((88 * preview.scale).rounded(.down)))
        XCTAssertEqual(preview.pixels.width, 640)
        XCTAssertEqual(preview.cells.count, 1)
        XCTAssertEqual(preview.cells[0].tile, TileKey(page: 1, scale: preview.scale, cell: .init(column: 0, row: 0)))
        XCTAssertEqual(preview.cells[0].x, 0)
        XCTAssertEqual(preview.cells[0].y, -preview.pixels.y)
    }

    func testOnAHiDPIScreenTheStripIsDrawnFromTheCellsItCovers() throws {
        // 640 logical pixels are 1280 device pixels: two columns of cells; 900 points down
        // a tall page at 2.09 pixels a point starts in the second row and reaches the third.
        let tall = Size(width: 612, height: 2000)
        let preview = try XCTUnwrap(LinkPreview(of: .page(0, top: 912), pageSizes: [tall], deviceScale: 2))
        XCTAssertEqual(preview.tileScale, 2 * 640 / 612, accuracy: 1e-9)
        XCTAssertEqual(preview.pixels.width, 1280)
        XCTAssertEqual(preview.pixels.height, 520)
        let rows = Set(preview.cells.map(\.tile.cell!.row)), columns = Set(preview.cells.map(\.tile.cell!.column))
        XCTAssertEqual(rows, [1, 2])
        XCTAssertEqual(columns, [0, 1])
        for cell in preview.cells {
            XCTAssertEqual(cell.x, cell.tile.cell!.column * TileKey.cellSide - preview.pixels.x)
            XCTAssertEqual(cell.y, cell.tile.cell!.row * TileKey.cellSide - preview.pixels.y)
        }
    }

    func testNoPlaceMeansThePageTopAndAPlaceNearTheFootEndsAtTheFoot() throws {
        let top = try XCTUnwrap(LinkPreview(of: .page(0, top: nil), pageSizes: [letter], deviceScale: 1))
        XCTAssertEqual(top.area.y, 0)
        let foot = try XCTUnwrap(LinkPreview(of: .page(0, top: 780), pageSizes: [letter], deviceScale: 1))
        XCTAssertEqual(foot.area.maxY, 792, accuracy: 1e-9)
        XCTAssertLessThanOrEqual(foot.pixels.y + foot.pixels.height, 828)
    }

    func testSmallPagesAreEnlargedOnlySoFarAndWidePagesShowTheirLeft() throws {
        let card = try XCTUnwrap(LinkPreview(of: .page(0, top: 100), pageSizes: [Size(width: 300, height: 400)], deviceScale: 1))
        XCTAssertEqual(card.scale, LinkPreview.largestScale)
        XCTAssertEqual(card.area.width, 300)
        let wide = try XCTUnwrap(LinkPreview(of: .page(0, top: 100), pageSizes: [Size(width: 2000, height: 800)], deviceScale: 1))
        XCTAssertEqual(wide.scale, 1)
        XCTAssertEqual(wide.area.width, LinkPreview.widest)
    }

    func testHostileNumbersGiveABoundedStrip() throws {
        for (size, top, device) in [(Size(width: .infinity, height: .nan), 5.0, 1.0), (letter, -.infinity, 2.0), (letter, .nan, .nan),
                                    (Size(width: 1e12, height: 1e12), 1e300, 1e9), (Size(width: 0, height: -5), 3.0, -1.0)] {
            let preview = try XCTUnwrap(LinkPreview(of: .page(0, top: top), pageSizes: [size], deviceScale: device))
            XCTAssertTrue(preview.area.y.isFinite && preview.area.y >= 0, "\(size) \(top)")
            XCTAssertLessThanOrEqual(preview.pixels.width, Int(LinkPreview.widest) * 4)
            XCTAssertLessThanOrEqual(preview.pixels.height, Int(LinkPreview.tallest) * 4 + 1)
            XCTAssertGreaterThanOrEqual(preview.pixels.height, 1)
            XCTAssertFalse(preview.cells.isEmpty)
            XCTAssertLessThanOrEqual(preview.cells.count, 6)
        }
    }

    func testARegionIsShownWholeAtTheScaleThatFitsIt() throws {
        // A figure across both columns of a letter page: as wide as the strip may be.
        let figure = Rect(x: 50, y: 68, width: 510, height: 190)
        let wide = try XCTUnwrap(LinkPreview(of: .page(0, top: 68), region: figure, pageSizes: [letter], deviceScale: 1))
        XCTAssertEqual(wide.area, figure)
        XCTAssertEqual(wide.scale, 640 / 510, accuracy: 1e-9)
        XCTAssertEqual(wide.pixels.x, Int((50 * wide.scale).rounded(.down)))
        XCTAssertEqual(wide.cells[0].x, -wide.pixels.x)
        // A tall figure in one column: as tall as the strip may be.
        let column = Rect(x: 302, y: 69, width: 258, height: 500)
        let tall = try XCTUnwrap(LinkPreview(of: .page(0, top: 69), region: column, pageSizes: [letter], deviceScale: 1))
        XCTAssertEqual(tall.area, column)
        XCTAssertEqual(tall.logicalSize.height, LinkPreview.tallestRegion, accuracy: 1e-9)
        // Taller still: its top, at the smallest scale.
        let poster = Size(width: 612, height: 3000)
        let long = try XCTUnwrap(LinkPreview(of: .page(0, top: 100), region: Rect(x: 0, y: 100, width: 612, height: 2000),
                                             pageSizes: [poster], deviceScale: 1))
        XCTAssertEqual(long.scale, LinkPreview.smallestRegionScale)
        XCTAssertEqual(long.area.y, 100)
        XCTAssertEqual(long.logicalSize.height, LinkPreview.tallestRegion, accuracy: 1e-9)
    }

    func testARegionOffThePageOrOfHostileNumbersGivesTheStripBelowThePlace() throws {
        let strip = try XCTUnwrap(LinkPreview(of: .page(0, top: 100), pageSizes: [letter], deviceScale: 1))
        for region in [Rect(x: .nan, y: 0, width: 10, height: 10), Rect(x: 0, y: 900, width: 100, height: 100),
                       Rect(x: 0, y: 0, width: .infinity, height: 10), Rect(x: 0, y: 0, width: -5, height: 10)] {
            XCTAssertEqual(LinkPreview(of: .page(0, top: 100), region: region, pageSizes: [letter], deviceScale: 1), strip, "\(region)")
        }
    }

    func testOnlyPlacesInTheDocumentArePreviewed() {
        XCTAssertNil(LinkPreview(of: .page(2, top: 0), pageSizes: [letter, letter], deviceScale: 1))
        XCTAssertNil(LinkPreview(of: .page(-1, top: 0), pageSizes: [letter], deviceScale: 1))
        XCTAssertNil(LinkPreview(of: .uri("https://example.com"), pageSizes: [letter], deviceScale: 1))
        XCTAssertNil(LinkPreview(of: .launch("sh"), pageSizes: [letter], deviceScale: 1))
    }
}
