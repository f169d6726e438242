import XCTest
@testable import QuireEngine

final class LinkPreviewPlacementTests: XCTestCase {
    /// A 640 × 260 strip: a popover of 324 pixels at most with its chrome.
    private let strip = Size(width: 640, height: 260)
    private let view = Size(width: 1350, height: 940)

    func testALineOfTextHasItBelowTheLink() {
        let link = Rect(x: 53, y: 117, width: 160, height: 21)
        let placement = LinkPreviewPlacement(strip: strip, link: link, pointer: Point(x: 100, y: 125), view: view)
        XCTAssertEqual(placement, LinkPreviewPlacement(strip: strip, link: link, pointer: Point(x: 200, y: 130), view: view), "the pointer does not matter")
        XCTAssertEqual(placement.rect, link)
        XCTAssertTrue(placement.below)
    }

    func testALinkNearTheViewsFootHasItAbove() {
        let link = Rect(x: 53, y: 800, width: 160, height: 21)
        let placement = LinkPreviewPlacement(strip: strip, link: link, pointer: Point(x: 100, y: 810), view: view)
        XCTAssertEqual(placement.rect, link)
        XCTAssertFalse(placement.below)
    }

    func testALinkPartlyOutOfViewIsPointedAtWhereItShows() {
        let link = Rect(x: -100, y: -400, width: 600, height: 500)
        let placement = LinkPreviewPlacement(strip: strip, link: link, pointer: Point(x: 300, y: 50), view: view)
        XCTAssertEqual(placement.rect, Rect(x: 0, y: 0, width: 500, height: 100))
        XCTAssertTrue(placement.below)
    }

    /// Issue 45: a title page all of it a link, at 106 %, runs past the view's foot; its
    /// whole rect left GTK a popover of negative height.
    func testALinkFillingTheViewHasItByThePointerOnTheSideWithMoreRoom() {
        let link = Rect(x: 300, y: 51, width: 763, height: 1300)
        let high = LinkPreviewPlacement(strip: strip, link: link, pointer: Point(x: 650, y: 400), view: view)
        XCTAssertEqual(high.rect, Rect(x: 642, y: 392, width: 16, height: 16))
        XCTAssertTrue(high.below)
        let low = LinkPreviewPlacement(strip: strip, link: link, pointer: Point(x: 650, y: 700), view: view)
        XCTAssertEqual(low.rect, Rect(x: 642, y: 692, width: 16, height: 16))
        XCTAssertFalse(low.below)
    }

    /// At Fit Page the link ends above the view's foot, but not by the popover's height.
    func testALinkLeavingTooLittleRoomBelowAndAboveHasItByThePointer() {
        let link = Rect(x: 350, y: 45, width: 680, height: 860)
        let placement = LinkPreviewPlacement(strip: strip, link: link, pointer: Point(x: 700, y: 450), view: view)
        XCTAssertEqual(placement.rect, Rect(x: 692, y: 442, width: 16, height: 16))
        XCTAssertTrue(placement.below)
    }

    func testThePointedRectIsNeverEmptyNorOutOfView() {
        let small = Size(width: 300, height: 200)
        for pointer in [Point(x: 0, y: 0), Point(x: 300, y: 200), Point(x: -50, y: 900), Point(x: .infinity, y: -.infinity)] {
            let placement = LinkPreviewPlacement(strip: strip, link: Rect(x: -10, y: -10, width: 400, height: 400), pointer: pointer, view: small)
            XCTAssertGreaterThanOrEqual(placement.rect.width, 1)
            XCTAssertGreaterThanOrEqual(placement.rect.height, 1)
            XCTAssertTrue(placement.rect.x >= 0 && placement.rect.y >= 0 && placement.rect.x < 300 && placement.rect.y < 200, "\(placement.rect) for \(pointer)")
        }
        let offView = LinkPreviewPlacement(strip: strip, link: Rect(x: 0, y: 5000, width: 100, height: 20), pointer: Point(x: 50, y: 100), view: view)
        XCTAssertTrue(offView.rect.y < view.height)
    }
}
