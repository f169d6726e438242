import Fixtures
import Foundation
import QuireDocument
import QuireEngine
import XCTest

/// The drawing tools in the real window, used as a hand uses them (the annotation toolbar
/// with F6, a tool's key, the pointer pressed, moved in steps and released): what is drawn
/// shows where the pointer went, in the tool's ink, before it is saved; the eraser takes
/// ink away in one step; a text box takes typing; stamps, standard or a picture, are placed
/// by a click; a picture that is not one is refused and nothing is added.
final class DrawingToolsWindowTests: XCTestCase {
    private let scale = 96.0 / 72
    private static let title = "drawn.pdf"

    /// The screen's colour for `colour` drawn flat, 0xAARRGGBB.
    private func pixel(_ colour: Markup.Colour) -> UInt32 {
        func channel(_ c: Double) -> UInt32 { UInt32((c * 255).rounded()) }
        let rgb = colour.components
        return 0xFF00_0000 | channel(rgb.red) << 16 | channel(rgb.green) << 8 | channel(rgb.blue)
    }
    private let picturePixel: UInt32 = 0xFF00_A000

    /// Script functions: `stroke X1 Y1 X2 Y2 …` presses at the first point, moves in eight
    /// steps to each next one and releases at the last; `held X1 Y1 X2 Y2` the same without
    /// releasing; `away` rests the pointer off the page; `choose_picture PATH` opens the picture chooser (Ctrl+Shift+P) and chooses PATH.
    private static let functions = """
        stroke() {
            xdotool mousemove $1 $2 mousedown 1
            local x=$1 y=$2; shift 2
            while [ $# -ge 2 ]; do
                for step in 1 2 3 4 5 6 7 8; do xdotool mousemove $((x + ($1 - x) * step / 8)) $((y + ($2 - y) * step / 8)); done
                x=$1; y=$2; shift 2
            done
            xdotool mouseup 1
        }
        held() {
            xdotool mousemove $1 $2 mousedown 1
            for step in 1 2 3 4 5 6 7 8; do xdotool mousemove $(($1 + ($3 - $1) * step / 8)) $(($2 + ($4 - $2) * step / 8)); done
        }
        away() { xdotool mousemove 1590 1190; }
        choose_picture() {
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+shift+p
            chooser=$(appears 30 --onlyvisible --name '^Choose a Picture$' | head -1)
            [ -n "$chooser" ] || { echo "no chooser"; kill $quire; exit 1; }
            xdotool windowfocus --sync "$chooser"
            xdotool type "$1"
            xdotool key Return
            for wait in $(seq 200); do xdotool search --onlyvisible --name '^Choose a Picture$' >/dev/null || break; sleep 0.05; done
            xdotool windowfocus --sync "$window"
        }

        """

    /// Quire on `file` in a 1000 × 1150 window at 100 %, the annotation toolbar shown (F6);
    /// it says "shown" and waits for the test's answer, shell assignments of the screen
    /// points to draw through, which it evaluates.
    private static func opening() -> String {
        ScriptedSession.windowFunctions + functions + ScriptedSession.start(title: title, arguments: "--size 1000x1150 --zoom 100") + """
            xdotool windowfocus --sync "$window"
            xdotool key F6
            away
            echo shown
            read answer
            eval "$answer"

            """
    }

    /// Script lines that quit, see the question about the unsaved drawings, say "asked",
    /// cancel it and end Quire.
    private static let quitUnsaved = """

        xdotool key ctrl+q
        asking
        xdotool key Escape
        kill $quire
        """

