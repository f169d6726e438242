import Fixtures
import Foundation
import QuireEngine
import XCTest
@testable import QuireDocument

/// Strings and counts from a hostile file leave the document layer display-safe and
/// bounded (`BoundedText`, `BoundedCount`), and reading them stays fast.
final class HostileStringsTests: XCTestCase {
    private var fixtures: Fixtures!
    override func setUpWithError() throws { fixtures = try Fixtures() }
    override func tearDown() { fixtures = nil }

    private func open(_ kind: HostileStrings) throws -> Document { try DocumentSource(path: fixtures.hostile(kind)).open() }

    /// Generous: each takes milliseconds; reading the whole of a 4 MB string a few times
    /// over would not fail this, a quadratic cut would.
    private func assertQuick<T>(_ what: String, within seconds: Double = 5, _ body: () throws -> T) rethrows -> T {
        let started = Date()
        let value = try body()
        XCTAssertLessThan(Date().timeIntervalSince(started), seconds, what)
        return value
    }

    func testA4MBOutlineTitleIsCutAndTheEntriesAfterItRead() throws {
        let document = try open(.hugeStrings)
        let outline = assertQuick("reading the outline") { document.outline() }
        XCTAssertEqual(outline.count, 2)
        let title = outline.entries[0].title
        XCTAssertEqual(title.count, BoundedText.Limit.outlineTitle)
        XCTAssertTrue(title.hasPrefix(HostileStrings.hugeTitleStart + "xxx") && title.hasSuffix("x…"), String(title.prefix(20)))
        XCTAssertEqual(outline.entries[1].title, "After the huge one")
        XCTAssertEqual(outline.find("after the", after: nil), 1)
    }

    func testA1MBPageLabelIsCutAndFoundAsShown() throws {
        let document = try open(.hugeStrings)
        let label = assertQuick("reading a label") { document.pageLabel(at: 1) }
        XCTAssertEqual(label.count, BoundedText.Limit.pageLabel)
        XCTAssertEqual(label, String(repeating: "L", count: BoundedText.Limit.pageLabel - 1) + "…")
        // Every page's label is cut to the same text: the first page bearing it is found.
        var labels = PageLabels(pageCount: document.pageCount)
        labels.adopt(assertQuick("reading every label") { document.pageLabels(0..<document.pageCount) }, from: 0)
        XCTAssertEqual(labels.page(named: label), 0)
        XCTAssertNil(labels.page(named: "nowhere"))
    }

    func testA2MBAddressIsKeptShortRefusedAndShownShort() throws {
        let links = try assertQuick("reading the links") { try open(.hugeStrings).links(at: 0) }
        XCTAssertEqual(links.count, 1)
        guard case .uri(let uri) = links[0].target else { return XCTFail("\(links[0].target)") }
        XCTAssertEqual(uri.utf8.count, URIPolicy.longestAddress + 1, "kept just long enough to refuse")
        guard case .refuse(let reason) = links[0].target.action else { return XCTFail("a 2 MB address was opened") }
        XCTAssertLessThan(reason.count, 200)
        let shown = try XCTUnwrap(links[0].target.shownAddress)
        XCTAssertEqual(shown.count, BoundedText.Limit.address)
        XCTAssertTrue(shown.hasPrefix(HostileStrings.hugeAddressStart))
    }

    func testHugeMetadataIsCut() throws {
        let document = try open(.hugeStrings)
        let properties = assertQuick("reading the properties") { DocumentProperties(reading: document) }
        XCTAssertEqual(properties.title?.count, BoundedText.Limit.property)
        XCTAssertEqual(properties.keywords?.count, BoundedText.Limit.property)
        XCTAssertEqual(document.title?.count, BoundedText.Limit.documentTitle, "the window's title")
    }

    func testOverridesControlsAndInvisibleCharactersNeverLeaveTheDocument() throws {
        let document = try open(.spoofingStrings)
        XCTAssertEqual(document.outline().entries.map(\.title), HostileStrings.spoofedTitles.map(\.shown))
        XCTAssertEqual(document.title, HostileStrings.spoofedDocumentTitle.shown)
        XCTAssertEqual(DocumentProperties(reading: document).subject, "abc")
    }

    func testSpoofedLabelsAreShownCleanAndFoundAsShownOrAsWritten() throws {
        let document = try open(.spoofingStrings)
        XCTAssertEqual((0..<3).map(document.pageLabel), ["1", "A-i", "A-ii"])
        var labels = PageLabels(pageCount: document.pageCount)
        labels.adopt(document.pageLabels(0..<document.pageCount), from: 0)
        XCTAssertEqual(labels.page(named: "A-ii"), 2, "as the reader sees it, typed")
        XCTAssertEqual(labels.page(named: HostileStrings.spoofedLabelPrefix + "i"), 1, "as the document writes it: cleaned as shown")
        XCTAssertEqual(labels.page(named: "1"), 0)
    }

    func testAnOutlineOf150000EntriesIsReadToItsBound() throws {
        let document = try open(.manyOutlineEntries)
        let outline = assertQuick("reading 100,000 entries", within: 20) { document.outline() }
        XCTAssertEqual(outline.count, BoundedCount.outlineEntries)
        XCTAssertEqual(outline.entries.last?.title, "Entry \(BoundedCount.outlineEntries)")
    }

    func testEightThousandLinksAreAllRead() throws {
        // The bound (LinkIndex.maximumLinks) is past what poppler 22.12 maps on a page:
        // ManyLinksTests shows 200,000 links leave the page unread.
        let links = try assertQuick("reading 8,000 links") { try open(.manyLinks).links(at: 0) }
        XCTAssertEqual(links.count, HostileStrings.links)
    }

    func testFontsPastTheBoundAreNotReadAndTheirNamesAreClean() throws {
        let fonts = try XCTUnwrap(assertQuick("scanning 2,500 fonts") { try open(.manyFonts).fonts() })
        XCTAssertEqual(fonts.count, BoundedCount.fonts)
        XCTAssertTrue(fonts.allSatisfy { !$0.name.unicodeScalars.contains(where: BoundedText.isControl) })
        XCTAssertTrue(fonts.contains { $0.name == "Font7Name" }, "\(fonts.prefix(3))")
    }
}
