import Fixtures
import Foundation
import XCTest

/// Under GSK's GL renderer (Mesa's llvmpipe under Xvfb) pictures reach the screen as
/// textures: a page of black text, which its helper keeps grey at a byte a pixel, is
/// widened into one (`texture.c`) and shows as poppler draws it.
final class GLRendererWindowTests: XCTestCase {
    func testAGreyPageShowsThroughATexture() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let file = fixtures.long(pages: 3, named: "textures.pdf")
        let script = ScriptedSession.start(title: "textures.pdf", arguments: "--size 1000x900 --zoom 100") + """
            xdotool mousemove 1590 1190
            echo shown
            read answer
            echo "gl=$(grep -c -e _dri.so -e libGLX_mesa /proc/$quire/maps)"
            kill $quire; wait $quire
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("textures.png"),
                                          environment: ["GSK_RENDERER": "gl"])
        XCTAssertEqual(try session.readLine(), "shown")
        XCTAssertTrue(try session.showsAtTheTop(page: 0, of: file, xs: 80...110), "the page is not on screen as poppler draws it")
        try session.proceed()
        XCTAssertNotEqual(try session.readLine(), "gl=0", "not drawn by the GL renderer")
    }
}
