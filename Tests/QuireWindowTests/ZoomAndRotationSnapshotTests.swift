import Fixtures
import Foundation
import QuireDocument
import QuireEngine
import XCTest

/// `--snapshot` at fit-page, at 400 % and turned, compared with poppler's own rendering.
final class ZoomAndRotationSnapshotTests: XCTestCase {
    private var fixtures: Fixtures!
    override func setUpWithError() throws { fixtures = try Fixtures() }
    override func tearDown() { fixtures = nil }

    private func snapshot(_ arguments: [String], file: String) throws -> (Picture, QuireRun) {
        let output = fixtures.path("shot-\(UUID().uuidString).png")
        let run = try QuireRun.run(["--snapshot", output] + arguments + [file])
        XCTAssertEqual(run.status, 0, run.standardError)
        return (try Picture(png: output), run)
    }

    func testFitPageShowsTheWholePage() throws {
        let file = fixtures.long(pages: 3)
        let (shot, run) = try snapshot(["--zoom", "fit-page", "--size", "900x700"], file: file)
        let scale = try XCTUnwrap(run.reportedScale, run.standardOutput)
        let reference = Picture(try DocumentSource(path: file).open().render(page: 0, scale: scale))
        XCTAssertLessThan(reference.height, 700 - 40, "the page fits the window's height")
        let centred = (900 - reference.width) / 2
        let match = shot.bestMatch(of: reference, xs: centred - 8...centred + 8, ys: 0...120)
        XCTAssertLessThan(match.mismatch, 0.01, "\(match)")
        // Below the whole page: the canvas, not more paper.
        XCTAssertEqual(shot[match.x + reference.width / 2, match.y + reference.height + 6], 0xFFDE_DEDE)
    }

    func testFourHundredPercentShowsTheTopOfThePageSharp() throws {
        let file = fixtures.standard()
        let (shot, run) = try snapshot(["--zoom", "400", "--page", "3", "--size", "1000x700"], file: file)
        let scale = try XCTUnwrap(run.reportedScale)
        XCTAssertEqual(scale, 4 * 96 / 72, accuracy: 1e-9)
        let page = Picture(try DocumentSource(path: file).open().render(page: 2, scale: scale)) // 1600 × 2134
        // The view is centred across the page: compare the middle 800 columns of its top.
        let part = page.cropped(x: page.width / 2 - 400, y: 0, width: 800, height: 400)
        let match = shot.bestMatch(of: part, xs: 60...140, ys: 0...120)
        XCTAssertLessThan(match.mismatch, 0.01, "\(match)")
    }

    func testTurnedPagesAreRenderedTurned() throws {
        let file = fixtures.standard()
        let (shot, run) = try snapshot(["--zoom", "50", "--rotate", "90", "--size", "800x900"], file: file)
        XCTAssertTrue(run.standardOutput.contains("rotation=90"), run.standardOutput)
        let scale = 0.5 * 96 / 72
        let reference = Picture(try DocumentSource(path: file).open().render(page: 0, scale: scale, rotation: .quarter))
        XCTAssertGreaterThan(reference.width, reference.height)
        let centred = (800 - reference.width) / 2
        let match = shot.bestMatch(of: reference, xs: centred - 8...centred + 8, ys: 0...120)
        XCTAssertLessThan(match.mismatch, 0.01, "\(match)")
        // The red box, turned: taller than wide now.
        let box = try XCTUnwrap(shot.bounds(of: 0xFFCC_3333))
        XCTAssertGreaterThan(box.height, box.width)
    }
}

/// `--layout dual`: a spread of two pages side by side, each as poppler renders it.
final class DualSnapshotTests: XCTestCase {
    func testASpreadShowsTwoPagesSideBySide() throws {
        let fixtures = try Fixtures()
        let file = fixtures.standard()
        let output = fixtures.path("dual.png")
        let run = try QuireRun.run(["--snapshot", output, "--zoom", "50", "--layout", "dual", "--size", "1200x800", file])
        XCTAssertEqual(run.status, 0, run.standardError)
        let shot = try Picture(png: output)
        let scale = 0.5 * 96 / 72
        let document = try DocumentSource(path: file).open()
        let first = Picture(try document.render(page: 0, scale: scale))   // 408 × 528
        let second = Picture(try document.render(page: 1, scale: scale))  // 561 × 397
        let left = shot.bestMatch(of: first, xs: 80...130, ys: 0...120) // slot centred: about x 104
        XCTAssertLessThan(left.mismatch, 0.01, "page 1: \(left)")
        let right = shot.bestMatch(of: second, xs: left.x + first.width...left.x + first.width + 120, ys: left.y...left.y + 100)
        XCTAssertLessThan(right.mismatch, 0.01, "page 2: \(right)")
        // Same row, centred on one another.
        XCTAssertEqual(Double(right.y) + Double(second.height) / 2, Double(left.y) + Double(first.height) / 2, accuracy: 1.5)
    }
}

/// On a 2× screen pages are rendered in device pixels: text as sharp as poppler makes it.
final class HiDPISnapshotTests: XCTestCase {
    func testATwiceScaledWindowShowsDevicePixelPages() throws {
        let fixtures = try Fixtures()
        let file = fixtures.standard()
        let output = fixtures.path("hidpi.png")
        let run = try QuireRun.run(["--snapshot", output, "--zoom", "100", "--page", "3", "--size", "700x500", file],
                                   environment: ["GDK_SCALE": "2"])
        XCTAssertEqual(run.status, 0, run.standardError)
        XCTAssertEqual(try XCTUnwrap(run.reportedScale), 2 * 96 / 72, accuracy: 1e-9)
        let shot = try Picture(png: output)
        XCTAssertEqual(shot.width, 1400, "saved in device pixels")
        let page = Picture(try DocumentSource(path: file).open().render(page: 2, scale: 2 * 96 / 72)) // 800 × 1067
        let top = page.cropped(x: 0, y: 0, width: page.width, height: 500)
        let match = shot.bestMatch(of: top, xs: 280...320, ys: 60...200)
        XCTAssertLessThan(match.mismatch, 0.01, "\(match)")
    }
}
