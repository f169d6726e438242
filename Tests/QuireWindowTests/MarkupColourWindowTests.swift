import Fixtures
import Foundation
import QuireDocument
import QuireEngine
import XCTest

/// The colours of new markups in the real window: underlines and strike-outs in inks that
/// read on white paper and in night mode, drawn so before they are saved and saved so (qpdf
/// reads their /C); the colour the reader gives one is the next of its kind, in this run
/// and the next.
final class MarkupColourWindowTests: XCTestCase {
    private let scale = 96.0 / 72

    /// Poppler's area of `words` on the searchable fixture's first page.
    private func area(of words: String, in document: Document) throws -> Rect {
        let rects = try XCTUnwrap(document.matchAreas(of: SearchQuery(words, caseSensitive: true), onPage: 0).first, "no \(words)")
        return rects.dropFirst().reduce(rects[0]) { union, rect in
            Rect(x: min(union.x, rect.x), y: min(union.y, rect.y), width: max(union.maxX, rect.maxX) - min(union.x, rect.x),
                 height: max(union.maxY, rect.maxY) - min(union.y, rect.y))
        }
    }

    /// Script lines that select a line of text by dragging across it, from just left of
    /// its first letter to just past its last ("x1 y x2" in $1 $2 $3), then shift them off.
    private static let dragAcross = """

        xdotool mousemove $1 $2 mousedown 1 mousemove $(( ($1 + $3) / 2 )) $2 mousemove $3 $2 mouseup 1
        shift 3

        """

    private static let lines = ["The quick brown fox jumps over the lazy dog.", "A café au lait and a cafe noir.",
                                "FOXES are not a fox; foxtrot is a dance.", "This sentence is hyphen-"]

    /// The screen's colour for `colour` drawn flat, 0xAARRGGBB.
    private func pixel(_ rgb: (red: Double, green: Double, blue: Double)) -> UInt32 {
        func channel(_ c: Double) -> UInt32 { UInt32((c * 255).rounded()) }
        return 0xFF00_0000 | channel(rgb.red) << 16 | channel(rgb.green) << 8 | channel(rgb.blue)
    }

    /// Where `dragAcross` drags to select the words of `area`, on screen.
    private func across(_ area: Rect, _ origin: (x: Double, y: Double)) -> String {
        func x(_ points: Double) -> Int { Int((origin.x + points * scale).rounded()) }
        return "\(x(area.x - 2)) \(Int((origin.y + area.midY * scale).rounded())) \(x(area.maxX + 0.5))"
    }

    /// The screen's pixels over `line`'s words, from a little above them to `below` points
    /// under them (a line drawn under the words, and the words).
    private func pixels(over line: Rect, below: Double = 2, _ origin: (x: Double, y: Double), _ screen: Picture) -> [UInt32] {
        (Int(origin.y + (line.y - 2) * scale)...Int(origin.y + (line.maxY + below) * scale)).flatMap { y in
            (Int(origin.x + line.x * scale)...Int(origin.x + line.maxX * scale)).map { screen[$0, y] }
        }
    }

    /// Whether a pixel is of a hue: red, green and blue (0…255) in.
    private typealias Hue = (Int, Int, Int) -> Bool
    private func hue(_ pixel: UInt32, _ isHue: Hue) -> Bool { isHue(Int(pixel >> 16 & 0xFF), Int(pixel >> 8 & 0xFF), Int(pixel & 0xFF)) }

