import Fixtures
import Foundation
import QuireDocument
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
        let script = """
            "$1" "$2" & quire=$!
            window=$(timeout 30 xdotool search --sync --onlyvisible --name '^keys\\.pdf$' | head -1)
            [ -n "$window" ] || { echo "no window"; exit 1; }
            xdotool key --window "$window" ctrl+l
            xdotool type --window "$window" 9
            xdotool key --window "$window" Return
            echo ready
            read answer
            kill $quire; wait $quire
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script, "sh", QuireRun.executable.path, file]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        defer { try? input.fileHandleForWriting.write(contentsOf: Data("done\n".utf8)); process.waitUntilExit() }
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) { line += byte }
        XCTAssertEqual(String(decoding: line, as: UTF8.self), "ready")

        // Page 9's top, as poppler renders it at the default window's fit-width scale.
        let scale = (890.0 - 24) / 612
        let page = Picture(try DocumentSource(path: file).open().render(page: 8, scale: scale)).cropped(x: 0, y: 0, width: 600, height: 200)
        var best = 1.0
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline && best > 0.01 {
            let grab = Process()
            grab.executableURL = URL(fileURLWithPath: "/usr/bin/import")
            grab.arguments = ["-window", "root", shot]
            try grab.run()
            grab.waitUntilExit()
            let screen = try Picture(png: shot)
            best = screen.bestMatch(of: page, xs: 0...40, ys: 50...80).mismatch
        }
        XCTAssertLessThan(best, 0.01, "page 9 did not come to the top of the view")
    }
}
