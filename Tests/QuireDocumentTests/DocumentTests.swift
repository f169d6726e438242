import Fixtures
import QuireEngine
import QuireRemote
import QuireImage
import XCTest
@testable import QuireDocument

final class DocumentTests: XCTestCase {
    private var fixtures: Fixtures!
    override func setUpWithError() throws { fixtures = try Fixtures() }
    override func tearDown() { fixtures = nil }

    private func openStandard() throws -> Document {
        try DocumentSource(path: fixtures.standard()).open()
    }

    func testPageCountTitleAndMixedSizes() throws {
        let document = try openStandard()
        XCTAssertEqual(document.pageCount, Fixtures.standardSizes.count)
        XCTAssertEqual(document.title, Fixtures.standardTitle)
        for (index, size) in Fixtures.standardSizes.enumerated() {
            XCTAssertEqual(document.pageSize(at: index), Size(width: size.width, height: size.height))
        }
    }

    /// The catalog's /Lang, which recognition reads a scan in: kept as a tag, whatever the file wrote.
    func testTheDocumentsLanguageIsReadAsATag() throws {
        XCTAssertNil(try openStandard().language, "no /Lang")
        let file = try fixtures.recognisable(named: "lang.pdf", lines: ["a"], language: "ru")
        XCTAssertEqual(try DocumentSource(path: file).open().language, "ru")
        for (written, read) in [("<FEFF00640065002D00410054>", "de-AT"), ("(pt_BR\\) /Evil true)", "pt-BR"), ("(\(String(repeating: "x", count: 200)))", String(repeating: "x", count: 35)),
                                ("(\\(rm -rf\\))", nil), ("42", nil)] as [(String, String?)] {
            try Fixtures.setLanguage(of: file, to: written)
            XCTAssertEqual(try DocumentSource(path: file).open().language, read, written)
        }
    }

    func testKnownTextIsOnKnownPages() throws {
        let document = try openStandard()
        for page in 0..<document.pageCount {
            let text = document.text(at: page)
            XCTAssertTrue(text.contains(Fixtures.standardText(page: page)), "page \(page + 1): \(text)")
            for other in 0..<document.pageCount where other != page {
                XCTAssertFalse(text.contains(Fixtures.standardText(page: other)))
            }
        }
    }

    func testPageLabels() throws {
        let document = try openStandard()
        XCTAssertEqual((0..<4).map(document.pageLabel(at:)), ["p1", "p2", "p3", "p4"])
        XCTAssertEqual(document.pageLabels(1..<3), ["p2", "p3"])
        var labels = PageLabels(pageCount: document.pageCount)
        labels.adopt(document.pageLabels(0..<document.pageCount), from: 0)
        XCTAssertEqual(["p1", "p3", "p4"].map(labels.page(named:)), [0, 2, 3])
        XCTAssertNil(labels.page(named: "p9"))
        XCTAssertNil(labels.page(named: ""))
    }

    func testOutlineIsATree() throws {
        let outline = try openStandard().outline()
        XCTAssertEqual(outline.entries.map(\.title), ["Chapter One", "Chapter Two", "Section Two A", "Chapter Three"])
        XCTAssertEqual(outline.children(of: nil), [0, 1, 3])
        XCTAssertEqual(outline.children(of: 1), [2])
        XCTAssertEqual(outline.entries.map { $0.target?.page }, [0, 1, 2, 3])
    }

    func testOutlineKeepsNestingPositionsUnicodeAndBrokenTargets() throws {
        let outline = try DocumentSource(path: fixtures.outlined()).open().outline()
        let expected = Fixtures.outlinedEntries
        XCTAssertEqual(outline.entries.map(\.title), expected.map(\.title))
        XCTAssertEqual(outline.entries.map(\.depth), expected.map(\.depth))
        XCTAssertEqual(outline.entries.map { $0.target?.page }, expected.map(\.page))
        for (entry, wanted) in zip(outline.entries, expected) where wanted.page != nil && wanted.top > 0 {
            XCTAssertEqual(try XCTUnwrap(entry.target?.top), wanted.top, accuracy: 0.5, entry.title)
        }
        XCTAssertEqual(outline.children(of: 1), [2, 5, 7])
        XCTAssertEqual(outline.initiallyOpen[1], true)
        XCTAssertEqual(outline.initiallyOpen[5], false, "the document asks for Chapter 2 to start collapsed")
    }

