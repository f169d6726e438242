import Fixtures
import Foundation
import XCTest

/// The password prompt, used as a reader does: the password typed, Enter pressed or
/// Unlock clicked; a wrong one said on the same page; Escape or closing stops the check.
final class PasswordWindowTests: XCTestCase {
    private var fixtures: Fixtures!
    override func setUpWithError() throws { fixtures = try Fixtures() }
    override func tearDown() { fixtures = nil }

    /// Adwaita's suggested-action blue: the Unlock button.
    private static let unlockBlue: UInt32 = 0xFF35_84E4
    private static let red: UInt32 = 0xFFCC_3333 // Fixtures.boxColour

    /// Opens a document locked with "s3cret" and waits for its prompt; the script's `steps`
    /// follow once the test proceeds, and Quire's messages go to the session's `errors`.
    private func startAtThePrompt(environment: [String: String] = [:], steps: String) throws -> ScriptedSession {
        let file = try fixtures.encrypted(password: "s3cret")
        let script = """
            "$1" --size 900x700 "$2" & quire=$!
            window=$(appears 30 --onlyvisible --name '^encrypted\\.pdf$' | head -1)
            [ -n "$window" ] || { echo "no window"; kill $quire; exit 1; }
            xdotool windowfocus --sync "$window"
            echo asked
            read answer

            """ + steps
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("password.png"), environment: environment)
        XCTAssertEqual(try session.readLine(), "asked")
        XCTAssertTrue(session.errorsSay("This document is locked"), "no password prompt")
        return session
    }

    private func occurrences(of text: String, in log: String) throws -> Int {
        try String(contentsOfFile: log, encoding: .utf8).components(separatedBy: text).count - 1
    }

    func testAWrongPasswordSaysSoAndTheRightOneTypedOrClickedOpens() throws {
        try QuireRun.requireDisplay()
        let session = try startAtThePrompt(steps: """
            xdotool type 'nope'
            xdotool key Return
            echo typed-wrong
            read answer
            xdotool type 's3cret'
            xdotool mousemove $answer click 1
            echo clicked
            read answer
            kill $quire; wait $quire
            """)
        let prompt = try session.screen { $0.bounds(of: Self.unlockBlue, tolerance: 8) != nil }
        XCTAssertNotNil(prompt.bounds(of: Self.unlockBlue, tolerance: 8), "no Unlock button on screen")

        try session.proceed()
        XCTAssertEqual(try session.readLine(), "typed-wrong")
        XCTAssertTrue(session.errorsSay("The password is incorrect"), "Enter with a wrong password said nothing")
        // Still the prompt, ready for another try: the Unlock button, and no page.
        let again = try session.screen { $0.bounds(of: Self.unlockBlue, tolerance: 8) != nil }
        let button = try XCTUnwrap(again.bounds(of: Self.unlockBlue, tolerance: 8), "the prompt went away after a wrong password")
        XCTAssertNil(again.bounds(of: Self.red), "a page is shown after a wrong password")

        try session.proceed("\(button.x + button.width / 2) \(button.y + button.height / 2)")
        XCTAssertEqual(try session.readLine(), "clicked")
        let unlocked = try session.screen { $0.bounds(of: Self.red) != nil }
        XCTAssertNotNil(unlocked.bounds(of: Self.red), "the right password, then Unlock, did not open the document")
        XCTAssertEqual(try occurrences(of: "The password is incorrect", in: session.errors), 1, "the right password was refused")
    }

    func testEnterWithTheRightPasswordOpens() throws {
        try QuireRun.requireDisplay()
        let session = try startAtThePrompt(steps: """
            xdotool type 's3cret'
            xdotool key Return
            echo typed
            read answer
            kill $quire; wait $quire
            """)
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "typed")
        let unlocked = try session.screen { $0.bounds(of: Self.red) != nil }
        XCTAssertNotNil(unlocked.bounds(of: Self.red), "Enter with the right password did not open the document")
    }

    /// Script lines that type the password, press Enter and wait until its check (made to
    /// hang) runs, leaving the check's process id in $check: the document helper the
    /// helpers' zygote (Quire's only child) made for it, its newest.
    private static let unlockThatHangs = """
        zygote=$(pgrep -o -P $quire)
        xdotool type 's3cret'
        xdotool key Return
        for i in $(seq 600); do check=$(pgrep -n -P $zygote) && break; sleep 0.05; done
        [ -n "$check" ] && echo checking || echo no-check
        read answer

        """

    /// A check of the typed password that hangs, with a time limit far past the 20 s the
    /// test waits for it to end: only stopping it (the window's cancel) ends it in time.
    private static let hangsPastTheTest = ["QUIRE_CHECK_FAULT": "hang-unlocking", "QUIRE_CHECK_SECONDS": "120"]

    /// A check of the typed password that never ends: Escape stops it and empties the window.
    func testEscapeStopsTheCheckOfAPassword() throws {
        try QuireRun.requireDisplay()
        let session = try startAtThePrompt(environment: Self.hangsPastTheTest, steps: Self.unlockThatHangs + """
            xdotool key Escape
            for i in $(seq 400); do kill -0 $check 2>/dev/null || break; sleep 0.05; done
            kill -0 $check 2>/dev/null && echo still-checking || echo stopped
            read answer
            kill $quire; wait $quire
            """)
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "checking")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "stopped", "Escape left the check running")
        // The welcome page: its Open button is the suggested one, and the prompt is gone.
        let welcome = try session.screen { $0.bounds(of: Self.unlockBlue, tolerance: 8) != nil }
        XCTAssertNotNil(welcome.bounds(of: Self.unlockBlue, tolerance: 8), "Escape did not leave the empty window's page")
    }

    /// Closing the window while the typed password is checked: the check ends with Quire.
    func testClosingStopsTheCheckOfAPassword() throws {
        try QuireRun.requireDisplay()
        let session = try startAtThePrompt(environment: Self.hangsPastTheTest, steps: Self.unlockThatHangs + """
            xdotool key ctrl+w
            for i in $(seq 400); do kill -0 $quire 2>/dev/null || break; sleep 0.05; done
            kill -0 $quire 2>/dev/null && echo quire-running || echo quire-ended
            # The helper ends when its parent's socket closes, just after Quire: a moment
            # later, not at once (a zombie left for init to reap has ended too).
            ended() { ! kill -0 $check 2>/dev/null || grep -q '^[^)]*) Z' /proc/$check/stat 2>/dev/null; }
            for i in $(seq 400); do ended && break; sleep 0.05; done
            ended && echo stopped || { echo still-checking; kill -9 $check; }
            read answer
            """)
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "checking")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "quire-ended", "Ctrl+W did not close the last window")
        XCTAssertEqual(try session.readLine(), "stopped", "closing left the check running")
    }
}
