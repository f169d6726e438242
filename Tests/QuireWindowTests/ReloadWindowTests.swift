import Fixtures
import Foundation
import XCTest

/// The file changes on disk: Quire reads it again at the same page; a half-written or
/// deleted file leaves the version shown in place, and says so.
final class ReloadWindowTests: XCTestCase {
    private var fixtures: Fixtures!
    override func setUpWithError() throws { fixtures = try Fixtures() }
    override func tearDown() { fixtures = nil }
    /// Where a letter page's left edge is in a 1400-pixel window at 100 %, without the sidebar.
    private static let pageLeft = 285...300

    /// A Quire showing `file` (its document, or its error page: not `showsDocument`) in a
    /// 1400×1000 window at 100 %, the pointer off the page, until the test ends.
    private func shown(_ file: String, arguments: String = "", showsDocument: Bool = true) throws -> ScriptedSession {
        let name = URL(fileURLWithPath: file).lastPathComponent
        let script = ScriptedSession.start(title: name, arguments: "--size 1400x1000 --zoom 100 \(arguments)", showsDocument: showsDocument) + """
            xdotool mousemove 1590 1190
            echo shown
            read answer
            kill $quire; wait $quire
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path(name + ".png"))
        XCTAssertEqual(try session.readLine(), "shown")
        return session
    }

    func testAFileRewrittenInTwoStepsEndsOnTheNewVersionAtTheSamePage() throws {
        try QuireRun.requireDisplay()
        let old = fixtures.long(pages: 10, named: "old.pdf"), new = fixtures.dense(pages: 10, named: "new.pdf")
        let file = fixtures.path("changing.pdf")
        try FileManager.default.copyItem(atPath: old, toPath: file)
        let session = try shown(file, arguments: "--page 4")
        XCTAssertTrue(try session.showsAtTheTop(page: 3, of: old, xs: Self.pageLeft), "the old version's page 4 is not shown")

        // First step: half the new file. The old version stays, with a notice.
        let bytes = try XCTUnwrap(FileManager.default.contents(atPath: new))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: file))
        XCTAssertTrue(session.errorsSay("damaged"), "the half-written file was not reported")
        XCTAssertTrue(try session.showsAtTheTop(page: 3, of: old, xs: Self.pageLeft), "the old version went away")

        // Second step: the whole new file, as a rename over the old one (a new inode).
        let staged = fixtures.path(".changing.pdf.tmp")
        try bytes.write(to: URL(fileURLWithPath: staged))
        XCTAssertEqual(rename(staged, file), 0)
        XCTAssertTrue(try session.showsAtTheTop(page: 3, of: new, xs: Self.pageLeft), "the new version's page 4 is not shown")

        // Deleted: the new version stays on screen and the reader is told.
        try FileManager.default.removeItem(atPath: file)
        XCTAssertTrue(try session.showsAtTheTop(page: 3, of: new, xs: Self.pageLeft))
    }

    /// A download or a LaTeX run still writing: the half-written file is an error page, and
    /// the window opens the document once the whole file is in place, as the reader waited for.
    func testAFileThatCouldNotBeOpenedOpensWhenItIsWrittenWhole() throws {
        try QuireRun.requireDisplay()
        let whole = try XCTUnwrap(FileManager.default.contents(atPath: fixtures.dense(pages: 6, named: "whole.pdf")))
        let file = fixtures.path("downloading.pdf")
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: file))
        let session = try shown(file, showsDocument: false)
        XCTAssertTrue(session.errorsSay("damaged"), "the half-written file was not reported")
        let staged = fixtures.path(".downloading.pdf.part")
        try whole.write(to: URL(fileURLWithPath: staged))
        XCTAssertEqual(rename(staged, file), 0)
        XCTAssertTrue(try session.showsAtTheTop(page: 0, of: file, xs: Self.pageLeft), "the whole file was not opened")
    }

    /// The error page's Try Again (Alt+T) and Ctrl+R open the file again as it is now.
    func testTryAgainAndCtrlROpenAFileThatCouldNotBeOpenedAgain() throws {
        try QuireRun.requireDisplay()
        let whole = try XCTUnwrap(FileManager.default.contents(atPath: fixtures.dense(pages: 6, named: "whole.pdf")))
        let file = fixtures.path("broken.pdf")
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: file))
        let script = ScriptedSession.start(title: "broken.pdf", arguments: "--size 1000x800", showsDocument: false) + """
            echo shown
            read answer
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+r
            echo reloaded
            read answer
            xdotool windowfocus --sync "$window"
            xdotool key alt+t
            echo retried
            read answer
            kill $quire; wait $quire
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("broken.png"))
        func reports() -> Int {
            ((try? String(contentsOfFile: session.errors, encoding: .utf8)) ?? "").components(separatedBy: "The document is damaged").count - 1
        }
        XCTAssertEqual(try session.readLine(), "shown")
        XCTAssertEqual(ScriptedSession.poll { reports() == 1 ? true : nil }, true, "the broken file was not reported")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "reloaded")
        XCTAssertEqual(ScriptedSession.poll { reports() == 2 ? true : nil }, true, "Ctrl+R did not open the file again")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "retried")
        XCTAssertEqual(ScriptedSession.poll { reports() == 3 ? true : nil }, true, "Try Again did not open the file again")
    }

    /// An edit–compile cycle with a search open: the file is replaced by a version one page
    /// longer while the reader is at the sixth match of page 20; the view and the lit match stay.
    func testAReloadWithTheFindBarOpenKeepsThePlaceAndTheMatch() throws {
        try QuireRun.requireDisplay()
        let file = fixtures.dense(pages: 30, named: "searched.pdf")
        let longer = fixtures.dense(pages: 31, named: "longer.pdf")
        let script = ScriptedSession.start(title: "searched.pdf", arguments: "--size 1000x800 --page 20") + ScriptedSession.press("ctrl+f", thenType: "fox") + """
            xdotool key Return Return Return Return Return
            xdotool mousemove 1590 1190
            echo stepped
            read answer
            kill $quire; wait $quire
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("searched.png"))
        XCTAssertEqual(try session.readLine(), "stepped")
        let orange: UInt32 = 0xFFFF_AB73
        // Page 20's first line's match is current after Ctrl+F; five Enters make its sixth line's.
        let view = (x: 10, y: 110, width: 980, height: 680)
        func part(_ picture: Picture) -> Picture { picture.cropped(x: view.x, y: view.y, width: view.width, height: view.height) }
        let settled = try session.stillScreen { $0.bounds(of: orange, tolerance: 12) != nil }
        let before = part(settled)
        let header = settled.cropped(x: 0, y: 0, width: 1000, height: 50)
        XCTAssertNotNil(settled.bounds(of: orange, tolerance: 12), "no current match lit")

        let staged = fixtures.path(".searched.pdf.tmp")
        try FileManager.default.copyItem(atPath: longer, toPath: staged)
        XCTAssertEqual(rename(staged, file), 0)
        // Reloaded: the header's page count says 31.
        let reloaded = try session.screen { $0.cropped(x: 0, y: 0, width: 1000, height: 50).mismatch(with: header, atX: 0, y: 0) > 0 }
        XCTAssertGreaterThan(reloaded.cropped(x: 0, y: 0, width: 1000, height: 50).mismatch(with: header, atX: 0, y: 0), 0, "the new version was not read")
        let after = try session.screen { part($0).mismatch(with: before, atX: 0, y: 0, step: 2) < 0.001 }
        XCTAssertLessThan(part(after).mismatch(with: before, atX: 0, y: 0, step: 2), 0.001,
                          "after the reload the view moved or another match is lit")
    }
}
