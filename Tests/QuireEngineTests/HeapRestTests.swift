import XCTest
@testable import QuireEngine

/// Times in these tests assume `HeapRest.rest` is half a second.
final class HeapRestTests: XCTestCase {
    func testTheRestIsHalfASecond() { XCTAssertEqual(HeapRest.rest, 0.5) }

    func testTheHeapIsTrimmedOnceTheFramesHaveRested() {
        var rest = HeapRest()
        XCTAssertTrue(rest.painted(at: 10), "the first frame makes a check ready")
        XCTAssertEqual(rest.check(at: 10 + HeapRest.rest), .trim)
    }

    func testFramesPaintedMeanwhileMoveTheTrimLaterWithOneCheckWaiting() {
        var rest = HeapRest()
        XCTAssertTrue(rest.painted(at: 10))
        XCTAssertFalse(rest.painted(at: 10.25), "a check is waiting already")
        XCTAssertFalse(rest.painted(at: 10.5))
        XCTAssertEqual(rest.check(at: 10.75), .again(after: 0.25), "0.25 s since the last frame: 0.25 s more")
        XCTAssertFalse(rest.painted(at: 10.875), "the check is still waiting")
        XCTAssertEqual(rest.check(at: 11), .again(after: 0.375))
        XCTAssertEqual(rest.check(at: 11.375), .trim)
    }

    func testNothingWaitsOrIsTrimmedAgainUntilAnotherFrame() {
        var rest = HeapRest()
        _ = rest.painted(at: 10)
        XCTAssertEqual(rest.check(at: 11), .trim)
        XCTAssertEqual(rest.check(at: 20), .nothing, "no frame since the trim: nothing was freed")
        XCTAssertTrue(rest.painted(at: 30), "a frame after the trim makes a new check ready")
        XCTAssertEqual(rest.check(at: 31.5), .trim)
    }
}
