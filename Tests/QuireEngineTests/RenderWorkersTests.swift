import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#endif
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

final class RenderWorkersTests: XCTestCase {
    private final class Results: @unchecked Sendable {
        private let lock = DispatchSemaphore(value: 1)
        private var items: [RenderWorkers<RecordingRenderer>.Result] = []
        let arrived = DispatchSemaphore(value: 0)
        func add(_ result: RenderWorkers<RecordingRenderer>.Result) { lock.wait(); items.append(result); lock.signal(); arrived.signal() }
        var all: [RenderWorkers<RecordingRenderer>.Result] { lock.wait(); defer { lock.signal() }; return items }
        func wait(for count: Int) -> Bool { (0..<count).allSatisfy { _ in arrived.wait(timeout: .now() + 10) == .success } }
    }

    func testRendersThePlanInOrder() {
        let results = Results()
        let worker = RenderWorkers(threads: 1, makeRenderer: { RecordingRenderer(gate: nil) }, deliver: results.add)
        defer { worker.stopAndWait() }
        worker.submit([3, 1, 2].map { TileKey(page: $0, scale: 1) })
        XCTAssertTrue(results.wait(for: 3))
        XCTAssertEqual(results.all.map(\.key.page), [3, 1, 2])
    }

    /// The second thread of two makes its renderer when the first plan comes, while the
    /// first thread draws its one tile (held at a gate), unless told not to; spares never do.
    func testTheOtherThreadOfACoreMakesItsRendererWithTheFirstPlan() {
        for prepares in [true, false] {
            let made = Mutex(0), madeOne = DispatchSemaphore(value: 0), madeTwo = DispatchSemaphore(value: 0)
            let gate = DispatchSemaphore(value: 0), results = Results()
            let worker = RenderWorkers(threads: 2, spares: 2, preparesAtFirstPlan: { prepares }, makeRenderer: { () -> RecordingRenderer in
                let count = made.withLock { $0 += 1; return $0 }
                (count == 1 ? madeOne : madeTwo).signal()
                return RecordingRenderer(gate: gate)
            }, deliver: results.add)
            XCTAssertEqual(madeOne.wait(timeout: .now() + 10), .success, "the first thread makes its renderer at once")
            XCTAssertEqual(made.withLock { $0 }, 1, "before any plan, the first thread's alone")
            worker.submit([TileKey(page: 0, scale: 1)])
            if prepares {
                XCTAssertEqual(madeTwo.wait(timeout: .now() + 10), .success, "the second thread made none with the first plan")
            }
            XCTAssertTrue(worker.waitUntilDecided())
            XCTAssertEqual(made.withLock { $0 }, prepares ? 2 : 1, "spares make none; the second only when asked to")
            gate.signal()
            XCTAssertTrue(results.wait(for: 1))
            worker.stopAndWait()
        }
    }

