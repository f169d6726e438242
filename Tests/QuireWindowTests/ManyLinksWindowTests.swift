import Fixtures
import Foundation
import XCTest

/// Pages of many links in the real window: the pointer sweeps over them hundreds of
/// times, and the window still follows a click and a key at once, and quits normally.
final class ManyLinksWindowTests: XCTestCase {
    private static let red: UInt32 = 0xFFCC_3333 // Fixtures.boxColour, where the links are
    private static let scale = 96.0 / 72

    /// Script lines that move the pointer to 400 places over the box "$x $y $w $h" given
    /// in $answer, scattered so that every move crosses links.
    private static let sweep = """
        read x y w h <<< "$answer"
        for i in $(seq 0 399); do xdotool mousemove $((x + (i * 7919) % w)) $((y + (i * 104729) % h)); done

        """

    /// Ctrl+Q, then how the process ended.
    private static let quit = """
        xdotool windowfocus --sync "$window"
        xdotool key ctrl+q
        ended
        read answer
        """

    private func title(_ file: String) -> String { (file as NSString).lastPathComponent }

    /// 10,000 links, the most poppler reads on a page: after the sweeps a click on one
    /// jumps to page 2, Alt+Left comes back, and Ctrl+Q after more sweeps ends Quire.
    func testAfterSweepsOverTenThousandLinksAClickJumpsAndKeysAnswer() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let grid = ManyLinks.mostPopplerReads
        let file = try fixtures.manyLinks(grid)
        let script = ScriptedSession.ended(within: 30) + ScriptedSession.start(title: title(file), arguments: "--size 1000x900 --zoom 100") + """
            xdotool mousemove 1590 1190
            echo shown
            read answer
            \(Self.sweep)
            echo swept
            read answer
            \(ScriptedSession.clickThenBack)
            \(Self.sweep)
            \(Self.quit)
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("many-links.png"))
        XCTAssertEqual(try session.readLine(), "shown")
        let box = try XCTUnwrap(try session.stillScreen { $0.bounds(of: Self.red) != nil }.bounds(of: Self.red), "page 1 is not shown")
        let visible = "\(box.x) \(box.y) \(box.width) \(min(box.height, 900 - box.y - 20))"
        try session.proceed(visible)
        XCTAssertEqual(try session.readLine(), "swept")
        // Link (30, 2)'s middle, from the box's corner: on screen, whatever the header's height.
        let link = grid.area(column: 30, row: 2)
        let origin = (x: Double(box.x) - 56 * Self.scale, y: Double(box.y) - 92 * Self.scale)
        try session.proceed("\(Int(origin.x + (link.x + link.width / 2) * Self.scale)) \(Int(origin.y + (link.y + link.height / 2) * Self.scale))")
        XCTAssertEqual(try session.readLine(), "clicked")
        let left = Int(origin.x.rounded())
        XCTAssertTrue(try session.showsAtTheTop(page: 1, of: file, xs: left - 2...left + 2), "the link did not jump to page 2")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "back")
        let back = try session.screen { ($0.bounds(of: Self.red)?.y ?? -1) == box.y }
        XCTAssertEqual(back.bounds(of: Self.red)?.y, box.y, "Alt+Left did not return to page 1 where it was")
        try session.proceed(visible)
        XCTAssertEqual(try session.readLine(), "exited 0", "Ctrl+Q after the sweeps")
    }

    /// 200,000 links: poppler loads neither page, and the window lives through the sweeps
    /// to quit normally.
    func testAPageOfTwoHundredThousandLinksNeverEndsTheWindow() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let file = try fixtures.manyLinks(.twoHundredThousand)
        let script = ScriptedSession.ended(within: 30) + ScriptedSession.start(title: title(file), arguments: "--size 1000x900 --zoom 100") + """
            answer="100 100 800 700"
            \(Self.sweep)
            \(Self.quit)
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("many-links.png"))
        XCTAssertEqual(try session.readLine(), "exited 0")
    }
}
