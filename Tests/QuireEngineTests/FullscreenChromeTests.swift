import XCTest
@testable import QuireEngine

/// Fullscreen's header bar comes when the pointer reaches for it and goes when it leaves;
/// a presentation's pointer hides once it rests.
final class FullscreenChromeTests: XCTestCase {
    func testThePointerAtTheTopShowsTheHeaderBarAndItStaysWhileThePointerIsOverIt() {
        var chrome = FullscreenChrome()
        XCTAssertEqual(chrome.pointer(atY: 300, headerHeight: 46, busy: false), .unchanged)
        XCTAssertEqual(chrome.pointer(atY: 10, headerHeight: 46, busy: false), .unchanged, "shown before the pointer touched the top")
        XCTAssertEqual(chrome.pointer(atY: 0, headerHeight: 46, busy: false), .show)
        XCTAssertEqual(chrome.pointer(atY: 50, headerHeight: 46, busy: false), .stay, "the slack below it hid it")
        XCTAssertEqual(chrome.pointer(atY: 200, headerHeight: 46, busy: false), .hideSoon)
        XCTAssertEqual(chrome.pointer(atY: 300, headerHeight: 46, busy: false), .unchanged, "a second hide was asked for")
        XCTAssertTrue(chrome.hideDue(busy: false))
        XCTAssertFalse(chrome.headerShown)
    }

    func testAPointerBackInTimeKeepsIt() {
        var chrome = FullscreenChrome()
        _ = chrome.pointer(atY: 0, headerHeight: 46, busy: false)
        XCTAssertEqual(chrome.pointer(atY: 200, headerHeight: 46, busy: false), .hideSoon)
        XCTAssertEqual(chrome.pointer(atY: 20, headerHeight: 46, busy: false), .stay)
        XCTAssertFalse(chrome.hideDue(busy: false), "hidden although the pointer came back")
        XCTAssertTrue(chrome.headerShown)
    }

    func testAnOpenMenuKeepsIt() {
        var chrome = FullscreenChrome()
        _ = chrome.pointer(atY: 0, headerHeight: 46, busy: false)
        XCTAssertEqual(chrome.pointer(atY: 400, headerHeight: 46, busy: true), .stay, "the pointer in its menu hid it")
        XCTAssertEqual(chrome.pointer(atY: 400, headerHeight: 46, busy: false), .hideSoon)
        XCTAssertFalse(chrome.hideDue(busy: true), "hidden while its page entry was typed in")
        XCTAssertTrue(chrome.headerShown)
    }

    /// Ctrl+L types into the page entry: the reader sees it, and it goes once typed, where
    /// the pointer is far from it.
    func testAKeyThatUsesTheHeaderBarShowsItUntilItIsDoneWith() {
        var chrome = FullscreenChrome()
        XCTAssertEqual(chrome.reached(), .show)
        XCTAssertEqual(chrome.pointer(atY: 600, headerHeight: 46, busy: true), .stay, "hidden while its entry is typed in")
        XCTAssertEqual(chrome.reached(), .stay)
        XCTAssertEqual(chrome.pointer(atY: 600, headerHeight: 46, busy: false), .hideSoon)
        XCTAssertTrue(chrome.hideDue(busy: false))
        XCTAssertFalse(chrome.headerShown)
    }

    func testAPresentationsPointerCountsOnlyRealMoves() {
        var pointer = FullscreenChrome.PointerRest()
        XCTAssertTrue(pointer.moved(to: Point(x: 100, y: 100)))
        XCTAssertFalse(pointer.moved(to: Point(x: 101, y: 100)), "a still pointer counted as moving")
        XCTAssertTrue(pointer.moved(to: Point(x: 110, y: 100)))
    }
}
