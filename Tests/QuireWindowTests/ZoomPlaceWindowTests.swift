import Fixtures
import Foundation
import QuireDocument
import QuireEngine
import XCTest

/// The page the reader is at stays the page in view across every zoom, even from far out,
/// where the document's end is in view and a page gone to cannot come to the top (issue
/// 45: at 10 %, Ctrl+L 11 and Fit Width showed page 6). Places are those of a 900 × 700
/// window at the screen's top left, as in `HeaderBarWindowTests`.
final class ZoomPlaceWindowTests: XCTestCase {
    private var fixtures: Fixtures!
    override func setUpWithError() throws { fixtures = try Fixtures() }
    override func tearDown() { fixtures = nil }

    private static let zoomButton = "682 26", fitWidthItem = "655 79", fitPageItem = "655 111"

    /// Script lines that open the zoom menu, say "menu" and wait for the test (which waits
    /// for it on screen), choose `item`, press Ctrl+0 (100 %), say `line` and wait.
    private static func choose(_ item: String, then line: String) -> String {
        """

        xdotool mousemove \(zoomButton) click 1
        echo menu
        read answer
        xdotool mousemove \(item) click 1
        xdotool mousemove 890 690
        xdotool key ctrl+0
        echo \(line)
        read answer

        """
    }

    /// Whether the screen comes to show `page`'s first line ("Long page 11") where it is at
    /// 100 % when the page starts at the top of the view (the whole top of a page would
    /// differ too little from another's, by a digit or two).
    private func showsAtTheTop(page: Int, of file: String, in session: ScriptedSession) throws -> Bool {
        let line = Picture(try DocumentSource(path: file).open().render(page: page, scale: 96.0 / 72)).cropped(x: 90, y: 55, width: 310, height: 55)
        func shows(_ screen: Picture) -> Bool { screen.bestMatch(of: line, xs: 110...170, ys: 105...155).mismatch <= 0.002 }
        return shows(try session.screen(until: shows))
    }

    private func assertMenuOpens(_ session: ScriptedSession, line: UInt = #line) throws {
        XCTAssertEqual(try session.readLine(), "menu", line: line)
        func open(_ screen: Picture) -> Bool { screen.showsPopover(x: 580, y: 40, width: 220, height: 260) }
        XCTAssertTrue(open(try session.screen(until: open)), "the zoom menu did not open", line: line)
        try session.proceed()
    }

    func testThePageGoneToAtTenPercentStaysAcrossFitsAndSteps() throws {
        try QuireRun.requireDisplay()
        let file = fixtures.long(pages: 14, named: "far-out.pdf")
        let zoomOut = Array(repeating: "ctrl+minus", count: 14).joined(separator: " ")
        let script = ScriptedSession.start(title: "far-out.pdf", arguments: "--size 900x700 --zoom 10")
            + ScriptedSession.press("ctrl+l", thenType: "11") + Self.choose(Self.fitWidthItem, then: "fit-width") + """
            xdotool key \(zoomOut)
            """ + Self.choose(Self.fitPageItem, then: "fit-page") + """
            xdotool key \(zoomOut) ctrl+plus ctrl+plus ctrl+0
            echo steps
            read answer
            kill $quire; wait $quire
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("far-out.png"))
        try assertMenuOpens(session)
        XCTAssertEqual(try session.readLine(), "fit-width")
        XCTAssertTrue(try showsAtTheTop(page: 10, of: file, in: session), "at 10 %, page 11, Fit Width and 100 % do not show page 11")
        try session.proceed()
        try assertMenuOpens(session)
        XCTAssertEqual(try session.readLine(), "fit-page")
        XCTAssertTrue(try showsAtTheTop(page: 10, of: file, in: session), "zoomed out past the end, Fit Page and 100 % do not show page 11")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "steps")
        XCTAssertTrue(try showsAtTheTop(page: 10, of: file, in: session), "zoomed out past the end, in two steps and 100 % do not show page 11")
    }
}
