import XCTest
@testable import QuireEngine

struct Bytes: RenderedPicture { let byteCount: Int }

final class TileCacheTests: XCTestCase {
    private func key(_ page: Int, scale: Double = 1) -> TileKey { TileKey(page: page, scale: scale) }

    func testStaysWithinBudgetEvictingFarthestFirst() {
        var cache = TileCache<Bytes>(budget: 300)
        for page in [0, 5, 9] { cache.insert(Bytes(byteCount: 100), for: key(page), visible: 5..<6) }
        cache.insert(Bytes(byteCount: 100), for: key(6), visible: 5..<6)
        XCTAssertEqual(cache.byteCount, 300)
        XCTAssertNil(cache[key(0)], "page 0 is farthest from page 5")
        XCTAssertNotNil(cache[key(9)])
        XCTAssertNotNil(cache[key(6)])
    }

    func testNeverEvictsWhatIsOnScreen() {
        var cache = TileCache<Bytes>(budget: 100)
        cache.insert(Bytes(byteCount: 80), for: key(3), visible: 3..<5)
        cache.insert(Bytes(byteCount: 80), for: key(4), visible: 3..<5)
        XCTAssertNotNil(cache[key(3)])
        XCTAssertNotNil(cache[key(4)])
        XCTAssertEqual(cache.byteCount, 160)
    }

    /// A split view halves a pane's budget: what no longer fits goes at once, farthest
    /// first, never what is on screen.
    func testASmallerBudgetEvictsAtOnceFarthestFirst() {
        var cache = TileCache<Bytes>(budget: 400)
        for page in [0, 5, 6, 9] { cache.insert(Bytes(byteCount: 100), for: key(page), visible: 5..<6) }
        cache.setBudget(200) { TileCache<Bytes>.distance(ofPage: $0.page, from: 5..<6) }
        XCTAssertEqual(cache.budget, 200)
        XCTAssertEqual(Set(cache.keys), [key(5), key(6)])
        cache.setBudget(50) { TileCache<Bytes>.distance(ofPage: $0.page, from: 5..<6) }
        XCTAssertEqual(Set(cache.keys), [key(5)], "the page on screen stays")
    }

    func testNearestPictureIsTheClosestScale() {
        var cache = TileCache<Bytes>(budget: 1000)
        cache.insert(Bytes(byteCount: 1), for: key(2, scale: 0.5), visible: 2..<3)
        cache.insert(Bytes(byteCount: 1), for: key(2, scale: 2), visible: 2..<3)
        XCTAssertEqual(cache.nearestPicture(to: key(2, scale: 1.6))?.key.scale, 2)
        XCTAssertNil(cache.nearestPicture(to: key(3)))
        XCTAssertNil(cache.nearestPicture(to: TileKey(page: 2, rotation: .quarter, scale: 2)), "a turned page is not drawn from an unturned picture")
    }

    func testOtherScalesOfAPageCanBeDropped() {
        var cache = TileCache<Bytes>(budget: 1000)
        cache.insert(Bytes(byteCount: 10), for: key(2, scale: 0.5), visible: 2..<3)
        cache.insert(Bytes(byteCount: 20), for: key(2, scale: 2), visible: 2..<3)
        cache.removeOthers(of: key(2, scale: 2))
        XCTAssertEqual(cache.count, 1)
        XCTAssertEqual(cache.byteCount, 20)
    }
}

final class CacheBudgetTests: XCTestCase {
    func testDefaultFollowsMemoryWithinBounds() {
        XCTAssertEqual(CacheBudget.bytes(physicalMemory: 2 << 30, overrideMiB: nil), CacheBudget.minimum)
        XCTAssertEqual(CacheBudget.bytes(physicalMemory: 24 << 30, overrideMiB: nil), 64 << 20)
        XCTAssertEqual(CacheBudget.bytes(physicalMemory: 64 << 30, overrideMiB: nil), CacheBudget.maximum)
        XCTAssertEqual(CacheBudget.bytes(physicalMemory: 64 << 30, overrideMiB: 300), 300 << 20)
    }
}
