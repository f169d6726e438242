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

    func testOnlyPlacesInTheDocumentArePreviewed() {
        XCTAssertNil(LinkPreview(of: .page(2, top: 0), pageSizes: [letter, letter], deviceScale: 1))
        XCTAssertNil(LinkPreview(of: .page(-1, top: 0), pageSizes: [letter], deviceScale: 1))
        XCTAssertNil(LinkPreview(of: .uri("https://example.com"), pageSizes: [letter], deviceScale: 1))
        XCTAssertNil(LinkPreview(of: .launch("sh"), pageSizes: [letter], deviceScale: 1))
    }
}
