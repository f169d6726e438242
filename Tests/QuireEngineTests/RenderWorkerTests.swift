import Dispatch
import XCTest
@testable import QuireEngine

/// A deterministic stand-in for a document: "renders" a tile into a byte count, records
/// the order, and can be held at a gate to observe the queue being replaced.
final class RecordingRenderer: PageRendering {
    struct Picture: RenderedPicture { let byteCount: Int; let page: Int }
    let gate: DispatchSemaphore?
    init(gate: DispatchSemaphore?) { self.gate = gate }
    func render(_ tile: TileKey) throws -> Picture {
        gate?.wait()
        if tile.page < 0 { throw RenderFailure("no such page") }
        return Picture(byteCount: 4, page: tile.page)
    }
}

final class RenderWorkerTests: XCTestCase {
    private final class Results: @unchecked Sendable {
        private let lock = DispatchSemaphore(value: 1)
        private var items: [RenderWorker<RecordingRenderer>.Result] = []
        let arrived = DispatchSemaphore(value: 0)
        func add(_ result: RenderWorker<RecordingRenderer>.Result) { lock.wait(); items.append(result); lock.signal(); arrived.signal() }
        var all: [RenderWorker<RecordingRenderer>.Result] { lock.wait(); defer { lock.signal() }; return items }
        func wait(for count: Int) -> Bool { (0..<count).allSatisfy { _ in arrived.wait(timeout: .now() + 10) == .success } }
    }

    func testRendersThePlanInOrder() {
        let results = Results()
        let worker = RenderWorker(makeRenderer: { RecordingRenderer(gate: nil) }, deliver: results.add)
        defer { worker.stopAndWait() }
        worker.submit([3, 1, 2].map { TileKey(page: $0, scale: 1) })
        XCTAssertTrue(results.wait(for: 3))
        XCTAssertEqual(results.all.map(\.key.page), [3, 1, 2])
    }

    func testANewPlanReplacesWhatWasWaiting() {
        let results = Results()
        let gate = DispatchSemaphore(value: 0)
        let worker = RenderWorker(makeRenderer: { RecordingRenderer(gate: gate) }, deliver: results.add)
        defer { worker.stopAndWait() }
        let first = worker.submit([0, 1, 2, 3].map { TileKey(page: $0, scale: 1) })
        gate.signal() // page 0 may start; the rest waits
        XCTAssertTrue(results.wait(for: 1))
        let second = worker.submit([7, 8].map { TileKey(page: $0, scale: 1) })
        for _ in 0..<4 { gate.signal() }
        while results.all.last?.key.page != 8 { XCTAssertTrue(results.wait(for: 1)) }
        let all = results.all
        // Page 1 may have been taken before the replacement; pages 2 and 3 never run.
        XCTAssertFalse(all.contains { $0.key.page == 2 || $0.key.page == 3 })
        XCTAssertEqual(all.first?.generation, first)
        XCTAssertEqual(all.filter { $0.generation == second }.map(\.key.page), [7, 8])
    }

    func testFailuresAreDeliveredNotThrown() {
        let results = Results()
        let worker = RenderWorker(makeRenderer: { RecordingRenderer(gate: nil) }, deliver: results.add)
        defer { worker.stopAndWait() }
        worker.submit([TileKey(page: -1, scale: 1)])
        XCTAssertTrue(results.wait(for: 1))
        guard case .failure(let failure) = results.all.first?.outcome else { return XCTFail("expected a failure") }
        XCTAssertEqual(failure.description, "no such page")
    }
}
