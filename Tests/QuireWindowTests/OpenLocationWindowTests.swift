import Fixtures
import Foundation
import XCTest

/// Open Location (Ctrl+Shift+L) takes a typed address; the window shows the download's
/// progress (a server on 127.0.0.1 sends half the document and waits), then the document.
final class OpenLocationWindowTests: XCTestCase {
    private var fixtures: Fixtures!
    override func setUpWithError() throws { fixtures = try Fixtures() }
    override func tearDown() { fixtures = nil }

    /// Adwaita's accent blue, a progress bar's fill.
    private static let accent: UInt32 = 0xFF35_84E4

    func testATypedAddressShowsItsProgressThenTheDocument() throws {
        try QuireRun.requireDisplay()
        let served = fixtures.long(pages: 3, named: "served.pdf")
        let folder = fixtures.path("web")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let server = try WebServer(serving: served, in: folder)
        let address = server.address("/gated.pdf")
        let script = ScriptedSession.start(title: "Quire Test Fixture", arguments: "--size 1400x1000 --zoom 100") + """
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+shift+l
            asking=$(appears 30 --onlyvisible --name '^Open Location$' | head -1)
            [ -n "$asking" ] || { echo "no Open Location"; kill $quire; exit 1; }
            xdotool windowfocus --sync "$asking"
            xdotool type '\(address)'
            xdotool key Return
            xdotool mousemove 1590 1190
            echo typed
            read answer
            kill $quire; wait $quire
            """
        let session = try ScriptedSession(script: script, file: fixtures.standard(), shot: fixtures.path("location.png"))
        XCTAssertEqual(try session.readLine(), "typed")
        // Half the document has come: the bar is half filled (320 px wide at 1×).
        let screen = try session.screen { $0.bounds(of: Self.accent, tolerance: 8).map { (140...180).contains($0.width) } ?? false }
        let bar = screen.bounds(of: Self.accent, tolerance: 8)
        XCTAssertTrue(bar.map { (140...180).contains($0.width) } ?? false, "no progress bar half filled: \(String(describing: bar))")
        server.openGate()
        XCTAssertTrue(try session.showsAtTheTop(page: 0, of: served, xs: 280...310, ys: 40...200), "the document is not shown")
        XCTAssertEqual(server.requests.map(\.path), ["/gated.pdf"])
        try session.proceed()
    }
}
