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
        // xdotool --sync waits for the window itself; `timeout` only bounds a failure.
        let script = """
            quire="$1"; first="$2"; second="$3"
            "$quire" "$first" & primary=$!
            timeout 30 xdotool search --sync --name '^first\\.pdf$' >/dev/null || { echo "no first window"; exit 1; }
            timeout 20 "$quire" "$second"; echo "second exited $?"
            timeout 30 xdotool search --sync --name '^second\\.pdf$' >/dev/null && echo "second window shown"
            echo "quire processes: $(pgrep -c -P $$ -x quire)"
            kill -0 $primary && echo "primary still running"
            kill $primary; wait $primary
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-run-session")
        process.arguments = ["--", "bash", "-c", script, "sh", QuireRun.executable.path, first, second]
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = nil
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertTrue(text.contains("second exited 0"), text)
        XCTAssertTrue(text.contains("second window shown"), text)
        XCTAssertTrue(text.contains("quire processes: 1"), text)
        XCTAssertTrue(text.contains("primary still running"), text)
    }
}
