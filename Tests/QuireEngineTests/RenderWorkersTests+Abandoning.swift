import Dispatch
import Synchronization
import XCTest
@testable import QuireEngine

/// A render of a tile the plan no longer holds, once slow, is stopped through its
/// renderer's `RenderAbandoning`; it delivers nothing, and the tile is rendered again if
/// asked for again. Page 0's first render blocks until it is abandoned or let go.
final class AbandonedRenderTests: XCTestCase {
    private func workers(threads: Int = 1, spares: Int, slowAfter: Double, supersededAfter: Double = 60,
                         holdingAbandoned: Bool = false, clock: any MonotonicClock = SystemClock())
        -> (RenderWorkers<Abandonable>, AbandonProbe, Delivered) {
        let probe = AbandonProbe(holdingAbandoned: holdingAbandoned), delivered = Delivered()
        let workers = RenderWorkers(threads: threads, spares: spares, slowAfter: slowAfter, supersededAfter: supersededAfter,
                                    clock: clock, makeRenderer: { Abandonable(probe) }, deliver: delivered.add)
        return (workers, probe, delivered)
    }

    private let page = { (page: Int) in TileKey(page: page, scale: 1) }

    func testASlowRenderLeftOutOfThePlanIsAbandoned() {
        let (workers, probe, delivered) = workers(spares: 0, slowAfter: 0)
        workers.submit([page(0)])
        XCTAssertEqual(probe.started.wait(timeout: .now() + 10), .success)
        workers.submit([page(5)])
        XCTAssertEqual(probe.abandons, 1, "the plan that left it out stopped it")
        XCTAssertTrue(delivered.wait(forPage: 5), "the thread went on with the plan")
        workers.stopAndWait()
        XCTAssertEqual(delivered.all.map(\.page), [5], "the abandoned render delivered nothing")
    }

    /// A zoom wants page 0 at another scale: its render at the old one is abandoned long
    /// before it would count as slow.
    func testARenderSupersededByItsPageAtAnotherScaleIsAbandonedSoon() {
        assertAbandonedSoon(after: [3])
    }

    /// With one core, even the first render superseded gives way: the new one would wait for it.
    func testTheFirstRenderSupersededGivesWayOnOneCore() {
        assertAbandonedSoon(after: [])
    }

    /// Page 0's render, after `pages` were delivered, is superseded by its page at scale 2 and abandoned.
    private func assertAbandonedSoon(after pages: [Int], file: StaticString = #filePath, line: UInt = #line) {
        let (workers, probe, delivered) = workers(spares: 0, slowAfter: 60, supersededAfter: 0)
        if !pages.isEmpty {
            workers.submit(pages.map(page))
            XCTAssertTrue(delivered.wait(count: pages.count), file: file, line: line)
        }
        workers.submit([page(0)])
        XCTAssertEqual(probe.started.wait(timeout: .now() + 10), .success, file: file, line: line)
        workers.submit([TileKey(page: 0, scale: 2), page(5)])
        XCTAssertEqual(probe.abandons, 1, "the plan that superseded it did not stop it", file: file, line: line)
        XCTAssertTrue(delivered.wait(forPage: 5), file: file, line: line)
        workers.stopAndWait()
        XCTAssertEqual(delivered.all.map(\.page), pages + [0, 5], "not only the new scale of page 0 was delivered", file: file, line: line)
    }

    /// The window resized before its first picture came: nothing is on screen, so the render
    /// at the size predicted goes on beside the new one and is delivered first, to stand in.
    func testTheFirstRenderSupersededGoesOnBesideTheNewOne() {
        let (workers, probe, delivered) = workers(threads: 2, spares: 0, slowAfter: 60, supersededAfter: 0)
        workers.submit([page(0)])
        XCTAssertEqual(probe.started.wait(timeout: .now() + 10), .success)
        workers.submit([TileKey(page: 0, scale: 2)])
        XCTAssertTrue(delivered.wait(forPage: 0), "the new scale was not rendered beside it")
        // A later plan, still without it (the new picture taken), lets it go on too.
        workers.submit([page(5)])
        XCTAssertTrue(delivered.wait(forPage: 5))
        XCTAssertEqual(probe.abandons, 0, "the first picture was abandoned")
        probe.wake.signal()
        XCTAssertTrue(delivered.wait(count: 3), "the superseded render was not delivered")
        // (Not counted after the stop: a render delivered may still be marked running, and
        // stopping asks every running render to stop.)
        workers.stopAndWait()
        XCTAssertEqual(delivered.all.map { "\($0.page)@\($0.scale)" }, ["0@2.0", "5@1.0", "0@1.0"])
        XCTAssertEqual(delivered.all.map(\.succeeded), [true, true, true])
    }

