import XCTest
@testable import QuireEngine

final class PrintLayoutTests: XCTestCase {
    private let letter = PrintPaper(size: Size(width: 612, height: 792))
    private let portrait = Size(width: 612, height: 792), landscape = Size(width: 792, height: 612)

    private func centres(_ sheet: PrintLayout.Sheet) -> [Point] {
        sheet.pages.map { Point(x: $0.cell.x + $0.cell.width / 2, y: $0.cell.y + $0.cell.height / 2) }
    }

    func testTwoPortraitPagesGoSideBySideOnALandscapeSheet() {
        let sheet = PrintLayout(pagesPerSheet: 2).sheet(for: [portrait, portrait], on: letter)
        XCTAssertEqual(sheet.size, Size(width: 792, height: 612))
        XCTAssertEqual(sheet.pages.map(\.cell), [Rect(x: 0, y: 0, width: 396, height: 612), Rect(x: 396, y: 0, width: 396, height: 612)])
        for placed in sheet.pages {
            XCTAssertEqual(placed.placement.scale, 396 / 612, accuracy: 1e-9, "fitted to its half")
            XCTAssertEqual(placed.placement.y, (612 - 792 * 396 / 612) / 2, accuracy: 1e-9, "centred in its cell")
        }
        let reversed = PrintLayout(pagesPerSheet: 2, order: .rightToLeftTopToBottom).sheet(for: [portrait, portrait], on: letter)
        XCTAssertEqual(reversed.pages.map(\.cell.x), [396, 0], "right to left: the first page on the right")
    }

    func testTwoLandscapePagesAreStackedOnAPortraitSheet() {
        let sheet = PrintLayout(pagesPerSheet: 2).sheet(for: [landscape, landscape], on: letter)
        XCTAssertEqual(sheet.size, portrait)
        XCTAssertEqual(sheet.pages.map(\.cell.y), [0, 396])
        XCTAssertEqual(sheet.pages.map(\.cell.x), [0, 0])
    }

    func testSixAndSixteenFollowTheOrderChosen() {
        let pages = Array(repeating: portrait, count: 6)
        let six = PrintLayout(pagesPerSheet: 6).sheet(for: pages, on: letter)
        XCTAssertEqual(six.size, Size(width: 792, height: 612), "six a side turn the sheet")
        XCTAssertEqual(six.pages.map(\.cell.x), [0, 264, 528, 0, 264, 528])
        XCTAssertEqual(six.pages.map(\.cell.y), [0, 0, 0, 306, 306, 306])
        let down = PrintLayout(pagesPerSheet: 6, order: .topToBottomLeftToRight).sheet(for: pages, on: letter)
        XCTAssertEqual(down.pages.map(\.cell.x), [0, 0, 264, 264, 528, 528], "columns first")
        XCTAssertEqual(down.pages.map(\.cell.y), [0, 306, 0, 306, 0, 306])
        let up = PrintLayout(pagesPerSheet: 4, order: .bottomToTopRightToLeft).sheet(for: Array(pages.prefix(4)), on: letter)
        XCTAssertEqual(up.size, portrait, "four a side keep the pages' orientation")
        XCTAssertEqual(up.pages.map(\.cell.x), [306, 306, 0, 0])
        XCTAssertEqual(up.pages.map(\.cell.y), [396, 0, 396, 0])
        let sixteen = PrintLayout(pagesPerSheet: 16).sheet(for: Array(repeating: portrait, count: 20), on: letter)
        XCTAssertEqual(sixteen.pages.count, 16, "a sheet holds no more than its count")
        XCTAssertEqual(Set(centres(sixteen).map { "\($0.x),\($0.y)" }).count, 16, "each page in a cell of its own")
    }

    func testMarginsAreKeptAndTurnWithTheSheet() {
        let paper = PrintPaper(size: Size(width: 612, height: 792), top: 10, left: 20, bottom: 30, right: 40)
        let sheet = PrintLayout(pagesPerSheet: 2).sheet(for: [portrait, portrait], on: paper)
        // Landscape: the portrait sheet's right margin is now the top one.
        XCTAssertEqual(sheet.pages[0].cell, Rect(x: 10, y: 40, width: (792 - 40) / 2, height: 612 - 60))
        XCTAssertEqual(sheet.pages[1].cell.maxX, 792 - 30, accuracy: 1e-9)
    }

    func testTheScaleShrinksCentredAndEnlargesFromTheTopLeftWithinTheCell() {
        let half = PrintLayout(scale: 0.5).sheet(for: [Size(width: 306, height: 396)], on: letter)
        XCTAssertEqual(half.pages[0].placement, PrintPlacement(scale: 0.5, x: (612 - 153) / 2, y: (792 - 198) / 2))
        let double = PrintLayout(pagesPerSheet: 2, scale: 2).sheet(for: [portrait, portrait], on: letter)
        XCTAssertEqual(double.pages[1].placement.x, 396, "an enlarged page starts at its cell's left edge")
        XCTAssertEqual(double.pages[1].placement.y, 0)
        XCTAssertEqual(double.pages[1].placement.scale, 2 * 396 / 612, accuracy: 1e-9)
    }

    func testHostileNumbersAreTamed() {
        XCTAssertEqual(PrintLayout(pagesPerSheet: 5).pagesPerSheet, 1)
        XCTAssertEqual(PrintLayout(pagesPerSheet: -16).pagesPerSheet, 1)
        XCTAssertEqual(PrintLayout(scale: .nan).scale, 1)
        XCTAssertEqual(PrintLayout(scale: 1e300).scale, 10)
        XCTAssertEqual(PrintLayout(scale: 0).scale, 0.01)
        for size in [Size(width: .nan, height: 1), Size(width: 0, height: 0), Size(width: -5, height: .infinity)] {
            let sheet = PrintLayout(pagesPerSheet: 4, scale: 3).sheet(for: [size, portrait], on: letter)
            XCTAssertEqual(sheet.pages.count, 2)
            XCTAssertTrue(sheet.pages.allSatisfy { $0.placement.scale.isFinite && $0.placement.x.isFinite && $0.placement.y.isFinite })
        }
        XCTAssertEqual(PrintLayout(pagesPerSheet: 2).sheet(for: [], on: letter).pages, [])
    }

    func testOddEvenAndReversedCountSheetsWhenSeveralPagesShareOne() {
        let two = PrintLayout(pagesPerSheet: 2)
        XCTAssertEqual(PrintPages().sheets(count: 5, layout: two), [[0, 1], [2, 3], [4]])
        XCTAssertEqual(PrintPages(sheets: .odd).sheets(count: 7, layout: two), [[0, 1], [4, 5]])
        XCTAssertEqual(PrintPages(sheets: .even).sheets(count: 7, layout: two), [[2, 3], [6]])
        XCTAssertEqual(PrintPages(.ranges([1...4]), reversed: true).sheets(count: 9, layout: two), [[3, 4], [1, 2]],
                       "the sheets come in reverse, each in its own order")
        XCTAssertEqual(PrintPages().sheets(count: 0, layout: two), [])
    }
}
