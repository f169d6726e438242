import Fixtures
import Foundation
import XCTest

/// `--night` (Ctrl+I at the keyboard): the same window snapshotted in both modes, pixel for
/// pixel at the same places, since night mode changes colours when drawing, not the layout.
final class NightModeTests: XCTestCase {
    private var fixtures: Fixtures!
    override func setUpWithError() throws { fixtures = try Fixtures() }
    override func tearDown() { fixtures = nil }

    private static let red: UInt32 = 0xFFCC_3333 // Fixtures.boxColour
    private static let scale = 0.5 * 96 / 72

    private func snapshot(_ name: String, _ arguments: [String]) throws -> Picture {
        let output = fixtures.path(name)
        let run = try QuireRun.run(["--snapshot", output, "--size", "900x1000", "--zoom", "50"] + arguments)
        XCTAssertEqual(run.status, 0, run.standardError)
        return try Picture(png: output)
    }

    private static func components(_ pixel: UInt32) -> (red: Int, green: Int, blue: Int) {
        (Int(pixel >> 16 & 0xFF), Int(pixel >> 8 & 0xFF), Int(pixel & 0xFF))
    }

    /// Paper white → black, ink black → light, the canvas grey → dark grey, and the red box
    /// still red (lighter), not the cyan a plain inversion gives.
    func testNightModeInvertsLightnessAndKeepsHue() throws {
        let document = fixtures.standard()
        let day = try snapshot("day.png", [document])
        let night = try snapshot("night.png", ["--night", document])
        // Page 1 is where its red box says, in the day picture.
        let box = try XCTUnwrap(day.bounds(of: Self.red), "the red box is not on page 1")
        let page = (x: box.x - Int(Fixtures.boxRect.x * Self.scale), y: box.y - Int(Fixtures.boxRect.y * Self.scale))
        func at(_ x: Double, _ y: Double) -> (Int, Int) { (page.x + Int(x * Self.scale), page.y + Int(y * Self.scale)) }

        let (paperX, paperY) = at(500, 700) // blank paper, below the box
        XCTAssertEqual(day[paperX, paperY], 0xFFFF_FFFF)
        XCTAssertLessThanOrEqual(Picture.distance(night[paperX, paperY], 0xFF00_0000), 8, String(night[paperX, paperY], radix: 16))

        XCTAssertEqual(day[page.x - 8, paperY], 0xFFDE_DEDE, "the canvas around the page")
        XCTAssertLessThanOrEqual(Picture.distance(night[page.x - 8, paperY], 0xFF21_2121), 3, String(night[page.x - 8, paperY], radix: 16))

        // The heading's ink, 18 pt at 60 pt down: dark by day, light by night, wherever it is.
        var inked = 0, light = 0
        for y in Int(page.y) + Int(44 * Self.scale)..<Int(page.y) + Int(64 * Self.scale) {
            for x in at(40, 0).0..<at(300, 0).0 where Picture.distance(day[x, y], 0xFF00_0000) <= 40 {
                inked += 1
                if Self.components(night[x, y]).green >= 215 { light += 1 }
            }
        }
        XCTAssertGreaterThan(inked, 50, "no dark ink found in the heading")
        XCTAssertEqual(light, inked, "of the heading's dark ink by day, only \(light) of \(inked) pixels are light by night")

        let (boxX, boxY) = (box.x + box.width / 2, box.y + box.height / 2)
        XCTAssertEqual(day[boxX, boxY], Self.red)
        let reddish = Self.components(night[boxX, boxY])
        XCTAssertGreaterThan(reddish.red, reddish.green + 80, "the box lost its red: \(reddish)")
        XCTAssertGreaterThan(reddish.red, reddish.blue + 80, "the box lost its red: \(reddish)")
        XCTAssertGreaterThan(reddish.green, 0x33, "the box did not get lighter: \(reddish)")
    }

    /// The thumbnails are the same pictures and are drawn in night colours too.
    func testThumbnailsAreDrawnInNightColours() throws {
        let document = fixtures.standard()
        let day = try snapshot("day-thumbnails.png", ["--sidebar", "thumbnails", document])
        let night = try snapshot("night-thumbnails.png", ["--sidebar", "thumbnails", "--night", document])
        let sidebar = (x: 0, width: 220)
        let thumbnailBox = try XCTUnwrap(day.cropped(x: sidebar.x, y: 0, width: sidebar.width, height: day.height).bounds(of: Self.red),
                                         "page 1's thumbnail shows no red box")
        // Beside the box, inside the thumbnail: white paper by day, black by night.
        let (x, y) = (thumbnailBox.x - 3, thumbnailBox.y + thumbnailBox.height / 2)
        XCTAssertEqual(day[x, y], 0xFFFF_FFFF)
        XCTAssertLessThanOrEqual(Picture.distance(night[x, y], 0xFF00_0000), 8, String(night[x, y], radix: 16))
        let reddish = Self.components(night[thumbnailBox.x + thumbnailBox.width / 2, y])
        XCTAssertGreaterThan(reddish.red, reddish.green + 80, "the thumbnail's box lost its red: \(reddish)")
    }

    /// Search highlights are drawn over the night page as they are: the current match's
    /// orange shows on the black paper (over the white ink it is lighter).
    func testSearchHighlightsStayVisible() throws {
        let night = try snapshot("night-find.png", ["--night", "--find", "says hello", fixtures.standard()])
        let overPaper: UInt32 = 0xFF8C_3800 // 55 % of (1, 0.4, 0) over black
        let overInk: UInt32 = 0xFFFF_AB73 // over white
        let match = try XCTUnwrap(night.bounds(of: overPaper, tolerance: 12), "no orange match on the night page")
        XCTAssertGreaterThan(match.width, 40)
        var paper = 0, ink = 0
        for y in match.y..<match.y + match.height {
            for x in match.x..<match.x + match.width {
                if Picture.distance(night[x, y], overPaper) <= 12 { paper += 1 }
                if Picture.distance(night[x, y], overInk) <= 12 { ink += 1 }
            }
        }
        XCTAssertGreaterThan(paper, 2 * ink, "under the highlight the page is not night's black paper with light ink")
    }
}
