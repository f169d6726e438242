import Fixtures
import Foundation
import XCTest

/// The header bar used with the mouse, as a reader does: a menu item chosen leaves the keys
/// with the page, the zoom menu marks the fit in use, and buttons that cannot act are
/// insensitive. Places are those of a 900 × 700 window at the screen's top left.
final class HeaderBarWindowTests: XCTestCase {
    private var fixtures: Fixtures!
    override func setUpWithError() throws { fixtures = try Fixtures() }
    override func tearDown() { fixtures = nil }

    private static let zoomButton = (x: 682, y: 26)
    private static let continuousItem = (x: 665, y: 284)
    private static let fitWidthMark = (x: 614, y: 79), fitPageMark = (x: 614, y: 111)
    private static let fitPageItem = (x: 655, y: 111), smartFitItem = (x: 655, y: 143)
    /// Sidebar, Open, Back and Forward.
    private static let buttons = [(x: 28, y: 26), (x: 69, y: 26), (x: 112, y: 26), (x: 146, y: 26)]
    /// Where the document's view is, below the header bar, left of the overlay scrollbar
    /// (which comes and goes by itself).
    private static let view = (x: 10, y: 60, width: 820, height: 620)

    private func start(_ file: String, title: String, showsDocument: Bool = true, steps: String) throws -> ScriptedSession {
        let script = ScriptedSession.start(title: title, arguments: "--size 900x700", showsDocument: showsDocument) + """
            xdotool windowfocus --sync "$window"

            """ + steps + """

            kill $quire; wait $quire
            """
        return try ScriptedSession(script: script, file: file, shot: fixtures.path("header.png"))
    }

    private static func brightness(_ pixel: UInt32) -> Int { [16, 8, 0].map { Int((pixel >> $0) & 0xFF) }.reduce(0, +) / 3 }

    /// The darkest pixel within `radius` of a place: an icon's ink, lighter when insensitive.
    private static func darkest(_ picture: Picture, around place: (x: Int, y: Int), radius: Int = 8) -> Int {
        var least = 255
        for y in place.y - radius...place.y + radius {
            for x in place.x - radius...place.x + radius { least = min(least, brightness(picture[x, y])) }
        }
        return least
    }

    private func viewPart(_ picture: Picture) -> Picture {
        picture.cropped(x: Self.view.x, y: Self.view.y, width: Self.view.width, height: Self.view.height)
    }

