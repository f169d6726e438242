import Fixtures
import Foundation
import XCTest

/// What stays out of the window's memory: with the cairo renderer, GDK's GL set-up (Mesa
/// and LLVM: 60 MiB resident); showing a document, the SVG renderer (librsvg: 6.5 MiB).
final class RendererMemoryTests: XCTestCase {
    func testTheCairoRendererLoadsNoGLDriver() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let script = ScriptedSession.start(title: "Quire Test Fixture") + """
            echo "gl=$(grep -c -e libLLVM -e _dri.so -e libGLX_mesa /proc/$quire/maps)"
            read answer
            kill $quire; wait $quire
            """
        let session = try ScriptedSession(script: script, file: fixtures.standard(), shot: fixtures.path("renderer.png"),
                                          environment: ["GSK_RENDERER": "cairo"])
        XCTAssertEqual(try session.readLine(), "gl=0")
    }

    /// The window's icon comes from the PNG sizes and the status pages' SVG icons are not
    /// looked up while hidden, so librsvg is never loaded for a window showing a document.
    func testAWindowShowingADocumentLoadsNoSVGRenderer() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let script = ScriptedSession.start(title: "Quire Test Fixture") + """
            echo shown
            read answer
            echo "svg=$(grep -c librsvg /proc/$quire/maps) $(xprop -id $window _NET_WM_ICON | grep -o 'Icon (16 x 16)')"
            read answer
            kill $quire; wait $quire
            """
        let session = try ScriptedSession(script: script, file: fixtures.standard(), shot: fixtures.path("no-svg.png"))
        XCTAssertEqual(try session.readLine(), "shown")
        // The page drawn and the header's icons in: what a launch loads, it has loaded.
        _ = try session.stillScreen()
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "svg=0 Icon (16 x 16)")
    }
}
