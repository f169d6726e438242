import Fixtures
import Foundation
import QuireDocument
import QuireEngine
import XCTest

/// `quire --snapshot` in a real GTK window under Xvfb: what a person would see.
final class SnapshotTests: XCTestCase {
    private var fixtures: Fixtures!
    override func setUpWithError() throws { fixtures = try Fixtures() }
    override func tearDown() { fixtures = nil }

    private static let grey: UInt32 = 0xFFDE_DEDE // the canvas background, 0.87
    private static let red: UInt32 = 0xFFCC_3333 // Fixtures.boxColour

    func testFirstPageAppearsAsPopplerRendersIt() throws {
        let document = fixtures.standard()
        let output = fixtures.path("shot.png")
        let run = try QuireRun.run(["--snapshot", output, "--size", "800x1000", "--zoom", "50", document])
        XCTAssertEqual(run.status, 0, run.standardError)
        let shot = try Picture(png: output)
        XCTAssertEqual(shot.width, 800)
        XCTAssertEqual(shot.height, 1000)

        let scale = 0.5 * 96 / 72
        let reference = Picture(try DocumentSource(path: document).open().render(page: 0, scale: scale))
        let centred = (800 - reference.width) / 2
        let match = shot.bestMatch(of: reference, xs: centred - 2...centred + 2, ys: 0...200)
        XCTAssertLessThan(match.mismatch, 0.01, "page 1 differs from poppler's rendering at \(match)")
        // The red box is where the page puts it, at the same size.
        let box = try XCTUnwrap(shot.bounds(of: Self.red))
        XCTAssertEqual(Double(box.x - match.x), Fixtures.boxRect.x * scale, accuracy: 1.5)
        XCTAssertEqual(Double(box.width), Fixtures.boxRect.width * scale, accuracy: 1.5)
        // Around the page: the canvas background.
        XCTAssertEqual(shot[match.x - 8, match.y + 100], Self.grey)
        XCTAssertEqual(shot[match.x + reference.width + 8, match.y + 100], Self.grey)
    }

    func testStartPageIsShownAtTheTop() throws {
        let document = fixtures.standard()
        let output = fixtures.path("page3.png")
        let run = try QuireRun.run(["--snapshot", output, "--size", "1200x700", "--zoom", "100", "--page", "3", document])
        XCTAssertEqual(run.status, 0, run.standardError)
        let shot = try Picture(png: output)
        let scale = 96.0 / 72
        let reference = Picture(try DocumentSource(path: document).open().render(page: 2, scale: scale))
        let centred = (1200 - reference.width) / 2
        let match = shot.bestMatch(of: reference, xs: centred - 2...centred + 2, ys: 0...200)
        XCTAssertLessThan(match.mismatch, 0.01, "page 3 is not at the top: \(match)")
        XCTAssertNil(shot.bounds(of: Self.red), "page 1 should be scrolled away")
    }

    func testTheBundledGuideOpensWithoutAFile() throws {
        let output = fixtures.path("guide.png")
        let run = try QuireRun.run(["--snapshot", output, "--size", "700x900"])
        XCTAssertEqual(run.status, 0, run.standardError)
        let shot = try Picture(png: output)
        // The guide's title page below the header bar: white paper inside the grey canvas (a
        // letter page fitting a 700-pixel window's width at 63 %: 515 × 667), with dark words.
        let view = shot.cropped(x: 0, y: 60, width: shot.width, height: shot.height - 60)
        let paper = try XCTUnwrap(view.bounds(of: 0xFFFF_FFFF, tolerance: 0))
        XCTAssertGreaterThan(paper.width, 480, "\(paper)")
        XCTAssertGreaterThan(paper.height, 600, "\(paper)")
        let words = view.cropped(x: paper.x, y: paper.y, width: paper.width, height: paper.height)
        XCTAssertNotNil(words.bounds(of: 0xFF00_0000, tolerance: 60), "the guide's page shows no words")
    }
}
