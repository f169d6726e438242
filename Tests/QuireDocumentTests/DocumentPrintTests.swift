import CCairo
import Fixtures
import Foundation
import QuireImage
import QuireEngine
import XCTest
@testable import QuireDocument

/// Poppler's print rendering into a cairo PDF surface, as a print context's would be, read
/// back with poppler: the pages asked for, with their text, where the placement puts them.
final class DocumentPrintTests: XCTestCase {
    private var fixtures: Fixtures!
    override func setUpWithError() throws { fixtures = try Fixtures() }
    override func tearDown() { fixtures = nil }

    private func printed(_ pages: [Int], of document: Document, sheet: Size, placement: PrintPlacement) throws -> Document {
        let output = fixtures.path("printed.pdf")
        let surface = cairo_pdf_surface_create(output, sheet.width, sheet.height)!
        let cairo = cairo_create(surface)!
        for page in pages {
            try document.print(page: page, into: cairo, at: placement)
            cairo_show_page(cairo)
        }
        cairo_destroy(cairo)
        cairo_surface_finish(surface)
        cairo_surface_destroy(surface)
        return try DocumentSource(path: output).open()
    }

    func testPrintedPagesKeepTheirText() throws {
        let document = try DocumentSource(path: fixtures.long(pages: 5)).open()
        let copy = try printed([1, 2], of: document, sheet: Size(width: 612, height: 792), placement: PrintPlacement(scale: 1, x: 0, y: 0))
        XCTAssertEqual(copy.pageCount, 2)
        XCTAssertEqual(copy.text(at: 0).trimmingCharacters(in: " \n"), "Long page 2")
        XCTAssertEqual(copy.text(at: 1).trimmingCharacters(in: " \n"), "Long page 3")
    }

    func testThePlacementScalesAndMovesThePage() throws {
        let document = try DocumentSource(path: fixtures.standard(links: false)).open()
        let placement = PrintPlacement(scale: 0.5, x: 100, y: 50)
        let copy = try printed([0], of: document, sheet: Size(width: 612, height: 792), placement: placement)
        // The red box of page 1, drawn at half size from (100, 50).
        let picture = try copy.render(page: 0, scale: 1)
        let box = Fixtures.boxRect
        func isRed(_ x: Double, _ y: Double) -> Bool { picture.pixel(x: Int(x), y: Int(y)) == 0xFFCC_3333 }
        XCTAssertTrue(isRed(100 + (box.x + 10) * 0.5, 50 + (box.y + 10) * 0.5))
        XCTAssertTrue(isRed(100 + (box.x + box.width - 10) * 0.5, 50 + (box.y + box.height - 10) * 0.5))
        XCTAssertFalse(isRed(box.x + 10, box.y + box.height - 10), "the box is still where page 1 had it")
    }

    private func printed(_ sheets: [[Int]], of document: Document, layout: PrintLayout) throws -> Document {
        var bytes: [UInt8] = []
        try document.printPDF(sheets, on: PrintPaper(size: Size(width: 612, height: 792)), layout: layout) { bytes += $0; return true }
        let output = fixtures.path("sheets.pdf")
        try Data(bytes).write(to: URL(fileURLWithPath: output))
        return try DocumentSource(path: output).open()
    }

    private static func isRed(_ picture: PageImage, _ x: Double, _ y: Double) -> Bool {
        picture.pixel(x: Int(x), y: Int(y)) == 0xFFCC_3333
    }

    /// Two pages a side, right to left: one landscape sheet holds pages 1 and 4, page 1's
    /// red box in the right half where the layout puts it, nothing in the left half.
    func testTwoPagesASideShareATurnedSheetInTheOrderChosen() throws {
        let document = try DocumentSource(path: fixtures.standard(links: false)).open()
        let layout = PrintLayout(pagesPerSheet: 2, order: .rightToLeftTopToBottom)
        let copy = try printed([[0, 3], [2]], of: document, layout: layout)
        XCTAssertEqual(copy.pageCount, 2, "two sheets")
        XCTAssertEqual(copy.pageSize(at: 0), Size(width: 792, height: 612))
        let text = copy.text(at: 0)
        XCTAssertTrue(text.contains(Fixtures.standardText(page: 0)) && text.contains(Fixtures.standardText(page: 3)), text)
        XCTAssertTrue(copy.text(at: 1).contains(Fixtures.standardText(page: 2)))
        let placed = layout.sheet(for: [Size(width: 612, height: 792), Size(width: 612, height: 792)], on: PrintPaper(size: Size(width: 612, height: 792))).pages[0].placement
        XCTAssertGreaterThanOrEqual(placed.x, 396, "right to left: page 1 on the right")
        let picture = try copy.render(page: 0, scale: 1)
        let box = Fixtures.boxRect
        let middle = (x: placed.x + (box.x + box.width / 2) * placed.scale, y: placed.y + (box.y + box.height / 2) * placed.scale)
        XCTAssertTrue(Self.isRed(picture, middle.x, middle.y), "page 1's box is in the right half")
        XCTAssertFalse(Self.isRed(picture, middle.x - 396, middle.y), "and not in the left")
    }

    /// An enlarged page is clipped to its half of the sheet: its box stops at the middle.
    func testAnEnlargedPageStaysInItsCell() throws {
        let document = try DocumentSource(path: fixtures.standard(links: false)).open()
        let copy = try printed([[0, 3]], of: document, layout: PrintLayout(pagesPerSheet: 2, scale: 3))
        let picture = try copy.render(page: 0, scale: 1)
        // Page 1 at 3 × 396/612 from the sheet's top-left corner: its box spans x 194–776, y 582–970.
        XCTAssertTrue(Self.isRed(picture, 300, 600), "the enlarged box in the left half")
        XCTAssertFalse(Self.isRed(picture, 500, 600), "the box drawn over page 4's half")
    }
}
