import Fixtures
import Foundation
import PDFWriter
import QuireEngine
import XCTest
@testable import QuireDocument

/// Broken and hostile inputs made here, each taken through everything the application does
/// with a document: open, render every page (up to 40) at two scales by the engine's own
/// bounds, extract text, search, read labels, links, selections and the outline. Each
/// ends in a document or a typed error; nothing crashes or hangs.
final class RobustnessTests: XCTestCase {
    private var fixtures: Fixtures!
    override func setUpWithError() throws { fixtures = try Fixtures() }
    override func tearDown() { fixtures = nil }

    private struct Tally: CustomStringConvertible {
        var opened = 0, refused: [String: Int] = [:], renderFailures = 0
        var description: String { "opened \(opened), refused \(refused.sorted { $0.key < $1.key }), render failures \(renderFailures)" }
    }

    /// Everything the application asks of a document (`DocumentProbe`), tallied.
    private func exercise(_ path: String, into tally: inout Tally) {
        switch DocumentProbe.exercise(DocumentSource(path: path)) {
        case .opened(_, let failures):
            tally.opened += 1
            tally.renderFailures += failures
        case .refused(let error):
            tally.refused[error.title, default: 0] += 1
        }
    }

    private func write(_ bytes: Data, _ name: String) -> String {
        let file = fixtures.path(name)
        FileManager.default.createFile(atPath: file, contents: bytes)
        return file
    }

    private var sources: [(String, Data)] {
        [("standard", fixtures.standard()), ("outlined", fixtures.outlined()), ("searchable", fixtures.searchable())]
            .map { ($0.0, FileManager.default.contents(atPath: $0.1)!) }
    }

    func testTruncatedFilesOpenOrFailWithATypedError() {
        var tally = Tally()
        for (name, whole) in sources {
            for cut in stride(from: 0, to: whole.count, by: max(1, whole.count / 24)) + [whole.count - 1, whole.count - 20] {
                exercise(write(whole.prefix(cut), "\(name)-cut-\(cut).pdf"), into: &tally)
            }
        }
        print("truncated: \(tally)")
        XCTAssertGreaterThan(tally.refused.values.reduce(0, +), 0, "a file cut short near its start is refused")
        XCTAssertGreaterThan(tally.opened, 0, "a file missing only its end is repaired and opened")
    }

