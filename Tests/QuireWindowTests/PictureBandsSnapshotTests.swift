import Fixtures
import Foundation
import QuireDocument
import QuireEngine
import XCTest

/// Under the cairo renderer a page's picture is drawn in bands (`PictureBands`): in the
/// window, the page is poppler's picture to the pixel, with no seam, gap or shifted row at
/// a band's edge, on a 1× and a 2× screen.
final class PictureBandsSnapshotTests: XCTestCase {
    /// Thin stripes a fraction of a pixel off the grid, and squares of colour across them:
    /// a row out of place anywhere changes pixels.
    private func stripes(_ fixtures: Fixtures) throws -> String {
        var drawing = ""
        for step in 0..<460 { drawing += String(format: "0 %.2f 400 0.6 re f ", Double(step) * 1.3) }
        for step in 0..<12 { drawing += String(format: "%.2f 0.2 0.6 rg %.2f %.2f 60 37 re f ", Double(step) / 12, 20 + Double(step) * 29.3, 10 + Double(step) * 48.7) }
        let path = fixtures.path("stripes.pdf")
        try HandWrittenPDF(pages: [HandWrittenPDF.Page(entries: "/MediaBox [0 0 400 600]", drawing: drawing)]).bytes
            .write(to: URL(fileURLWithPath: path))
        return path
    }

    private func check(scale deviceScale: Int, zoom: Int, size: String, top rows: Int) throws {
        let fixtures = try Fixtures()
        let file = try stripes(fixtures)
        let output = fixtures.path("bands.png")
        let run = try QuireRun.run(["--snapshot", output, "--zoom", "\(zoom)", "--size", size, file],
                                   environment: ["GDK_SCALE": "\(deviceScale)"])
        XCTAssertEqual(run.status, 0, run.standardError)
        let shot = try Picture(png: output)
        let scale = Double(deviceScale * zoom) / 100 * 96 / 72
        let page = Picture(try DocumentSource(path: file).open().render(page: 0, scale: scale))
        XCTAssertGreaterThan(PictureBands.rows(width: page.width, height: rows).count, 3, "several bands are compared")
        let top = page.cropped(x: 0, y: 0, width: page.width, height: rows)
        let centred = (shot.width - page.width) / 2
        let match = shot.bestMatch(of: top, xs: centred - 2...centred + 2, ys: 0...140 * deviceScale)
        XCTAssertEqual(shot.mismatch(with: top, atX: match.x, y: match.y, tolerance: 0), 0, "every pixel as poppler draws it: \(match)")
    }

    func testAPageDrawnInBandsIsPopplersPictureToThePixel() throws {
        try check(scale: 1, zoom: 200, size: "1200x1000", top: 800)
    }

    /// (The test's screen is 1,600 pixels wide: the window is 1,400 device pixels.)
    func testOnATwiceScaledScreenToo() throws {
        try check(scale: 2, zoom: 100, size: "700x500", top: 760)
    }
}
