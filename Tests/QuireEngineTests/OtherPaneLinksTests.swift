import XCTest
@testable import QuireEngine

final class OtherPaneLinksTests: XCTestCase {
    func testAShiftClickGoesToTheOtherPaneSplitOrNot() {
        XCTAssertTrue(OtherPaneLinks.opensInOtherPane(shift: true, fromPreview: false, splitOpen: false))
        XCTAssertTrue(OtherPaneLinks.opensInOtherPane(shift: true, fromPreview: true, splitOpen: true))
    }

    func testAPreviewClickedGoesToTheOtherPaneOnlyWhileSplit() {
        XCTAssertTrue(OtherPaneLinks.opensInOtherPane(shift: false, fromPreview: true, splitOpen: true))
        XCTAssertFalse(OtherPaneLinks.opensInOtherPane(shift: false, fromPreview: true, splitOpen: false))
    }

    func testAPlainClickMovesThePaneClicked() {
        XCTAssertFalse(OtherPaneLinks.opensInOtherPane(shift: false, fromPreview: false, splitOpen: true))
    }
}
