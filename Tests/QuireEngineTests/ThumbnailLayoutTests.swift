import XCTest
@testable import QuireEngine

final class ThumbnailLayoutTests: XCTestCase {
    private let letter = Size(width: 612, height: 792)
    private let landscape = Size(width: 792, height: 612)

    func testOneColumnInANarrowSidebarAndMoreWhenWide() {
        var layout = ThumbnailLayout(pageSizes: Array(repeating: letter, count: 10), width: 200)
        XCTAssertEqual(layout.columns, 1)
        XCTAssertEqual(layout.rowCount, 10)
        layout.setWidth(ThumbnailLayout.cellWidth * 3 + 10)
        XCTAssertEqual(layout.columns, 3)
        XCTAssertEqual(layout.rowCount, 4)
        XCTAssertEqual(layout.cellRect(4).y, layout.cellRect(3).y, "pages 4 and 5 share a row")
        XCTAssertGreaterThan(layout.cellRect(4).x, layout.cellRect(3).x)
    }

    func testPicturesFitTheSquareKeepingTheirShape() {
        let layout = ThumbnailLayout(pageSizes: [letter, landscape], width: 200)
        XCTAssertEqual(layout.pictureSize(0).height, ThumbnailLayout.pictureSide)
        XCTAssertEqual(layout.pictureSize(0).width, (ThumbnailLayout.pictureSide * 612 / 792).rounded())
        XCTAssertEqual(layout.pictureSize(1).width, ThumbnailLayout.pictureSide)
        XCTAssertLessThan(layout.cellRect(1).height, layout.cellRect(0).height, "a landscape row is lower")
        let picture = layout.pictureRect(0), label = layout.labelRect(0)
        XCTAssertLessThanOrEqual(picture.maxY, label.y, "the label is under the picture")
    }

    func testVisiblePagesAndHitTesting() {
        let layout = ThumbnailLayout(pageSizes: Array(repeating: letter, count: 5_000), width: 200)
        let row = layout.cellRect(0).height
        XCTAssertEqual(layout.pages(top: 0, height: row * 4), 0..<4)
        XCTAssertEqual(layout.pages(top: row * 1000 + 1, height: row * 4), 1000..<1005)
        XCTAssertEqual(layout.page(at: Point(x: 100, y: row * 2500 + 5)), 2500)
        XCTAssertNil(layout.page(at: Point(x: 100, y: layout.contentHeight + 1)))
    }

    func testThePlanIsWhatIsShownAndOneScreenAheadNothingMore() {
        let layout = ThumbnailLayout(pageSizes: Array(repeating: letter, count: 5_000), width: 200)
        let row = layout.cellRect(0).height
        let down = layout.plan(top: row * 100, height: row * 5, scrollingDown: true)
        XCTAssertEqual(down.shown, 100..<105)
        XCTAssertEqual(down.ahead, Array(105..<110))
        let up = layout.plan(top: row * 100, height: row * 5, scrollingDown: false)
        XCTAssertEqual(up.ahead, Array((95..<100).reversed()), "nearest first against the scroll")
        let top = layout.plan(top: 0, height: row * 5, scrollingDown: false)
        XCTAssertEqual(top.ahead, [], "nothing above the first page")
    }

    func testRevealCentresAPageOutOfView() {
        let layout = ThumbnailLayout(pageSizes: Array(repeating: letter, count: 100), width: 200)
        let row = layout.cellRect(0).height
        XCTAssertNil(layout.reveal(2, top: 0, height: row * 5))
        let top = try! XCTUnwrap(layout.reveal(50, top: 0, height: row * 5))
        XCTAssertEqual(top, layout.cellRect(50).midY - row * 2.5, accuracy: 0.001)
        XCTAssertEqual(layout.reveal(99, top: 0, height: row * 5), layout.contentHeight - row * 5, "clamped at the end")
    }
}
