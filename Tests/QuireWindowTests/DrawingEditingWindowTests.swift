import Fixtures
import Foundation
import QuireEngine
import XCTest

/// The reader's drawings in hand in the real window: a placed signature dragged, resized
/// by its corner handle, recoloured from its context menu, deleted and brought back with
/// Ctrl+Z; and the file's own drawings (made by another program) reached with Tab and
/// deleted, gone from the saved file for mutool and qpdf.
final class DrawingEditingWindowTests: XCTestCase {
    private typealias Box = (x: Int, y: Int, width: Int, height: Int)

    /// Where `colour` is in the window (1000 × 900 at the screen's corner).
    private func bounds(of colour: UInt32, in screen: Picture) -> Box? {
        screen.cropped(x: 0, y: 0, width: 1000, height: 900).bounds(of: colour, tolerance: 20)
    }

    /// Script lines that drag from the test's "X1 Y1 X2 Y2" in ten steps, as a hand does,
    /// then move the pointer off the window and say `said`.
    private static func dragging(_ said: String) -> String {
        """
        read answer
        set -- $answer
        xdotool mousemove $1 $2 mousedown 1
        for step in 1 2 3 4 5 6 7 8 9 10; do xdotool mousemove $(($1 + ($3 - $1) * step / 10)) $(($2 + ($4 - $2) * step / 10)); done
        xdotool mouseup 1
        xdotool mousemove 1590 1190
        echo \(said)

        """
    }

    func testAPlacedSignatureIsMovedResizedRecolouredDeletedAndUndone() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let file = fixtures.long(pages: 3, named: "edited.pdf")
        let green = 0xFF1A_8026 as UInt32, blue = SignatureDrawingWindowTests.placedInk
        let (session, _) = try SignatureDrawingWindowTests.signed(file, data: fixtures.path("data"), shot: fixtures.path("edited.png"), then: """
            \(Self.dragging("moved"))\(Self.dragging("resized"))
            read answer
            xdotool mousemove $answer click 3
            echo menu
            read answer
            xdotool key Down Down Return
            xdotool mousemove 1590 1190
            echo recoloured
            read answer
            xdotool windowfocus --sync "$window"
            xdotool key Delete
            echo deleted
            read answer
            xdotool key ctrl+z
            echo "undone $(title_after "• edited.pdf")"
            read answer
            xdotool mousemove $answer click 1 mousemove 1590 1190
            xdotool windowfocus --sync "$window"
            xdotool key shift+Right Down
            echo nudged
            read answer
            kill $quire; wait $quire

            """)
        try SignatureDrawingWindowTests.saveAndPlace(session)
        let placed = try XCTUnwrap(bounds(of: blue, in: try session.stillScreen { self.bounds(of: blue, in: $0) != nil }), "not placed")

        // Dragged from its middle by (120, 60): its ink moves by as much, its size kept.
        let middle = (x: placed.x + placed.width / 2, y: placed.y + placed.height / 2)
        try session.proceed("\(middle.x) \(middle.y) \(middle.x + 120) \(middle.y + 60)")
        XCTAssertEqual(try session.readLine(), "moved")
        let moved = try XCTUnwrap(bounds(of: blue, in: try session.stillScreen { self.bounds(of: blue, in: $0)?.x != placed.x }))
        XCTAssertEqual(moved.x - placed.x, 120, accuracy: 2, "moved \(placed) to \(moved)")
        XCTAssertEqual(moved.y - placed.y, 60, accuracy: 2, "moved \(placed) to \(moved)")
        XCTAssertEqual(moved.width, placed.width, accuracy: 2)

        // Its bottom-right handle dragged by (60, 30): the top-left corner stays, it grows.
        let corner = (x: moved.x + moved.width, y: moved.y + moved.height)
        try session.proceed("\(corner.x) \(corner.y) \(corner.x + 60) \(corner.y + 30)")
        XCTAssertEqual(try session.readLine(), "resized")
        let resized = try XCTUnwrap(bounds(of: blue, in: try session.stillScreen { self.bounds(of: blue, in: $0)?.width != moved.width }))
        XCTAssertEqual(resized.x, moved.x, accuracy: 2, "resized \(moved) to \(resized)")
        XCTAssertEqual(resized.y, moved.y, accuracy: 2, "resized \(moved) to \(resized)")
        XCTAssertEqual(resized.width - moved.width, 60, accuracy: 4, "resized \(moved) to \(resized)")
        XCTAssertEqual(resized.height - moved.height, 30, accuracy: 4, "resized \(moved) to \(resized)")

