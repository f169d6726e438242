import Fixtures
import Foundation
import QuireDocument
import QuireEngine
import XCTest

/// The Annotations pane in the real window: it lists the file's annotations, read from
/// its helper; a click on one goes to it and chooses it, its context menu recolours it,
/// and Delete deletes it from the page, the list and the file saved.
final class AnnotationPaneTests: XCTestCase {
    /// A script's start: Quire on `name` in a 1400 × 1000 window at 100 %, `title_after`
    /// (`ScriptedSession.windowFunctions`), then F9 and "opened".
    private static func openingSidebar(_ name: String) -> String {
        ScriptedSession.windowFunctions + ScriptedSession.start(title: name, arguments: "--size 1400x1000 --zoom 100") + """
            xdotool windowfocus --sync "$window"
            xdotool key F9
            echo opened
            read answer

            """
    }

    /// The sidebar's switcher shows: its Annotations button (a pencil), the third of four.
    private func switcherShown(_ screen: Picture) -> Bool {
        (66..<80).contains { y in (128..<146).filter { Picture.distance(screen[$0, y], 0xFF00_0000) <= 0x60 }.count >= 3 }
    }

    func testAClickOnAnAnnotationInThePaneGoesToIt() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        // A highlight over page 3's heading, saved into the file.
        let saved = try fixtures.highlightedChapters(named: "pane.pdf")
        // F9 opens the sidebar on the outline; its switcher's third button (of four) is Annotations.
        let script = Self.openingSidebar("pane.pdf") + """
            xdotool mousemove 137 73 click 1
            xdotool mousemove 1590 1190
            echo shown
            read answer
            xdotool mousemove $answer click 1
            xdotool mousemove 1590 1190
            echo clicked
            read answer
            xdotool mousemove $answer click 3
            echo menu
            read answer
            xdotool key Down Down Return
            xdotool mousemove 1590 1190
            echo recoloured
            read answer
            xdotool key Delete
            echo "title $(title_after "• pane.pdf")"
            read answer
            xdotool key ctrl+s
            echo "title $(title_after "pane.pdf")"
            xdotool key ctrl+q
            ended
            """
        let session = try ScriptedSession(script: script, file: saved, shot: fixtures.path("pane.png"))
        XCTAssertEqual(try session.readLine(), "opened")
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
        // The view shows page 3 from a little above the highlighted heading: the highlight
        // (green, under the blue of its being chosen) near the top of the view.
        func isGreen(_ pixel: UInt32) -> Bool {
            let (r, g, b) = (Int(pixel >> 16 & 0xFF), Int(pixel >> 8 & 0xFF), Int(pixel & 0xFF))
            return g > 150 && g > r + 50 && g > b + 30
        }
        func greenRows(_ screen: Picture) -> [Int] {
            stride(from: 40, to: 700, by: 2).filter { y in stride(from: 300, to: 1000, by: 2).contains { isGreen(screen[$0, y]) } }
        }
        func green(_ screen: Picture) -> Int { greenRows(screen).count }
        // 24 points of the page above the heading, below the header bar: its top about 100
        // pixels down (page 1, shown before, has no green at all).
        func jumped(_ screen: Picture) -> Bool { greenRows(screen).first.map { (50...140).contains($0) } ?? false }
        let there = try session.screen(until: jumped)
        XCTAssertTrue(jumped(there), "the click did not go to the highlight on page 3: green rows from \(greenRows(there).first ?? -1)")
        // Its context menu recolours it: the menu opens on its first colour (yellow), and
        // two down is blue; the helpers draw it blue.
        let greenRow = try XCTUnwrap(greenRows(there).first)
        let greenX = try XCTUnwrap(stride(from: 300, to: 1000, by: 2).first { isGreen(there[$0, greenRow]) })
        try session.proceed("\(greenX + 20) \(greenRow + 6)")
        XCTAssertEqual(try session.readLine(), "menu")
        func menuShown(_ screen: Picture) -> Bool { screen.showsPopover(x: greenX - 200, y: greenRow, width: 500, height: 250) }
        XCTAssertTrue(menuShown(try session.screen(until: menuShown)), "the highlight's context menu did not open")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "recoloured")
        func isBlue(_ pixel: UInt32) -> Bool {
            let (r, g, b) = (Int(pixel >> 16 & 0xFF), Int(pixel >> 8 & 0xFF), Int(pixel & 0xFF))
            return b > 200 && b > r + 60 && b > g + 30
        }
        func recoloured(_ screen: Picture) -> Bool {
            green(screen) == 0 && stride(from: greenX, to: greenX + 100, by: 2).contains { isBlue(screen[$0, greenRow + 4]) }
        }
        XCTAssertTrue(recoloured(try session.stillScreen(recoloured)), "the highlight chosen in its menu is not drawn blue")
        // Chosen still, the file's own highlight goes with Delete: not drawn, not listed,
        // not saved.
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "title • pane.pdf", "Delete did not delete the file's highlight")
        func drawn(_ screen: Picture) -> Bool { stride(from: greenX, to: greenX + 100, by: 2).contains { isBlue(screen[$0, greenRow + 4]) } }
        let deleted = try session.stillScreen { !drawn($0) && firstRow($0) == nil }
        XCTAssertFalse(drawn(deleted), "the deleted highlight is still drawn")
        XCTAssertNil(firstRow(deleted), "the deleted highlight is still listed")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "title pane.pdf")
        XCTAssertEqual(try session.readLine(), "exited 0")
        XCTAssertEqual(try QPDF.annotations(in: saved).map(\.subtype), [], "the deleted highlight was saved")
        XCTAssertTrue(try QPDF.check(saved))
    }

    /// The pane's rows of the reader's highlights say "not saved" until Ctrl+S, and then no
    /// longer: after the save they read as the file's own annotations read once the file
    /// is read again (Ctrl+R), pixel for pixel.
    func testTheReadersRowsAreNoLongerUnsavedOnceSaved() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let file = fixtures.searchable(named: "listed.pdf")
        let script = Self.openingSidebar("listed.pdf") + """
            xdotool mousemove 137 73 click 1
            xdotool mousemove 1590 1190
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+a ctrl+h
            echo "title $(title_after "• listed.pdf")"
            read answer
            xdotool key ctrl+s
            echo "title $(title_after "listed.pdf")"
            read answer
            xdotool key ctrl+r
            echo reloaded
            read answer
            xdotool mousemove 137 73 click 1
            xdotool mousemove 1590 1190
            echo "annotations again"
            read answer
            xdotool key ctrl+q
            ended
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("listed.png"))
        XCTAssertEqual(try session.readLine(), "opened")
        XCTAssertTrue(switcherShown(try session.screen(until: switcherShown)), "F9 did not open the sidebar")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "title • listed.pdf")
        // The pane: the sidebar below its switcher; a row per page highlighted.
        func pane(_ screen: Picture) -> Picture { screen.cropped(x: 0, y: 95, width: 250, height: 600) }
        func listed(_ screen: Picture) -> Bool { pane(screen).darkPixels(x: 0, y: 0, width: 250, height: 600) > 500 }
        let unsaved = pane(try session.stillScreen(listed))
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "title listed.pdf", "the save did not end")
        let saved = pane(try session.stillScreen { listed($0) && pane($0).mismatch(with: unsaved, atX: 0, y: 0) > 0 })
        XCTAssertGreaterThan(saved.mismatch(with: unsaved, atX: 0, y: 0), 0, "the rows did not change when they were saved")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "reloaded")
        // Reloaded, the sidebar shows the outline: the Annotations pane is chosen again,
        // and there the same annotations are the file's own, read from it.
        XCTAssertFalse(listed(try session.screen { !listed($0) }), "the document was not reloaded")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "annotations again")
        let reread = pane(try session.screen { listed($0) && pane($0).mismatch(with: saved, atX: 0, y: 0) == 0 })
        XCTAssertEqual(reread.mismatch(with: saved, atX: 0, y: 0), 0, "after the save the rows did not read as the file's own")
        XCTAssertGreaterThan(reread.mismatch(with: unsaved, atX: 0, y: 0), 0)
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "exited 0")
    }
}
