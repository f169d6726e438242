import XCTest
@testable import QuireEngine

final class EarlyOpeningsTests: XCTestCase {
    func testAFileNamedTwiceIsOpenedOnceAndTakenOverOnce() {
        var early = EarlyOpenings<Int>()
        var made = 0
        early.start("/a.pdf") { made += 1; return made }
        early.start("/a.pdf") { made += 1; return made }
        early.start("/b.pdf") { made += 1; return made }
        XCTAssertEqual(made, 2)
        XCTAssertEqual(early.take(for: DocumentSource(path: "/a.pdf")), 1)
        XCTAssertNil(early.take(for: DocumentSource(path: "/a.pdf")), "taken once")
        XCTAssertEqual(early.take(for: DocumentSource(path: "/b.pdf")), 2)
    }

    func testAPasswordOrAnotherFileStartsAfresh() {
        var early = EarlyOpenings<Int>()
        early.start("/a.pdf") { 1 }
        XCTAssertNil(early.take(for: DocumentSource(path: "/a.pdf", password: "secret")))
        XCTAssertNil(early.take(for: DocumentSource(path: "/c.pdf")))
        XCTAssertEqual(early.take(for: DocumentSource(path: "/a.pdf")), 1)
    }
}
