import Foundation
import XCTest
@testable import QuireEngine

/// A split view is remembered with its document (`DocumentState+Split`).
extension DocumentStateStoreTests {
    func testASplitViewComesBackWithItsSecondPanesPlaceZoomAndOrientation() throws {
        let identity = fakeIdentity("a")
        let split = DocumentState.Split(place: ViewPlace(page: 39, fraction: 0.25), zoom: .percent(150), orientation: .stacked)
        try store().remember(DocumentState(page: 2, split: split), for: identity)
        let remembered = try XCTUnwrap(store().state(for: identity)?.split)
        XCTAssertEqual(remembered, split)
        XCTAssertEqual(remembered.place, ViewPlace(page: 39, fraction: 0.25))
        XCTAssertEqual(remembered.zoomMode, .percent(150))
        XCTAssertEqual(remembered.orientation, .stacked)
    }

    func testASplitClosedIsForgotten() throws {
        let identity = fakeIdentity("a")
        let split = DocumentState.Split(place: ViewPlace(page: 39, fraction: 0), zoom: .fitWidth, orientation: .sideBySide)
        try store().remember(DocumentState(page: 2, split: split), for: identity)
        try store().remember(DocumentState(page: 2), for: identity)
        XCTAssertNil(store().state(for: identity)?.split)
    }

    /// Written before split views, or by a Quire that knows other orientations: the document's
    /// own state stays, and what is not understood of the split takes its default.
    func testASplitMissingOrNotUnderstoodKeepsTheRestOfTheState() throws {
        try write(#"{"version":1,"documents":[{"path":"/a.pdf","device":1,"inode":2,"lastUsed":5,"#
                  + #""state":{"page":7,"split":{"page":40,"zoom":"fit-page","orientation":"diagonal"}}},"#
                  + #"{"path":"/b.pdf","device":1,"inode":3,"lastUsed":5,"state":{"page":8,"split":"yes"}}]}"#)
        let reopened = store()
        XCTAssertNil(reopened.setAside)
        let a = reopened.state(for: DocumentIdentity(path: "/a.pdf", device: 1, inode: 2))
        XCTAssertEqual(a?.page, 7)
        XCTAssertEqual(a?.split, DocumentState.Split(place: ViewPlace(page: 40, fraction: 0), zoom: .fitPage, orientation: .sideBySide))
        let b = reopened.state(for: DocumentIdentity(path: "/b.pdf", device: 1, inode: 3))
        XCTAssertEqual(b?.page, 8)
        XCTAssertNil(b?.split)
    }

    func testThePanesLieSideBySideInAViewWiderThanTall() {
        XCTAssertEqual(DocumentState.Split.Orientation.fitting(width: 1400, height: 1000), .sideBySide)
        XCTAssertEqual(DocumentState.Split.Orientation.fitting(width: 900, height: 1100), .stacked)
    }
}
