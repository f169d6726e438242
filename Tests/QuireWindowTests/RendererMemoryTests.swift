import Fixtures
import Foundation
import XCTest

/// With the cairo renderer, GDK's GL set-up (Mesa and LLVM: 60 MiB resident) stays out.
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
}
