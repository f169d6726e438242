import Fixtures
import Foundation
import QuireEngine
import XCTest

/// The preview of a link that fills much of the view (a title page, all of it a link):
/// the pointer comes onto it in steps (xdotool) and rests; the popover must show page 2's
/// box on screen, whole, by the pointer, and GTK must not complain of a popover of
/// negative height (nor pixman of the rectangle it was given), in a large window and a
/// small one, at 106 % and at Fit Page (issue 45).
final class BigLinkPreviewWindowTests: XCTestCase {
    func testALargeWindowAt106PercentShowsThePreviewInTheWindow() throws {
        try previewShows(size: "1400x1000", zoom: "106", withinWindow: true)
    }

    func testALargeWindowAtFitPageShowsThePreviewInTheWindow() throws {
        try previewShows(size: "1400x1000", zoom: "fit-page", withinWindow: true)
    }

    /// 500 pixels tall: the popover (about 320) fits neither above nor below the pointer
    /// in the view; it opens by the pointer, on screen.
    func testASmallWindowAt106PercentShowsThePreviewOnScreen() throws {
        try previewShows(size: "700x500", zoom: "106", withinWindow: false)
    }

    func testASmallWindowAtFitPageShowsThePreviewOnScreen() throws {
        try previewShows(size: "700x500", zoom: "fit-page", withinWindow: false)
    }

    private func previewShows(size: String, zoom: String, withinWindow: Bool, file: StaticString = #filePath, line: UInt = #line) throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let document = fixtures.bigLink()
        let script = ScriptedSession.start(title: Fixtures.bigLinkTitle, arguments: "--size \(size) --zoom \(zoom)") + """
            xdotool mousemove 1590 1190
            eval $(xdotool getwindowgeometry --shell "$window")
            echo "$X $Y $WIDTH $HEIGHT"
            read answer
            """ + ScriptedSession.pointerInSteps + """
            echo resting
            read answer
            kill $quire; wait $quire
            echo ended
            read answer
            """
        let session = try ScriptedSession(script: script, file: document, shot: fixtures.path("big-link.png"),
                                          environment: ["QUIRE_TRACE_PREVIEWS": "1"])
        let geometry = try session.readLine().split(separator: " ").compactMap { Int($0) }
        XCTAssertEqual(geometry.count, 4, "no window geometry", file: file, line: line)
        guard geometry.count == 4 else { return }
        let window = (x: geometry[0], y: geometry[1], width: geometry[2], height: geometry[3])
        // The window's middle: on the link at either zoom, in either window.
        let rest = (x: window.x + window.width / 2, y: window.y + window.height / 2)
        try session.proceed("\(rest.x) \(rest.y)")
        XCTAssertEqual(try session.readLine(), "resting", file: file, line: line)

        // Page 2's box as the preview draws it: the page's width in 640 logical pixels.
        let scale = LinkPreview.widest / 612
        let expected = (width: Int((Fixtures.bigLinkBox.width * scale).rounded()), height: Int((Fixtures.bigLinkBox.height * scale).rounded()))
        let colour = Fixtures.bigLinkColour
        let green = UInt32(0xFF00_0000) | UInt32(colour.red * 255) << 16 | UInt32(colour.green * 255) << 8 | UInt32(colour.blue * 255)
        func box(_ screen: Picture) -> (x: Int, y: Int, width: Int, height: Int)? {
            guard let found = screen.bounds(of: green), abs(found.width - expected.width) <= 3, abs(found.height - expected.height) <= 3,
                  screen.showsPopover(x: found.x - 100, y: found.y - 100, width: min(found.width + 200, screen.width - found.x + 100),
                                     height: min(found.height + 200, screen.height - found.y + 100)) else { return nil }
            return found
        }
        let screen = try session.stillScreen { box($0) != nil }
        let shown = box(screen)
        XCTAssertNotNil(shown, "no preview of page 2 by the big link (\(size), \(zoom))", file: file, line: line)
        if let shown {
            // The strip is 640 × 260 from the page's top: the box 31 pixels down it, 42 in.
            let strip = (x: shown.x - Int(Fixtures.bigLinkBox.x * scale), y: shown.y - Int(Fixtures.bigLinkBox.y * scale),
                         width: Int(LinkPreview.widest), height: Int(LinkPreview.tallest))
            XCTAssertTrue(strip.x >= 0 && strip.y >= 0 && strip.x + strip.width <= screen.width && strip.y + strip.height <= screen.height,
                          "the preview \(strip) is cut by the screen", file: file, line: line)
            if withinWindow {
                XCTAssertTrue(strip.x >= window.x && strip.y >= window.y && strip.x + strip.width <= window.x + window.width
                              && strip.y + strip.height <= window.y + window.height,
                              "the preview \(strip) is not inside the window \(window)", file: file, line: line)
            }
            // By the pointer: beside it, not far from it.
            XCTAssertTrue(rest.y < strip.y ? strip.y - rest.y < 60 : rest.y - (strip.y + strip.height) < 100,
                          "the preview \(strip) is not by the pointer at \(rest)", file: file, line: line)
        }
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "ended", file: file, line: line)
        let errors = try String(contentsOfFile: session.errors, encoding: .utf8)
        XCTAssertTrue(errors.contains("preview shown: page 2"), "no preview traced: \(errors)", file: file, line: line)
        XCTAssertFalse(errors.contains("pixman"), "pixman complained: \(errors)", file: file, line: line)
        XCTAssertFalse(errors.contains("Gtk-"), "GTK complained: \(errors)", file: file, line: line)
        try session.proceed()
    }
}
