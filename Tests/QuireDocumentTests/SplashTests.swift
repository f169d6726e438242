import Fixtures
import QuireEngine
import QuireImage
import XCTest
@testable import QuireDocument
#if canImport(Glibc)
import Glibc
#endif

/// Splash draws what cairo draws, where cairo would: the same page in the same place at
/// the same scale, turned the same way, a cell the same part of its page; and it draws
/// the shading cairo takes minutes for.
final class SplashTests: SplashTestCase {
    /// The mean difference of two pictures' colour channels, 0…255, averaged over blocks
    /// of 16 by 16 pixels: the two rasterizers place an image's pixels up to a pixel apart
    /// and filter them differently, which the fixture's fine pattern magnifies pixel by
    /// pixel; nil when their sizes differ.
    private func meanDifference(_ a: PageImage, _ b: PageImage) -> Double? {
        blockDifferences(a, b).map { $0.reduce(0, +) / Double(max($0.count, 1)) }
    }

    /// The largest difference of a block (as `meanDifference` counts them).
    private func largestDifference(_ a: PageImage, _ b: PageImage) -> Double? {
        blockDifferences(a, b).map { $0.max() ?? 0 }
    }

    private func blockDifferences(_ a: PageImage, _ b: PageImage) -> [Double]? {
        guard a.width == b.width, a.height == b.height else { return nil }
        let block = 16
        var differences: [Double] = []
        for top in stride(from: 0, to: a.height - block + 1, by: block) {
            for left in stride(from: 0, to: a.width - block + 1, by: block) {
                // Plain sums, no array a pixel: a debug build took 17 s over this test's pictures.
                var blue = 0, green = 0, red = 0
                for y in top..<top + block {
                    for x in left..<left + block {
                        let p = Int(a.pixel(x: x, y: y)), q = Int(b.pixel(x: x, y: y))
                        blue += (p & 0xFF) - (q & 0xFF)
                        green += (p >> 8 & 0xFF) - (q >> 8 & 0xFF)
                        red += (p >> 16 & 0xFF) - (q >> 16 & 0xFF)
                    }
                }
                differences.append(Double(abs(blue) + abs(green) + abs(red)) / Double(block * block * 3))
            }
        }
        return differences
    }

    /// How many distinct colours a picture has (sampled): a blank page has one.
    private func colours(_ image: PageImage) -> Int {
        var seen = Set<UInt32>()
        for y in stride(from: 0, to: image.height, by: 7) {
            for x in stride(from: 0, to: image.width, by: 7) { seen.insert(image.pixel(x: x, y: y) & 0xFF_FFFF) }
        }
        return seen.count
    }

    func testAScannedPageIsDrawnAsCairoDrawsIt() throws {
        let path = fixtures.scanned()
        let document = try DocumentSource(path: path).open()
        let pages = try XCTUnwrap(try splash(path))
        for rotation in [Rotation.none, .quarter] {
            let cairo = try document.render(page: 0, scale: 1.5, rotation: rotation)
            let drawn = try document.render(page: 0, scale: 1.5, rotation: rotation, splash: pages)
            XCTAssertGreaterThan(colours(drawn), 20, "the scan's picture is drawn, turned \(rotation)")
            let difference = try XCTUnwrap(meanDifference(cairo, drawn), "same size, turned \(rotation)")
            XCTAssertLessThan(difference, 6, "turned \(rotation)")
        }
        // Text, where the two differ most (antialiasing, hinting), still in the same place,
        // turned the same way (the scan's grain, averaged, would not tell).
        for rotation in Rotation.allCases {
            let cairo = try document.render(page: 2, scale: 2, rotation: rotation)
            let drawn = try document.render(page: 2, scale: 2, rotation: rotation, splash: pages)
            let largest = try XCTUnwrap(largestDifference(cairo, drawn))
            XCTAssertLessThan(largest, 20, "turned \(rotation)")
        }
    }

    func testACellIsThatPartOfTheWholePage() throws {
        let path = fixtures.scanned()
        let document = try DocumentSource(path: path).open()
        let pages = try XCTUnwrap(try splash(path))
        let scale = 3.0
        let whole = try document.render(page: 0, scale: scale, splash: pages)
        let cell = try document.render(page: 0, scale: scale, cell: .init(column: 1, row: 1), splash: pages)
        let side = TileKey.cellSide
        XCTAssertEqual(cell.width, min(side, whole.width - side))
        var differing = 0
        for y in stride(from: 0, to: cell.height, by: 5) {
            for x in stride(from: 0, to: cell.width, by: 5) where cell.pixel(x: x, y: y) != whole.pixel(x: side + x, y: side + y) {
                differing += 1
            }
        }
        XCTAssertEqual(differing, 0)
    }

    func testTheShadingCairoTakesMinutesForIsDrawn() throws {
        // Page-sized, cairo draws it at once: the two agree on the colours.
        let small = try fixtures.slowShading(scale: 1, named: "shading-1.pdf")
        let smallDocument = try DocumentSource(path: small).open()
        let cairo = try smallDocument.render(page: 0, scale: 0.5)
        let drawn = try smallDocument.render(page: 0, scale: 0.5, splash: try XCTUnwrap(try splash(small)))
        XCTAssertGreaterThan(colours(drawn), 50)
        XCTAssertLessThan(try XCTUnwrap(meanDifference(cairo, drawn)), 6)
        // Two hundred times the page: only Splash is asked.
        let large = try fixtures.slowShading()
        let document = try DocumentSource(path: large).open()
        let shaded = try document.render(page: 0, scale: 1, splash: try XCTUnwrap(try splash(large)))
        XCTAssertGreaterThan(colours(shaded), 50, "a gradient, not a plain page")
    }

    func testAPasswordOpensSplashsPagesAndNothingElseDoes() throws {
        let path = try fixtures.encrypted(password: "secret")
        XCTAssertNil(try splash(path))
        XCTAssertNil(try splash(path, password: "wrong"))
        let pages = try XCTUnwrap(try splash(path, password: "secret"))
        let document = try DocumentSource(path: path, password: "secret").open()
        XCTAssertLessThan(try XCTUnwrap(meanDifference(try document.render(page: 0, scale: 1),
                                                       try document.render(page: 0, scale: 1, splash: pages))), 2)
        XCTAssertNil(try splash(try fixtures.bad(.empty)))
        XCTAssertNil(try splash(try fixtures.bad(.random)))
    }
}
