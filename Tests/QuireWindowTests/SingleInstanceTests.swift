import Fixtures
import Foundation
import XCTest

/// With a session bus, a second `quire FILE` hands FILE to the running Quire and exits.
final class SingleInstanceTests: XCTestCase {
    func testASecondLaunchOpensItsFileInTheRunningInstance() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let first = fixtures.long(pages: 3, named: "first.pdf")
        let second = fixtures.long(pages: 3, named: "second.pdf")
        // A session bus of the test's own; xdotool --sync waits for the window itself, and
        // `timeout` only bounds a failure.
        let script = TestEnvironment.ownSessionBus + """
            "$1" "$2" & primary=$!
            appears 30 --name '^first\\.pdf$' >/dev/null || { echo "no first window"; exit 1; }
            timeout 20 "$1" "$SECOND_FILE"; echo "second exited $?"
            appears 30 --name '^second\\.pdf$' >/dev/null && echo "second window shown" || echo "no second window"
            echo "quire processes: $(pgrep -c -P $$ -x quire)"
            kill -0 $primary && echo "primary still running"
            kill $primary; wait $primary
            """
        let session = try ScriptedSession(script: script, file: first, shot: fixtures.path("single.png"), environment: ["SECOND_FILE": second])
        XCTAssertEqual(try session.readLine(), "second exited 0")
        XCTAssertEqual(try session.readLine(), "second window shown")
        XCTAssertEqual(try session.readLine(), "quire processes: 1")
        XCTAssertEqual(try session.readLine(), "primary still running")
    }
}
