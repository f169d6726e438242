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
        let file = fixtures.path("changing.pdf"), log = fixtures.path("changing.log")
        try FileManager.default.copyItem(atPath: old, toPath: file)
        let script = """
            "$1" --size 1400x1000 --zoom 100 --page 4 "$2" 2>'\(log)' & quire=$!
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
        let said = ScriptedSession.poll { (try? String(contentsOfFile: log, encoding: .utf8)).flatMap { $0.contains("damaged") ? $0 : nil } }
        XCTAssertNotNil(said, "the half-written file was not reported")
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
}