    func testASupersededRenderIsLeftToFinishUntilItHasRunItsTime() {
        assertGoesOn(slowAfter: 60, supersededAfter: 60, after: [TileKey(page: 0, scale: 2), page(5)], delivering: [0, 0, 5])
    }

    /// A small stand-in giving way to the sharp picture (five times larger) is not superseded:
    /// it stands in meanwhile, and a stopped helper would have to open the document again.
    func testASmallStandInIsNotSupersededByTheSharpPicture() {
        assertGoesOn(slowAfter: 60, supersededAfter: 0, after: [TileKey(page: 0, scale: 5), page(5)], delivering: [0, 0, 5])
    }

    /// Another part of the page at the same scale (scrolling at a deep zoom) redoes nothing.
    func testARenderIsNotSupersededByAnotherCellOfItsPage() {
        let cell = { (column: Int) in TileKey(page: 0, scale: 1, cell: .init(column: column, row: 0)) }
        let (workers, probe, delivered) = workers(spares: 0, slowAfter: 60, supersededAfter: 0)
        workers.submit([cell(0)])
        XCTAssertEqual(probe.started.wait(timeout: .now() + 10), .success)
        workers.submit([cell(1), page(5)])
        XCTAssertEqual(probe.abandons, 0, "abandoned")
        probe.wake.signal()
        XCTAssertTrue(delivered.wait(forPage: 5))
        workers.stopAndWait()
        XCTAssertEqual(delivered.all.map(\.succeeded), [true, true, true])
    }

    /// Page 0's render, alone in the first plan, goes on and is delivered when `plan`
    /// replaces that plan.
    private func assertGoesOn(slowAfter: Double, supersededAfter: Double = 60, after plan: [TileKey], delivering pages: [Int] = [0, 5],
                              file: StaticString = #filePath, line: UInt = #line) {
        let (workers, probe, delivered) = workers(spares: 0, slowAfter: slowAfter, supersededAfter: supersededAfter)
        workers.submit([page(0)])
        XCTAssertEqual(probe.started.wait(timeout: .now() + 10), .success, file: file, line: line)
        workers.submit(plan)
        XCTAssertEqual(probe.abandons, 0, "abandoned", file: file, line: line)
        probe.wake.signal()
        XCTAssertTrue(delivered.wait(forPage: 5), file: file, line: line)
        workers.stopAndWait()
        XCTAssertEqual(delivered.all.map(\.page), pages, file: file, line: line)
        XCTAssertEqual(delivered.all.first?.succeeded, true, file: file, line: line)
    }

    func testARenderNotYetSlowIsLeftToFinish() {
        assertGoesOn(slowAfter: 60, after: [page(5)])
    }

    func testASlowRenderTheNewPlanStillHoldsIsNotAbandoned() {
        assertGoesOn(slowAfter: 0, after: [page(5), page(0)])
    }

    /// No plan need come once the render turns slow, nor any other work wait: an idle
    /// thread stops it.
    func testARenderLeftOutBeforeItWasSlowIsAbandonedOnceItIs() {
        let clock = ManualClock()
        let (workers, probe, delivered) = workers(spares: 1, slowAfter: 1, clock: clock)
        workers.submit([page(0)])
        XCTAssertEqual(probe.started.wait(timeout: .now() + 10), .success)
        workers.submit([])
        XCTAssertTrue(workers.waitUntilDecided())
        clock.advance(by: 0.9)
        workers.clockMoved()
        XCTAssertTrue(workers.waitUntilDecided())
        XCTAssertEqual(probe.abandons, 0, "abandoned before it was slow")
        clock.advance(by: 0.1)
        workers.clockMoved()
        XCTAssertEqual(probe.asked.wait(timeout: .now() + 10), .success, "the render was not abandoned")
        workers.stopAndWait()
        XCTAssertEqual(delivered.all.map(\.page), [])
    }

