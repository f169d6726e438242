import QuireEngine
import XCTest

/// `tr` and `trn` without a bound catalog (as in every unit test): the English message,
/// its placeholders filled.
final class TranslationTests: XCTestCase {
    func testPlaceholdersAreFilledInAnyOrder() {
        XCTAssertEqual(tr("{current} of {total}", ["total": "120", "current": "3"]), "3 of 120")
    }

    func testAValueHoldingBracesIsNotFilledAgain() {
        XCTAssertEqual(tr("“{path}” was not opened: {detail}.", ["path": "{detail}.pdf", "detail": "no"]), "“{detail}.pdf” was not opened: no.")
    }

    func testUnknownAndUnclosedBracesStayAsWritten() {
        XCTAssertEqual(tr("{a} {b} {c", ["a": "1"]), "1 {b} {c")
    }

    func testThePluralFormFollowsTheCount() {
        XCTAssertEqual(trn("{count} match", "{count} matches", 1), "1 match")
        XCTAssertEqual(trn("{count} match", "{count} matches", 12), "12 matches")
        XCTAssertEqual(trn("{count} match", "{count} matches", 0), "0 matches")
    }

    func testAGivenCountWinsOverThePlainNumber() {
        XCTAssertEqual(trn("{count} font", "{count} fonts", 1234, ["count": "1,234"]), "1,234 fonts")
    }

    func testMarkingAloneLeavesTheMessageAsItIs() {
        XCTAssertEqual(N_("Moving Around"), "Moving Around")
    }
}
