import Fixtures
import Foundation
import QuireDocument
import QuireEngine
import XCTest

/// A link's preview in a real window: the pointer rests on "Go to page three" (xdotool),
/// and a popover shows the destination as poppler draws it, while the view stays; a click
/// in it jumps there; the pointer going away closes it.
final class LinkPreviewWindowTests: XCTestCase {
    func testRestingOnALinkPreviewsItsDestinationAndAClickThereJumps() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let file = fixtures.standard(named: "links.pdf")
        let shot = fixtures.path("links.png")
        let script = ScriptedSession.start(title: Fixtures.standardTitle, arguments: "--size 1000x900 --zoom 100") + """
            xdotool mousemove 1590 1190
            echo shown
            read answer
            xdotool mousemove $answer
            echo resting
            read answer
            xdotool mousemove 1590 1190
            echo away
            read answer
            \(ScriptedSession.clickInPreview)
            echo clicked
            read answer
            kill $quire; wait $quire
            """
        let session = try ScriptedSession(script: script, file: file, shot: shot)
        XCTAssertEqual(try session.readLine(), "shown")
        let scale = 96.0 / 72
        let (box, origin) = try LinkWindowTests.pageOne(in: session)
        // The link covers x 40–160, y 88–104 points of page 1.
        let link = (x: Int(origin.x + 100 * scale), y: Int(origin.y + 96 * scale), bottom: Int(origin.y + 104 * scale))
        try session.proceed("\(link.x) \(link.y)")
        XCTAssertEqual(try session.readLine(), "resting")

        // What the preview is to show: page 3 as poppler draws it at the preview's scale, the strip LinkPreview chooses.
        let sizes = Fixtures.standardSizes.map { Size(width: $0.width, height: $0.height) }
        let preview = try XCTUnwrap(LinkPreview(of: .page(2, top: 100), pageSizes: sizes, deviceScale: 1))
        // The card (300 points wide) enlarged to the most, from 12 points above the destination.
        XCTAssertEqual(preview.tileScale, 1.6)
        XCTAssertEqual(preview.area.y, 88)
        let document = try DocumentSource(path: file).open()
        let third = Picture(try document.render(page: 2, scale: preview.tileScale))
        let strip = third.cropped(x: 0, y: preview.pixels.y, width: min(preview.pixels.width, third.width),
                                  height: min(preview.pixels.height, third.height - preview.pixels.y))
        let xs = max(0, link.x - strip.width / 2 - 60)...(link.x - strip.width / 2 + 60)
        // Below the link: the popover's arrow and padding (21 pixels in GTK's default theme), then the strip.
        let ys = (link.bottom + 18)...(link.bottom + 24)
        func previewed(_ screen: Picture) -> Bool { screen.bestMatch(of: strip, xs: xs, ys: ys).mismatch <= 0.01 }
        let resting = try session.screen(until: previewed)
        XCTAssertTrue(previewed(resting), "no preview of page 3's destination under the link")
        XCTAssertEqual(resting.bounds(of: LinkWindowTests.red)?.y, box.y, "the view moved while previewing")

        try session.proceed()
        XCTAssertEqual(try session.readLine(), "away")
        let away = try session.screen { !previewed($0) }
        XCTAssertFalse(previewed(away), "the preview stayed after the pointer went away")

        try session.proceed("\(link.x) \(link.y)")
        XCTAssertEqual(try session.readLine(), "resting")
        let again = try session.screen(until: previewed)
        let found = again.bestMatch(of: strip, xs: xs, ys: ys)
        XCTAssertLessThanOrEqual(found.mismatch, 0.01, "no preview the second time")
        try session.proceed("\(found.x + strip.width / 2) \(found.y + strip.height / 2)")
        XCTAssertEqual(try session.readLine(), "over")
        // The pointer on the preview keeps it (and GTK has it under the pointer before the click).
        XCTAssertTrue(previewed(try session.screen(until: previewed)), "the preview closed when the pointer reached it")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "clicked")
        let landing = Picture(try document.render(page: 2, scale: scale)).cropped(x: 0, y: Int(100 * scale), width: Int(300 * scale), height: 60)
        func landed(_ screen: Picture) -> Bool { screen.bestMatch(of: landing, xs: 250...450, ys: 45...80).mismatch <= 0.01 }
        XCTAssertTrue(landed(try session.screen(until: landed)), "a click in the preview did not jump to its destination")
        try session.proceed()
    }
}
