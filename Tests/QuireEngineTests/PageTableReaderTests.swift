import Dispatch
import XCTest
@testable import QuireEngine

final class PageTableReaderTests: XCTestCase {
    final class Document: PageGeometry, PageLabelSource {
        let pageCount = 1000
        func pageSize(at index: Int) -> Size { Size(width: 600, height: Double(300 + index % 7)) }
        func pageLabels(_ range: Range<Int>) -> [String?] { range.map { $0 < 10 ? "r\($0)" : nil } }
    }

    func testEverySizeThenEveryLabelArrivesInOrderedBatchesThenTheEnd() {
        let seen = TableSeen()
        let done = DispatchSemaphore(value: 0)
        _ = PageTableReader(open: { Document() }, batch: 256, labelBatch: 400, sizes: { first, sizes in
            seen.add("sizes \(first)", sizes: sizes)
        }, labels: { first, labels in
            seen.add("labels \(first)", labels: labels)
        }, finished: {
            seen.add("finished")
            done.signal()
        })
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(seen.events, ["sizes 0", "sizes 256", "sizes 512", "sizes 768", "labels 0", "labels 400", "labels 800", "finished"])
        XCTAssertEqual(seen.sizes, (0..<1000).map(Document().pageSize(at:)))
        XCTAssertEqual(seen.labels, Document().pageLabels(0..<1000))
    }

    func testADocumentThatCannotBeOpenedStillEnds() {
        struct Refused: Error {}
        let done = DispatchSemaphore(value: 0)
        let seen = TableSeen()
        _ = PageTableReader(open: { () throws -> Document in throw Refused() }, sizes: { first, _ in seen.add("sizes \(first)") },
                            labels: { first, _ in seen.add("labels \(first)") }, finished: { done.signal() })
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(seen.events, [])
    }
}

final class TableSeen: @unchecked Sendable {
    private let lock = DispatchSemaphore(value: 1)
    private var seen: (events: [String], sizes: [Size], labels: [String?]) = ([], [], [])
    func add(_ event: String, sizes: [Size] = [], labels: [String?] = []) {
        lock.wait()
        seen.events.append(event)
        seen.sizes += sizes
        seen.labels += labels
        lock.signal()
    }
    var events: [String] { lock.wait(); defer { lock.signal() }; return seen.events }
    var sizes: [Size] { lock.wait(); defer { lock.signal() }; return seen.sizes }
    var labels: [String?] { lock.wait(); defer { lock.signal() }; return seen.labels }
}
