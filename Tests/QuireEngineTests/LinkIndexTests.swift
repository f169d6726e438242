import XCTest
@testable import QuireEngine

final class LinkIndexTests: XCTestCase {
    private let letter = Size(width: 612, height: 792)

    /// What the index must answer, the slow way: the last link whose clipped area
    /// contains the point.
    private struct Scan {
        let areas: [Rect?]
        init(_ areas: [Rect], page: Size) { self.areas = areas.map { PageGeometryLimits.area($0, onPageOf: page) } }

        func link(at point: Point, comparisons: inout Int) -> Int? {
            for position in areas.indices.reversed() {
                comparisons += 1
                guard let area = areas[position] else { continue }
                if point.x >= area.x, point.x <= area.maxX, point.y >= area.y, point.y <= area.maxY { return position }
            }
            return nil
        }

        func link(at point: Point) -> Int? {
            var comparisons = 0
            return link(at: point, comparisons: &comparisons)
        }
    }

    /// Small, large, overlapping, zero-size, reversed, huge and non-finite areas, some on
    /// the page's edges.
    private func randomArea(_ random: inout SeededGenerator) -> Rect {
        let x = Double.random(in: -50...650, using: &random), y = Double.random(in: -50...830, using: &random)
        switch Int.random(in: 0..<20, using: &random) {
        case 0: return Rect(x: x, y: y, width: 0, height: Double.random(in: 0...20, using: &random))
        case 1: return Rect(x: x, y: y, width: -Double.random(in: 0...80, using: &random), height: -Double.random(in: 0...80, using: &random))
        case 2: return Rect(x: -1e300, y: y, width: 1e301, height: 12)
        case 3: return Rect(x: x, y: -Double.infinity, width: 10, height: .infinity)
        case 4: return Rect(x: .nan, y: y, width: 10, height: 10)
        case 5: return Rect(x: x, y: y, width: .infinity, height: 5)
        case 6: return Rect(x: 0, y: 0, width: 612, height: 792)
        case 7: return Rect(x: x, y: y, width: Double.random(in: 100...600, using: &random), height: Double.random(in: 100...800, using: &random))
        case 8: return Rect(x: x, y: y, width: 1e-300, height: 1e-300)
        case 9: return Rect(x: x, y: y, width: Double.random(in: 300...700, using: &random), height: 0.5)
        default: return Rect(x: x, y: y, width: Double.random(in: 0.5...60, using: &random), height: Double.random(in: 0.5...30, using: &random))
        }
    }

    private func probes(_ areas: [Rect], _ random: inout SeededGenerator) -> [Point] {
        var points = (0..<400).map { _ in
            Point(x: Double.random(in: -20...632, using: &random), y: Double.random(in: -20...812, using: &random))
        }
        // The corners and edges themselves: an area includes its edges.
        for area in areas.prefix(60) {
            points += [Point(x: area.x, y: area.y), Point(x: area.maxX, y: area.maxY), Point(x: area.x, y: area.midY)]
        }
        return points + [Point(x: .nan, y: 10), Point(x: 10, y: .infinity), Point(x: 0, y: 0), Point(x: 612, y: 792)]
    }

    func testTheIndexAnswersAsAScanOfEveryLinkDoes() {
        var random = SeededGenerator(seed: 20_240_611)
        for round in 0..<60 {
            let count = [0, 1, 2, 5, 30, 200, 1_500][round % 7]
            let areas = (0..<count).map { _ in randomArea(&random) }
            let index = LinkIndex(areas: areas, page: letter), scan = Scan(areas, page: letter)
            for point in probes(areas, &random) {
                XCTAssertEqual(index.link(at: point), scan.link(at: point), "round \(round), \(count) links, at \(point)")
            }
        }
    }

