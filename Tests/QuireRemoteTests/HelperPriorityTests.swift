import Dispatch
import Fixtures
import Foundation
import QuireEngine
@testable import QuireRemote
import Synchronization
import XCTest

/// A helper works at the priority of the thread that asked for it (`Zygote.spawn`): the
/// search cache's filler runs at idle priority, and so must the helper extracting its text,
/// else that text takes a core from the page the reader waits for (issue 48: at launch it
/// took 40–60 ms of CPU while page 1 was drawn).
final class HelperPriorityTests: XCTestCase {
    private static let idle: Int32 = 5 // SCHED_IDLE

    private func file(_ fixtures: Fixtures, pages: Int = 3) throws -> DocumentFile {
        _ = try XCTUnwrap(TestZygote.shared, "the zygote did not start")
        return try DocumentFile(opening: DocumentSource(path: fixtures.long(pages: pages)))
    }

    /// The helpers' documents made by each thread, kept open so that their processes can
    /// be looked at; `made` is signalled after each.
    private final class Made: Sendable {
        let documents = Mutex<[(document: RemoteDocument, askedAtIdle: Bool)]>([])
        let made = DispatchSemaphore(value: 0)
        func open(_ file: DocumentFile) throws -> RemoteDocument {
            let document = try RemoteDocument(file: file)
            documents.withLock { $0.append((document, thisThreadRunsAtIdlePriority)) }
            made.signal()
            return document
        }
        /// Waits (10 s at most, a watchdog) for the next document.
        func next() -> Bool { made.wait(timeout: .now() + 10) == .success }
    }

    func testAHelperAskedForByAThreadAtIdlePriorityRunsAtIdlePriority() throws {
        let fixtures = try Fixtures()
        let file = try file(fixtures)
        let ordinary = try RemoteDocument(file: file)
        XCTAssertEqual(sched_getscheduler(try XCTUnwrap(ordinary.helperPID)), 0, "an ordinary thread's helper is ordinary")
        let made = Made()
        startThread {
            runThisThreadAtIdlePriority()
            _ = try? made.open(file)
        }
        XCTAssertTrue(made.next(), "the idle thread's document did not open")
        let idle = try XCTUnwrap(made.documents.withLock { $0.first })
        XCTAssertTrue(idle.askedAtIdle)
        XCTAssertEqual(sched_getscheduler(try XCTUnwrap(idle.document.helperPID)), Self.idle)
        XCTAssertNotNil(idle.document.readableText(at: 0), "and it works")
        XCTAssertEqual(sched_getscheduler(try XCTUnwrap(ordinary.helperPID)), 0, "the other is left as it was")
    }

    /// Across the search: the filler's helper at idle priority, a query's helper not.
    func testTheSearchCachesFillersHelperRunsAtIdlePriorityAndAQuerysDoesNot() throws {
        let fixtures = try Fixtures()
        let file = try file(fixtures, pages: 4)
        let made = Made()
        let search = SearchWorkers<RemoteDocument>(threads: 1, pageCount: 4, cache: PageTextCache(pageCount: 4),
                                                   makeSource: { try made.open(file) }, deliver: { _ in })
        defer { search.stopAndWait() }
        search.fillCache(from: 0)
        XCTAssertTrue(made.next(), "the filler made no document")
        _ = search.search(SearchQuery("page"), from: 0)
        XCTAssertTrue(made.next(), "the query made no document")
        let documents = made.documents.withLock { $0 }
        XCTAssertEqual(documents.map(\.askedAtIdle), [true, false])
        XCTAssertEqual(try documents.map { sched_getscheduler(try XCTUnwrap($0.document.helperPID)) }, [Self.idle, 0])
    }
}
