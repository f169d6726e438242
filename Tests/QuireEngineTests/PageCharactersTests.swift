import QuireEngine
import XCTest

final class PageCharactersTests: XCTestCase {
    let page = Size(width: 612, height: 792)

    func testMismatchedCountsAreRefused() {
        XCTAssertNil(PageCharacters(text: "abc", boxes: [Rect(x: 0, y: 0, width: 1, height: 1)], pageSize: page))
    }

    func testNonFiniteBoxesAreRefused() {
        XCTAssertNil(PageCharacters(text: "a", boxes: [Rect(x: .nan, y: 0, width: 1, height: 1)], pageSize: page))
        XCTAssertNil(PageCharacters(text: "a", boxes: [Rect(x: 0, y: 0, width: .infinity, height: 1)], pageSize: page))
    }

    func testTooManyCharactersAreRefused() {
        let count = PageCharacters.limit + 1
        XCTAssertNil(PageCharacters(text: String(repeating: "a", count: count),
                                    boxes: Array(repeating: Rect(x: 0, y: 0, width: 1, height: 1), count: count), pageSize: page))
    }

    func testBoxesAreClippedIntoThePage() {
        let characters = PageCharacters(text: "a", boxes: [Rect(x: -50, y: 780, width: 100, height: 50)], pageSize: page)
        XCTAssertEqual(characters?.boxes, [Rect(x: 0, y: 780, width: 50, height: 12)])
    }

    func testLinesBreakAtLineBreaksAndWhereBoxesLeaveTheLine() {
        let boxes = [Rect(x: 0, y: 0, width: 5, height: 10), Rect(x: 5, y: 0, width: 5, height: 10), Rect(x: 10, y: 0, width: 0, height: 10),
                     Rect(x: 0, y: 20, width: 5, height: 10), Rect(x: 0, y: 40, width: 5, height: 10)]
        XCTAssertEqual(PageCharacters(text: "ab\ncd", boxes: boxes, pageSize: page)?.lines, [0..<2, 3..<4, 4..<5])
    }

    func testALinesAreaRunsFromItsCharactersMedianTopToTheirMedianBottom() throws {
        // A superscript starts above the line; a math symbol's box reaches far below it.
        let boxes = [Rect(x: 0, y: 100, width: 5, height: 10), Rect(x: 5, y: 98, width: 3, height: 6),
                     Rect(x: 8, y: 100, width: 8, height: 19), Rect(x: 16, y: 100, width: 5, height: 10)]
        let characters = try XCTUnwrap(PageCharacters(text: "a²⊆b", boxes: boxes, pageSize: page))
        XCTAssertEqual(characters.extent(ofLine: 0).top, 98)
        XCTAssertEqual(characters.extent(ofLine: 0).bottom, 119)
        XCTAssertEqual(characters.area(ofLine: 0), Rect(x: 0, y: 100, width: 21, height: 10))
    }

    func testTheCacheKeepsTheLastPagesUsed() {
        var cache = PageCharactersCache()
        let characters = PageCharacters(text: "", boxes: [], pageSize: page)!
        for page in 0..<PageCharactersCache.pageLimit { cache.insert(characters, page: page) }
        _ = cache.characters(onPage: 0)
        cache.insert(characters, page: 99)
        XCTAssertNotNil(cache.characters(onPage: 0), "used lately: kept")
        XCTAssertNil(cache.characters(onPage: 1), "the least lately used: dropped")
        XCTAssertEqual(cache.cachedPages.count, PageCharactersCache.pageLimit)
    }
}
