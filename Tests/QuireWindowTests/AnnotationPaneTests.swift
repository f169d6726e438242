import Fixtures
import Foundation
import QuireDocument
import QuireEngine
import XCTest

/// The Annotations pane in the real window: it lists the file's annotations, read from
/// its helper, and a click on one goes to it.
final class AnnotationPaneTests: XCTestCase {
    func testAClickOnAnAnnotationInThePaneGoesToIt() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let file = fixtures.chapters(named: "annotated-chapters.pdf")
        // A highlight over page 3's heading, saved into the file.
        let document = try DocumentSource(path: file).open()
        let heading = try XCTUnwrap(document.matchAreas(of: SearchQuery("Chapter 2", caseSensitive: true), onPage: 2).first)
        var edits = AnnotationEdits()
        XCTAssertTrue(document.add(edits.add(page: 2, kind: .highlight, colour: .green, areas: heading, text: "", author: "Ada", created: 0)))
        let saved = fixtures.path("pane.pdf")
        let fd = open(saved, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        try document.save(to: fd)
        close(fd)
        // F9 opens the sidebar on the outline; its switcher's third button is Annotations.
        let script = ScriptedSession.start(title: "pane.pdf", arguments: "--size 1400x1000 --zoom 100") + """
            xdotool windowfocus --sync "$window"
            xdotool key F9
            echo opened
            read answer
            xdotool mousemove 155 73 click 1
            xdotool mousemove 1590 1190
            echo shown
            read answer
            xdotool mousemove $answer click 1
            xdotool mousemove 1590 1190
            echo clicked
            read answer
            kill $quire; wait $quire
            """
        let session = try ScriptedSession(script: script, file: saved, shot: fixtures.path("pane.png"))
        XCTAssertEqual(try session.readLine(), "opened")
        // The switcher's Annotations button (a pencil), once the sidebar shows.
        func switcherShown(_ screen: Picture) -> Bool {
            (66..<80).contains { y in (145..<165).filter { Picture.distance(screen[$0, y], 0xFF00_0000) <= 0x60 }.count >= 3 }
        }
        XCTAssertTrue(switcherShown(try session.screen(until: switcherShown)), "F9 did not open the sidebar")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "shown")
        // The pane's one row: ink at the sidebar's left, below its switcher.
        func firstRow(_ screen: Picture) -> Int? {
            (95..<300).first { y in (12..<150).filter { Picture.distance(screen[$0, y], 0xFF00_0000) <= 0x40 }.count >= 3 }
        }
        let listed = try session.stillScreen { firstRow($0) != nil }
        let row = try XCTUnwrap(firstRow(listed), "the pane lists no annotation")
        try session.proceed("60 \(row + 5)")
        XCTAssertEqual(try session.readLine(), "clicked")
        // The view shows page 3 from a little above the highlighted heading.
        let scale = 96.0 / 72, top = Int((max(0, heading[0].y - 24) * scale).rounded())
        let expected = Picture(try DocumentSource(path: saved).open().render(page: 2, scale: scale)).cropped(x: 0, y: top, width: 500, height: 120)
        func shows(_ screen: Picture) -> Bool { screen.bestMatch(of: expected, xs: 300...560, ys: 50...110).mismatch <= 0.01 }
        XCTAssertTrue(shows(try session.screen(until: shows)), "the click did not go to the highlight on page 3")
    }
}
