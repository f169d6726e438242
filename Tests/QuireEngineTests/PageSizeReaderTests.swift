import Dispatch
import XCTest
@testable import QuireEngine

final class PageSizeReaderTests: XCTestCase {
    final class Geometry: PageGeometry {
        let pageCount = 1000
        func pageSize(at index: Int) -> Size { Size(width: 600, height: Double(300 + index % 7)) }
    }

    func testEverySizeArrivesInOrderedBatches() {
        let batches = PagesSeen()
        let done = DispatchSemaphore(value: 0)
        let collected = SizesSeen()
        _ = PageSizeReader(open: { Geometry() }, batch: 256, deliver: { first, sizes in
            batches.add(first)
            collected.add(sizes)
            if first + sizes.count == 1000 { done.signal() }
        })
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(batches.all, [0, 256, 512, 768])
        XCTAssertEqual(collected.all, (0..<1000).map(Geometry().pageSize(at:)))
    }
}

final class SizesSeen: @unchecked Sendable {
    private let lock = DispatchSemaphore(value: 1)
    private var sizes: [Size] = []
    func add(_ more: [Size]) { lock.wait(); sizes += more; lock.signal() }
    var all: [Size] { lock.wait(); defer { lock.signal() }; return sizes }
}
