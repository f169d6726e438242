import XCTest
@testable import QuireEngine

/// Which view the sidebar shows, and when it reads the outline.
final class SidebarChoiceTests: XCTestCase {
    func testTheOutlineIsReadOnceTheSidebarIsOpenAndTheFirstViewDrawnOnce() {
        var choice = SidebarChoice()
        XCTAssertEqual(choice.attached(), .outline)
        XCTAssertFalse(choice.drewFirstView(), "closed: nothing to read it for")
        XCTAssertTrue(choice.opened(on: nil, chosen: true))
        XCTAssertEqual(choice.outline, .reading)
        XCTAssertFalse(choice.outlineKnown)
        choice.closed()
        XCTAssertFalse(choice.opened(on: nil, chosen: true), "read once a document")
        XCTAssertNil(choice.outlineRead(.entries))
        XCTAssertTrue(choice.outlineKnown)

        var early = SidebarChoice()
        _ = early.attached()
        XCTAssertFalse(early.opened(on: .outline, chosen: false), "not before the first view is drawn")
        XCTAssertTrue(early.drewFirstView())
    }

    func testADocumentWithoutAnOutlineShowsThumbnailsUnlessTheReaderChose() {
        var choice = SidebarChoice()
        _ = choice.attached()
        _ = choice.drewFirstView()
        _ = choice.opened(on: .outline, chosen: false) // remembered, not chosen
        XCTAssertEqual(choice.outlineRead(.empty), .thumbnails)
        _ = choice.attached()
        _ = choice.drewFirstView()
        XCTAssertEqual(choice.outlineRead(.unreadable), .thumbnails, "unreadable: the thumbnails too")

        var chose = SidebarChoice()
        _ = chose.attached()
        _ = chose.drewFirstView()
        _ = chose.opened(on: .outline, chosen: true) // --sidebar outline
        XCTAssertNil(chose.outlineRead(.empty), "the reader asked for the outline: it stays, saying there is none")
    }

    func testTheReadersChoiceStaysFromOneDocumentToTheNext() {
        var choice = SidebarChoice()
        _ = choice.attached()
        _ = choice.opened(on: nil, chosen: true)
        _ = choice.switchedByReader()
        XCTAssertTrue(choice.chosen)
        XCTAssertNil(choice.attached(), "the next document keeps the view")
        XCTAssertEqual(choice.outline, .notRead, "but reads its own outline")
        XCTAssertTrue(choice.drewFirstView())
    }
}
