import Fixtures
import Foundation
import QuireDocument
import QuireEngine
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// A page poppler's cairo backend would draw for minutes (a function shading two hundred
/// times the page) is on screen as Splash draws it, a few seconds after the window opens
/// (cairo's patience), instead of failing after the watchdog's 20 s.
final class SplashWindowTests: XCTestCase {
    func testAShadingCairoTakesMinutesForIsOnScreen() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let file = try fixtures.slowShading()
        let script = ScriptedSession.start(title: "slow-shading.pdf", arguments: "--size 1000x900 --zoom 100") + """
            xdotool mousemove 1590 1190
            echo shown
            read answer
            kill $quire; wait $quire
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("shading.png"))
        XCTAssertEqual(try session.readLine(), "shown")
        // What Splash draws of the page at 100 %: a part away from its "Page 1".
        let fd = open(file, O_RDONLY | O_CLOEXEC)
        defer { close(fd) }
        let splash = try XCTUnwrap(SplashPages(descriptor: fd, password: nil))
        let page = try DocumentSource(path: file).open().render(page: 0, scale: 96.0 / 72, splash: splash)
        let expected = Picture(page).cropped(x: 300, y: 300, width: 80, height: 60)
        func shows(_ screen: Picture) -> Bool { screen.bestMatch(of: expected, xs: 340...460, ys: 320...420).mismatch <= 0.01 }
        XCTAssertTrue(shows(try session.screen(until: shows)), "the shading is not on screen as Splash draws it")
        XCTAssertFalse(try String(contentsOfFile: session.errors, encoding: .utf8).contains("could not be rendered"), "the page failed")
    }
}
