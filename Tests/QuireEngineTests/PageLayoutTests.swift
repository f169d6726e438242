import XCTest
@testable import QuireEngine

final class PageLayoutTests: XCTestCase {
    private let letter = Size(width: 612, height: 792)

    func testPagesStackTopToBottomWithGaps() {
        let layout = PageLayout(pageSizes: [letter, letter, letter], zoom: .percent(100), viewport: Size(width: 1000, height: 800), gap: 10)
        let scale = 96.0 / 72.0
        XCTAssertEqual(layout.scale, scale, accuracy: 1e-9)
        XCTAssertEqual(layout.pageRect(0).y, 10)
        XCTAssertEqual(layout.pageRect(1).y, 10 + 792 * scale + 10, accuracy: 1e-9)
        XCTAssertEqual(layout.contentSize.height, 3 * 792 * scale + 4 * 10, accuracy: 1e-9)
    }

    func testFitWidthFillsViewportWidthLessGaps() {
        let layout = PageLayout(pageSizes: [letter, Size(width: 306, height: 396)], zoom: .fitWidth, viewport: Size(width: 824, height: 600), gap: 12)
        XCTAssertEqual(layout.pageRect(0).width, 800, accuracy: 1e-9)
        XCTAssertEqual(layout.pageRect(0).x, 12)
        // The narrower page is centred.
        XCTAssertEqual(layout.pageRect(1).x, ((824 - 400) / 2).rounded(.down))
    }

    func testFitPageShowsWholeTallestPage() {
        let layout = PageLayout(pageSizes: [letter], zoom: .fitPage, viewport: Size(width: 2000, height: 816), gap: 12)
        XCTAssertEqual(layout.pageRect(0).height, 792, accuracy: 1e-9)
    }

    func testZoomIsClampedToSupportedRange() {
        var layout = PageLayout(pageSizes: [letter], zoom: .fitWidth, viewport: Size(width: 30, height: 30))
        XCTAssertEqual(layout.scale, 0.1 * 96 / 72, accuracy: 1e-9)
        layout.setZoom(.percent(100_000))
        XCTAssertEqual(layout.scale, 64 * 96 / 72, accuracy: 1e-9)
    }

    func testVisiblePagesMatchBruteForceForMixedSizes() {
        var generator = SeededGenerator(seed: 7)
        let sizes = (0..<500).map { _ in Size(width: Double.random(in: 100...900, using: &generator), height: Double.random(in: 50...1200, using: &generator)) }
        let layout = PageLayout(pageSizes: sizes, zoom: .percent(75), viewport: Size(width: 900, height: 700))
        for _ in 0..<200 {
            let y = Double.random(in: -100...layout.contentSize.height, using: &generator)
            let rect = Rect(x: 0, y: y, width: 900, height: Double.random(in: 1...3000, using: &generator))
            let expected = (0..<sizes.count).filter { page in
                let r = layout.pageRect(page)
                return r.y < rect.maxY && r.maxY + layout.gap > rect.y
            }
            let found = Array(layout.pages(in: rect))
            XCTAssertEqual(found.first, expected.first, "at y \(y)")
            XCTAssertEqual(found.last, expected.last, "at y \(y)")
        }
    }

    func testMostVisiblePageIsTheOneShowingMostArea() {
        let layout = PageLayout(pageSizes: [letter, letter], zoom: .percent(100), viewport: Size(width: 900, height: 700), gap: 10)
        let secondTop = layout.pageRect(1).y
        XCTAssertEqual(layout.mostVisiblePage(in: Rect(x: 0, y: secondTop - 300, width: 900, height: 700)), 1)
        XCTAssertEqual(layout.mostVisiblePage(in: Rect(x: 0, y: secondTop - 500, width: 900, height: 700)), 0)
    }

    func testAnchorSurvivesAZoomChange() {
        var layout = PageLayout(pageSizes: Array(repeating: letter, count: 20), zoom: .percent(100), viewport: Size(width: 900, height: 700))
        let y = layout.contentY(page: 7, fraction: 0.25)
        let anchor = layout.anchor(atContentY: y)
        XCTAssertEqual(anchor.page, 7)
        XCTAssertEqual(anchor.fraction, 0.25, accuracy: 1e-9)
        layout.setZoom(.percent(250))
        let moved = layout.anchor(atContentY: layout.contentY(page: anchor.page, fraction: anchor.fraction))
        XCTAssertEqual(moved.page, 7)
        XCTAssertEqual(moved.fraction, 0.25, accuracy: 1e-9)
    }

    func testAdoptingARealPageSizeMovesTheFollowingPages() {
        var layout = PageLayout(pageSizes: [letter, letter, letter], zoom: .percent(100), viewport: Size(width: 900, height: 700))
        let before = layout.pageRect(2).y
        layout.setPageSize(Size(width: 612, height: 396), at: 1)
        XCTAssertEqual(layout.pageRect(2).y, before - 396 * layout.scale, accuracy: 1e-9)
    }

    func testTenThousandPagesCostOnlyArrays() {
        let layout = PageLayout(pageSizes: Array(repeating: letter, count: 10_000), zoom: .fitWidth, viewport: Size(width: 900, height: 700))
        let last = layout.pageRect(9_999)
        XCTAssertEqual(Array(layout.pages(in: Rect(x: 0, y: last.y + 1, width: 900, height: 100))), [9_999])
    }
}

/// A deterministic random source so that property checks fail the same way every time.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
