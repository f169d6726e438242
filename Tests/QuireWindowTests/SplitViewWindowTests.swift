import Fixtures
import Foundation
import PDFWriter
import QuireDocument
import QuireEngine
import XCTest

/// A split view of one document (issue 46 item 3), as a reader uses it: Ctrl+\ opens a
/// second pane beside the first; one pane shows page 1 while the other is moved to page 40
/// with its keys, each scrolls alone, a search lights matches in both, a highlight made in
/// one shows in the other (either way), and the split comes back when the document is opened again.
final class SplitViewWindowTests: XCTestCase {
    private var fixtures: Fixtures!
    override func setUpWithError() throws { fixtures = try Fixtures() }
    override func tearDown() { fixtures = nil }

    /// Pages narrower than a pane at 100 % (533 × 667 pixels), each saying its number.
    private func narrowPages(_ count: Int, named name: String) -> String {
        let file = fixtures.path(name)
        let writer = PDFWriter(path: file)
        for index in 0..<count {
            writer.beginPage(width: 400, height: 500)
            writer.text("Long page \(index + 1)", x: 40, y: 100, size: 40)
        }
        writer.finish()
        return file
    }

    // In a 1400 × 1000 window, side by side: the first pane's pages centred in its left half, the second's in its right.
    private let firstPane = 0...200, secondPane = 700...900

