import QuireEngine
import XCTest

final class FadingMarkTests: XCTestCase {
    func testTheMarkStaysWholeThenFadesOutAndIsGone() throws {
        let box = SyncTeXPlaces.Box(page: 0, x: 10, baseline: 20, width: 10, height: 10, depth: 0)
        let mark = try XCTUnwrap(SyncTeXPlaces.mark([box], pageSizes: [Size(width: 100, height: 100)]))
        let fading = FadingMark(mark, shownAt: 0)
        XCTAssertEqual(fading.opacity(at: 0), 1)
        XCTAssertEqual(fading.opacity(at: FadingMark.steadySeconds), 1)
        XCTAssertEqual(fading.opacity(at: FadingMark.steadySeconds + FadingMark.fadeSeconds / 2), 0.5, accuracy: 1e-9)
        XCTAssertFalse(fading.isOver(at: FadingMark.steadySeconds + FadingMark.fadeSeconds / 2))
        XCTAssertTrue(fading.isOver(at: FadingMark.steadySeconds + FadingMark.fadeSeconds))
        XCTAssertLessThanOrEqual(FadingMark.steadySeconds + FadingMark.fadeSeconds, 2, "a mark lasts a second or two")
    }
}
