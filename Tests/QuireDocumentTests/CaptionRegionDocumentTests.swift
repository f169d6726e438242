import Fixtures
import Foundation
import QuireEngine
import XCTest
@testable import QuireDocument

/// The region a reference's preview shows, found through real poppler: in the TraceMonkey
/// paper, "Figure 3" on page 4 names the LIR code at the top of page 3 with its caption
/// below it, not the caption with Figure 4 under it.
final class CaptionRegionDocumentTests: XCTestCase {
    private var corpus: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../shared/corpus").standardizedFileURL
    }

    func testFigureThreeOfTheTraceMonkeyPaperIsItsCodeAboveItsCaption() throws {
        let file = corpus.appendingPathComponent("small-tracemonkey.pdf").path
        guard FileManager.default.fileExists(atPath: file) else { throw XCTSkip("no ../shared/corpus beside this checkout") }
        let document = try DocumentSource(path: file).open()
        let words = try XCTUnwrap(document.matchAreas(of: SearchQuery("Figure 3 shows an example"), onPage: 3).first?.first)
        let found = try XCTUnwrap(ReferenceLookup.find(at: PagePoint(page: 3, point: Point(x: words.x + 15, y: words.midY)),
                                                       in: document))
        let region = try XCTUnwrap(found.region)
        func area(_ text: String) throws -> Rect { try XCTUnwrap(document.matchAreas(of: SearchQuery(text), onPage: 2).first?.first, text) }
        // The code's first and last lines, the caption's first and last, and Figure 4's first line.
        for inside in ["v0 := ld state[748]", "xt v7", "// side exit if js_Array_set returns false.", "Figure 3. LIR snippet",
                       "and side exits to verify"] {
            let line = try area(inside)
            XCTAssertTrue(region.contains(Point(x: line.x, y: line.y)) && region.contains(Point(x: line.maxX, y: line.maxY)),
                          "\(region) does not hold “\(inside)” at \(line)")
        }
        XCTAssertLessThan(region.maxY, try area("mov edx, ebx(748)").y, "the region reaches Figure 4")
        XCTAssertEqual(found.link.target, .page(2, top: region.y))
        let preview = try XCTUnwrap(LinkPreview(of: found.link.target, region: region, pageSizes: (0..<document.pageCount).map(document.pageSize(at:)),
                                                deviceScale: 1))
        XCTAssertEqual(preview.area, region, "the preview shows less than the region")
        print("Figure 3's region: \(region), the preview's scale \(preview.scale)")
    }

    /// A table's caption is above it: "Table 1" names the rows under its caption, down to
    /// the paragraph after them.
    func testATableIsItsRowsBelowItsCaption() throws {
        let fixtures = try Fixtures()
        let document = try DocumentSource(path: fixtures.tableReference()).open()
        let words = try XCTUnwrap(document.matchAreas(of: SearchQuery("Table 1"), onPage: 0).first?.first)
        let found = try XCTUnwrap(ReferenceLookup.find(at: PagePoint(page: 0, point: Point(x: words.midX, y: words.midY)),
                                                       in: document))
        let region = try XCTUnwrap(found.region)
        func area(_ text: String) throws -> Rect { try XCTUnwrap(document.matchAreas(of: SearchQuery(text), onPage: 1).last?.first, text) }
        let caption = try area("Table 1:"), lastRow = try area("gamma"), after = try area(Fixtures.tableParagraph[0])
        XCTAssertLessThanOrEqual(region.y, caption.y)
        XCTAssertGreaterThan(region.y, caption.y - 10, "the region reaches above the caption")
        XCTAssertGreaterThanOrEqual(region.maxY, lastRow.maxY, "the region misses the table's last row")
        XCTAssertLessThan(region.maxY, after.y, "the region reaches the paragraph after the table")
        print("Table 1's region: \(region)")
    }
}
