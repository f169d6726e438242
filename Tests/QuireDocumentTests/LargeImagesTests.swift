import Dispatch
import Fixtures
import QuireEngine
import XCTest
@testable import QuireDocument

/// What tells a scan from a page of text: images over most of the page. The render
/// workers go one tile at a time on such documents (`RenderWorkers`), to hold one decoded
/// page image at a time.
final class LargeImagesTests: XCTestCase {
    func testOnlyAPageCoveredByAnImageHasLargeImages() throws {
        let fixtures = try Fixtures()
        let document = try DocumentSource(path: fixtures.scanned()).open()
        XCTAssertEqual((0..<3).map { document.hasLargeImages(page: $0) }, [true, false, false])
    }

    /// With every render counting as slow (a limit of 0 s), the scanned page turns the
    /// workers to one render at a time; the page with a small picture does not.
    func testAScannedPageTurnsTheWorkersToOneAtATime() throws {
        let fixtures = try Fixtures()
        let source = DocumentSource(path: fixtures.scanned())
        for (page, expected) in [(0, true), (1, false)] {
            let delivered = DispatchSemaphore(value: 0)
            let workers = RenderWorkers(threads: 2, oneAtATimeAfter: 0, makeRenderer: { try source.open() },
                                        deliver: { _ in delivered.signal() })
            // Twice the size: a megapixel and more.
            workers.submit([TileKey(page: page, scale: 2)])
            XCTAssertEqual(delivered.wait(timeout: .now() + 10), .success)
            XCTAssertEqual(workers.rendersOneAtATime, expected, "page \(page + 1)")
            workers.stopAndWait()
        }
    }
}
