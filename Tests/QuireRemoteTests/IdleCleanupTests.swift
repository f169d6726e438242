@testable import QuireHelper
import QuireWire
import XCTest

/// `IdleCleanup`'s policy, as the render helper's loop follows it: nothing is tidied while
/// questions come, the first pause waits `pause`, then one item at a time with no wait,
/// the oldest answer's pixels first and the heap's trim last; never more than `limit`
/// answers' pixels kept.
final class IdleCleanupTests: XCTestCase {
    func testTidiesOneThingAtATimeOnlyOnceTheWindowPaused() throws {
        var cleanup = IdleCleanup()
        XCTAssertNil(cleanup.wait, "nothing to tidy: the helper waits for questions for ever")
        weak var first: SharedPixels?, second: SharedPixels?
        do {
            let (a, b) = (try SharedPixels(byteCount: 4096), try SharedPixels(byteCount: 4096))
            (first, second) = (a, b)
            cleanup.answered(drawnInto: a, bySplash: true)
            cleanup.answered(drawnInto: b, bySplash: false)
        }
        XCTAssertNotNil(first, "unmapped before the window paused")
        XCTAssertEqual(cleanup.wait, IdleCleanup.pause)
        cleanup.runOne()
        XCTAssertNil(first, "the oldest answer's pixels go first")
        XCTAssertNotNil(second, "one thing at a time")
        XCTAssertEqual(cleanup.wait, 0, "once paused, the next thing without waiting")
        cleanup.asked()
        XCTAssertEqual(cleanup.wait, IdleCleanup.pause, "a question came: wait for the next pause")
        cleanup.runOne()
        XCTAssertNil(second)
        XCTAssertFalse(cleanup.isEmpty, "the heap's trim, after Splash drew, is still to do")
        cleanup.runOne()
        XCTAssertTrue(cleanup.isEmpty)
        XCTAssertNil(cleanup.wait)
    }

    func testKeepsNoMoreThanItsLimitOfAnswers() throws {
        var cleanup = IdleCleanup()
        var kept: [() -> SharedPixels?] = []
        for _ in 0...IdleCleanup.limit {
            let pixels = try SharedPixels(byteCount: 4096)
            kept.append { [weak pixels] in pixels }
            cleanup.answered(drawnInto: pixels, bySplash: false)
        }
        XCTAssertNil(kept[0](), "past the limit the oldest is unmapped at once")
        XCTAssertEqual(kept.dropFirst().filter { $0() != nil }.count, IdleCleanup.limit)
    }
}
