import Fixtures
import Foundation
import XCTest

/// A document opens where its reader left it: page, turn and sidebar are remembered on
/// closing, in `$XDG_STATE_HOME/quire/documents.json`, for that file only.
final class RememberedStateTests: XCTestCase {
    private var fixtures: Fixtures!
    override func setUpWithError() throws { fixtures = try Fixtures() }
    override func tearDown() { fixtures = nil }

    /// Opens `file` in a 1000×800 window, presses `keys` (xdotool key names; a quoted word
    /// is typed), closes the window with Ctrl+W and waits until Quire has ended.
    private func read(_ file: String, typing keys: String, stateHome: String) throws {
        try QuireRun.requireDisplay()
        let steps = keys.split(separator: " ").map { $0.hasPrefix("'") ? "xdotool type \($0)" : "xdotool key \($0)" }
        let script = ScriptedSession.start(title: (file as NSString).lastPathComponent, arguments: "--size 1000x800") + """
            xdotool windowfocus --sync "$window"
            \(steps.joined(separator: "\n"))
            xdotool key ctrl+w
            wait $quire
            echo closed
            read answer
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("remembered.png"), stateHome: stateHome)
        XCTAssertEqual(try session.readLine(), "closed")
    }

    func testADocumentReopensWhereItWasLeftAndACopyDoesNot() throws {
        try QuireRun.requireDisplay()
        let file = fixtures.long(pages: 40, named: "remembered.pdf")
        let stateHome = freshStateHome()
        try read(file, typing: "ctrl+l '23' Return ctrl+Right F9", stateHome: stateHome)
        XCTAssertTrue(FileManager.default.fileExists(atPath: stateHome + "/quire/documents.json"))

        let output = fixtures.path("reopened.png")
        let reopened = try QuireRun.run(["--snapshot", output, "--size", "1000x800", file], environment: ["XDG_STATE_HOME": stateHome])
        XCTAssertEqual(reopened.status, 0, reopened.standardError)
        XCTAssertTrue(reopened.standardOutput.contains("page=23/40"), reopened.standardOutput)
        XCTAssertTrue(reopened.standardOutput.contains("rotation=90"), reopened.standardOutput)
        XCTAssertTrue(reopened.standardOutput.contains("sidebar=thumbnails"), reopened.standardOutput)

        // A copy is another document; a page asked for on the command line wins.
        let copy = fixtures.path("copy-of-remembered.pdf")
        try FileManager.default.copyItem(atPath: file, toPath: copy)
        let copied = try QuireRun.run(["--snapshot", output, "--size", "1000x800", copy], environment: ["XDG_STATE_HOME": stateHome])
        XCTAssertTrue(copied.standardOutput.contains("page=1/40 "), copied.standardOutput)
        XCTAssertTrue(copied.standardOutput.contains("rotation=0"), copied.standardOutput)
        let asked = try QuireRun.run(["--snapshot", output, "--size", "1000x800", "--page", "5", file], environment: ["XDG_STATE_HOME": stateHome])
        XCTAssertTrue(asked.standardOutput.contains("page=5/40"), asked.standardOutput)
        XCTAssertTrue(asked.standardOutput.contains("rotation=0"), asked.standardOutput)
    }

    /// Night mode is the document's: turned on with Ctrl+I, it is on when that document
    /// opens again, and not for another one.
    func testNightModeIsRememberedPerDocument() throws {
        try QuireRun.requireDisplay()
        let file = fixtures.long(pages: 3, named: "night-reading.pdf")
        let other = fixtures.long(pages: 3, named: "day-reading.pdf")
        let stateHome = freshStateHome()
        try read(file, typing: "ctrl+i", stateHome: stateHome)
        try read(other, typing: "Page_Down", stateHome: stateHome)
        /// The paper in the middle of the window's view: black at night, white by day.
        func paper(_ document: String) throws -> UInt32 {
            let output = fixtures.path("night-\((document as NSString).lastPathComponent).png")
            let run = try QuireRun.run(["--snapshot", output, "--size", "1000x800", document], environment: ["XDG_STATE_HOME": stateHome])
            XCTAssertEqual(run.status, 0, run.standardError)
            let picture = try Picture(png: output)
            return picture[picture.width / 2, picture.height * 3 / 4]
        }
        XCTAssertLessThanOrEqual(Picture.distance(try paper(file), 0xFF00_0000), 8, "the night document opened by day")
        XCTAssertEqual(try paper(other), 0xFFFF_FFFF, "night mode followed into another document")
    }

    /// Closed during a presentation, a document is remembered as it was read before it.
    func testAPresentationIsNotRemembered() throws {
        try QuireRun.requireDisplay()
        let file = fixtures.long(pages: 10, named: "presented.pdf")
        let stateHome = freshStateHome()
        try read(file, typing: "F5", stateHome: stateHome)
        let output = fixtures.path("after-presentation.png")
        let reopened = try QuireRun.run(["--snapshot", output, "--size", "1000x800", file], environment: ["XDG_STATE_HOME": stateHome])
        let fresh = try QuireRun.run(["--snapshot", output, "--size", "1000x800", file])
        XCTAssertEqual(reopened.status, 0, reopened.standardError)
        XCTAssertEqual(try XCTUnwrap(reopened.reportedScale), try XCTUnwrap(fresh.reportedScale), accuracy: 1e-9,
                       "reopened at the presentation's zoom: \(reopened.standardOutput)")
    }

    /// A damaged state file is set aside as `.bad` and said so; the document opens anyway.
    func testADamagedStateFileIsSetAsideNotFatal() throws {
        let stateHome = freshStateHome()
        try FileManager.default.createDirectory(atPath: stateHome + "/quire", withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: stateHome + "/quire/documents.json", contents: Data("{\"version\":1,\"documents\":[{".utf8))
        let output = fixtures.path("bad-state.png")
        let run = try QuireRun.run(["--snapshot", output, "--size", "800x600", fixtures.standard()], environment: ["XDG_STATE_HOME": stateHome])
        XCTAssertEqual(run.status, 0, run.standardError)
        XCTAssertTrue(run.standardError.contains("documents.json.bad"), run.standardError)
        XCTAssertEqual(FileManager.default.contents(atPath: stateHome + "/quire/documents.json.bad"), Data("{\"version\":1,\"documents\":[{".utf8))
    }
}
