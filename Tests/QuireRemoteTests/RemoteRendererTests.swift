import Dispatch
import Fixtures
import Foundation
import QuireEngine
import QuireHelper
import QuireImage
@testable import QuireRemote
import XCTest

/// `RemoteRenderer` driving real render helpers, from the test process's own zygote
/// (`TestZygote`), whose helpers hang on page 2 of a document named `hangs.pdf`.
final class RemoteRendererTests: XCTestCase {
    private static var zygote: Zygote? { TestZygote.shared }

    private let tile = { (page: Int) in TileKey(page: page, scale: 1) }

    private func renderer(_ fixtures: Fixtures) throws -> (RemoteRenderer, DocumentFile) {
        _ = try XCTUnwrap(Self.zygote, "the zygote did not start")
        let file = try DocumentFile(opening: DocumentSource(path: fixtures.long(pages: 3, named: "hangs.pdf")))
        return (try RemoteRenderer(file: file), file)
    }

    /// The hung page's helper is ended as soon as its render is abandoned (not after the
    /// watchdog's time), the document is not charged for it, and a new helper draws on.
    func testAnAbandonedRenderEndsItsHelperAtNoCostToTheDocument() throws {
        let fixtures = try Fixtures()
        let (renderer, file) = try renderer(fixtures)
        XCTAssertNoThrow(try renderer.render(tile(0)))
        let hung = try XCTUnwrap(renderer.helper?.pid)
        let abandoning = try XCTUnwrap(renderer.abandoning)
        // Asked until the render ends: a call that comes before it begins does nothing.
        let rendered = DispatchSemaphore(value: 0), asking = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            repeat { abandoning.abandon() } while rendered.wait(timeout: .now() + 0.05) == .timedOut
            asking.signal()
        }
        let start = monotonicSeconds()
        XCTAssertThrowsError(try renderer.render(tile(1))) { error in
            XCTAssertEqual((error as? RenderFailure)?.isAbandoned, true, "\(error)")
        }
        let took = monotonicSeconds() - start
        rendered.signal()
        asking.wait()
        XCTAssertLessThan(took, 5, "waited out: the watchdog allows \(file.watchdogs.render) s")
        XCTAssertTrue(Self.ends(hung), "the hung helper still runs")
        XCTAssertEqual(file.faults.total, 0, "an abandoned helper counted as a failed one")
        XCTAssertNoThrow(try renderer.render(tile(2)), "the next tile is drawn")
        XCTAssertNotEqual(renderer.helper?.pid, hung, "by a new helper")
        XCTAssertEqual(file.faults.total, 0)
    }

    /// Asked between renders, abandoning does nothing: the next render keeps its helper.
    func testAbandoningBetweenRendersDoesNothing() throws {
        let fixtures = try Fixtures()
        let (renderer, file) = try renderer(fixtures)
        XCTAssertNoThrow(try renderer.render(tile(0)))
        let helper = renderer.helper?.pid
        renderer.abandoning?.abandon()
        XCTAssertNoThrow(try renderer.render(tile(2)))
        XCTAssertEqual(renderer.helper?.pid, helper)
        XCTAssertEqual(file.faults.total, 0)
    }

    /// A page whose size the window knows is drawn in one question, into the memory sent
    /// with it; an unknown size, or a known one too small, costs a second, and the picture
    /// is the same.
    func testAKnownPageSizeSavesARoundTrip() throws {
        let fixtures = try Fixtures()
        let (renderer, file) = try renderer(fixtures)
        let whole = TileKey(page: 2, scale: 1.5), cell = TileKey(page: 2, scale: 3, cell: .init(column: 1, row: 0))
        let unknown = try [whole, cell].map { tile in (try renderer.render(tile), renderer.lastRenderQuestions) }
        XCTAssertEqual(unknown.map(\.1), [2, 2])
        file.learn([Size(width: 1, height: 1)], from: 2)
        XCTAssertEqual(try renderer.render(whole).width, unknown[0].0.width)
        XCTAssertEqual(renderer.lastRenderQuestions, 2, "memory too small for the page is not drawn into")
        file.learn([Size(width: 612, height: 792)], from: 2) // Letter, as `long` makes its pages
        for (tile, before) in zip([whole, cell], unknown.map(\.0)) {
            let picture = try renderer.render(tile)
            XCTAssertEqual(renderer.lastRenderQuestions, 1, "\(tile)")
            XCTAssertEqual([picture.width, picture.height], [before.width, before.height])
            XCTAssertEqual(Self.sampled(picture), Self.sampled(before), "the same pixels")
        }
        XCTAssertEqual(file.faults.total, 0)
    }

    private static func sampled(_ picture: PageImage) -> [UInt32] {
        stride(from: 0, to: picture.height, by: 5).flatMap { y in stride(from: 0, to: picture.width, by: 5).map { picture.pixel(x: $0, y: y) } }
    }

    private static func ends(_ pid: pid_t) -> Bool { HelperProcess.ends(pid) }
}