    /// Continuous unticked in the zoom menu with the mouse, then Page Down: the page turns.
    func testAfterChoosingFromTheZoomMenuPageDownTurnsThePage() throws {
        try QuireRun.requireDisplay()
        let file = fixtures.dense(pages: 6, named: "menu-focus.pdf")
        let session = try start(file, title: "menu-focus.pdf", steps: """
            echo shown
            read answer
            xdotool mousemove \(Self.zoomButton.x) \(Self.zoomButton.y) click 1
            sleep 0.5
            xdotool mousemove \(Self.continuousItem.x) \(Self.continuousItem.y) click 1
            xdotool mousemove 890 690
            echo chosen
            read answer
            xdotool key Next
            echo pressed
            read answer
            """)
        XCTAssertEqual(try session.readLine(), "shown")
        let page = viewPart(try session.stillScreen { Self.darkest($0, around: (200, 140), radius: 40) < 80 })
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "chosen")
        // The menu closed: the view is as before (one page at a time starts at the same place).
        let closed = try session.screen { self.viewPart($0).mismatch(with: page, atX: 0, y: 0, step: 4) < 0.002 }
        XCTAssertLessThan(viewPart(closed).mismatch(with: page, atX: 0, y: 0, step: 4), 0.002, "the menu did not close")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "pressed")
        let moved = try session.screen { self.viewPart($0).mismatch(with: page, atX: 0, y: 0, step: 4) > 0.02 }
        XCTAssertGreaterThan(viewPart(moved).mismatch(with: page, atX: 0, y: 0, step: 4), 0.02,
                             "Page Down after choosing from the menu did nothing: the keys stayed with the menu button")
    }

    /// The zoom button's tooltip goes when its menu opens and does not come back over the
    /// menu (GTK showed it again at once, the pointer still on the button). Tooltips and
    /// menus are windows of their own, told apart by height: a tooltip is one line.
    func testTheZoomButtonsTooltipDoesNotCoverItsMenu() throws {
        try QuireRun.requireDisplay()
        let file = fixtures.long(pages: 3, named: "tooltip.pdf")
        let session = try start(file, title: "tooltip.pdf", steps: """
            # The heights of Quire's tooltips and menus on screen.
            popups() { for w in $(xdotool search --onlyvisible --name '^quire$' 2>/dev/null); do xdotool getwindowgeometry "$w" | awk '/Geometry/ { split($2, size, "x"); print size[2] }'; done; }
            tooltip() { popups | awk '$1 < 60 { found = 1 } END { exit !found }'; }
            menu() { popups | awk '$1 >= 100 { found = 1 } END { exit !found }'; }
            echo shown
            read answer
            xdotool mousemove \(Self.zoomButton.x) \(Self.zoomButton.y)
            for i in $(seq 200); do tooltip && break; sleep 0.05; done
            tooltip && echo "tooltip shown" || echo "no tooltip"
            read answer
            xdotool click 1
            for i in $(seq 200); do menu && break; sleep 0.05; done
            # GTK brought the tooltip back within milliseconds: two seconds of the menu open.
            over=no; for i in $(seq 40); do tooltip && { over=yes; break; }; sleep 0.05; done
            menu && echo "menu shown, tooltip over it: $over" || echo "no menu"
            read answer
            """)
        XCTAssertEqual(try session.readLine(), "shown")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "tooltip shown", "hovering the zoom button showed no tooltip")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "menu shown, tooltip over it: no")
        try session.proceed()
    }

    /// The zoom menu marks Fit Width at first, Fit Page once chosen.
    func testTheZoomMenuMarksTheFitInUse() throws {
        try QuireRun.requireDisplay()
        let file = fixtures.long(pages: 3, named: "menu-fit.pdf")
        let session = try start(file, title: "menu-fit.pdf", steps: """
            echo shown
            read answer
            xdotool mousemove \(Self.zoomButton.x) \(Self.zoomButton.y) click 1
            echo opened
            read answer
            xdotool mousemove \(Self.fitPageItem.x) \(Self.fitPageItem.y) click 1
            sleep 0.5
            xdotool mousemove \(Self.zoomButton.x) \(Self.zoomButton.y) click 1
            echo reopened
            read answer
            """)
        XCTAssertEqual(try session.readLine(), "shown")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "opened")
        // A marked radio item has a dark dot in its circle; an unmarked one a light middle.
        func marked(_ place: (x: Int, y: Int), _ picture: Picture) -> Bool { Self.darkest(picture, around: place, radius: 2) < 100 }
        let first = try session.screen { marked(Self.fitWidthMark, $0) }
        XCTAssertTrue(marked(Self.fitWidthMark, first), "Fit Width, the zoom in use, is not marked")
        XCTAssertFalse(marked(Self.fitPageMark, first), "Fit Page is marked while the zoom fits the width")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "reopened")
        let second = try session.screen { marked(Self.fitPageMark, $0) }
        XCTAssertTrue(marked(Self.fitPageMark, second), "Fit Page, once chosen, is not marked")
        XCTAssertFalse(marked(Self.fitWidthMark, second), "Fit Width is still marked after Fit Page was chosen")
    }

    /// Smart Fit from the zoom menu: a text column in the left half of the paper comes to
    /// fill the view's width (its margins trimmed), where Fit Width left half of it empty.
    func testSmartFitMakesTheTextColumnFillTheWidth() throws {
        try QuireRun.requireDisplay()
        let file = fixtures.dense(pages: 4, named: "smart-fit.pdf")
        let session = try start(file, title: "smart-fit.pdf", steps: """
            echo shown
            read answer
            xdotool mousemove \(Self.zoomButton.x) \(Self.zoomButton.y) click 1
            echo opened
            read answer
            xdotool mousemove \(Self.smartFitItem.x) \(Self.smartFitItem.y) click 1
            xdotool mousemove 450 400
            echo chosen
            read answer
            """)
        XCTAssertEqual(try session.readLine(), "shown")
        /// The columns from the view's first text to its last (dark pixels), in the view's
        /// foot, below where the menu opens (its shadow is black under Xvfb).
        func textColumns(_ picture: Picture) -> ClosedRange<Int>? {
            let view = viewPart(picture).cropped(x: 0, y: 500, width: Self.view.width, height: Self.view.height - 500)
            let dark = (0..<view.width).filter { x in (0..<view.height).contains { Self.brightness(view[x, $0]) < 100 } }
            return dark.first.flatMap { first in dark.last.map { first...$0 } }
        }
        let width = Double(Self.view.width)
        // Still: an early frame read as text across the whole view (820 columns of 820).
        let before = try XCTUnwrap(textColumns(try session.stillScreen { textColumns($0) != nil }), "no text shown")
        XCTAssertLessThan(Double(before.count), 0.6 * width, "the fixture's text column already fills the width")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "opened")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "chosen")
        func filled(_ picture: Picture) -> Bool { textColumns(picture).map { Double($0.count) > 0.9 * width } ?? false }
        let after = try session.screen(until: filled)
        let columns = try XCTUnwrap(textColumns(after))
        XCTAssertGreaterThan(Double(columns.count), 0.9 * width, "Smart Fit left the text column \(columns) of \(Self.view.width)")
        XCTAssertLessThan(columns.lowerBound, 40, "the trimmed margin is not on the left: text in columns \(columns)")
        try session.proceed()
    }

    /// On an error page the sidebar toggle, Back and Forward are dimmed like any
    /// insensitive button; Open stays live. With a document, the sidebar toggle is live.
    func testButtonsThatCannotActAreInsensitive() throws {
        try QuireRun.requireDisplay()
        let notAPDF = fixtures.path("notes.pdf")
        try "just some notes\n".write(toFile: notAPDF, atomically: true, encoding: .utf8)
        let session = try start(notAPDF, title: "notes.pdf", showsDocument: false, steps: """
            echo shown
            read answer
            """)
        XCTAssertEqual(try session.readLine(), "shown")
        let open = Self.buttons[1]
        // Dimmed: the icon's ink much lighter than the Open button's.
        func dimmed(_ place: (x: Int, y: Int), _ picture: Picture) -> Bool { Self.darkest(picture, around: place) > Self.darkest(picture, around: open) + 40 }
        let error = try session.screen { picture in [0, 2, 3].allSatisfy { dimmed(Self.buttons[$0], picture) } }
        for (index, name) in [(0, "sidebar"), (2, "back"), (3, "forward")] {
            XCTAssertTrue(dimmed(Self.buttons[index], error), "the \(name) button looks live on an error page")
        }
        XCTAssertLessThan(Self.darkest(error, around: open), 100, "the Open button is not drawn")

        let document = fixtures.long(pages: 2, named: "live.pdf")
        let live = try start(document, title: "live.pdf", steps: """
            echo shown
            read answer
            """)
        XCTAssertEqual(try live.readLine(), "shown")
        let shown = try live.screen { !dimmed(Self.buttons[0], $0) && Self.darkest($0, around: (200, 140), radius: 40) < 80 }
        XCTAssertFalse(dimmed(Self.buttons[0], shown), "the sidebar button is dimmed with a document shown")
        XCTAssertTrue(dimmed(Self.buttons[2], shown), "Back is live with no history")
    }
}