        // The context menu at its middle (where its strokes cross) offers the inks: the third, green.
        let centre = (x: resized.x + resized.width / 2, y: resized.y + resized.height / 2)
        try session.proceed("\(centre.x) \(centre.y)")
        XCTAssertEqual(try session.readLine(), "menu")
        // The menu covers the drawing right of the click once it is open.
        _ = try session.screen { Picture.distance($0[centre.x + 60, centre.y + 15], blue) > 40 }
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "recoloured")
        let recoloured = try session.stillScreen { self.bounds(of: green, in: $0) != nil && self.bounds(of: blue, in: $0) == nil }
        let greenInk = try XCTUnwrap(bounds(of: green, in: recoloured), "the signature did not turn green")
        // Blue was the ink and the chosen frame around its bounds; green is the strokes alone.
        XCTAssertEqual(greenInk.x, resized.x, accuracy: 5)
        XCTAssertNil(bounds(of: blue, in: recoloured), "blue is left")

        try session.proceed()
        XCTAssertEqual(try session.readLine(), "deleted")
        let deleted = try session.stillScreen { self.bounds(of: green, in: $0) == nil }
        XCTAssertNil(bounds(of: green, in: deleted), "Delete left the signature")

        try session.proceed()
        XCTAssertEqual(try session.readLine(), "undone • edited.pdf")
        let undone = try session.stillScreen { self.bounds(of: green, in: $0) != nil }
        XCTAssertEqual(try XCTUnwrap(bounds(of: green, in: undone), "Ctrl+Z did not bring it back").x, resized.x, accuracy: 5)

        // Chosen again by a click, Shift+Right moves it by 10 pt (13⅓ px at 100 %), Down by 1 pt; the page does not scroll.
        try session.proceed("\(centre.x) \(centre.y)")
        XCTAssertEqual(try session.readLine(), "nudged")
        let nudged = try XCTUnwrap(bounds(of: green, in: try session.stillScreen { self.bounds(of: green, in: $0)?.x != resized.x }))
        XCTAssertEqual(nudged.x - resized.x, 13, accuracy: 1, "Shift+Right moved \(resized) to \(nudged)")
        XCTAssertEqual(nudged.y - resized.y, 1, accuracy: 1, "Down moved \(resized) to \(nudged)")
        try session.proceed()
    }

    /// Escape chooses none: the handles go; the signature's row in the Annotations pane
    /// chooses it again: they come back.
    func testEscapeChoosesNoneAndThePanesRowChoosesTheDrawing() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let file = fixtures.long(pages: 3, named: "listed.pdf")
        let (session, _) = try SignatureDrawingWindowTests.signed(file, data: fixtures.path("data"), shot: fixtures.path("listed.png"), then: """
            read answer
            xdotool windowfocus --sync "$window"
            xdotool key Escape
            echo escaped
            read answer
            xdotool key F9
            echo sidebar
            read answer
            xdotool mousemove 137 73 click 1
            xdotool mousemove 1590 1190
            echo listed
            read answer
            xdotool mousemove $answer click 1
            xdotool mousemove 1590 1190
            echo chosen
            read answer
            kill $quire; wait $quire

            """)
        try SignatureDrawingWindowTests.saveAndPlace(session)
        // The handles' accent blue, white squares edged in it, in the window.
        func handles(_ screen: Picture) -> Int {
            SignatureDrawingWindowTests.count(0xFF36_85E3, in: screen, x: 0, y: 0, width: 1000, height: 900, tolerance: 12)
        }
        XCTAssertGreaterThan(handles(try session.stillScreen { handles($0) > 20 }), 20, "the signature placed is not chosen")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "escaped")
        XCTAssertEqual(handles(try session.stillScreen { handles($0) == 0 }), 0, "Escape left the handles")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "sidebar")
        func dark(_ pixel: UInt32) -> Bool { Picture.distance(pixel, 0xFF00_0000) <= 0x60 }
        // The sidebar in place (still), not sliding in, before its switcher is clicked.
        _ = try session.stillScreen { screen in (66..<80).contains { y in (128..<146).filter { dark(screen[$0, y]) }.count >= 3 } }
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "listed")
        // The pane's one row: ink at the sidebar's left, below its switcher.
        func firstRow(_ screen: Picture) -> Int? { (95..<300).first { y in (12..<150).filter { dark(screen[$0, y]) }.count >= 3 } }
        let row = try XCTUnwrap(firstRow(try session.stillScreen { firstRow($0) != nil }), "the pane lists no row")
        try session.proceed("80 \(row + 6)")
        XCTAssertEqual(try session.readLine(), "chosen")
        XCTAssertGreaterThan(handles(try session.stillScreen { handles($0) > 20 }), 20, "the pane's row did not choose the signature")
        try session.proceed()
    }

    /// A page with a red rectangle (/Square) above a blue ink stroke (/Ink), as another
    /// program writes them, without appearance streams.
    private func othersDrawings(_ fixtures: Fixtures, named name: String) throws -> String {
        let file = fixtures.path(name)
        var document = HandWrittenPDF(pages: [HandWrittenPDF.Page(entries: ""), HandWrittenPDF.Page(entries: "/MediaBox [0 0 612 792]")])
        let first = document.firstExtra
        document.pages[0].extraObjects = [
            "<< /Type /Annot /Subtype /Square /Rect [200 560 400 680] /C [1 0 0] /BS << /W 4 >> /F 4 >>",
            "<< /Type /Annot /Subtype /Ink /Rect [190 290 410 410] /C [0 0 1] /BS << /W 4 >> /InkList [[200 300 300 400 400 300]] /F 4 >>",
        ]
        document.pages[0].entries = "/MediaBox [0 0 612 792] /Annots [\(first) 0 R \(first + 1) 0 R]"
        try document.bytes.write(to: URL(fileURLWithPath: file))
        return file
    }

    /// The file's own rectangle (another program's), chosen by a click, is dragged by its
    /// body, resized by its corner handle, then saved: poppler draws it in its new place and
    /// qpdf reads its new /Rect in the saved file; the ink beside it stays where it was.
    func testTheFilesOwnRectangleIsMovedResizedAndSavedThere() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let file = try othersDrawings(fixtures, named: "moved.pdf")
        let script = ScriptedSession.opening("moved.pdf") + """
            xdotool mousemove 1590 1190
            echo shown
            read answer
            set -- $answer
            xdotool windowfocus --sync "$window"
            xdotool mousemove $1 $2 click 1 mousemove 1590 1190
            echo clicked
            \(Self.dragging("moved"))\(Self.dragging("resized"))
            read answer
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+s
            echo "title $(title_after "moved.pdf")"
            xdotool key ctrl+q
            ended
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("moved.png"))
        XCTAssertEqual(try session.readLine(), "shown")
        let red: UInt32 = 0xFFFF_0000, blue: UInt32 = 0xFF00_00FF
        let shown = try session.stillScreen { self.bounds(of: red, in: $0) != nil && self.bounds(of: blue, in: $0) != nil }
        let square = try XCTUnwrap(bounds(of: red, in: shown), "poppler did not draw the file's rectangle")
        let ink = try XCTUnwrap(bounds(of: blue, in: shown))
        // A click on its red edge chooses it: handles, no tint.
        try session.proceed("\(square.x + 1) \(square.y + square.height / 2)")
        XCTAssertEqual(try session.readLine(), "clicked")
        let accent: UInt32 = 0xFF35_84E4
        func handles(_ screen: Picture) -> Int {
            SignatureDrawingWindowTests.count(accent, in: screen, x: square.x - 12, y: square.y - 12, width: square.width + 24, height: square.height + 24, tolerance: 40)
        }
        XCTAssertGreaterThan(handles(try session.stillScreen { handles($0) > 20 }), 20, "the click did not choose the file's rectangle")
        // Dragged by its middle (inside it, where the page shows through) by (80, 40).
        let middle = (x: square.x + square.width / 2, y: square.y + square.height / 2)
        try session.proceed("\(middle.x) \(middle.y) \(middle.x + 80) \(middle.y + 40)")
        XCTAssertEqual(try session.readLine(), "moved")
        let moved = try session.stillScreen { self.bounds(of: red, in: $0).map { abs($0.x - (square.x + 80)) <= 3 } ?? false }
        let there = try XCTUnwrap(bounds(of: red, in: moved), "the rectangle is gone")
        XCTAssertEqual(there.x, square.x + 80, accuracy: 3, "not drawn where it was dragged: \(there) from \(square)")
        XCTAssertEqual(there.y, square.y + 40, accuracy: 3)
        XCTAssertEqual(there.width, square.width, accuracy: 3)
        XCTAssertEqual(try XCTUnwrap(bounds(of: blue, in: moved)).x, ink.x, accuracy: 2, "the ink moved too")
        // Its bottom-right corner handle dragged by (40, 20): the top-left stays, it grows.
        let corner = (x: there.x + there.width - 1, y: there.y + there.height - 1)
        try session.proceed("\(corner.x) \(corner.y) \(corner.x + 40) \(corner.y + 20)")
        XCTAssertEqual(try session.readLine(), "resized")
        let resized = try session.stillScreen { self.bounds(of: red, in: $0).map { abs($0.width - (there.width + 40)) <= 4 } ?? false }
        let grown = try XCTUnwrap(bounds(of: red, in: resized))
        XCTAssertEqual(grown.x, there.x, accuracy: 3)
        XCTAssertEqual(grown.width, there.width + 40, accuracy: 4, "\(grown) from \(there)")
        XCTAssertEqual(grown.height, there.height + 20, accuracy: 4, "\(grown) from \(there)")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "title moved.pdf", "the save did not end")
        XCTAssertEqual(try session.readLine(), "exited 0")
        // 96 px an inch at 100 %: (80, 40) px is (60, -30) pt in the page's upward space, and the corner's (40, 20) px (30, -15) pt.
        let saved = try XCTUnwrap(try QPDF.annotations(in: file).first { $0.subtype == "/Square" })
        let rect = saved.rect
        XCTAssertEqual(rect.count, 4)
        XCTAssertEqual(rect[0], 260, accuracy: 3, "\(rect)")
        XCTAssertEqual(rect[2], 490, accuracy: 3, "\(rect)")
        XCTAssertEqual(rect[1], 515, accuracy: 3, "\(rect)")
        XCTAssertEqual(rect[3], 650, accuracy: 3, "\(rect)")
    }

    func testTabReachesTheFilesInkAndDeleteRemovesItFromTheSavedFile() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let file = try othersDrawings(fixtures, named: "others.pdf")
        XCTAssertEqual(try MutoolShow.subtypes(in: file, page: 0), ["Square", "Ink"])
        let script = ScriptedSession.opening("others.pdf") + """
            xdotool mousemove 1590 1190
            echo shown
            read answer
            set -- $answer
            margin="$2 $3"
            xdotool windowfocus --sync "$window"
            answer=first
            while [ "$answer" != chosen ]; do
                # Tab left the page before its annotations were read: a click on its margin takes the focus back.
                [ "$answer" = again ] && xdotool mousemove $margin click 1 mousemove 1590 1190
                xdotool key Tab
                echo tabbed
                read answer
            done
            xdotool key Tab
            echo "tabbed again"
            read answer
            xdotool key Delete
            echo "deleted $(title_after "• others.pdf")"
            read answer
            xdotool key ctrl+s
            echo "title $(title_after "others.pdf")"
            xdotool key ctrl+q
            ended
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("others.png"))
        XCTAssertEqual(try session.readLine(), "shown")
        let red: UInt32 = 0xFFFF_0000, blue: UInt32 = 0xFF00_00FF
        let shown = try session.stillScreen { self.bounds(of: red, in: $0) != nil && self.bounds(of: blue, in: $0) != nil }
        let square = try XCTUnwrap(bounds(of: red, in: shown), "poppler did not draw the file's rectangle")
        let ink = try XCTUnwrap(bounds(of: blue, in: shown), "poppler did not draw the file's ink")
        // A chosen drawing of the file's shows its frame and handles, in the accent blue, around it.
        let accent: UInt32 = 0xFF35_84E4
        func chosen(_ box: Box, _ screen: Picture) -> Bool {
            SignatureDrawingWindowTests.count(accent, in: screen, x: box.x - 12, y: box.y - 12, width: box.width + 24, height: box.height + 24, tolerance: 40) > 20
        }
        var answer = "margin \(square.x - 60) \(square.y)"
        for _ in 0..<20 {
            try session.proceed(answer)
            XCTAssertEqual(try session.readLine(), "tabbed")
            if try ScriptedSession.poll(seconds: 3, { chosen(square, try session.screen { _ in true }) ? true : nil }) == true { break }
            answer = "again"
        }
        try session.proceed("chosen")
        XCTAssertEqual(try session.readLine(), "tabbed again")
        let second = try session.screen { chosen(ink, $0) }
        XCTAssertTrue(chosen(ink, second), "the second Tab did not choose the ink below the rectangle")
        XCTAssertFalse(chosen(square, second), "the rectangle is still chosen")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "deleted • others.pdf", "Delete changed nothing")
        let deleted = try session.stillScreen { self.bounds(of: blue, in: $0) == nil }
        XCTAssertNil(bounds(of: blue, in: deleted), "the ink is still drawn")
        XCTAssertNotNil(bounds(of: red, in: deleted), "the rectangle went too")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "title others.pdf", "the save did not end")
        XCTAssertEqual(try session.readLine(), "exited 0")
        XCTAssertEqual(try MutoolShow.subtypes(in: file, page: 0), ["Square"], "mutool still finds the ink")
        XCTAssertEqual(try QPDF.annotations(in: file).map(\.subtype), ["/Square"])
    }
}
