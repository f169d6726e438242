import Fixtures
import Foundation
import QuireDocument
import QuireEngine
import XCTest

/// F5 in a real window under a window manager (openbox, for fullscreen), the screen read
/// back and compared with poppler's own rendering of the page expected.
final class PresentationTests: XCTestCase {
    private static let black: UInt32 = 0xFF00_0000
    private static let red: UInt32 = 0xFFCC_3333 // Fixtures.boxColour

    /// The screen is 1600 × 1200; the standard fixture's tallest page is letter (792 pt).
    private static let scale = 1200.0 / 792

    /// Where a page of the standard fixture lands in a presentation: centred, at the
    /// scale that fits the tallest page to the screen's height.
    private static func origin(ofPage page: Int) -> (x: Int, y: Int) {
        let size = Fixtures.standardSizes[page]
        return (Int(((1600 - size.width * scale) / 2).rounded(.down)), Int(((1200 - size.height * scale) / 2).rounded(.down)))
    }

    func testF5ShowsOnePageFittedOnBlackAndKeysAndClicksTurnIt() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let file = fixtures.standard(named: "present.pdf")
        let script = try WindowManager.start(in: fixtures) + ScriptedSession.start(title: Fixtures.standardTitle) + """
            xdotool windowfocus --sync "$window"
            xdotool key F5
            echo presenting
            read answer
            xdotool key Next
            echo next
            read answer
            xdotool mousemove 800 600 click 1
            echo clicked
            read answer
            xdotool key BackSpace
            echo back
            read answer
            xdotool key Left
            echo left
            read answer
            kill $quire; wait $quire
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("present.png"))
        let document = try DocumentSource(path: file).open()
        // The top of each page as poppler renders it at the presentation's scale.
        let tops = try (0..<4).map { page in
            let picture = Picture(try document.render(page: page, scale: Self.scale))
            return picture.cropped(x: 0, y: 0, width: min(picture.width, 600), height: 300)
        }
        func shows(_ page: Int) -> (Picture) -> Bool {
            let (x, y) = Self.origin(ofPage: page)
            return { $0.bestMatch(of: tops[page], xs: x - 2...x + 2, ys: y - 2...y + 2).mismatch <= 0.01 }
        }
        func expect(_ line: String, page: Int) throws -> Picture {
            XCTAssertEqual(try session.readLine(), line)
            let screen = try session.screen(until: shows(page))
            XCTAssertTrue(shows(page)(screen), "after \(line), page \(page + 1) is not where a presentation shows it")
            return screen
        }

        // Page 1 from the top of the screen to its bottom, black on both sides and nothing else.
        let first = try expect("presenting", page: 0)
        let (left, _) = Self.origin(ofPage: 0)
        let width = Int(Fixtures.standardSizes[0].width * Self.scale)
        XCTAssertEqual(first[left + width / 2, 0], 0xFFFF_FFFF, "the page starts at the screen's top")
        XCTAssertEqual(first[left + width / 2, 1199], 0xFFFF_FFFF, "the page ends at the screen's bottom")
        for y in stride(from: 0, to: 1200, by: 4) {
            for x in Array(stride(from: 0, to: left - 1, by: 4)) + Array(stride(from: left + width + 2, to: 1600, by: 4)) {
                guard first[x, y] == Self.black else { return XCTFail("not black beside the page at (\(x), \(y)): \(String(first[x, y], radix: 16))") }
            }
        }
        try session.proceed()
        // Page Down: page 2 alone (landscape, centred down the screen); page 1 and its red box gone.
        let second = try expect("next", page: 1)
        XCTAssertNil(second.bounds(of: Self.red), "page 1 still shows")
        let top = Self.origin(ofPage: 1).y
        XCTAssertTrue(stride(from: 0, to: 1600, by: 8).allSatisfy { second[$0, top / 2] == Self.black }, "not black above the page")
        try session.proceed()
        _ = try expect("clicked", page: 2)
        try session.proceed()
        _ = try expect("back", page: 1)
        try session.proceed()
        _ = try expect("left", page: 0)
        try session.proceed()
    }

    /// Escape after a page turn: the window as it was (size, header bar, thumbnails, 50 %,
    /// continuous), showing the page the presentation ended on.
    func testEscapeRestoresTheViewTheReaderHad() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let file = fixtures.standard(named: "restore.pdf")
        let script = try WindowManager.start(in: fixtures)
            + ScriptedSession.start(title: Fixtures.standardTitle, arguments: "--sidebar thumbnails --zoom 50 --size 900x800") + """
            xdotool windowfocus --sync "$window"
            start=$(geometry)
            echo "start $start"
            read answer
            xdotool key F5
            wait_for 'geometry | grep -q "^0,0 1600x1200 "'
            echo presenting
            read answer
            xdotool key Next
            echo next
            read answer
            xdotool key Escape
            wait_for '[ "$(geometry)" = "$start" ]'
            echo "left $(geometry)"
            read answer
            kill $quire; wait $quire
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("restore.png"))
        let start = try session.readLine()
        let corner = try XCTUnwrap(start.split(separator: " ").dropFirst().first?.split(separator: ",").compactMap { Int($0) }, start)
        XCTAssertEqual(corner.count, 2, start)
        let (windowX, windowY) = (corner[0], corner[1])
        // The sidebar is 230 px wide: the canvas is to its right.
        let canvasX = windowX + 240
        func canvas(_ screen: Picture) -> Picture { screen.cropped(x: canvasX, y: windowY, width: 900 - 250, height: 800) }
        func sidebar(_ screen: Picture) -> Picture { screen.cropped(x: windowX, y: windowY, width: 230, height: 800) }

        // Before: page 1 at 50 % at the top of the canvas (found by its red box), its
        // thumbnail (red box too) in the sidebar.
        let scale = 0.5 * 96 / 72
        let document = try DocumentSource(path: file).open()
        func top(of page: Int) throws -> Picture {
            let picture = Picture(try document.render(page: page, scale: scale))
            return picture.cropped(x: 0, y: 0, width: picture.width, height: 150)
        }
        func pageOne(_ screen: Picture) -> (x: Int, y: Int)? {
            guard let box = canvas(screen).bounds(of: Self.red) else { return nil }
            return (canvasX + box.x - Int(Fixtures.boxRect.x * scale), windowY + box.y - Int(Fixtures.boxRect.y * scale))
        }
        let pageOneTop = try top(of: 0)
        func before(_ screen: Picture) -> (x: Int, y: Int)? {
            guard sidebar(screen).bounds(of: Self.red) != nil, let page = pageOne(screen) else { return nil }
            let match = screen.bestMatch(of: pageOneTop, xs: page.x - 2...page.x + 2, ys: page.y - 2...page.y + 2)
            return match.mismatch <= 0.01 ? (match.x, match.y) : nil
        }
        let page = try XCTUnwrap(before(try session.screen { before($0) != nil }), "page 1 and its thumbnail did not show")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "presenting")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "next")
        try session.proceed()
        let left = try session.readLine()
        XCTAssertEqual(left.dropFirst("left ".count), start.dropFirst("start ".count), "the window did not come back as it was")

        // After: page 2 where page 1 was, centred the same way; page 3 below it (continuous,
        // 50 %); the thumbnails (page 1's red box) in the sidebar again.
        let pageTwoX = page.x + Int((Fixtures.standardSizes[0].width - Fixtures.standardSizes[1].width) * scale / 2)
        let pageThreeX = page.x + Int((Fixtures.standardSizes[0].width - Fixtures.standardSizes[2].width) * scale / 2)
        let pageThreeY = page.y + Int(Fixtures.standardSizes[1].height * scale) + 12
        let (pageTwoTop, pageThreeTop) = (try top(of: 1), try top(of: 2))
        func restored(_ screen: Picture) -> Bool {
            sidebar(screen).bounds(of: Self.red) != nil
                && screen.bestMatch(of: pageTwoTop, xs: pageTwoX - 3...pageTwoX + 3, ys: page.y - 2...page.y + 2).mismatch <= 0.01
                && screen.bestMatch(of: pageThreeTop, xs: pageThreeX - 3...pageThreeX + 3, ys: pageThreeY - 3...pageThreeY + 3).mismatch <= 0.01
        }
        XCTAssertTrue(restored(try session.screen(until: restored)), "the view was not restored (page 2 at the top, page 3 below, thumbnails)")
        try session.proceed()
    }
}
