import Fixtures
import Foundation
import QuireEngine
import QuireHelper
import QuireDocument
import QuireImage
@testable import QuireRemote
import XCTest

/// Real render helpers draw with the rasterizer `RasterizerChoice` gives: cairo at first,
/// Splash once a page of images is met and for a page cairo ran out of patience on, and
/// cairo while the reader's changes are to be drawn.
final class RemoteSplashTests: XCTestCase {
    /// How many sampled pixels of `picture` differ from Splash's own drawing of `path`'s
    /// page, drawn in this process: 0 when the helper drew it with Splash.
    private func differenceFromSplash(_ picture: PageImage, _ path: String, page: Int, scale: Double) throws -> Int {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        defer { close(fd) }
        let splash = try XCTUnwrap(SplashPages(descriptor: fd, password: nil))
        let expected = try DocumentSource(path: path).open().render(page: page, scale: scale, splash: splash)
        XCTAssertEqual([picture.width, picture.height], [expected.width, expected.height])
        var differing = 0
        for y in stride(from: 0, to: min(expected.height, picture.height), by: 3) {
            for x in stride(from: 0, to: min(expected.width, picture.width), by: 3) where picture.pixel(x: x, y: y) != expected.pixel(x: x, y: y) {
                differing += 1
            }
        }
        return differing
    }

    /// The page cairo would draw for minutes (past the 20 s watchdog, failing) is drawn by
    /// Splash after cairo's patience, by a new helper, at no cost to the document.
    func testAShadingCairoCannotDrawInTimeIsDrawnWithSplash() throws {
        _ = try XCTUnwrap(TestZygote.shared, "the zygote did not start")
        let fixtures = try Fixtures()
        let path = try fixtures.slowShading()
        let file = try DocumentFile(opening: DocumentSource(path: path))
        let renderer = try RemoteRenderer(file: file)
        let first = try XCTUnwrap(renderer.helper?.pid)
        let picture = try renderer.render(TileKey(page: 0, scale: 1))
        XCTAssertEqual(renderer.lastRasterizer, .splash)
        XCTAssertEqual(try differenceFromSplash(picture, path, page: 0, scale: 1), 0, "the shading as Splash draws it")
        XCTAssertTrue(HelperProcess.ends(first), "cairo's helper was ended")
        XCTAssertNotEqual(renderer.helper?.pid, first)
        XCTAssertEqual(file.faults.total, 0, "running out of patience is not a failure")
        XCTAssertEqual(file.rasterizers.withLock { $0.rasterizer(for: 0) }, .splash)
    }

    func testAScanIsDrawnWithSplashOnceItsPagesOfImagesAreKnown() throws {
        _ = try XCTUnwrap(TestZygote.shared, "the zygote did not start")
        let fixtures = try Fixtures()
        let file = try DocumentFile(opening: DocumentSource(path: fixtures.scanned()))
        let renderer = try RemoteRenderer(file: file)
        let tile = TileKey(page: 0, scale: 1.5)
        _ = try renderer.render(tile)
        XCTAssertEqual(renderer.lastRasterizer, .cairo, "before anything is known")
        XCTAssertTrue(renderer.hasLargeImages(page: 0))
        let scanned = try renderer.render(tile)
        XCTAssertEqual(renderer.lastRasterizer, .splash)
        // Grey: a byte a pixel, the same pixels as Splash's in this process.
        XCTAssertTrue(scanned.isGrey)
        XCTAssertEqual(scanned.memoryBytes, PageImage.greyStride(scanned.width) * scanned.height)
        XCTAssertEqual(try differenceFromSplash(scanned, fixtures.path("scanned.pdf"), page: 0, scale: 1.5), 0)
        XCTAssertFalse(renderer.hasLargeImages(page: 2))
        _ = try renderer.render(TileKey(page: 2, scale: 1))
        XCTAssertEqual(renderer.lastRasterizer, .cairo, "the page known to be text")
        _ = try renderer.render(TileKey(page: 1, scale: 1))
        XCTAssertEqual(renderer.lastRasterizer, .splash, "a page not known is presumed scanned")
        _ = try renderer.render(TileKey(page: 1, scale: 1, cell: .init(column: 0, row: 0)))
        XCTAssertEqual(renderer.lastRasterizer, .cairo, "a cell: Splash would scale the page's image whole")
    }

    /// The renderer made while the document opens looks at the first page meanwhile: a
    /// scan's first view is drawn by Splash; its next page, not known, by cairo; a text
    /// document's first page by cairo.
    func testTheFirstViewOfAScanIsDrawnWithSplash() throws {
        _ = try XCTUnwrap(TestZygote.shared, "the zygote did not start")
        let fixtures = try Fixtures()
        let scan = try DocumentFile(opening: DocumentSource(path: fixtures.scanned()))
        let renderer = try XCTUnwrap(PreparedRenderer(file: scan).take())
        let first = try renderer.render(TileKey(page: 0, scale: 1.5))
        XCTAssertEqual(renderer.lastRasterizer, .splash)
        XCTAssertEqual(try differenceFromSplash(first, fixtures.path("scanned.pdf"), page: 0, scale: 1.5), 0)
        _ = try renderer.render(TileKey(page: 1, scale: 1.5))
        XCTAssertEqual(renderer.lastRasterizer, .cairo, "one page of images seen ahead says nothing of the others")
        XCTAssertTrue(scan.firstPageIsImages, "the render workers are told so: no second helper opens beside its first view")
        let text = try DocumentFile(opening: DocumentSource(path: fixtures.long(pages: 3)))
        let textRenderer = try XCTUnwrap(PreparedRenderer(file: text).take())
        let textPage = try textRenderer.render(TileKey(page: 0, scale: 1.5))
        XCTAssertEqual(textRenderer.lastRasterizer, .cairo)
        XCTAssertTrue(textPage.isGrey, "black text drawn by cairo comes at one byte a pixel too")
        XCTAssertFalse(text.firstPageIsImages)
        XCTAssertEqual(scan.faults.total + text.faults.total, 0)
    }