    func testWhereLinksOverlapTheLastOneWins() {
        let under = Rect(x: 10, y: 10, width: 200, height: 100)
        let over = Rect(x: 50, y: 50, width: 20, height: 20)
        let index = LinkIndex(areas: [under, over, Rect(x: 500, y: 500, width: 5, height: 5)], page: letter)
        XCTAssertEqual(index.link(at: Point(x: 60, y: 60)), 1)
        XCTAssertEqual(index.link(at: Point(x: 20, y: 20)), 0)
        let reversed = LinkIndex(areas: [over, under], page: letter)
        XCTAssertEqual(reversed.link(at: Point(x: 60, y: 60)), 1, "the whole-area link drawn last covers the small one")
    }

    func testAreasWithNothingOnThePageAreNeverHit() {
        let index = LinkIndex(areas: [Rect(x: .nan, y: 0, width: 10, height: 10), Rect(x: 700, y: 10, width: 50, height: 50),
                                      Rect(x: 20, y: 20, width: 0, height: 40), Rect(x: 0, y: .infinity, width: 10, height: 10)], page: letter)
        for point in [Point(x: 5, y: 5), Point(x: 720, y: 30), Point(x: 20, y: 30), Point(x: 5, y: 1e300)] {
            XCTAssertNil(index.link(at: point), "\(point)")
        }
    }

    func testAHugeAreaIsClippedToThePage() {
        let index = LinkIndex(areas: [Rect(x: -1e300, y: -1e300, width: 2e300, height: 2e300), Rect(x: 100, y: 100, width: 10, height: 10)], page: letter)
        XCTAssertEqual(index.link(at: Point(x: 1, y: 1)), 0)
        XCTAssertEqual(index.link(at: Point(x: 105, y: 105)), 1, "a huge link does not drown the small ones in one cell")
        XCTAssertNil(index.link(at: Point(x: 613, y: 1)), "nothing off the page")
    }

    func testBeyondTheLimitTheLinksDrawnLastAreKept() {
        let areas = (0..<10).map { Rect(x: Double($0) * 20, y: 0, width: 10, height: 10) }
        let index = LinkIndex(areas: areas, page: letter, limit: 4)
        XCTAssertEqual(index.omitted, 6)
        XCTAssertNil(index.link(at: Point(x: 5, y: 5)))
        XCTAssertEqual(index.link(at: Point(x: 185, y: 5)), 9)
        XCTAssertEqual(index.link(at: Point(x: 125, y: 5)), 6)
        XCTAssertNil(index.link(at: Point(x: 105, y: 5)))
        XCTAssertEqual(LinkIndex(areas: areas, page: letter).omitted, 0)
    }

    /// 200,000 links in a grid of 500 × 400 over a Letter page, as the hostile fixture
    /// has them: the build takes a bounded number of steps a link, and a query a bounded
    /// number of steps, where a scan compares up to all 200,000.
    func testTwoHundredThousandLinksAreFoundInAFewSteps() {
        let areas = Self.grid(columns: 500, rows: 400)
        let index = LinkIndex(areas: areas, page: letter)
        XCTAssertEqual(index.omitted, 0)
        XCTAssertLessThanOrEqual(index.buildSteps, 20 * areas.count, "build steps")
        let scan = Scan(areas, page: letter)
        var random = SeededGenerator(seed: 7)
        var most = 0, total = 0, scanned = 0
        for _ in 0..<200 {
            let point = Point(x: Double.random(in: 0...612, using: &random), y: Double.random(in: 0...792, using: &random))
            var steps = 0
            let found = index.link(at: point, steps: &steps)
            XCTAssertEqual(found, scan.link(at: point, comparisons: &scanned), "\(point)")
            most = max(most, steps)
            total += steps
        }
        print("200,000 links: build \(index.buildSteps) steps; query \(Double(total) / 200) steps on average, \(most) at most; a scan \(scanned / 200) comparisons on average")
        XCTAssertLessThanOrEqual(most, 40, "steps for one query")
    }

    /// The fixture's grid: links 0.8 × 1.2 points, 1 and 1.5 points apart, from (56, 92).
    static func grid(columns: Int, rows: Int) -> [Rect] {
        (0..<rows).flatMap { row in
            (0..<columns).map { column in Rect(x: 56 + Double(column), y: 92 + 1.5 * Double(row), width: 0.8, height: 1.2) }
        }
    }
}
