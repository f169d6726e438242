import Dispatch
import Synchronization
import XCTest
@testable import QuireEngine

/// How many renders run at once, and the most so far; how often pages were asked about images.
final class Concurrency: Sendable {
    let counts = Mutex<(now: Int, most: Int)>((0, 0))
    let asked = Mutex(0)
    var now: Int { counts.withLock { $0.now } }
    var most: Int { counts.withLock { $0.most } }
}

/// Page 0 renders at once, a megapixel picture; other pages say they have started and
/// wait at the gate. `imagePages` says whether pages count as covered by images.
final class ImagePages: PageRendering {
    struct Picture: RenderedPicture { let byteCount: Int }
    let gate: DispatchSemaphore, started: DispatchSemaphore
    let imagePages: Bool
    let active: Concurrency
    init(gate: DispatchSemaphore, started: DispatchSemaphore, imagePages: Bool, active: Concurrency) {
        self.gate = gate; self.started = started; self.imagePages = imagePages; self.active = active
    }
    func render(_ tile: TileKey) throws -> Picture {
        guard tile.page != 0 else { return Picture(byteCount: 4_000_000) }
        active.counts.withLock { $0.now += 1; $0.most = max($0.most, $0.now) }
        started.signal()
        gate.wait()
        active.counts.withLock { $0.now -= 1 }
        return Picture(byteCount: 4_000_000)
    }
    func hasLargeImages(page: Int) -> Bool {
        active.asked.withLock { $0 += 1 }
        return imagePages
    }
}

final class OneAtATimeTests: XCTestCase {
    /// Two threads; page 0 rendered (slow for its size, as every render is against a limit
    /// of 0 s); then pages 1–3, which hold their thread until the test lets them go.
    private func run(imagePages: Bool, _ body: (_ workers: RenderWorkers<ImagePages>, _ gate: DispatchSemaphore,
                                                _ started: DispatchSemaphore, _ active: Concurrency) -> Void) {
        let gate = DispatchSemaphore(value: 0), started = DispatchSemaphore(value: 0), delivered = DispatchSemaphore(value: 0)
        let active = Concurrency()
        let workers = RenderWorkers(threads: 2, spares: 0, oneAtATimeAfter: 0, makeRenderer: {
            ImagePages(gate: gate, started: started, imagePages: imagePages, active: active)
        }, deliver: { _ in delivered.signal() })
        workers.submit([TileKey(page: 0, scale: 1)])
        XCTAssertEqual(delivered.wait(timeout: .now() + 10), .success)
        workers.submit([1, 2, 3].map { TileKey(page: $0, scale: 1) }, urgent: 0)
        body(workers, gate, started, active)
        for _ in 0..<3 { gate.signal() }
        workers.stopAndWait()
    }

    func testAfterAPageOfImagesTilesRenderOneAtATime() {
        run(imagePages: true) { workers, gate, started, active in
            XCTAssertTrue(workers.rendersOneAtATime)
            for _ in 0..<3 {
                XCTAssertEqual(started.wait(timeout: .now() + 10), .success)
                XCTAssertEqual(active.now, 1)
                gate.signal()
            }
            XCTAssertEqual(active.most, 1, "a second render started beside one of a page of images")
        }
    }

    /// The same slow page without images (a heavy figure) leaves both threads at work:
    /// two renders start before either is let go.
    func testASlowPageWithoutImagesKeepsBothThreads() {
        run(imagePages: false) { workers, _, started, active in
            XCTAssertFalse(workers.rendersOneAtATime)
            XCTAssertEqual(started.wait(timeout: .now() + 10), .success)
            XCTAssertEqual(started.wait(timeout: .now() + 10), .success)
            XCTAssertEqual(active.most, 2)
        }
    }

    /// Asking costs a pass over the page's content: a page without images is asked once,
    /// however often it is rendered slowly.
    func testAPageWithoutImagesIsAskedOnce() {
        let delivered = DispatchSemaphore(value: 0)
        let active = Concurrency()
        let workers = RenderWorkers(threads: 1, spares: 0, oneAtATimeAfter: 0, makeRenderer: {
            ImagePages(gate: DispatchSemaphore(value: 0), started: DispatchSemaphore(value: 0), imagePages: false, active: active)
        }, deliver: { _ in delivered.signal() })
        for scale in [1.0, 2.0, 3.0] {
            workers.submit([TileKey(page: 0, scale: scale)])
            XCTAssertEqual(delivered.wait(timeout: .now() + 10), .success)
        }
        workers.stopAndWait()
        XCTAssertEqual(active.asked.withLock { $0 }, 1)
    }
}