    func testFlippedBytesOpenOrFailWithATypedError() {
        var tally = Tally()
        var seed: UInt64 = 0x5EED
        func next() -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int(truncatingIfNeeded: seed >> 33)
        }
        for (name, whole) in sources {
            for variant in 0..<24 {
                var bytes = [UInt8](whole)
                for _ in 0..<8 { bytes[next() % bytes.count] = UInt8(truncatingIfNeeded: next()) }
                exercise(write(Data(bytes), "\(name)-flip-\(variant).pdf"), into: &tally)
            }
        }
        print("flipped: \(tally)")
        XCTAssertEqual(tally.opened + tally.refused.values.reduce(0, +), 72)
    }

    /// Boxes rewritten in place (same length, so the cross-reference table stays right):
    /// zero-size and negative pages; and a damaged cross-reference table.
    func testDegeneratePageBoxesAndADamagedXrefAreSurvived() throws {
        let whole = FileManager.default.contents(atPath: fixtures.long(pages: 3, named: "boxes.pdf"))!
        let text = String(decoding: whole, as: UTF8.self)
        XCTAssertTrue(text.contains("612 792"), "the fixture's boxes are letter size")
        var tally = Tally()
        for (name, box) in [("zero", "000 000"), ("negative", "-12 -92"), ("tiny", "0.1 0.1")] {
            guard box.count == 7 else { continue }
            exercise(write(Data(text.replacingOccurrences(of: "612 792", with: box).utf8), "box-\(name).pdf"), into: &tally)
        }
        exercise(write(Data(text.replacingOccurrences(of: "xref", with: "xreF").utf8), "xref-keyword.pdf"), into: &tally)
        exercise(write(Data(text.replacingOccurrences(of: "startxref", with: "startxref\n999999999").utf8), "xref-offset.pdf"), into: &tally)
        print("boxes and xref: \(tally)")
        XCTAssertEqual(tally.opened + tally.refused.values.reduce(0, +), 5)
    }

    /// A 200 × 200 inch page is rendered at a capped scale, never allocated whole; thousands
    /// of links on one page and an outline 2,000 levels deep cost nothing special.
    func testHugePagesManyLinksAndDeepOutlines() throws {
        let file = fixtures.path("hostile.pdf")
        let writer = PDFWriter(path: file)
        writer.beginPage(width: 14_400, height: 14_400)
        writer.text("A page two hundred inches wide", x: 72, y: 72, size: 24)
        writer.beginPage()
        writer.text("Three thousand links", x: 72, y: 780) // cairo writes no links on a page without content
        for index in 0..<3_000 {
            writer.link(uri: "https://example.com/\(index)", x: Double(index % 60) * 10, y: Double(index / 60) * 15, width: 9, height: 14)
        }
        var parent: Int32 = 0
        for depth in 0..<2_000 { parent = writer.outline("Level \(depth)", page: depth % 2, parent: parent) }
        writer.finish()

        let document = try DocumentSource(path: file).open()
        let huge = document.pageSize(at: 0)
        XCTAssertEqual(huge.width, 14_400)
        let key = TileKey(page: 0, scale: TileKey.boundedScale(2, for: huge))
        let picture = try document.render(key)
        XCTAssertLessThanOrEqual(Double(picture.width * picture.height), TileKey.maximumPixels, "capped, not 28,800 pixels square")
        XCTAssertEqual(document.links(at: 1).count, 3_000)
        let outline = document.outline()
        XCTAssertEqual(outline.count, 2_000)
        XCTAssertEqual(outline.entries.last?.depth, 1_999)
        var tally = Tally()
        exercise(file, into: &tally)
        XCTAssertEqual(tally.opened, 1)
    }

    func testTenThousandPagesOpenAndTheLastRenders() throws {
        let document = try DocumentSource(path: fixtures.long(pages: 10_000, named: "ten-thousand.pdf")).open()
        XCTAssertEqual(document.pageCount, 10_000)
        var tally = Tally()
        exercise(fixtures.path("ten-thousand.pdf"), into: &tally)
        XCTAssertEqual(tally.opened, 1)
        XCTAssertEqual(tally.renderFailures, 0)
        XCTAssertTrue(document.text(at: 9_999).contains("Long page 10000"))
    }

    /// Outline entries that point back at each other (a loop of siblings, a child whose
    /// child is its parent): reading ends, and the outline is finite.
    func testAnOutlineLoopEnds() throws {
        let loop = """
            %PDF-1.4
            1 0 obj << /Type /Catalog /Pages 2 0 R /Outlines 10 0 R >> endobj
            2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj
            3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >> endobj
            10 0 obj << /Type /Outlines /First 11 0 R /Last 12 0 R /Count 2 >> endobj
            11 0 obj << /Title (One) /Parent 10 0 R /Next 12 0 R /First 13 0 R /Last 13 0 R /Count 1 /Dest [3 0 R /XYZ 0 792 0] >> endobj
            12 0 obj << /Title (Two) /Parent 10 0 R /Prev 11 0 R /Next 11 0 R /Dest [3 0 R /XYZ 0 400 0] >> endobj
            13 0 obj << /Title (Child) /Parent 11 0 R /First 11 0 R /Last 11 0 R /Count 1 /Dest [3 0 R /Fit] >> endobj
            trailer << /Root 1 0 R >>
            %%EOF
            """
        let file = fixtures.path("outline-loop.pdf")
        FileManager.default.createFile(atPath: file, contents: Data(loop.utf8))
        let outline = try DocumentSource(path: file).open().outline()
        print("outline loop: \(outline.count) entries")
        XCTAssertGreaterThan(outline.count, 0)
        XCTAssertLessThanOrEqual(outline.count, Document.outlineEntryLimit)
        XCTAssertEqual(outline.entries.first?.title, "One")
    }
}