    func testEachPaneKeepsItsPlaceAndScrollsAloneASearchAndAHighlightShowInBothAndTheSplitIsRemembered() throws {
        try QuireRun.requireDisplay()
        let file = narrowPages(60, named: "split.pdf")
        let stateHome = freshStateHome()
        let script = ScriptedSession.windowFunctions
            + ScriptedSession.start(title: "split.pdf", arguments: "--size 1400x1000 --zoom 100") + """
            xdotool mousemove 1590 1190
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+backslash
            echo split
            read answer
            xdotool key ctrl+l
            xdotool type 40
            xdotool key Return
            echo "moved"
            read answer
            xdotool key n
            xdotool mousemove 300 600 click 1
            xdotool mousemove 1590 1190
            xdotool key n n
            echo "turned"
            read answer
            xdotool key ctrl+f
            xdotool type Long
            echo searched
            read answer
            xdotool key Escape
            echo "closed search"
            read answer
            xdotool key ctrl+a ctrl+h
            echo "$(title_after "• split.pdf")"
            read answer
            xdotool key ctrl+z
            echo "$(title_after "split.pdf")"
            read x1 y x2
            xdotool mousemove $x1 $y mousedown 1
            for x in $(seq $x1 40 $x2); do xdotool mousemove $x $y; done
            xdotool mouseup 1
            xdotool mousemove 1590 1190
            xdotool key ctrl+h
            echo "$(title_after "• split.pdf")"
            read answer
            xdotool mousemove 300 600 click 1
            xdotool mousemove 1590 1190
            xdotool key ctrl+l
            xdotool type 41
            xdotool key Return
            echo "first at 41"
            read answer
            xdotool key ctrl+z
            echo "$(title_after "split.pdf")"
            xdotool key ctrl+q
            ended
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("split.png"), stateHome: stateHome)
        XCTAssertEqual(try session.readLine(), "split")
        // The second pane opens at the first's place.
        XCTAssertTrue(try session.showsAtTheTop(page: 0, of: file, xs: secondPane), "the second pane does not show page 1")
        XCTAssertTrue(try session.showsAtTheTop(page: 0, of: file, xs: firstPane), "the first pane does not show page 1")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "moved")
        XCTAssertTrue(try session.showsAtTheTop(page: 39, of: file, xs: secondPane), "Ctrl+L 40 did not take the second pane (the one with the focus) to page 40")
        XCTAssertTrue(try session.showsAtTheTop(page: 0, of: file, xs: firstPane), "the first pane moved with the second")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "turned")
        XCTAssertTrue(try session.showsAtTheTop(page: 2, of: file, xs: firstPane), "n n after a click in the first pane did not turn it to page 3")
        XCTAssertTrue(try session.showsAtTheTop(page: 40, of: file, xs: secondPane), "the second pane did not stay on page 41")

        // Every page says "Long": matches lit in both panes (the current one in the first, which has the focus).
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "searched")
        func matches(_ screen: Picture, in pane: ClosedRange<Int>) -> Int {
            let half = screen.cropped(x: pane.lowerBound - 20, y: 100, width: 600, height: 850)
            return [SearchWindowTests.current, SearchWindowTests.other].reduce(0) { $0 + half.count(of: $1, tolerance: 12) }
        }
        let lit = try session.stillScreen { matches($0, in: self.firstPane) > 300 && matches($0, in: self.secondPane) > 300 }
        XCTAssertGreaterThan(matches(lit, in: firstPane), 300, "no match lit in the first pane")
        XCTAssertGreaterThan(matches(lit, in: secondPane), 300, "no match lit in the second pane")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "closed search")
        let unlit = try session.stillScreen { matches($0, in: self.secondPane) == 0 }
        XCTAssertEqual(matches(unlit, in: secondPane), 0, "the search's marks stay in the second pane after Escape")

        // Marked in the first pane (it took the focus back from the find bar), the highlight shows on the second's page 41.
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "• split.pdf", "Ctrl+A Ctrl+H did not highlight")
        func highlighted(_ screen: Picture, in pane: ClosedRange<Int>) -> Int {
            screen.cropped(x: pane.lowerBound - 20, y: 50, width: 600, height: 900).count(of: 0xFFFF_E333, tolerance: 8)
        }
        let marked = try session.stillScreen { highlighted($0, in: self.secondPane) > 300 }
        XCTAssertGreaterThan(highlighted(marked, in: secondPane), 300, "the highlight made in the first pane does not show in the second")
        XCTAssertGreaterThan(highlighted(marked, in: firstPane), 300, "the highlight does not show in the first pane")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "split.pdf", "Ctrl+Z did not take the highlight back")

        // Selected in the second pane with the pointer, highlighted: the first pane, taken to the same page, shows it.
        let expected = Picture(try DocumentSource(path: file).open().render(page: 40, scale: 96.0 / 72)).cropped(x: 0, y: 0, width: 500, height: 160)
        let page41 = try session.screen { _ in true }.bestMatch(of: expected, xs: secondPane, ys: 50...100)
        let line = page41.y + Int(85 * 96.0 / 72)
        try session.proceed("\(page41.x + 40) \(line) \(page41.x + 420)")
        XCTAssertEqual(try session.readLine(), "• split.pdf", "a drag over the second pane's words and Ctrl+H did not highlight them")
        let second = try session.stillScreen { highlighted($0, in: self.secondPane) > 300 }
        XCTAssertGreaterThan(highlighted(second, in: secondPane), 300, "the highlight made in the second pane is not drawn there")
        XCTAssertEqual(highlighted(second, in: firstPane), 0, "the first pane, on page 3, shows a highlight")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "first at 41")
        let both = try session.stillScreen { highlighted($0, in: self.firstPane) > 300 }
        XCTAssertGreaterThan(highlighted(both, in: firstPane), 300, "the highlight made in the second pane does not show in the first")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "split.pdf", "Ctrl+Z did not take the second highlight back")
        XCTAssertEqual(try session.readLine(), "exited 0")

        // Opened again, the document is split as it was left, each pane at its page.
        let reopened = try QuireRun.run(["--snapshot", fixtures.path("reopened.png"), "--size", "1400x1000", file],
                                        environment: ["XDG_STATE_HOME": stateHome])
        XCTAssertEqual(reopened.status, 0, reopened.standardError)
        XCTAssertTrue(reopened.standardOutput.contains("split=side-by-side panes=41/60,41/60"), reopened.standardOutput)
    }
}

extension SplitViewWindowTests {
    /// In a window taller than wide the panes lie one above the other, and come back so.
    func testInATallWindowThePanesLieOneAboveTheOther() throws {
        try QuireRun.requireDisplay()
        let file = narrowPages(5, named: "tall.pdf")
        let stateHome = freshStateHome()
        let script = ScriptedSession.windowFunctions + ScriptedSession.start(title: "tall.pdf", arguments: "--size 900x1100 --zoom 100") + """
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+backslash
            echo split
            read answer
            xdotool key ctrl+q
            ended
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("tall.png"), stateHome: stateHome)
        XCTAssertEqual(try session.readLine(), "split")
        // Page 1's top in both panes: at the window's top and about halfway down.
        let expected = Picture(try DocumentSource(path: file).open().render(page: 0, scale: 96.0 / 72)).cropped(x: 0, y: 0, width: 500, height: 160)
        func panes(_ screen: Picture) -> Bool {
            screen.bestMatch(of: expected, xs: 150...250, ys: 50...100).mismatch <= 0.01
                && screen.bestMatch(of: expected, xs: 150...250, ys: 580...640).mismatch <= 0.01
        }
        XCTAssertTrue(panes(try session.screen(until: panes)), "page 1 is not shown in two panes one above the other")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "exited 0")
        let reopened = try QuireRun.run(["--snapshot", fixtures.path("tall-reopened.png"), "--size", "900x1100", file],
                                        environment: ["XDG_STATE_HOME": stateHome])
        XCTAssertTrue(reopened.standardOutput.contains("split=stacked panes=1/5,1/5"), reopened.standardOutput)
    }

    /// A reference followed with Shift+click: the split opens, its second pane shows where
    /// the link leads, and the first pane stays on the page being read.
    func testAShiftClickedLinkOpensItsDestinationInTheOtherPaneAndThePageReadStays() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let file = fixtures.standard(named: "split-links.pdf")
        let script = ScriptedSession.start(title: Fixtures.standardTitle, arguments: "--size 1400x1000 --zoom 75") + """
            xdotool mousemove 1590 1190
            echo shown
            read answer
            xdotool mousemove $answer keydown shift click 1 keyup shift
            xdotool mousemove 1590 1190
            echo clicked
            read answer
            xdotool key ctrl+backslash
            echo unsplit
            read answer
            kill $quire; wait $quire
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("split-links.png"))
        XCTAssertEqual(try session.readLine(), "shown")
        // At 75 % a point is a pixel: the page's corner from its red box, the link's middle from the fixture.
        let first = try session.stillScreen { $0.bounds(of: LinkWindowTests.red) != nil }
        let box = try XCTUnwrap(first.bounds(of: LinkWindowTests.red), "page 1 is not shown")
        try session.proceed("\(box.x - Int(Fixtures.boxRect.x) + 100) \(box.y - Int(Fixtures.boxRect.y) + 96)")
        XCTAssertEqual(try session.readLine(), "clicked")
        let split = try XCTUnwrap(try landingInTheSecondPane(session, of: file), "the link's destination is not at the top of the second pane")
        let stayed = try XCTUnwrap(split.bounds(of: LinkWindowTests.red), "the first pane left page 1")
        XCTAssertEqual(stayed.y, box.y, "the first pane moved")
        XCTAssertLessThan(stayed.x + stayed.width, 700, "page 1 is not in the first pane, on the left")
        // Ctrl+\ again: the first pane has the window's width, its page in the middle.
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "unsplit")
        let whole = try session.stillScreen { ($0.bounds(of: LinkWindowTests.red)?.x ?? 0) > 400 }
        let centred = try XCTUnwrap(whole.bounds(of: LinkWindowTests.red), "page 1 went")
        XCTAssertEqual(centred.x, stayed.x + (1400 - 700) / 2, accuracy: 6, "Ctrl+\\ did not close the second pane")
        XCTAssertEqual(centred.y, box.y, "closing the split moved the first pane")
    }
}

extension SplitViewWindowTests {
    /// While split, a click in a link's preview shows the destination in the other pane: the
    /// figure or reference stays in view beside the page being read, which stays.
    func testAClickInALinksPreviewWhileSplitShowsItsDestinationInTheOtherPane() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let file = fixtures.standard(named: "split-preview.pdf")
        let script = ScriptedSession.start(title: Fixtures.standardTitle, arguments: "--size 1400x1000 --zoom 75") + """
            xdotool mousemove 1590 1190
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+backslash
            echo split
            read answer
            \(ScriptedSession.clickInPreview)
            xdotool mousemove 1590 1190
            echo clicked
            read answer
            kill $quire; wait $quire
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("split-preview.png"))
        XCTAssertEqual(try session.readLine(), "split")
        // At 75 % a point is a pixel; page 1 in the first pane, found by its red box.
        let first = try session.stillScreen { ($0.bounds(of: LinkWindowTests.red)?.x ?? 2000) < 700 }
        let box = try XCTUnwrap(first.bounds(of: LinkWindowTests.red), "page 1 is not shown")
        let origin = (x: box.x - Int(Fixtures.boxRect.x), y: box.y - Int(Fixtures.boxRect.y))
        let link = (x: origin.x + 100, y: origin.y + 96, bottom: origin.y + 104)
        try session.proceed("\(link.x) \(link.y)")
        XCTAssertEqual(try session.readLine(), "resting")
        let sizes = Fixtures.standardSizes.map { Size(width: $0.width, height: $0.height) }
        let preview = try XCTUnwrap(LinkPreview(of: .page(2, top: 100), pageSizes: sizes, deviceScale: 1))
        let document = try DocumentSource(path: file).open()
        let third = Picture(try document.render(page: 2, scale: preview.tileScale))
        let strip = third.cropped(x: 0, y: preview.pixels.y, width: min(preview.pixels.width, third.width),
                                  height: min(preview.pixels.height, third.height - preview.pixels.y))
        // Under the link, kept inside the pane: near its left edge.
        let xs = 0...max(120, link.x - strip.width / 2 + 60)
        let ys = (link.bottom + 18)...(link.bottom + 24)
        func previewed(_ screen: Picture) -> Bool { screen.bestMatch(of: strip, xs: xs, ys: ys).mismatch <= 0.01 }
        let found = try session.screen(until: previewed).bestMatch(of: strip, xs: xs, ys: ys)
        XCTAssertLessThanOrEqual(found.mismatch, 0.01, "no preview of page 3 under the link")
        try session.proceed("\(found.x + strip.width / 2) \(found.y + strip.height / 2)")
        XCTAssertEqual(try session.readLine(), "over")
        XCTAssertTrue(previewed(try session.screen(until: previewed)), "the preview closed when the pointer reached it")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "clicked")
        let after = try XCTUnwrap(try landingInTheSecondPane(session, of: file), "the preview's destination is not at the top of the second pane")
        XCTAssertEqual(after.bounds(of: LinkWindowTests.red)?.y, box.y, "the first pane left its place")
    }

    /// The screen once the second pane (at 75 %, in a 1400-pixel window) shows the standard
    /// fixture's link destination on page 3 at its top; nil if it never does.
    private func landingInTheSecondPane(_ session: ScriptedSession, of file: String) throws -> Picture? {
        let landing = Picture(try DocumentSource(path: file).open().render(page: 2, scale: 1)).cropped(x: 0, y: 100, width: 300, height: 60)
        func landed(_ screen: Picture) -> Bool { screen.bestMatch(of: landing, xs: 700...1100, ys: 45...80).mismatch <= 0.01 }
        let screen = try session.screen(until: landed)
        return landed(screen) ? screen : nil
    }
}

private extension Picture {
    /// How many pixels are within `tolerance` of `colour`.
    func count(of colour: UInt32, tolerance: Int) -> Int {
        var count = 0
        for y in 0..<height { for x in 0..<width where Self.distance(self[x, y], colour) <= tolerance { count += 1 } }
        return count
    }
}