    func testLinksHaveTopOriginAreasAndTargets() throws {
        let links = try openStandard().links(at: 0)
        XCTAssertEqual(links.count, 2)
        let jump = try XCTUnwrap(links.first { if case .page = $0.target { true } else { false } })
        XCTAssertEqual(jump.target, .page(2, top: 100))
        XCTAssertEqual(jump.area.x, 40, accuracy: 0.5)
        XCTAssertEqual(jump.area.y, 88, accuracy: 0.5)
        XCTAssertEqual(jump.area.height, 16, accuracy: 0.5)
        let uri = try XCTUnwrap(links.first { if case .uri = $0.target { true } else { false } })
        XCTAssertEqual(uri.target, .uri("https://example.com/quire"))
        XCTAssertEqual(uri.area.y, 118, accuracy: 0.5)
        XCTAssertEqual(try openStandard().links(at: 1), [])
    }

    func testRenderingPaintsTheBoxWhereItIs() throws {
        let document = try openStandard()
        let image = try document.render(page: 0, scale: 2)
        XCTAssertEqual(image.width, 1224)
        XCTAssertEqual(image.height, 1584)
        let box = Fixtures.boxRect
        XCTAssertEqual(image.pixel(x: Int((box.x + box.width / 2) * 2), y: Int((box.y + box.height / 2) * 2)), 0xFFCC3333)
        XCTAssertEqual(image.pixel(x: 10, y: 10), 0xFFFFFFFF, "paper is white")
        XCTAssertEqual(image.byteCount, 1224 * 4 * 1584)
    }

    func testRenderingTurnsThePageByAQuarter() throws {
        let document = try openStandard()
        let image = try document.render(page: 0, scale: 1, rotation: .quarter)
        XCTAssertEqual(image.width, 792)
        XCTAssertEqual(image.height, 612)
        // Turned clockwise, a point (x, y) lands at (height − y, x).
        let box = Fixtures.boxRect
        let centre = (x: box.x + box.width / 2, y: box.y + box.height / 2)
        XCTAssertEqual(image.pixel(x: Int(792 - centre.y), y: Int(centre.x)), 0xFFCC3333)
    }

    func testPageImageCanBeSavedAsPNG() throws {
        let image = try openStandard().render(page: 2, scale: 1)
        let file = fixtures.path("page.png")
        XCTAssertTrue(image.writePNG(to: file))
        XCTAssertGreaterThan(try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int ?? 0, 100)
    }

    func testFileURIsOpen() throws {
        let path = fixtures.standard()
        let source = try DocumentSource(pathOrURI: URL(fileURLWithPath: path).absoluteString)
        XCTAssertEqual(try source.open().pageCount, 4)
        XCTAssertEqual(source.displayName, "standard.pdf")
    }
}

final class CellRenderingTests: XCTestCase {
    /// A cell is exactly the matching part of the whole page.
    func testACellIsThePartOfTheWholePage() throws {
        let fixtures = try Fixtures()
        let document = try DocumentSource(path: fixtures.standard()).open()
        let scale = 3.0 // 1836 × 2376 px: cells 2 × 3
        let whole = try document.render(page: 0, scale: scale)
        let cell = try document.render(page: 0, scale: scale, cell: TileKey.Cell(column: 1, row: 1))
        XCTAssertEqual(cell.width, 1836 - 1024)
        XCTAssertEqual(cell.height, 1024)
        var differing = 0
        for y in stride(from: 0, to: cell.height, by: 3) {
            for x in stride(from: 0, to: cell.width, by: 3) where cell.pixel(x: x, y: y) != whole.pixel(x: 1024 + x, y: 1024 + y) {
                differing += 1
            }
        }
        XCTAssertLessThan(differing, 20, "anti-aliasing at cell edges may differ by a few pixels")
        // The red box (points 100…400 × 300…500) covers the cell's top-left region at scale 3.
        XCTAssertEqual(cell.pixel(x: 10, y: 10), 0xFFCC3333)
    }
}