    /// WCAG's contrast ratio of two screen colours.
    private func contrast(_ a: UInt32, _ b: UInt32) -> Double {
        func luminance(_ p: UInt32) -> Double {
            func linear(_ c: UInt32) -> Double {
                let v = Double(c & 0xFF) / 255
                return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
            }
            return 0.2126 * linear(p >> 16) + 0.7152 * linear(p >> 8) + 0.0722 * linear(p)
        }
        let (x, y) = (luminance(a), luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    private func assertColour(_ saved: QPDF.Annotation?, _ colour: Markup.Colour, _ message: String, line: UInt = #line) {
        let read = saved?.colour ?? []
        XCTAssertEqual(read.count, 3, message, line: line)
        for (value, wanted) in zip(read, colour.rgb) { XCTAssertEqual(value, wanted, accuracy: 0.01, "\(message): \(read)", line: line) }
    }

    /// Ctrl+U and Ctrl+Shift+X on two lines: the underline is blue and the strike-out red,
    /// on screen before they are saved, by day on white and in night mode (Ctrl+I) on black,
    /// each at least 3:1 against the paper; saved, qpdf reads those colours, and opened again
    /// at night poppler draws them turned over with the page, still in their hues.
    func testUnderlinesAndStrikeOutsReadOnPaperByDayAndAtNight() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let file = fixtures.searchable(named: "lines.pdf")
        let document = try DocumentSource(path: file).open()
        let (first, second) = (try area(of: Self.lines[0], in: document), try area(of: Self.lines[1], in: document))
        let script = ScriptedSession.opening("lines.pdf") + """
            xdotool mousemove 1590 1190
            echo shown
            read answer
            set -- $answer "$@"
            """ + Self.dragAcross + """
            xdotool key ctrl+u
            title_after "• lines.pdf" >/dev/null
            """ + Self.dragAcross + """
            xdotool key ctrl+shift+x
            xdotool mousemove 1590 1190
            echo marked
            read answer
            xdotool key ctrl+i
            echo night
            read answer
            xdotool key ctrl+i ctrl+s
            echo "title $(title_after "lines.pdf")"
            xdotool key ctrl+q
            ended
            read answer

            """ + ScriptedSession.start(title: "lines.pdf", arguments: "--size 1000x900 --zoom 100") + """
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+i
            xdotool mousemove 1590 1190
            echo reopened
            read answer
            xdotool key ctrl+q
            ended
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("lines.png"))
        XCTAssertEqual(try session.readLine(), "shown")
        let origin = try session.pageOrigin(of: document)
        try session.proceed(across(first, origin) + " " + across(second, origin))
        XCTAssertEqual(try session.readLine(), "marked")
        /// How many pixels of `colour` there are over `line`'s words, and the paper in the
        /// margin beside them.
        func drawn(_ colour: UInt32, over line: Rect, _ screen: Picture) -> (count: Int, paper: UInt32) {
            (pixels(over: line, origin, screen).filter { Picture.distance($0, colour) <= 6 }.count,
             screen[Int(origin.x + 30 * scale), Int(origin.y + line.midY * scale)])
        }
        let blue = pixel(Markup.Colour.blueInk.components), red = pixel(Markup.Colour.redInk.components)
        func both(_ screen: Picture) -> Bool { drawn(blue, over: first, screen).count > 300 && drawn(red, over: second, screen).count > 80 }
        for time in ["by day", "at night"] {
            let paper: UInt32 = time == "by day" ? 0xFFFF_FFFF : 0xFF00_0000
            let screen = try session.stillScreen { both($0) && Picture.distance(drawn(blue, over: first, $0).paper, paper) <= 8 }
            let (underline, strikeOut) = (drawn(blue, over: first, screen), drawn(red, over: second, screen))
            XCTAssertGreaterThan(underline.count, 300, "the underline is not drawn blue \(time)")
            XCTAssertGreaterThan(strikeOut.count, 80, "the strike-out is not drawn red \(time)")
            XCTAssertLessThanOrEqual(Picture.distance(underline.paper, paper), 8, "the paper \(time)")
            XCTAssertGreaterThanOrEqual(contrast(blue, underline.paper), 3, "the underline does not stand out from the paper \(time)")
            XCTAssertGreaterThanOrEqual(contrast(red, strikeOut.paper), 3, "the strike-out does not stand out from the paper \(time)")
            try session.proceed()
            XCTAssertEqual(try session.readLine(), time == "by day" ? "night" : "title lines.pdf")
        }
        XCTAssertEqual(try session.readLine(), "exited 0")
        let saved = try QPDF.annotations(in: file)
        XCTAssertEqual(saved.map(\.subtype).sorted(), ["/StrikeOut", "/Underline"], "\(saved)")
        assertColour(saved.first { $0.subtype == "/Underline" }, .blueInk, "the underline saved")
        assertColour(saved.first { $0.subtype == "/StrikeOut" }, .redInk, "the strike-out saved")
        // Opened again at night: poppler draws them (thinner, smoothed), turned over with
        // the page, in their hues: light blue and light red on black.
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "reopened")
        func hued(over line: Rect, _ screen: Picture, _ isHue: Hue) -> [UInt32] {
            pixels(over: line, below: 6, origin, screen).filter { hue($0, isHue) }
        }
        func bluish(_ r: Int, _ g: Int, _ b: Int) -> Bool { b > 100 && b > r + 40 }
        func reddish(_ r: Int, _ g: Int, _ b: Int) -> Bool { r > 100 && r > g + 40 }
        func drawnAtNight(_ screen: Picture) -> Bool { hued(over: first, screen, bluish).count > 100 && hued(over: second, screen, reddish).count > 100 }
        let night = try session.stillScreen(drawnAtNight)
        let paper = night[Int(origin.x + 30 * scale), Int(origin.y + first.midY * scale)]
        let (underline, strikeOut) = (hued(over: first, night, bluish), hued(over: second, night, reddish))
        XCTAssertLessThanOrEqual(Picture.distance(paper, 0xFF00_0000), 8, "the reopened page is not at night")
        XCTAssertGreaterThan(underline.count, 100, "the saved underline is not drawn blue at night")
        XCTAssertGreaterThan(strikeOut.count, 100, "the saved strike-out is not drawn red at night")
        XCTAssertGreaterThanOrEqual(underline.map { contrast($0, paper) }.max() ?? 0, 3, "the saved underline does not stand out at night")
        XCTAssertGreaterThanOrEqual(strikeOut.map { contrast($0, paper) }.max() ?? 0, 3, "the saved strike-out does not stand out at night")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "exited 0")
    }

    /// An underline recoloured green from its context menu: the next underline is green,
    /// in this run and the next (the same preferences), while a strike-out keeps its red.
    func testTheColourChosenForAnUnderlineIsTheNextUnderlinesAndIsRemembered() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let file = fixtures.searchable(named: "chosen.pdf")
        let document = try DocumentSource(path: file).open()
        let areas = try Self.lines.map { try area(of: $0, in: document) }
        let script = ScriptedSession.opening("chosen.pdf") + """
            xdotool mousemove 1590 1190
            echo shown
            read answer
            set -- $answer "$@"
            """ + Self.dragAcross + """
            xdotool key ctrl+u
            echo "title $(title_after "• chosen.pdf")"
            xdotool mousemove $1 $2 click 3
            echo menu
            read answer
            xdotool key Down Down Return
            shift 2
            """ + Self.dragAcross + """
            xdotool key ctrl+u
            xdotool mousemove 1590 1190
            echo underlined
            read answer
            """ + Self.dragAcross + """
            xdotool key ctrl+shift+x
            xdotool mousemove 1590 1190
            echo struck
            read answer
            xdotool key ctrl+s
            echo "title $(title_after "chosen.pdf")"
            xdotool key ctrl+q
            ended
            read answer

            """ + ScriptedSession.start(title: "chosen.pdf", arguments: "--size 1000x900 --zoom 100") + """
            xdotool windowfocus --sync "$window"
            set -- $answer "$@"
            """ + Self.dragAcross + """
            xdotool key ctrl+u
            echo "title $(title_after "• chosen.pdf")"
            xdotool key ctrl+s
            echo "title $(title_after "chosen.pdf")"
            xdotool key ctrl+q
            ended
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("chosen.png"))
        XCTAssertEqual(try session.readLine(), "shown")
        let origin = try session.pageOrigin(of: document)
        // Across the first line, then its middle (for its context menu), across the third, across the second.
        let at = (x: Int(origin.x + (areas[0].x + areas[0].width / 2) * scale), y: Int(origin.y + areas[0].midY * scale))
        try session.proceed([across(areas[0], origin), "\(at.x) \(at.y)", across(areas[2], origin), across(areas[1], origin)].joined(separator: " "))
        XCTAssertEqual(try session.readLine(), "title • chosen.pdf")
        XCTAssertEqual(try session.readLine(), "menu")
        func menuShown(_ screen: Picture) -> Bool { screen.showsPopover(x: at.x - 200, y: at.y, width: 500, height: 200) }
        XCTAssertTrue(menuShown(try session.screen(until: menuShown)), "the underline's context menu did not open")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "underlined")
        func count(_ colour: Markup.Colour, over line: Rect, _ screen: Picture) -> Int {
            pixels(over: line, origin, screen).filter { Picture.distance($0, pixel(colour.components)) <= 6 }.count
        }
        // The first, chosen still, under the blue of its being chosen: green by its hue.
        func greenish(over line: Rect, _ screen: Picture) -> Int {
            pixels(over: line, origin, screen).filter { hue($0) { r, g, b in g > r + 40 && g > b + 20 } }.count
        }
        func greenTwice(_ screen: Picture) -> Bool { greenish(over: areas[0], screen) > 300 && count(.greenInk, over: areas[2], screen) > 300 }
        XCTAssertTrue(greenTwice(try session.stillScreen(greenTwice)), "the underline chosen green and the next one are not drawn green")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "struck")
        func struck(_ screen: Picture) -> Bool { count(.redInk, over: areas[1], screen) > 200 }
        XCTAssertTrue(struck(try session.stillScreen(struck)), "the strike-out did not keep its red")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "title chosen.pdf")
        XCTAssertEqual(try session.readLine(), "exited 0")
        try session.proceed(across(areas[3], origin))
        XCTAssertEqual(try session.readLine(), "title • chosen.pdf")
        XCTAssertEqual(try session.readLine(), "title chosen.pdf")
        XCTAssertEqual(try session.readLine(), "exited 0")
        let saved = try QPDF.annotations(in: file)
        let underlines = saved.filter { $0.subtype == "/Underline" }
        XCTAssertEqual(underlines.count, 3, "\(saved)")
        for underline in underlines { assertColour(underline, .greenInk, "an underline saved") }
        XCTAssertEqual(saved.filter { $0.subtype == "/StrikeOut" }.count, 1, "\(saved)")
        assertColour(saved.first { $0.subtype == "/StrikeOut" }, .redInk, "the strike-out saved")
    }
}
