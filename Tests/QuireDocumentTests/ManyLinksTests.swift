import Dispatch
import Fixtures
import Foundation
import QuireEngine
import Synchronization
import XCTest
@testable import QuireDocument

/// Pages of thousands of links: poppler reads them all, in the order the index expects
/// once reversed, and the index finds each one where the file put it; a page of 200,000
/// is one poppler 22.12 does not load.
final class ManyLinksTests: XCTestCase {
    private var fixtures: Fixtures!
    override func setUpWithError() throws { fixtures = try Fixtures() }
    override func tearDown() { fixtures = nil }

    func testEveryLinkIsReadAndFoundWhereTheFilePutIt() throws {
        let grid = ManyLinks.mostPopplerReads
        let document = try DocumentSource(path: fixtures.manyLinks(grid)).open()
        let start = DispatchTime.now()
        let links = Array(document.links(at: 0).reversed())
        let read = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6
        let index = LinkIndex(areas: links.map(\.area), page: document.pageSize(at: 0))
        print("\(grid.count) links: poppler read them in \(Int(read)) ms; the index took \(index.buildSteps) steps")
        XCTAssertEqual(links.count, grid.count)
        XCTAssertEqual(index.omitted, 0)
        XCTAssertTrue(links.allSatisfy { $0.target == .page(1, top: 0) }, "every link goes to the top of page 2")
        for (column, row) in [(0, 0), (99, 0), (0, 99), (99, 99), (50, 50), (17, 83)] {
            let area = grid.area(column: column, row: row)
            let position = try XCTUnwrap(index.link(at: Point(x: area.x + area.width / 2, y: area.y + area.height / 2)), "link \(column), \(row)")
            XCTAssertEqual(position, row * grid.columns + column, "link \(column), \(row) in annotation order")
            XCTAssertEqual(links[position].area.x, area.x, accuracy: 0.001)
            XCTAssertEqual(links[position].area.y, area.y, accuracy: 0.001)
            XCTAssertNil(index.link(at: Point(x: area.x + area.width * 1.1, y: area.y + area.height / 2)), "between link \(column), \(row) and the next")
        }
    }

    /// poppler 22.12 does not load a page whose /Annots holds more than 10,000 entries,
    /// nor, having stopped there, the pages after it: no links, no pictures, no crash.
    func testAPageOfTwoHundredThousandLinksIsOnePopplerDoesNotLoad() throws {
        let document = try DocumentSource(path: fixtures.manyLinks(.twoHundredThousand)).open()
        XCTAssertEqual(document.pageCount, 2)
        XCTAssertEqual(document.links(at: 0), [])
        XCTAssertThrowsError(try document.render(page: 0, scale: 0.5))
        XCTAssertThrowsError(try document.render(page: 1, scale: 0.5))
    }
}
