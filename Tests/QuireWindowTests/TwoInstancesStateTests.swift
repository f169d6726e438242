import Fixtures
import Foundation
import XCTest

/// Without a session bus each `quire` is a process of its own, and all of them share one
/// `documents.json`: one quitting last must not write its stale copy over the places the
/// others remembered.
final class TwoInstancesStateTests: XCTestCase {
    func testQuittingASecondInstanceKeepsWhereTheFirstLeftItsDocument() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let first = fixtures.long(pages: 40, named: "first.pdf")
        let second = fixtures.long(pages: 40, named: "second.pdf")
        let stateHome = freshStateHome()
        // No bus address and a runtime folder without a bus (TestEnvironment):
        // `SessionBus.isAvailable` is false, so each Quire runs alone.
        // Both windows are up (so both have read the state file) before the first one moves.
        let script = ScriptedSession.start(title: "first.pdf", arguments: "--size 1000x800") + """
            first=$quire; firstWindow=$window
            "$1" --size 1000x800 "$SECOND_FILE" & second=$!
            secondWindow=$(appears 30 --onlyvisible --name '^second\\.pdf$' | head -1)
            [ -n "$secondWindow" ] || { echo "no second window"; kill $first $second; exit 1; }
            echo "processes: $(pgrep -c -P $$ -x quire)"
            xdotool windowfocus --sync "$firstWindow"
            xdotool key ctrl+l
            xdotool type '23'
            xdotool key Return ctrl+q
            wait $first
            echo "after the first: $(cat "$XDG_STATE_HOME/quire/documents.json")"
            xdotool windowfocus --sync "$secondWindow"
            xdotool key ctrl+q
            wait $second
            echo closed
            read answer
            """
        let session = try ScriptedSession(script: script, file: first, shot: fixtures.path("two-instances.png"),
                                          stateHome: stateHome, environment: ["SECOND_FILE": second])
        XCTAssertEqual(try session.readLine(), "processes: 2", "the second launch did not run as a process of its own")
        let afterTheFirst = try session.readLine()
        XCTAssertTrue(afterTheFirst.contains(#"first.pdf","#) && afterTheFirst.contains(#""page":22,"#),
                      "the first instance did not remember page 23 on quitting: \(afterTheFirst)")
        XCTAssertEqual(try session.readLine(), "closed")

        let reopened = try QuireRun.run(["--snapshot", fixtures.path("reopened.png"), "--size", "1000x800", first],
                                        environment: ["XDG_STATE_HOME": stateHome])
        XCTAssertEqual(reopened.status, 0, reopened.standardError)
        XCTAssertTrue(reopened.standardOutput.contains("page=23/40"), reopened.standardOutput)
    }
}
