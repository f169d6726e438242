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

    func testAFileRewrittenInTwoStepsEndsOnTheNewVersionAtTheSamePage() throws {
        try QuireRun.requireDisplay()
        let old = fixtures.long(pages: 10, named: "old.pdf"), new = fixtures.dense(pages: 10, named: "new.pdf")
        let file = fixtures.path("changing.pdf")
        try FileManager.default.copyItem(atPath: old, toPath: file)
        let script = """
            "$1" --size 1400x1000 --zoom 100 --page 4 "$2" & quire=$!
            window=$(timeout 30 xdotool search --sync --onlyvisible --name '^changing\\.pdf$' | head -1)
            [ -n "$window" ] || { echo "no window"; kill $quire; exit 1; }
            xdotool mousemove 1590 1190
            echo shown
            read answer
            kill $quire; wait $quire
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("changing.png"))
        XCTAssertEqual(try session.readLine(), "shown")
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
