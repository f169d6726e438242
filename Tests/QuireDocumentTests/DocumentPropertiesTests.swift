import Fixtures
import Foundation
import PDFWriter
import QuireEngine
import XCTest
@testable import QuireDocument

final class DocumentPropertiesTests: XCTestCase {
    private var fixtures: Fixtures!
    override func setUpWithError() throws { fixtures = try Fixtures() }
    override func tearDown() { fixtures = nil }

    private func metadata(_ field: PDFWriter.Metadata) -> String {
        Fixtures.describedMetadata.first { $0.field == field }!.value
    }

    /// The wall-clock reading here of an ISO 8601 date, as Foundation computes it.
    private func local(_ iso: String) throws -> CalendarDate {
        let date = try XCTUnwrap(ISO8601DateFormatter().date(from: iso))
        let parts = Calendar.current.dateComponents(in: TimeZone.current, from: date)
        return CalendarDate(year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute!)
    }

    func testMetadataTheWriterSetIsRead() throws {
        let file = fixtures.described()
        let properties = DocumentProperties(reading: try DocumentSource(path: file).open())
        XCTAssertEqual(properties.title, metadata(.title))
        XCTAssertEqual(properties.author, metadata(.author))
        XCTAssertEqual(properties.subject, metadata(.subject))
        XCTAssertEqual(properties.keywords, metadata(.keywords))
        XCTAssertEqual(properties.creator, metadata(.creator))
        XCTAssertTrue(properties.producer?.contains("cairo") == true, String(describing: properties.producer))
        XCTAssertEqual(properties.created, try local(metadata(.created)))
        XCTAssertEqual(properties.modified, try local(metadata(.modified)))
    }

    func testFormatAndSizes() throws {
        let file = fixtures.described(pages: 3)
        let properties = DocumentProperties(reading: try DocumentSource(path: file).open())
        XCTAssertNotNil(properties.pdfVersion?.range(of: #"^1\.\d$"#, options: .regularExpression), String(describing: properties.pdfVersion))
        XCTAssertEqual(properties.pageCount, 3)
        XCTAssertEqual(properties.firstPageSize.width, Fixtures.a4.width, accuracy: 0.01)
        XCTAssertEqual(properties.firstPageSize.height, Fixtures.a4.height, accuracy: 0.01)
        let bytes = try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int
        XCTAssertEqual(properties.fileSize, bytes)
        XCTAssertFalse(properties.isEncrypted)
        XCTAssertEqual(properties.location, file)
    }

    func testRowsShowEveryFieldAndADashForWhatIsMissing() throws {
        let rows = DocumentProperties(reading: try DocumentSource(path: fixtures.long(pages: 2)).open()).rows
        XCTAssertEqual(rows.map(\.label), ["Title", "Author", "Subject", "Keywords", "Creator", "Producer", "Created", "Modified",
                                           "PDF version", "Pages", "Page size", "File size", "Encrypted", "Location"])
        let value = Dictionary(uniqueKeysWithValues: rows.map { ($0.label, $0.value) })
        XCTAssertEqual(value["Author"], "—")
        XCTAssertEqual(value["Pages"], "2")
        XCTAssertEqual(value["Page size"], "216 × 279 mm (8.5 × 11 in), US Letter, portrait")
        XCTAssertEqual(value["Encrypted"], "No")
    }

    func testADocumentThatNeededAPasswordIsEncrypted() throws {
        let file = try fixtures.encrypted(password: "secret")
        XCTAssertTrue(DocumentProperties(reading: try DocumentSource(path: file, password: "secret").open()).isEncrypted)
    }

    func testADocumentEncryptedWithAnEmptyPasswordIsEncryptedToo() throws {
        // It opens without a password, like any other: only its trailer tells.
        let file = try fixtures.encrypted(password: "")
        XCTAssertTrue(DocumentProperties(reading: try DocumentSource(path: file).open()).isEncrypted)
    }

    func testFontsAreListedOnceEach() throws {
        let fonts = try XCTUnwrap(DocumentSource(path: fixtures.described(pages: 30)).open().fonts(pagesPerStep: 7))
        XCTAssertEqual(fonts.count, 1, "\(fonts)")
        XCTAssertTrue(fonts[0].name.contains("DejaVuSans"), fonts[0].name)
        XCTAssertTrue(fonts[0].isEmbedded)
        XCTAssertFalse(fonts[0].kind.isEmpty)
    }

    func testFontScanStopsWhenAsked() throws {
        var asked = 0
        let fonts = try DocumentSource(path: fixtures.described(pages: 30)).open().fonts(pagesPerStep: 5) {
            asked += 1
            return asked > 2
        }
        XCTAssertNil(fonts)
        XCTAssertEqual(asked, 3)
    }
}
