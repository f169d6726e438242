import CCairo
import Fixtures
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
}