    /// Runs `script` on a fresh copy of the searchable fixture; once it says "shown", the
    /// page's origin on screen (below the header bar and the toolbar).
    private func session(_ script: String, _ fixtures: Fixtures, file: String, shot: String) throws -> (ScriptedSession, (x: Double, y: Double)) {
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path(shot))
        XCTAssertEqual(try session.readLine(), "shown")
        return (session, try session.pageOrigin(of: try DocumentSource(path: file).open(), top: 105))
    }

    /// Screen "x y" of a page point.
    private func onScreen(_ point: (Double, Double), _ origin: (x: Double, y: Double)) -> String {
        "\(Int((origin.x + point.0 * scale).rounded())) \(Int((origin.y + point.1 * scale).rounded()))"
    }

    /// Whether a pixel of `colour` (within `tolerance`) is within `radius` pixels of the page point.
    private func inked(_ screen: Picture, at point: (Double, Double), _ colour: UInt32, _ origin: (x: Double, y: Double),
                       radius: Int = 2, tolerance: Int = 40) -> Bool {
        let x = Int((origin.x + point.0 * scale).rounded()), y = Int((origin.y + point.1 * scale).rounded())
        return (y - radius...y + radius).contains { row in (x - radius...x + radius).contains { Picture.distance(screen[$0, row], colour) <= tolerance } }
    }

    /// How many pixels of `colour` lie in a page area (points).
    private func count(_ screen: Picture, _ colour: UInt32, in area: Rect, _ origin: (x: Double, y: Double), tolerance: Int = 40) -> Int {
        let top = Int(origin.y + area.y * scale), bottom = Int(origin.y + area.maxY * scale)
        let left = Int(origin.x + area.x * scale), right = Int(origin.x + area.maxX * scale)
        return (top...bottom).reduce(0) { sum, y in sum + (left...right).filter { Picture.distance(screen[$0, y], colour) <= tolerance }.count }
    }

    // The shapes, in page points: clear of the fixture's lines of text (down to 260 points).
    private let pen = [(100.0, 300.0), (160, 340), (220, 300), (280, 340)]
    private let arrow = ((350.0, 300.0), (520.0, 350.0))
    private let rectangle = ((100.0, 380.0), (220.0, 450.0))
    private let ellipse = ((300.0, 380.0), (500.0, 470.0))
    private let blank = Rect(x: 90, y: 480, width: 440, height: 50)

    /// The answer that has the script draw the pen's zigzag, the arrow, a filled rectangle
    /// (Ctrl+9 fills) and an ellipse not filled (Ctrl+9 again).
    private func shapesAnswer(_ origin: (x: Double, y: Double)) -> String {
        func line(_ points: [(Double, Double)]) -> String { points.map { onScreen($0, origin) }.joined(separator: " ") }
        return "pen='\(line(pen))' arrow='\(line([arrow.0, arrow.1]))' rectangle='\(line([rectangle.0, rectangle.1]))' ellipse='\(line([ellipse.0, ellipse.1]))'"
    }
    private static let drawShapes = """
        xdotool key ctrl+1
        stroke $pen
        xdotool key ctrl+5
        stroke $arrow
        xdotool key ctrl+6 ctrl+9
        stroke $rectangle
        xdotool key ctrl+7 ctrl+9
        stroke $ellipse
        away

        """

    func testPenArrowRectangleAndEllipseDrawWhereThePointerWentBeforeTheyAreSaved() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let file = fixtures.searchable(named: Self.title)
        let script = Self.opening() + Self.drawShapes + """
            echo "drawn $(title_after "• \(Self.title)")"
            read answer
            xdotool key Escape ctrl+z
            echo "undone"
            read answer
            """ + Self.quitUnsaved
        let (session, origin) = try session(script, fixtures, file: file, shot: "shapes.png")
        let before = try session.stillScreen()
        XCTAssertEqual(count(before, pixel(.blueInk), in: Rect(x: 90, y: 280, width: 440, height: 260), origin), 0, "blue before anything was drawn")
        try session.proceed(shapesAnswer(origin))
        XCTAssertEqual(try session.readLine(), "drawn • \(Self.title)", "the title does not mark the drawings unsaved")
        let blue = pixel(.blueInk)
        func drawn(_ screen: Picture) -> Bool { inked(screen, at: ((ellipse.0.0 + ellipse.1.0) / 2, ellipse.0.1), blue, origin) }
        let screen = try session.stillScreen(drawn)
        for (a, b) in zip(pen, pen.dropFirst()) {
            XCTAssertTrue(inked(screen, at: ((a.0 + b.0) / 2, (a.1 + b.1) / 2), blue, origin), "the pen's stroke is not between \(a) and \(b)")
        }
        XCTAssertTrue(inked(screen, at: ((arrow.0.0 + arrow.1.0) / 2, (arrow.0.1 + arrow.1.1) / 2), blue, origin), "no arrow")
        // The head: behind the end, beside the line (a point on neither side of a bare line).
        XCTAssertGreaterThan(count(screen, blue, in: Rect(x: arrow.1.0 - 12, y: arrow.1.1 - 12, width: 12, height: 12), origin), 20, "no arrow head")
        XCTAssertTrue(inked(screen, at: ((rectangle.0.0 + rectangle.1.0) / 2, (rectangle.0.1 + rectangle.1.1) / 2), blue, origin, radius: 0),
                      "the rectangle is not filled")
        XCTAssertTrue(inked(screen, at: (ellipse.0.0, (ellipse.0.1 + ellipse.1.1) / 2), blue, origin), "the ellipse's left edge")
        XCTAssertFalse(inked(screen, at: ((ellipse.0.0 + ellipse.1.0) / 2, (ellipse.0.1 + ellipse.1.1) / 2), blue, origin, radius: 10),
                       "the ellipse is filled: Ctrl+9 did not turn the fill off")
        XCTAssertEqual(count(screen, blue, in: blank, origin), 0, "ink where the pointer did not go")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "undone")
        let undone = try session.stillScreen { !drawn($0) }
        XCTAssertFalse(drawn(undone), "Ctrl+Z did not take the ellipse back")
        XCTAssertTrue(inked(undone, at: ((rectangle.0.0 + rectangle.1.0) / 2, (rectangle.0.1 + rectangle.1.1) / 2), blue, origin, radius: 0),
                      "Ctrl+Z took more than the ellipse")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "asked")
    }

    /// A text box typed into, a standard stamp and a picture stamp placed by clicks.
    private func textAndStampsScript(picture: String) -> String {
        Self.opening() + """
            xdotool key ctrl+3
            xdotool mousemove $box click 1
            xdotool type 'Hello there'
            xdotool key Escape
            xdotool key ctrl+8
            xdotool mousemove $stamp click 1
            choose_picture '\(picture)'
            xdotool mousemove $picture click 1
            away

            """
    }
    private let box = (100.0, 560.0), stamp = (350.0, 560.0), picture = (100.0, 620.0)

    private func makePicture(in fixtures: Fixtures) throws -> String {
        let path = fixtures.path("green.png")
        let convert = Process()
        convert.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
        convert.arguments = ["-size", "200x100", "xc:#00a000", path]
        try convert.run()
        convert.waitUntilExit()
        XCTAssertEqual(convert.terminationStatus, 0)
        return path
    }

    func testATextBoxTakesTypingAndStampsArePlacedByAClick() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let file = fixtures.searchable(named: Self.title)
        let script = textAndStampsScript(picture: try makePicture(in: fixtures)) + """
            echo "placed $(title_after "• \(Self.title)")"
            read answer
            xdotool key Escape
            xdotool mousemove $word click --repeat 2 --delay 80 1
            xdotool key End
            xdotool type ' again'
            xdotool key Escape
            away
            echo retyped
            read answer
            """ + Self.quitUnsaved
        let (session, origin) = try session(script, fixtures, file: file, shot: "stamps.png")
        let word = (box.0 + 20, box.1 + 8)
        try session.proceed("box='\(onScreen(box, origin))' stamp='\(onScreen(stamp, origin))' picture='\(onScreen(picture, origin))' word='\(onScreen(word, origin))'")
        XCTAssertEqual(try session.readLine(), "placed • \(Self.title)")
        let boxArea = Rect(x: box.0, y: box.1, width: DrawingTool.textBoxSize.width, height: DrawingTool.textBoxSize.height)
        let stampArea = Rect(x: stamp.0, y: stamp.1, width: 150, height: 45)
        let pictureArea = Rect(x: picture.0, y: picture.1, width: 150, height: 75)
        func placed(_ screen: Picture) -> Bool { count(screen, picturePixel, in: pictureArea, origin, tolerance: 12) > 1000 }
        let screen = try session.stillScreen(placed)
        XCTAssertGreaterThan(count(screen, pixel(.blueInk), in: boxArea, origin, tolerance: 60), 40, "the text box's words are not drawn in its ink")
        XCTAssertEqual(count(screen, pixel(.blueInk), in: Rect(x: box.0 + 75, y: box.1, width: 60, height: 30), origin, tolerance: 60), 0,
                       "ink past “Hello there” in the box")
        XCTAssertGreaterThan(count(screen, pixel(.redInk), in: stampArea, origin), 150, "the Approved stamp is not drawn in red")
        XCTAssertEqual(count(screen, pixel(.redInk), in: Rect(x: stamp.0, y: stamp.1 + 55, width: 150, height: 20), origin), 0, "red below the stamp")
        XCTAssertGreaterThan(count(screen, picturePixel, in: pictureArea, origin, tolerance: 12), 150 * 75 * 3 / 2, "the picture does not fill its 150 × 75 points")
        XCTAssertEqual(count(screen, picturePixel, in: Rect(x: picture.0, y: picture.1 + 80, width: 150, height: 20), origin, tolerance: 12), 0,
                       "the picture reaches past its aspect")
        // A double click on the box (Select again) types in it: “Hello there again”.
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "retyped")
        let past = Rect(x: box.0 + 75, y: box.1, width: 60, height: 30)
        let retyped = try session.stillScreen { self.count($0, self.pixel(.blueInk), in: past, origin, tolerance: 60) > 20 }
        XCTAssertGreaterThan(count(retyped, pixel(.blueInk), in: past, origin, tolerance: 60), 20, "a double click on the text box did not type in it again")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "asked")
    }

    /// Turned a quarter (Ctrl+Right), a rectangle dragged across the page is drawn where the
    /// pointer went, as on a page not turned.
    func testOnATurnedPageARectangleIsDrawnWhereThePointerWent() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let file = fixtures.searchable(named: Self.title)
        let script = Self.opening() + """
            xdotool key ctrl+Right
            away
            echo turned
            read answer
            xdotool key ctrl+6 ctrl+9
            stroke 300 500 500 650
            away
            echo drawn
            read answer
            """ + Self.quitUnsaved
        let (session, _) = try session(script, fixtures, file: file, shot: "turned.png")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "turned")
        let blue = pixel(.blueInk)
        func blueIn(_ screen: Picture, _ xs: ClosedRange<Int>, _ ys: ClosedRange<Int>) -> Int {
            ys.reduce(0) { sum, y in sum + xs.filter { Picture.distance(screen[$0, y], blue) <= 40 }.count }
        }
        XCTAssertEqual(blueIn(try session.stillScreen(), 280...520, 480...670), 0, "blue before anything was drawn")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "drawn")
        let screen = try session.stillScreen { blueIn($0, 305...495, 505...645) > 190 * 140 * 9 / 10 }
        XCTAssertGreaterThan(blueIn(screen, 305...495, 505...645), 190 * 140 * 9 / 10, "the rectangle does not fill where the pointer went")
        XCTAssertEqual(blueIn(screen, 280...520, 480...495) + blueIn(screen, 280...520, 655...670) + blueIn(screen, 280...295, 480...670)
                       + blueIn(screen, 505...520, 480...670), 0, "the rectangle reaches past where the pointer went")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "asked")
    }

    /// A stroke and a rectangle show while the button is still down; after Escape the
    /// pointer draws nothing.
    func testWhatIsDrawnShowsBeforeTheReleaseAndEscapeGoesBackToSelecting() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let file = fixtures.searchable(named: Self.title)
        let script = Self.opening() + """
            xdotool key ctrl+1
            held $line
            echo "pen down"
            read answer
            xdotool mouseup 1
            xdotool key ctrl+6
            held $box
            echo "rectangle down"
            read answer
            xdotool mouseup 1
            xdotool key Escape
            stroke $after
            away
            echo "escaped $(title_after "• \(Self.title)")"
            read answer
            """ + Self.quitUnsaved
        let (session, origin) = try session(script, fixtures, file: file, shot: "held.png")
        func path(_ points: [(Double, Double)]) -> String { points.map { onScreen($0, origin) }.joined(separator: " ") }
        try session.proceed("line='\(path([(100, 300), (400, 300)]))' box='\(path([(100, 350), (300, 450)]))' after='\(path([(100, 500), (400, 520)]))'")
        XCTAssertEqual(try session.readLine(), "pen down")
        let blue = pixel(.blueInk)
        func stroke(_ screen: Picture) -> Bool { inked(screen, at: (250, 300), blue, origin) }
        XCTAssertTrue(stroke(try session.stillScreen(stroke)), "the stroke does not show while it is drawn")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "rectangle down")
        func outline(_ screen: Picture) -> Bool { inked(screen, at: (200, 350), blue, origin) && inked(screen, at: (300, 400), blue, origin) }
        XCTAssertTrue(outline(try session.stillScreen(outline)), "the rectangle does not show while it is dragged")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "escaped • \(Self.title)")
        let screen = try session.stillScreen()
        XCTAssertTrue(stroke(screen) && outline(screen), "what was drawn went")
        XCTAssertEqual(count(screen, blue, in: Rect(x: 90, y: 490, width: 320, height: 40), origin), 0, "after Escape the pointer still draws")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "asked")
    }

    /// Red chosen for the pen in the toolbar's style menu: the pen draws red, in this run
    /// and the next (the same preferences), while the rectangle keeps its blue.
    func testThePensColourChosenInTheToolbarIsItsNextAndIsRemembered() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let file = fixtures.searchable(named: Self.title)
        let script = Self.opening() + """
            xdotool key ctrl+1
            xdotool mousemove $style click 1
            xdotool mousemove $red click 1
            stroke $line
            xdotool key ctrl+6
            stroke $box
            away
            echo drawn
            read answer
            xdotool key ctrl+q
            asking
            xdotool key alt+d
            ended
            read answer

            """ + ScriptedSession.start(title: Self.title, arguments: "--size 1000x1150 --zoom 100") + """
            xdotool windowfocus --sync "$window"
            xdotool key F6 ctrl+1
            away
            echo reopened
            read answer
            stroke $again
            away
            echo again
            read answer
            """ + Self.quitUnsaved
        let (session, origin) = try session(script, fixtures, file: file, shot: "colour.png")
        func path(_ points: [(Double, Double)]) -> String { points.map { onScreen($0, origin) }.joined(separator: " ") }
        // The style menu's button, the toolbar's last: its icon, the last dark pixels of the toolbar's middle row.
        let styleButton = try XCTUnwrap(ScriptedSession.poll { () -> (Int, Int)? in
            let screen = try session.stillScreen()
            return (600..<990).last { x in Picture.distance(screen[x, 74], 0xFF00_0000) <= 0x60 }.map { ($0 - 5, 74) }
        }, "no style menu button")
        // Red, the menu's first colour, under its Colour heading (the popover stands centred under the button).
        try session.proceed("style='\(styleButton.0) \(styleButton.1)' red='\(styleButton.0 - 90) \(styleButton.1 + 76)' line='\(path([(100, 300), (400, 300)]))' box='\(path([(100, 350), (300, 450)]))' again='\(path([(100, 500), (400, 500)]))'")
        XCTAssertEqual(try session.readLine(), "drawn")
        let red = pixel(.redInk), blue = pixel(.blueInk)
        func drawn(_ screen: Picture) -> Bool { inked(screen, at: (250, 300), red, origin) && inked(screen, at: (200, 350), blue, origin) }
        XCTAssertTrue(drawn(try session.stillScreen(drawn)), "the pen did not draw red, or the rectangle not blue")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "asked")
        XCTAssertEqual(try session.readLine(), "exited 0")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "reopened")
        // The toolbar slides in: the page is where it was once it holds still.
        _ = try session.stillScreen { Picture.distance($0[Int(origin.x) + 5, Int(origin.y) + 5], 0xFFFF_FFFF) <= 8 }
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "again")
        func again(_ screen: Picture) -> Bool { inked(screen, at: (250, 500), red, origin) }
        XCTAssertTrue(again(try session.stillScreen(again)), "the pen's red was not remembered")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "asked")
    }

    func testTheEraserTakesTheInkItPassesOverInOneStep() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let file = fixtures.searchable(named: Self.title)
        let script = Self.opening() + """
            xdotool key ctrl+1
            stroke $first
            stroke $second
            away
            echo drawn
            read answer
            xdotool key ctrl+2
            stroke $erase
            away
            echo erased
            read answer
            xdotool key ctrl+z
            echo undone
            read answer
            """ + Self.quitUnsaved
        let (session, origin) = try session(script, fixtures, file: file, shot: "erased.png")
        let first = [(100.0, 320.0), (400.0, 320.0)], second = [(100.0, 360.0), (400.0, 360.0)], kept = [(100.0, 420.0), (400.0, 420.0)]
        func path(_ points: [(Double, Double)]) -> String { points.map { onScreen($0, origin) }.joined(separator: " ") }
        try session.proceed("first='\(path(first + [(400, 360)] + second.reversed()))' second='\(path(kept))' erase='\(path([(250, 300), (250, 380)]))'")
        XCTAssertEqual(try session.readLine(), "drawn")
        let blue = pixel(.blueInk)
        func crossed(_ screen: Picture) -> Bool { inked(screen, at: (150, 320), blue, origin) && inked(screen, at: (150, 360), blue, origin) }
        XCTAssertTrue(crossed(try session.stillScreen(crossed)), "the first stroke is not drawn")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "erased")
        let erased = try session.stillScreen { !crossed($0) }
        XCTAssertEqual(count(erased, blue, in: Rect(x: 90, y: 300, width: 320, height: 80), origin), 0, "the stroke the eraser passed over is still drawn")
        XCTAssertTrue(inked(erased, at: (250, 420), blue, origin), "the eraser took a stroke it did not pass over")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "undone")
        XCTAssertTrue(crossed(try session.stillScreen(crossed)), "one Ctrl+Z did not bring the erased stroke back")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "asked")
    }

    func testAPictureThatIsNotOneIsRefusedWithAMessageAndNothingAdded() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let file = fixtures.searchable(named: Self.title)
        let good = try makePicture(in: fixtures)
        let truncated = fixtures.path("truncated.png"), text = fixtures.path("words.png"), huge = fixtures.path("huge.png")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: good))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: truncated))
        try Data("Not a picture at all, whatever its name says.\n".utf8).write(to: URL(fileURLWithPath: text))
        // A PNG's signature and header saying 20000 × 20000, and nothing else.
        let header: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0x4E, 0x20, 0, 0, 0x4E, 0x20, 8, 6, 0, 0, 0, 0, 0, 0, 0]
        try Data(header).write(to: URL(fileURLWithPath: huge))
        let script = Self.opening() + """
            for bad in '\(truncated)' '\(text)' '\(huge)'; do
                choose_picture "$bad"
                echo "chosen $(basename "$bad")"
                read answer
            done
            xdotool key ctrl+8
            xdotool mousemove $at click 1
            away
            echo "title $(xdotool getwindowname "$window")"
            read answer
            """ + Self.quitUnsaved
        let (session, origin) = try session(script, fixtures, file: file, shot: "refused.png")
        try session.proceed("at='\(onScreen(picture, origin))'")
        for (name, reason) in [("truncated.png", "notAPicture"), ("words.png", "notAPicture"), ("huge.png", "tooManyPixels")] {
            XCTAssertEqual(try session.readLine(), "chosen \(name)")
            XCTAssertTrue(session.errorsSay("the picture \(fixtures.path(name)) was refused: \(reason)"), "\(name) was not refused as \(reason)")
            try session.proceed()
        }
        // The stamp tool still places the standard stamp it had: no picture was taken.
        XCTAssertEqual(try session.readLine(), "title • \(Self.title)")
        let screen = try session.stillScreen()
        XCTAssertEqual(count(screen, picturePixel, in: Rect(x: picture.0, y: picture.1, width: 150, height: 75), origin, tolerance: 12), 0,
                       "a refused picture was placed")
        XCTAssertGreaterThan(count(screen, pixel(.redInk), in: Rect(x: picture.0, y: picture.1, width: 150, height: 45), origin), 150,
                             "the standard stamp chosen before is not what the stamp tool places")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "asked", "quitting did not ask about the stamp placed")
    }

    /// Everything drawn, saved by Ctrl+S and read back by qpdf: an annotation of each kind
    /// with its subtype. (Writing drawings into the file is built on another branch.)
    func testPenShapesTextBoxesAndStampsAreSavedForOtherReaders() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let file = fixtures.searchable(named: Self.title)
        let script = textAndStampsScript(picture: try makePicture(in: fixtures)) + """
            eval "$shapes"

            """ + Self.drawShapes + """
            xdotool key ctrl+s
            echo "title $(title_after "\(Self.title)")"
            xdotool key ctrl+q
            ended
            """
        let (session, origin) = try session(script, fixtures, file: file, shot: "saved.png")
        try session.proceed("box='\(onScreen(box, origin))' stamp='\(onScreen(stamp, origin))' picture='\(onScreen(picture, origin))' shapes=\"\(shapesAnswer(origin))\"")
        XCTAssertEqual(try session.readLine(), "title \(Self.title)", "the save did not end")
        XCTAssertEqual(try session.readLine(), "exited 0")
        XCTAssertTrue(try QPDF.check(file), "qpdf finds the saved file damaged")
        let saved = try QPDF.annotations(in: file)
        XCTAssertEqual(saved.map(\.subtype).sorted(), ["/Circle", "/FreeText", "/Ink", "/Line", "/Square", "/Stamp", "/Stamp"], "\(saved)")
        XCTAssertEqual(saved.first { $0.subtype == "/FreeText" }?.contents, "Hello there")
    }
}