    func testANewPlanReplacesWhatWasWaiting() {
        let results = Results()
        let gate = DispatchSemaphore(value: 0)
        let worker = RenderWorkers(threads: 1, makeRenderer: { RecordingRenderer(gate: gate) }, deliver: results.add)
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

    /// A tile delivered but not yet taken by the receiver is on its way: a plan made before
    /// the receiver saw it (asking for it again) does not render it twice, whether it was
    /// finished or still rendering when the plan came.
    func testATileOnItsWayIsNotRenderedAgain() {
        let results = Results()
        let gate = DispatchSemaphore(value: 0)
        let worker = RenderWorkers(threads: 2, makeRenderer: { RecordingRenderer(gate: gate) }, deliver: results.add)
        defer { worker.stopAndWait() }
        let page = { (page: Int) in TileKey(page: page, scale: 1) }
        worker.submit([page(0), page(1)], urgent: 2, seen: 0)
        gate.signal()
        XCTAssertTrue(results.wait(for: 1)) // one finished, the other still rendering
        // The receiver has seen nothing yet: both are still missing to it.
        worker.submit([page(0), page(1), page(2)], urgent: 2, seen: 0)
        for _ in 0..<4 { gate.signal() }
        XCTAssertTrue(results.wait(for: 2))
        let seen = results.all.map(\.sequence).max()!
        worker.submit([page(3)], urgent: 1, seen: seen)
        gate.signal()
        while results.all.last?.key.page != 3 { XCTAssertTrue(results.wait(for: 1)) }
        XCTAssertEqual(results.all.map(\.key.page).sorted(), [0, 1, 2, 3], "each tile once")
        XCTAssertEqual(results.all.map(\.sequence).sorted(), [1, 2, 3, 4])
    }

    func testFailuresAreDeliveredNotThrown() {
        let results = Results()
        let worker = RenderWorkers(threads: 1, makeRenderer: { RecordingRenderer(gate: nil) }, deliver: results.add)
        defer { worker.stopAndWait() }
        worker.submit([TileKey(page: -1, scale: 1)])
        XCTAssertTrue(results.wait(for: 1))
        guard case .failure(let failure) = results.all.first?.outcome else { return XCTFail("expected a failure") }
        XCTAssertEqual(failure.description, "no such page")
    }

    func testEachThreadHasItsOwnRendererAndEveryTileRunsOnce() {
        /// Records which thread used which renderer.
        final class ThreadBound: PageRendering {
            struct Picture: RenderedPicture { let byteCount: Int; let renderer: ObjectIdentifier; let thread: UInt }
            let meeting: Meeting
            var met = false
            init(meeting: Meeting) { self.meeting = meeting }
            func render(_ tile: TileKey) throws -> Picture {
                // Each renderer's first tile waits for the other's: both threads take tiles.
                if !met {
                    met = true
                    XCTAssertTrue(meeting.arrive(), "only one thread rendered")
                }
                return Picture(byteCount: 1, renderer: ObjectIdentifier(self), thread: UInt(pthread_self()))
            }
        }
        /// Lets two threads through together.
        final class Meeting: Sendable {
            let arrived = Atomic<Int>(0), open = DispatchSemaphore(value: 0)
            func arrive() -> Bool {
                if arrived.add(1, ordering: .sequentiallyConsistent).newValue == 2 { open.signal(); open.signal() }
                return open.wait(timeout: .now() + 10) == .success
            }
        }
        let meeting = Meeting()
        let seen = Mutex<[ObjectIdentifier: Set<UInt>]>([:])
        let pages = PagesSeen()
        let done = DispatchSemaphore(value: 0)
        let workers = RenderWorkers(threads: 2, makeRenderer: { ThreadBound(meeting: meeting) }, deliver: { result in
            if case .success(let picture) = result.outcome {
                seen.withLock { _ = $0[picture.renderer, default: []].insert(picture.thread) }
            }
            pages.add(result.key.page)
            done.signal()
        })
        workers.submit((0..<40).map { TileKey(page: $0, scale: 1) })
        for _ in 0..<40 { XCTAssertEqual(done.wait(timeout: .now() + 10), .success) }
        workers.stopAndWait()
        XCTAssertEqual(pages.all.sorted(), Array(0..<40))
        let renderers = seen.withLock { $0 }
        XCTAssertEqual(renderers.count, 2, "both threads worked, each with a renderer of its own")
        XCTAssertTrue(renderers.values.allSatisfy { $0.count == 1 }, "no renderer is used by two threads")
    }

    func testAFreeThreadStartsANewPlanWhileTheOtherIsBusy() {
        // Page 0 blocks its thread at the gate; the other thread must still render page 5.
        let (workers, gate, started, delivered, pages) = gatedWorkers()
        workers.submit([TileKey(page: 0, scale: 1)])
        XCTAssertEqual(started.wait(timeout: .now() + 10), .success)
        workers.submit([TileKey(page: 5, scale: 1)])
        XCTAssertEqual(delivered.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(pages.all, [5], "page 5 was delivered while page 0 was still rendering")
        gate.signal()
        XCTAssertEqual(delivered.wait(timeout: .now() + 10), .success)
        workers.stopAndWait()
    }
}

final class SlowTileTests: XCTestCase {
    /// One thread a core, and that thread is stuck in a page that takes seconds: once the
    /// render is slow, a spare thread renders the pages in view.
    func testASlowPageDoesNotStarveThePagesInView() {
        let gate = DispatchSemaphore(value: 0), started = DispatchSemaphore(value: 0), delivered = DispatchSemaphore(value: 0)
        let pages = PagesSeen(), clock = ManualClock()
        let workers = RenderWorkers(threads: 1, spares: 1, slowAfter: 1, clock: clock, makeRenderer: { Gated(gate: gate, started: started) },
                                    deliver: { result in
            pages.add(result.key.page)
            delivered.signal()
        })
        workers.submit([TileKey(page: 0, scale: 1)])
        XCTAssertEqual(started.wait(timeout: .now() + 10), .success)
        workers.submit([5, 6].map { TileKey(page: $0, scale: 1) }, urgent: 2)
        XCTAssertTrue(workers.waitUntilDecided())
        XCTAssertEqual(pages.all, [], "the spare started before the render was slow")
        clock.advance(by: 1)
        workers.clockMoved()
        for _ in 0..<2 { XCTAssertEqual(delivered.wait(timeout: .now() + 10), .success) }
        XCTAssertEqual(pages.all, [5, 6], "pages 5 and 6 were delivered while page 0 was still rendering")
        gate.signal()
        XCTAssertEqual(delivered.wait(timeout: .now() + 10), .success)
        workers.stopAndWait()
        XCTAssertEqual(pages.all, [5, 6, 0])
    }

    /// Without a spare, the same plan waits for the slow page: the test above can fail.
    func testWithoutSparesTheSlowPageHoldsTheThread() {
        let gate = DispatchSemaphore(value: 0), started = DispatchSemaphore(value: 0), delivered = DispatchSemaphore(value: 0)
        let workers = RenderWorkers(threads: 1, spares: 0, slowAfter: 0.05, makeRenderer: { Gated(gate: gate, started: started) },
                                    deliver: { _ in delivered.signal() })
        workers.submit([TileKey(page: 0, scale: 1)])
        XCTAssertEqual(started.wait(timeout: .now() + 10), .success)
        workers.submit([TileKey(page: 5, scale: 1)])
        XCTAssertTrue(workers.waitUntilDecided())
        XCTAssertEqual(delivered.wait(timeout: .now()), .timedOut, "page 5 went past the slow page")
        gate.signal()
        for _ in 0..<2 { XCTAssertEqual(delivered.wait(timeout: .now() + 10), .success) }
        workers.stopAndWait()
    }
}

final class PagesSeen: @unchecked Sendable {
    private let lock = DispatchSemaphore(value: 1)
    private var pages: [Int] = []
    func add(_ page: Int) { lock.wait(); pages.append(page); lock.signal() }
    var all: [Int] { lock.wait(); defer { lock.signal() }; return pages }
}

final class UrgentTilesTests: XCTestCase {
    /// While an urgent tile renders on one thread, the other thread leaves prefetch alone.
    func testPrefetchWaitsWhileAnUrgentTileRenders() {
        let (workers, gate, started, delivered, pages) = gatedWorkers()
        workers.submit([0, 1, 2].map { TileKey(page: $0, scale: 1) }, urgent: 1)
        XCTAssertEqual(started.wait(timeout: .now() + 10), .success)
        XCTAssertTrue(workers.waitUntilDecided(), "the other thread never chose")
        XCTAssertEqual(delivered.wait(timeout: .now()), .timedOut, "prefetch ran beside the urgent tile")
        gate.signal()
        for _ in 0..<3 { XCTAssertEqual(delivered.wait(timeout: .now() + 10), .success) }
        XCTAssertEqual(pages.all.first, 0)
        workers.stopAndWait()
    }
}

final class InFlightTilesTests: XCTestCase {
    /// A new plan that asks again for a tile already rendering does not render it twice.
    func testATileInFlightIsNotStartedAgain() {
        let (workers, gate, started, delivered, pages) = gatedWorkers()
        workers.submit([TileKey(page: 0, scale: 1)])
        XCTAssertEqual(started.wait(timeout: .now() + 10), .success)
        workers.submit([0, 1].map { TileKey(page: $0, scale: 1) }, urgent: 2)
        XCTAssertEqual(delivered.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(pages.all, [1], "the free thread skipped page 0 and took page 1")
        gate.signal()
        XCTAssertEqual(delivered.wait(timeout: .now() + 10), .success)
        workers.stopAndWait()
        XCTAssertEqual(pages.all, [1, 0])
    }
}

/// Page 0 says it has started, then waits at the gate; other pages render at once.
final class Gated: PageRendering {
    struct Picture: RenderedPicture { let byteCount: Int }
    let gate: DispatchSemaphore, started: DispatchSemaphore
    init(gate: DispatchSemaphore, started: DispatchSemaphore) { self.gate = gate; self.started = started }
    func render(_ tile: TileKey) throws -> Picture {
        if tile.page == 0 { started.signal(); gate.wait() }
        return Picture(byteCount: 1)
    }
}

/// Two render threads over `Gated` renderers, with what they deliver recorded.
func gatedWorkers() -> (RenderWorkers<Gated>, gate: DispatchSemaphore, started: DispatchSemaphore,
                        delivered: DispatchSemaphore, pages: PagesSeen) {
    let gate = DispatchSemaphore(value: 0), started = DispatchSemaphore(value: 0), delivered = DispatchSemaphore(value: 0)
    let pages = PagesSeen()
    let workers = RenderWorkers(threads: 2, makeRenderer: { Gated(gate: gate, started: started) }, deliver: { result in
        pages.add(result.key.page)
        delivered.signal()
    })
    return (workers, gate, started, delivered, pages)
}

/// The first view's tile drawn ahead (`FirstViewPrediction`): while the first thread's
/// renderer is still being made (the prepared renderer drawing that tile), the tile counts
/// as that thread's render.
final class DrawnAheadTests: XCTestCase {
    /// Renders at once, recording the tiles, but the tile drawn ahead only once its gate
    /// opens. The gate is on the tile, not on the first renderer made: the other thread may
    /// make its renderer before the first thread does (it starts at the first plan).
    final class Recorded: PageRendering, @unchecked Sendable {
        struct Picture: RenderedPicture { let byteCount: Int; var revision: Int { 0 } }
        let gated: TileKey, gate: DispatchSemaphore
        init(gated: TileKey, gate: DispatchSemaphore) { self.gated = gated; self.gate = gate }
        func render(_ tile: TileKey) throws -> Picture {
            // Once open the gate stays open: each render through it lets the next one by.
            if tile == gated { gate.wait(); gate.signal() }
            return Picture(byteCount: 1)
        }
    }
    private let ahead = TileKey(page: 0, scale: 1.4), other = TileKey(page: 0, scale: 1.25)

    private func workers(_ gate: DispatchSemaphore, _ delivered: DispatchSemaphore, _ tiles: TileList) -> RenderWorkers<Recorded> {
        RenderWorkers(threads: 2, drawing: ahead, makeRenderer: { [ahead] in
            Recorded(gated: ahead, gate: gate)
        }, deliver: { result in
            tiles.add(result.key)
            delivered.signal()
        })
    }

    /// A plan asking for the tile drawn ahead waits for it: the other thread leaves it,
    /// and it is delivered once.
    func testAPlanAskingForTheTileDrawnAheadWaitsForIt() {
        let gate = DispatchSemaphore(value: 0), delivered = DispatchSemaphore(value: 0), tiles = TileList()
        let workers = workers(gate, delivered, tiles)
        workers.submit([ahead], urgent: 1)
        XCTAssertTrue(workers.waitUntilDecided(), "the other thread never chose")
        XCTAssertEqual(delivered.wait(timeout: .now()), .timedOut, "the tile drawn ahead was drawn again")
        gate.signal()
        XCTAssertEqual(delivered.wait(timeout: .now() + 10), .success)
        workers.stopAndWait()
        XCTAssertEqual(tiles.all, [ahead])
    }

    /// A plan asking for another size of the page (the window took another size) has the
    /// other thread draw it beside the one drawn ahead, which is still delivered.
    func testAPlanAskingForAnotherSizeHasTheOtherThreadDrawItBeside() {
        let gate = DispatchSemaphore(value: 0), delivered = DispatchSemaphore(value: 0), tiles = TileList()
        let workers = workers(gate, delivered, tiles)
        workers.submit([other], urgent: 1)
        XCTAssertEqual(delivered.wait(timeout: .now() + 10), .success, "the new size waited for the tile drawn ahead")
        XCTAssertEqual(tiles.all, [other])
        gate.signal()
        XCTAssertEqual(delivered.wait(timeout: .now() + 10), .success)
        workers.stopAndWait()
        XCTAssertEqual(tiles.all, [other, ahead])
    }

    /// Stands for the prepared renderer drawing ahead: the first thread waits for its
    /// renderer until the drawing ends, which only abandoning it ends (a page that hangs).
    final class HungDrawing: RenderAbandoning, @unchecked Sendable {
        let ended = DispatchSemaphore(value: 0), told = DispatchSemaphore(value: 0)
        let abandons = Mutex(0)
        func abandon() {
            abandons.withLock { $0 += 1 }
            ended.signal() // for the first thread
            told.signal()  // for the test
        }
    }

    /// The tile drawn ahead hangs and the reader goes elsewhere: once slow, the plan that
    /// left it out abandons it through the drawing's renderer (while the first thread still
    /// waits to be given that renderer), the other thread draws the new page meanwhile, and
    /// the first thread, given its renderer at last, does not draw the hung tile again.
    func testATileDrawnAheadThatHangsIsAbandonedOnceLeftAndNotDrawnAgain() {
        let clock = ManualClock(), hung = HungDrawing(), delivered = DispatchSemaphore(value: 0), tiles = TileList()
        let elsewhere = TileKey(page: 11, scale: 1.4), open = DispatchSemaphore(value: 1)
        let workers = RenderWorkers<Recorded>(threads: 2, clock: clock, drawing: ahead, drawingAbandoning: hung, makeFirstRenderer: {
            // The renderer drawing ahead, given once its drawing ends.
            hung.ended.wait()
            return Recorded(gated: elsewhere, gate: open)
        }, makeRenderer: { Recorded(gated: elsewhere, gate: open) }, deliver: { result in
            tiles.add(result.key)
            delivered.signal()
        })
        workers.submit([elsewhere], urgent: 1)
        XCTAssertEqual(delivered.wait(timeout: .now() + 10), .success, "the new page waited for the tile drawn ahead")
        XCTAssertTrue(workers.waitUntilDecided())
        XCTAssertEqual(hung.abandons.withLock { $0 }, 0, "abandoned before it was slow")
        clock.advance(by: 1)
        workers.clockMoved()
        if hung.told.wait(timeout: .now() + 10) == .timedOut {
            XCTFail("the hung drawing was never abandoned")
            hung.ended.signal() // else the first thread, and the test with it, waits for ever
        }
        XCTAssertTrue(workers.waitUntilDecided())
        workers.stopAndWait()
        XCTAssertEqual(tiles.all, [elsewhere], "the tile drawn ahead was drawn again once abandoned")
        XCTAssertEqual(hung.abandons.withLock { $0 }, 1)
    }
}

/// The tiles delivered, in order.
final class TileList: Sendable {
    private let tiles = Mutex<[TileKey]>([])
    func add(_ tile: TileKey) { tiles.withLock { $0.append(tile) } }
    var all: [TileKey] { tiles.withLock { $0 } }
}
