import Dispatch
import Foundation
import Synchronization
import Fixtures
import QuireEngine
import QuireImage
import XCTest
@testable import QuireDocument

/// The render worker with real poppler documents: each thread opens its own, and two
/// threads rendering the same file side by side neither crash nor disagree.
final class RenderThreadsTests: XCTestCase {
    private final class Collected: @unchecked Sendable {
        private let lock = DispatchSemaphore(value: 1)
        private var images: [Int: PageImage] = [:]
        private var failed = 0
        let arrived = DispatchSemaphore(value: 0)
        func add(_ result: RenderWorkers<Document>.Result) {
            lock.wait()
            switch result.outcome {
            case .success(let image): images[result.key.page] = image
            case .failure: failed += 1
            }
            lock.signal()
            arrived.signal()
        }
        var all: [Int: PageImage] { lock.wait(); defer { lock.signal() }; return images }
        var failures: Int { lock.wait(); defer { lock.signal() }; return failed }
    }

    /// Two pools of two threads each: four documents on one file, rendering side by side.
    func testFourThreadsRenderTheSameFileInParallel() throws {
        let fixtures = try Fixtures()
        let source = DocumentSource(path: fixtures.long(pages: 24))
        let first = Collected(), second = Collected()
        let workers = [first, second].map { collected in
            RenderWorkers(threads: 2, makeRenderer: { try source.open() }, deliver: collected.add)
        }
        defer { workers.forEach { $0.stopAndWait() } }
        let plan = (0..<24).map { TileKey(page: $0, scale: 1) }
        workers.forEach { $0.submit(plan) }
        for collected in [first, second] {
            for _ in plan { XCTAssertEqual(collected.arrived.wait(timeout: .now() + 30), .success) }
        }
        XCTAssertEqual(first.all.count, 24)
        for page in 0..<24 {
            let a = try XCTUnwrap(first.all[page]), b = try XCTUnwrap(second.all[page])
            XCTAssertEqual(a.width, 612)
            XCTAssertEqual((0..<a.height).map { a.pixel(x: 100, y: $0) }, (0..<b.height).map { b.pixel(x: 100, y: $0) })
        }
    }

    func testAWorkerWhoseDocumentCannotOpenReportsEveryTile() throws {
        let fixtures = try Fixtures()
        let source = DocumentSource(path: try fixtures.bad(.text))
        let collected = Collected()
        let worker = RenderWorkers(threads: 2, makeRenderer: { try source.open() }, deliver: collected.add)
        defer { worker.stopAndWait() }
        worker.submit([TileKey(page: 0, scale: 1), TileKey(page: 1, scale: 1)])
        for _ in 0..<2 { XCTAssertEqual(collected.arrived.wait(timeout: .now() + 10), .success) }
        XCTAssertEqual(collected.failures, 2)
    }
}
