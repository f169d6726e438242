import Dispatch
import Synchronization
import XCTest
@testable import QuireEngine

/// Two panes of a split view planning into one render queue (`SharedPlan`'s policy).
final class SharedPlanTests: XCTestCase {
    private func tiles(_ pages: [Int], scale: Double = 1) -> [TileKey] { pages.map { TileKey(page: $0, scale: scale) } }

    func testOneViewsPlanPassesThroughUnchanged() {
        var shared = SharedPlan()
        XCTAssertEqual(shared.submit(tiles([4, 5, 6, 3]), urgent: 2, from: 1), .init(tiles: tiles([4, 5, 6, 3]), urgent: 2))
    }

    func testEveryViewsTilesOnScreenComeBeforeAnyPrefetch() {
        var shared = SharedPlan()
        _ = shared.submit(tiles([0, 1, 2, 3]), urgent: 2, from: 1)
        let merged = shared.submit(tiles([40, 41, 39]), urgent: 1, from: 2)
        XCTAssertEqual(merged.tiles, tiles([0, 40, 1, 2, 41, 3, 39]))
        XCTAssertEqual(merged.urgent, 3)
    }

    func testATileBothViewsWantIsAskedForOnceAtItsFirstPlace() {
        var shared = SharedPlan()
        _ = shared.submit(tiles([5, 6]), urgent: 1, from: 1)
        let merged = shared.submit(tiles([6, 7]), urgent: 1, from: 2)
        XCTAssertEqual(merged.tiles, tiles([5, 6, 7]))
        XCTAssertEqual(merged.urgent, 2, "page 6 is on screen in the second view")
    }

    func testAViewsNewPlanReplacesOnlyItsOwn() {
        var shared = SharedPlan()
        _ = shared.submit(tiles([0, 1]), urgent: 1, from: 1)
        _ = shared.submit(tiles([40]), urgent: 1, from: 2)
        let merged = shared.submit(tiles([10, 11]), urgent: 1, from: 1)
        XCTAssertEqual(merged.tiles, tiles([10, 40, 11]))
        XCTAssertEqual(shared.clients, [1, 2])
    }

    func testAViewThatLeavesTakesItsPlanWithIt() {
        var shared = SharedPlan()
        _ = shared.submit(tiles([0, 1]), urgent: 1, from: 1)
        _ = shared.submit(tiles([40, 41]), urgent: 2, from: 2)
        XCTAssertEqual(shared.remove(2), .init(tiles: tiles([0, 1]), urgent: 1))
        XCTAssertEqual(shared.clients, [1])
    }

    func testAPausedViewsEmptyPlanLeavesTheOthers() {
        var shared = SharedPlan()
        _ = shared.submit(tiles([0, 1]), urgent: 2, from: 1)
        XCTAssertEqual(shared.submit([], urgent: 0, from: 2), .init(tiles: tiles([0, 1]), urgent: 2))
    }

    /// Through the workers: the second pane's plan does not take the place of the first's
    /// (one queue replaced by each submit would drop pages 1 and 2 here).
    func testTheWorkersRenderBothPanesPlans() {
        let rendered = Mutex<[Int]>([]), arrived = DispatchSemaphore(value: 0), gate = DispatchSemaphore(value: 0)
        let workers = RenderWorkers(threads: 1, spares: 0, makeRenderer: { RecordingRenderer(gate: gate) }, deliver: { result in
            rendered.withLock { $0.append(result.key.page) }
            arrived.signal()
        })
        defer { workers.stopAndWait() }
        var shared = SharedPlan()
        func submit(_ pages: [Int], urgent: Int, from client: Int) {
            let merged = shared.submit(tiles(pages), urgent: urgent, from: client)
            workers.submit(merged.tiles, urgent: merged.urgent, seen: nil)
        }
        submit([0, 1, 2], urgent: 1, from: 1)
        submit([40], urgent: 1, from: 2)
        for _ in 0..<4 { gate.signal() }
        for _ in 0..<4 { XCTAssertEqual(arrived.wait(timeout: .now() + 10), .success) }
        XCTAssertEqual(rendered.withLock { $0 }.sorted(), [0, 1, 2, 40])
        XCTAssertEqual(rendered.withLock { $0 }.last, 2, "the second pane's page on screen before the first's prefetch")
    }
}
