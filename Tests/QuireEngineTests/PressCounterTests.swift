import QuireEngine
import XCTest

final class PressCounterTests: XCTestCase {
    private func point(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

    /// GTK 4.8 counted this double press as two single ones: it began 360 ms after a click
    /// 70 pixels away.
    func testADoublePressSoonAfterAClickElsewhereIsADoublePress() {
        var counter = PressCounter(time: 400, distance: 5)
        XCTAssertEqual(counter.press(at: point(220, 839), time: 10_000), 1)
        XCTAssertEqual(counter.press(at: point(247, 769), time: 10_360), 1)
        XCTAssertEqual(counter.press(at: point(247, 769), time: 10_440), 2)
        XCTAssertEqual(counter.press(at: point(248, 770), time: 10_600), 3, "a triple press, within the distance of the first")
    }

    func testTooLateOrTooFarStartsAgain() {
        var counter = PressCounter(time: 400, distance: 5)
        XCTAssertEqual(counter.press(at: point(10, 10), time: 0), 1)
        XCTAssertEqual(counter.press(at: point(10, 10), time: 401), 1, "past the double-click time")
        XCTAssertEqual(counter.press(at: point(15, 10), time: 500), 1, "five pixels away is not within five")
        XCTAssertEqual(counter.press(at: point(18, 13), time: 800), 2, "within time of the press before, within distance of the first")
    }

    func testADragPastTheDistanceEndsTheCount() {
        var counter = PressCounter(time: 400, distance: 5)
        XCTAssertEqual(counter.press(at: point(10, 10), time: 0), 1)
        counter.dragged(to: point(13, 13))
        XCTAssertEqual(counter.press(at: point(10, 10), time: 100), 2, "a drag within the distance keeps the count")
        counter.dragged(to: point(40, 10))
        XCTAssertEqual(counter.press(at: point(10, 10), time: 200), 1)
    }

    func testTheEventClockWrapping() {
        var counter = PressCounter(time: 400, distance: 5)
        XCTAssertEqual(counter.press(at: point(10, 10), time: UInt32.max - 100), 1)
        XCTAssertEqual(counter.press(at: point(10, 10), time: 100), 2)
    }
}
