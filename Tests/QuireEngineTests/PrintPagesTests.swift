import XCTest
@testable import QuireEngine

/// One page a side: the pages to draw, in order.
private extension PrintPages {
    func pages(_ count: Int) -> [Int] { sheets(count: count, layout: .single).flatMap { $0 } }
}

final class PrintPagesTests: XCTestCase {
    func testRangesAsPeopleTypeThem() {
        XCTAssertEqual(PrintPages.ranges(parsing: "2-3"), [1...2])
        XCTAssertEqual(PrintPages.ranges(parsing: "1, 4-5 ,9"), [0...0, 3...4, 8...8])
        XCTAssertEqual(PrintPages.ranges(parsing: "7-"), [6...Int.max])
        XCTAssertEqual(PrintPages.ranges(parsing: "-3"), [0...2])
    }

    func testMalformedRangesAreRefused() {
        for text in ["", "0", "3-2", "a", "1-2-3", "-", "2,,3", "1.5"] {
            XCTAssertNil(PrintPages.ranges(parsing: text), text)
        }
    }

    func testAllAndCurrent() {
        XCTAssertEqual(PrintPages().pages(4), [0, 1, 2, 3])
        XCTAssertEqual(PrintPages(.current(2)).pages(4), [2])
        XCTAssertEqual(PrintPages().pages(0), [])
    }

    func testRangesAreClampedToTheDocumentInTheOrderGiven() {
        XCTAssertEqual(PrintPages(.ranges([4...5, 1...2])).pages(6), [4, 5, 1, 2])
        XCTAssertEqual(PrintPages(.ranges([3...Int.max])).pages(5), [3, 4])
        XCTAssertEqual(PrintPages(.ranges([7...9, 2...2])).pages(5), [2])
    }

    func testOddAndEvenSheetsCountThePagesChosen() {
        // As GTK counts them: the first, third… of the chosen pages, not odd page numbers.
        XCTAssertEqual(PrintPages(.ranges([1...5]), sheets: .odd).pages(10), [1, 3, 5])
        XCTAssertEqual(PrintPages(.ranges([1...5]), sheets: .even).pages(10), [2, 4])
    }

    func testReversed() {
        XCTAssertEqual(PrintPages(.ranges([0...2]), reversed: true).pages(5), [2, 1, 0])
        XCTAssertEqual(PrintPages(sheets: .odd, reversed: true).pages(5), [4, 2, 0])
    }
}
