import Fixtures
import Foundation
import XCTest

/// The pages as a screen reader finds them (issue 47, item 1), read over AT-SPI by Debian's
/// pyatspi from a real window: each run has a session bus and an accessibility bus of its
/// own (`AccessibleSession`), so nothing reaches a bus outside the test.
final class AccessibilityWindowTests: XCTestCase {
    func testThePagesInViewAreTextNodesThatScrollingReplaces() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let session = try AccessibleSession(file: fixtures.dense(pages: 50), shot: fixtures.path("dense"))
        let first = try XCTUnwrap(session.poll { $0.page("Page 1 of 50")?.text == Self.denseText(page: 1) ? $0 : nil },
                                  "page 1's node with its text: \(session.last)")
        XCTAssertEqual(first.role, "document text")
        XCTAssertEqual(first.name, "dense.pdf")
        let page1 = try XCTUnwrap(first.page("Page 1 of 50"))
        XCTAssertEqual(page1.flowsTo, "Page 2 of 50")
        XCTAssertNotNil(first.page("Page 2 of 50"), "the page after the view has a node too")
        // Over the page as drawn: a Letter page's shape, at the top of the view, in the window.
        XCTAssertEqual(Double(page1.extents[2]) / Double(page1.extents[3]), 612.0 / 792, accuracy: 0.02, "\(page1.extents)")
        XCTAssertTrue((0..<700).contains(page1.extents[0]) && (20..<200).contains(page1.extents[1]), "\(page1.extents)")
        XCTAssertGreaterThan(page1.extents[3], 500)

        try session.go(toPage: 40)
        let later = session.poll { $0.page("Page 40 of 50")?.text == Self.denseText(page: 40) ? $0 : nil }
        XCTAssertNotNil(later, "page 40's node with its text: \(session.last)")
        XCTAssertNil(later?.page("Page 1 of 50"), "page 1's node was given to another page")
        XCTAssertLessThanOrEqual(later?.pages.count ?? 0, 6, "the pool is bounded")
    }

    func testAScannedPageSaysItHasNoText() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let session = try AccessibleSession(file: fixtures.scanned(), shot: fixtures.path("scanned"))
        let tree = session.poll { $0.page("Page 2 of 3")?.text.isEmpty == false && $0.page("Page 1 of 3")?.description.isEmpty == false ? $0 : nil }
        let scan = try XCTUnwrap(tree?.page("Page 1 of 3"), "page 1's node: \(session.last)")
        XCTAssertEqual(scan.text, "This page has no text.")
        XCTAssertTrue(scan.description.contains("no text"), scan.description)
        XCTAssertEqual(tree?.page("Page 2 of 3")?.text.trimmingCharacters(in: .whitespacesAndNewlines), "A page of text with a small picture.")
    }

    /// Where GNOME keeps an accessibility bus for everyone, the pages cost nothing until a
    /// screen reader listens: none of their nodes once the page is drawn, then all of them
    /// when one starts (as Orca does, through org.a11y.Status).
    func testThePagesHaveNodesOnlyOnceAScreenReaderListens() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let session = try AccessibleSession(file: fixtures.dense(pages: 50), shot: fixtures.path("quiet"), screenReader: false)
        // The first page drawn: its nodes would be made in the next frames.
        _ = try session.stillScreen { $0.darkPixels(x: 200, y: 100, width: 1000, height: 400) > 2000 }
        let quiet = try XCTUnwrap(session.poll { $0.name == "dense.pdf" ? $0 : nil }, "no document node: \(session.last)")
        XCTAssertEqual(quiet.pages.count, 0, "page nodes without a screen reader: \(session.last)")
        try session.screenReaderStarts()
        XCTAssertNotNil(session.poll { $0.page("Page 1 of 50")?.text == Self.denseText(page: 1) ? $0 : nil },
                        "no page nodes once a screen reader listens: \(session.last)")
    }

    /// `Fixtures.dense`'s text of `page` (from 1), as poppler reads it.
    static func denseText(page: Int) -> String {
        (1...50).map { "Page \(page) line \($0): the quick brown fox jumps over the lazy dog again." }.joined(separator: "\n")
    }
}
