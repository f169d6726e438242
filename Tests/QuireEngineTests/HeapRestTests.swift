import XCTest
@testable import QuireEngine

/// Times are counted in quarters of `HeapRest.rest` (exact in binary, whatever the rest).
final class HeapRestTests: XCTestCase {
    private let quarter = HeapRest.rest / 4

    func testTheHeapIsTrimmedOnceTheFramesHaveRested() {
        var rest = HeapRest()
        XCTAssertTrue(rest.painted(at: 10), "the first frame makes a check ready")
        XCTAssertEqual(rest.check(at: 10 + 3 * quarter), .again(after: quarter), "too soon")
        XCTAssertEqual(rest.check(at: 10 + HeapRest.rest), .trim)
    }

    func testFramesPaintedMeanwhileMoveTheTrimLaterWithOneCheckWaiting() {
        var rest = HeapRest()
        XCTAssertTrue(rest.painted(at: 10))
        XCTAssertFalse(rest.painted(at: 10 + quarter), "a check is waiting already")
        XCTAssertFalse(rest.painted(at: 10 + 2 * quarter))
        XCTAssertEqual(rest.check(at: 10 + 4 * quarter), .again(after: 2 * quarter), "half a rest since the last frame: half more")
        XCTAssertFalse(rest.painted(at: 10 + 5 * quarter), "the check is still waiting")
        XCTAssertEqual(rest.check(at: 10 + 6 * quarter), .again(after: 3 * quarter))
        XCTAssertEqual(rest.check(at: 10 + 9 * quarter), .trim)
    }

    func testNothingWaitsOrIsTrimmedAgainUntilAnotherFrame() {
        var rest = HeapRest()
        _ = rest.painted(at: 10)
        XCTAssertEqual(rest.check(at: 10 + HeapRest.rest), .trim)
        XCTAssertEqual(rest.check(at: 20), .nothing, "no frame since the trim: nothing was freed")
        XCTAssertTrue(rest.painted(at: 30), "a frame after the trim makes a new check ready")
        XCTAssertEqual(rest.check(at: 30 + HeapRest.rest), .trim)
    }
}
