import XCTest
@testable import QuireEngine

final class MarkKeysTests: XCTestCase {
    private func press(_ keys: [MarkKeys.Key]) -> [MarkKeys.Action] {
        var machine = MarkKeys()
        return keys.map { machine.press($0) }
    }

    func testMThenALetterSetsThatMark() {
        XCTAssertEqual(press([.character("m"), .character("a")]), [.taken, .set("a")])
    }

    func testAnApostropheOrABacktickThenALetterGoesToThatMark() {
        XCTAssertEqual(press([.character("'"), .character("a")]), [.taken, .go("a")])
        XCTAssertEqual(press([.character("`"), .character("Z")]), [.taken, .go("Z")])
    }

    func testOtherKeysAreNotTakenSoNAndPStillTurnPages() {
        XCTAssertEqual(press([.character("n"), .character("p"), .character("/"), .other]), [.notTaken, .notTaken, .notTaken, .notTaken])
    }

    func testAModifierOnTheWayToACapitalKeepsTheWait() {
        XCTAssertEqual(press([.character("m"), .modifier, .character("B")]), [.taken, .taken, .set("B")])
    }

    func testEscapeEndsTheWaitAndIsTaken() {
        XCTAssertEqual(press([.character("m"), .escape, .character("a")]), [.taken, .taken, .notTaken])
    }

    func testAnotherKeyEndsTheWaitAndDoesWhatItDoes() {
        XCTAssertEqual(press([.character("m"), .other, .character("a")]), [.taken, .notTaken, .notTaken])
        XCTAssertEqual(press([.character("'"), .character("1"), .character("a")]), [.taken, .notTaken, .notTaken])
        XCTAssertEqual(press([.character("m"), .character("m"), .character("a")]), [.taken, .set("m"), .notTaken], "m is a letter too")
    }

    func testAResetForgetsTheWait() {
        var machine = MarkKeys()
        XCTAssertEqual(machine.press(.character("m")), .taken)
        machine.reset()
        XCTAssertNil(machine.waiting)
        XCTAssertEqual(machine.press(.character("a")), .notTaken)
    }
}