    /// A plan that asks for the tile again while its abandoned render is still ending (and
    /// that another thread has passed over, as rendering) gets it rendered again, once.
    func testATileAskedForAgainWhileItsRenderIsAbandonedIsRenderedAgain() {
        let (workers, probe, delivered) = workers(spares: 1, slowAfter: 0, holdingAbandoned: true)
        defer { workers.stopAndWait() }
        workers.submit([page(0)])
        XCTAssertEqual(probe.started.wait(timeout: .now() + 10), .success)
        workers.submit([page(5)])
        XCTAssertEqual(probe.abandons, 1)
        XCTAssertTrue(delivered.wait(forPage: 5))
        workers.submit([page(0), page(6)])
        XCTAssertTrue(delivered.wait(forPage: 6), "the spare passed over page 0, still rendering")
        probe.leave.signal()
        XCTAssertTrue(delivered.wait(forPage: 0), "page 0 was not rendered again")
        XCTAssertEqual(delivered.all.filter { $0.page == 0 }.map(\.succeeded), [true])
    }

    func testStoppingAbandonsTheRenderInProgress() {
        let (workers, probe, delivered) = workers(spares: 0, slowAfter: 60)
        workers.submit([page(0)])
        XCTAssertEqual(probe.started.wait(timeout: .now() + 10), .success)
        workers.stop()
        XCTAssertEqual(probe.asked.wait(timeout: .now() + 10), .success, "the render was not abandoned")
        probe.wake.signal() // in case it was not, so that the threads end
        workers.stopAndWait()
        XCTAssertEqual(delivered.all.map(\.page), [])
    }
}

/// What the tests see of `Abandonable` renderers, and how they let page 0 go.
final class AbandonProbe: Sendable {
    let started = DispatchSemaphore(value: 0) // page 0's first render began
    let wake = DispatchSemaphore(value: 0)    // it may end: abandoned, or let go by the test
    let asked = DispatchSemaphore(value: 0)   // a renderer was asked to abandon
    let leave = DispatchSemaphore(value: 0)   // an abandoned render may end, when held
    let holdingAbandoned: Bool
    private let abandonCount = Atomic<Int>(0)
    fileprivate let pageZeroRenders = Atomic<Int>(0)

    init(holdingAbandoned: Bool) { self.holdingAbandoned = holdingAbandoned }

    var abandons: Int { abandonCount.load(ordering: .sequentiallyConsistent) }

    fileprivate func abandoned() {
        abandonCount.add(1, ordering: .sequentiallyConsistent)
        asked.signal()
        wake.signal()
    }
}

/// Page 0's first render says it started and blocks until its renderer is asked to abandon
/// it (then throws `RenderFailure.abandoned`, after `leave` when the probe holds abandoned
/// renders) or the test lets it go; every other render is at once.
final class Abandonable: PageRendering {
    struct Picture: RenderedPicture { let byteCount: Int }

    final class Stop: RenderAbandoning {
        let probe: AbandonProbe
        let asked = Atomic<Bool>(false)
        init(_ probe: AbandonProbe) { self.probe = probe }
        func abandon() {
            asked.store(true, ordering: .sequentiallyConsistent)
            probe.abandoned()
        }
    }

    private let probe: AbandonProbe
    private let stop: Stop
    init(_ probe: AbandonProbe) {
        self.probe = probe
        stop = Stop(probe)
    }

    var abandoning: (any RenderAbandoning)? { stop }

    func render(_ tile: TileKey) throws -> Picture {
        guard tile.page == 0, probe.pageZeroRenders.add(1, ordering: .sequentiallyConsistent).newValue == 1 else {
            return Picture(byteCount: 1)
        }
        probe.started.signal()
        probe.wake.wait()
        guard stop.asked.load(ordering: .sequentiallyConsistent) else { return Picture(byteCount: 1) }
        if probe.holdingAbandoned { probe.leave.wait() }
        throw RenderFailure.abandoned
    }
}

/// What render workers delivered, in order.
final class Delivered: Sendable {
    private let results = Mutex<[(page: Int, scale: Double, succeeded: Bool)]>([])
    private let arrived = DispatchSemaphore(value: 0)

    func add(_ result: RenderWorkers<Abandonable>.Result) {
        let succeeded = if case .success = result.outcome { true } else { false }
        results.withLock { $0.append((result.key.page, result.key.scale, succeeded)) }
        arrived.signal()
    }

    var all: [(page: Int, scale: Double, succeeded: Bool)] { results.withLock { $0 } }

    /// Waits (10 s at most) until `count` results have been delivered.
    func wait(count: Int) -> Bool {
        while all.count < count {
            guard arrived.wait(timeout: .now() + 10) == .success else { return false }
        }
        return true
    }

    /// Waits (10 s at most) until `page` has been delivered.
    func wait(forPage page: Int) -> Bool {
        while !all.contains(where: { $0.page == page }) {
            guard arrived.wait(timeout: .now() + 10) == .success else { return false }
        }
        return true
    }
}
