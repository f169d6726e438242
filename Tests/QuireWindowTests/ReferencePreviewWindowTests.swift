import Fixtures
import Foundation
import QuireDocument
import QuireEngine
import XCTest

/// A reference written in the text, not a link: the pointer rests on "Figure 2" on page 1
/// (xdotool), and a popover shows the caption of Figure 2 on page 3 as poppler draws it
/// (not Figure 1's on page 2), while the view stays; a click in it goes there.
final class ReferencePreviewWindowTests: XCTestCase {
    func testRestingOnAFigureReferencePreviewsItsCaption() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let file = fixtures.references()
        let shot = fixtures.path("references.png")
        let script = ScriptedSession.start(title: Fixtures.referencesTitle, arguments: "--size 1000x900 --zoom 100") + """
            xdotool mousemove 1590 1190
            echo shown
            read answer
            xdotool mousemove $answer
            echo resting
            read answer
            xdotool mousemove $answer
            echo over
            read answer
            xdotool click 1
            echo clicked
            read answer
            kill $quire; wait $quire
            """
        let session = try ScriptedSession(script: script, file: file, shot: shot)
        XCTAssertEqual(try session.readLine(), "shown")
        let scale = 96.0 / 72
        let (box, origin) = try LinkWindowTests.pageOne(in: session)
        let document = try DocumentSource(path: file).open()
        // The words "Figure 2" on page 1, as poppler finds them; the pointer rests on their middle.
        let words = try XCTUnwrap(document.matchAreas(of: SearchQuery("Figure 2"), onPage: 0).first?.first)
        XCTAssertEqual(words.y, Fixtures.referringLine.y - Fixtures.referringLine.size, accuracy: 4)
        let pointer = (x: Int(origin.x + (words.x + words.width / 2) * scale), y: Int(origin.y + words.midY * scale))
        try session.proceed("\(pointer.x) \(pointer.y)")
        XCTAssertEqual(try session.readLine(), "resting")

        // What the preview is to show: page 3 from just above its caption "Figure 2:".
        let caption = try XCTUnwrap(document.matchAreas(of: SearchQuery("Figure 2:"), onPage: 2).first)
        let top = try XCTUnwrap(caption.map(\.y).min())
        XCTAssertEqual(top, Fixtures.figureCaption.y - 12, accuracy: 4)
        let sizes = (0..<4).map { _ in Size(width: 612, height: 792) }
        let preview = try XCTUnwrap(LinkPreview(of: .page(2, top: top), pageSizes: sizes, deviceScale: 1))
        let third = Picture(try document.render(page: 2, scale: preview.tileScale))
        let strip = third.cropped(x: 0, y: preview.pixels.y, width: min(preview.pixels.width, third.width),
                                  height: min(preview.pixels.height, third.height - preview.pixels.y))
        let bottom = Int(origin.y + words.maxY * scale)
        let centred: Int = pointer.x - strip.width / 2
        let xs = max(0, centred - 120)...(centred + 120)
        let ys = (bottom + 16)...(bottom + 26)
        func previewed(_ screen: Picture) -> Bool { screen.bestMatch(of: strip, xs: xs, ys: ys).mismatch <= 0.01 }
        let resting = try session.screen(until: previewed)
        let found = resting.bestMatch(of: strip, xs: xs, ys: ys)
        XCTAssertLessThanOrEqual(found.mismatch, 0.01, "no preview of Figure 2's caption under the reference")
        // The popover covers the box's top: its foot says whether the view moved.
        XCTAssertEqual(resting.bounds(of: LinkWindowTests.red).map { $0.y + $0.height }, box.y + box.height,
                       "the view moved while previewing")

        try session.proceed("\(found.x + strip.width / 2) \(found.y + strip.height / 2)")
        XCTAssertEqual(try session.readLine(), "over")
        // The pointer on the preview keeps it (and GTK has it under the pointer before the click).
        XCTAssertTrue(previewed(try session.screen(until: previewed)), "the preview closed when the pointer reached it")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "clicked")
        // The view goes to page 3 with the caption near the top: the green box shows below it.
        let green: UInt32 = 0xFF33_9933
        func landed(_ screen: Picture) -> Bool {
            guard let figure = screen.bounds(of: green) else { return false }
            return figure.y < 200 && screen.bounds(of: LinkWindowTests.red) == nil
        }
        XCTAssertTrue(landed(try session.screen(until: landed)), "a click in the preview did not go to Figure 2")
        try session.proceed()
    }
}
