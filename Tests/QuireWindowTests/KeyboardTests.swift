import Fixtures
import Foundation
import QuireDocument
import QuireEngine
import XCTest

/// Keys typed into a running Quire with xdotool, the screen read back with ImageMagick's
/// `import`: what a person at the keyboard would see.
final class KeyboardTests: XCTestCase {
    /// Ctrl+L, a page number and Enter bring that page to the top of the view.
    func testCtrlLGoesToATypedPage() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let file = fixtures.long(pages: 12, named: "keys.pdf")
        let shot = fixtures.path("keys.png")
        // The screen is polled until page 9 shows or 30 s pass: waiting on the outcome, not a sleep.
        let script = ScriptedSession.start(title: "keys.pdf") + """
            xdotool key --window "$window" ctrl+l
            xdotool type --window "$window" 9
            xdotool key --window "$window" Return
            echo ready
            read answer
            kill $quire; wait $quire
            """
        let session = try ScriptedSession(script: script, file: file, shot: shot)
        XCTAssertEqual(try session.readLine(), "ready")

        // Page 9's top, as poppler renders it at the default window's fit-width scale.
        let scale = (890.0 - 24) / 612
        let page = Picture(try DocumentSource(path: file).open().render(page: 8, scale: scale)).cropped(x: 0, y: 0, width: 600, height: 200)
        func mismatch(_ screen: Picture) -> Double { screen.bestMatch(of: page, xs: 0...40, ys: 50...80).mismatch }
        let best = mismatch(try session.screen { mismatch($0) <= 0.01 })
        XCTAssertLessThan(best, 0.01, "page 9 did not come to the top of the view")
    }

    /// Ctrl+L takes a page label as well: the standard fixture labels its pages p1…p4.
    func testCtrlLGoesToATypedLabel() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let file = fixtures.standard(named: "labels.pdf")
        let shot = fixtures.path("labels.png")
        let script = ScriptedSession.start(title: Fixtures.standardTitle, arguments: "--zoom 100")
            + ScriptedSession.press("ctrl+l", thenType: "p3") + """
            echo ready
            read answer
            kill $quire; wait $quire
            """
        let session = try ScriptedSession(script: script, file: file, shot: shot)
        XCTAssertEqual(try session.readLine(), "ready")
        // Page 3 (300 × 400 pt), as poppler renders it at 100 %, at the top of the view.
        let page = Picture(try DocumentSource(path: file).open().render(page: 2, scale: 96.0 / 72))
        let centred = (890 - page.width) / 2
        func mismatch(_ screen: Picture) -> Double { screen.bestMatch(of: page, xs: centred - 30...centred + 30, ys: 50...80).mismatch }
        let best = mismatch(try session.screen { mismatch($0) <= 0.01 })
        XCTAssertLessThan(best, 0.01, "page p3 did not come to the top of the view")
    }

    /// Alt+Left goes back to where a jump (Ctrl+L) left, Alt+Right forward again.
    func testAltLeftReturnsFromAJump() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let file = fixtures.long(pages: 12, named: "history.pdf")
        let shot = fixtures.path("history.png")
        let script = ScriptedSession.start(title: "history.pdf") + ScriptedSession.press("ctrl+l", thenType: "9") + """
            echo jumped
            read answer
            xdotool key alt+Left
            echo back
            read answer
            xdotool key alt+Right
            echo forward
            read answer
            kill $quire; wait $quire
            """
        let session = try ScriptedSession(script: script, file: file, shot: shot)
        let document = try DocumentSource(path: file).open()
        let scale = (890.0 - 24) / 612
        func top(of page: Int) throws -> Picture { Picture(try document.render(page: page, scale: scale)).cropped(x: 0, y: 0, width: 600, height: 200) }
        func showsAtTheTop(_ page: Picture) -> (Picture) -> Bool { { $0.bestMatch(of: page, xs: 0...40, ys: 50...80).mismatch <= 0.01 } }
        for (line, page) in [("jumped", 8), ("back", 0), ("forward", 8)] {
            XCTAssertEqual(try session.readLine(), line)
            let expected = try top(of: page)
            XCTAssertTrue(showsAtTheTop(expected)(try session.screen(until: showsAtTheTop(expected))), "after \(line), page \(page + 1) is not at the top")
            try session.proceed()
        }
    }
}