    /// A book whose first two pages are pages of images is a scan from its first view:
    /// its third page, never looked at, is drawn with Splash too.
    func testABookWhoseFirstTwoPagesAreScansIsDrawnWithSplashThroughout() throws {
        _ = try XCTUnwrap(TestZygote.shared, "the zygote did not start")
        let fixtures = try Fixtures()
        let book = try DocumentFile(opening: DocumentSource(path: fixtures.scannedBook()))
        let renderer = try XCTUnwrap(PreparedRenderer(file: book, quickLook: 10).take())
        _ = try renderer.render(TileKey(page: 2, scale: 1))
        XCTAssertEqual(renderer.lastRasterizer, .splash)
        XCTAssertEqual(book.faults.total, 0)
    }

    /// A page looked at ahead is not looked at again when the render workers ask of it:
    /// the answer is known (here with its helper gone, which could not have said it), and
    /// a page of images met in drawing then counts for the pages not known.
    func testAPageLookedAtAheadIsNotLookedAtAgain() throws {
        _ = try XCTUnwrap(TestZygote.shared, "the zygote did not start")
        let fixtures = try Fixtures()
        for (path, images) in [(fixtures.long(pages: 3), false), (fixtures.scanned(), true)] {
            let file = try DocumentFile(opening: DocumentSource(path: path))
            let renderer = try XCTUnwrap(PreparedRenderer(file: file).take())
            let pid = try XCTUnwrap(renderer.helper?.pid)
            kill(pid, SIGKILL)
            XCTAssertTrue(HelperProcess.ends(pid))
            XCTAssertEqual(renderer.hasLargeImages(page: 0), images, path)
            XCTAssertEqual(file.rasterizers.withLock { $0.rasterizer(for: 2) }, images ? .splash : .cairo, path)
        }
    }

    /// The reader's form values are set on the helper's Document: a page Splash draws is
    /// drawn over the Document's own objects, values and all, while there are any, and over
    /// the file again once they are undone.
    func testThePagesWithTheReadersChangesAreDrawnBySplashWithThem() throws {
        _ = try XCTUnwrap(TestZygote.shared, "the zygote did not start")
        let fixtures = try Fixtures()
        let file = try DocumentFile(opening: DocumentSource(path: fixtures.form()))
        let fields = try XCTUnwrap(try RemoteDocument(file: file).formFields(at: 0))
        file.rasterizers.withLock { $0.learn(page: 0, hasLargeImages: true) }
        let renderer = try RemoteRenderer(file: file)
        let tile = TileKey(page: 0, scale: 1)
        let plain = try renderer.render(tile)
        XCTAssertEqual(renderer.lastRasterizer, .splash)
        _ = file.show(DocumentChanges(fields: [FieldValue(id: fields[0].id, value: .text("Ada Lovelace"))]))
        let changed = try renderer.render(tile)
        XCTAssertEqual(renderer.lastRasterizer, .splash)
        var differing = 0
        let area = Fixtures.Form.name
        for y in Int(area.y)..<Int(area.y + area.height) {
            for x in Int(area.x)..<Int(area.x + area.width) where changed.pixel(x: x, y: y) != plain.pixel(x: x, y: y) { differing += 1 }
        }
        XCTAssertGreaterThan(differing, 40, "the name is drawn")
        _ = file.show(DocumentChanges())
        let undone = try renderer.render(tile)
        XCTAssertEqual(renderer.lastRasterizer, .splash, "with the changes undone")
        let same = (Int(area.y)..<Int(area.y + area.height)).allSatisfy { y in
            (Int(area.x)..<Int(area.x + area.width)).allSatisfy { undone.pixel(x: $0, y: y) == plain.pixel(x: $0, y: y) }
        }
        XCTAssertTrue(same, "the name undone is still drawn")
    }

    /// A real render helper, which puts its tidying off (`IdleCleanup`, whose order
    /// `IdleCleanupTests` checks), does it once the window pauses: the pixels of its
    /// answers are unmapped then (and the heap Splash drew with given back, which this
    /// small scan does not show), never kept for good.
    func testAHelperTidiesOnceTheWindowPauses() throws {
        _ = try XCTUnwrap(TestZygote.shared, "the zygote did not start")
        let fixtures = try Fixtures()
        let file = try DocumentFile(opening: DocumentSource(path: fixtures.scanned()))
        let renderer = try RemoteRenderer(file: file)
        XCTAssertTrue(renderer.hasLargeImages(page: 0))
        _ = try renderer.render(TileKey(page: 0, scale: 3))
        XCTAssertEqual(renderer.lastRasterizer, .splash)
        let pid = try XCTUnwrap(renderer.helper?.pid)
        var tidied = false
        for _ in 0..<500 where !tidied {
            let maps = try String(contentsOfFile: "/proc/\(pid)/maps", encoding: .utf8)
            tidied = !maps.contains("memfd:")
            if !tidied { usleep(10_000) }
        }
        XCTAssertTrue(tidied, "the helper still maps the pixels of its answer after 5 s")
    }
}
