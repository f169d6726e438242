import Fixtures
import Foundation
import PDFWriter
import QuireEngine
import QuireProbe
import XCTest
@testable import QuireDocument

/// Broken and hostile inputs made here, each taken through everything the application does
/// with a document: open, render every page (up to 40) at two scales by the engine's own
/// bounds, extract text, search, read labels, links, selections and the outline; and every
/// page (the first 50 and the last) through the engine's layout, planning and draw list
/// (`EnginePass`, within its CPU budget a page). Each ends in a document or a typed error;
/// nothing crashes or hangs. (The hostile classes, each input in a child process of its
/// own, are `HostileClassesTests`.)
final class RobustnessTests: XCTestCase {
    private var fixtures: Fixtures!
    override func setUpWithError() throws { fixtures = try Fixtures() }
    override func tearDown() { fixtures = nil }

    private struct Tally: CustomStringConvertible {
        var opened = 0, refused: [String: Int] = [:], renderFailures = 0
        /// The most any one file made the process grow at its peak.
        var peakGrowth = 0
        var slowest = (name: "", seconds: 0.0)
        /// The most CPU any one page's layout and planning took.
        var slowestEnginePage = 0.0
        var description: String {
            "opened \(opened), refused \(refused.sorted { $0.key < $1.key }), render failures \(renderFailures), "
                + "peak growth \(peakGrowth >> 20) MiB, slowest \(slowest.name) \(Int(slowest.seconds * 1000)) ms, "
                + "slowest page in the engine \(Int(slowestEnginePage * 1e6)) µs"
        }
    }

    /// What any one file may cost at its peak: no cache is involved here, so the whole of
    /// the allowance over the cache budget.
    static let memoryAllowance = 300 << 20

    /// Everything the application asks of a document (`DocumentProbe`), tallied, with the
    /// peak memory it took.
    private func exercise(_ path: String, into tally: inout Tally) {
        let before = PeakMemory.resident, start = monotonicSeconds()
        PeakMemory.reset()
        defer {
            let seconds = monotonicSeconds() - start
            if seconds > tally.slowest.seconds { tally.slowest = ((path as NSString).lastPathComponent, seconds) }
            let growth = PeakMemory.peak - before
            tally.peakGrowth = max(tally.peakGrowth, growth)
            XCTAssertLessThan(growth, Self.memoryAllowance, "\((path as NSString).lastPathComponent) took \(growth >> 20) MiB")
        }
        switch DocumentProbe.exercise(DocumentSource(path: path)) {
        case .opened(_, let failures):
            tally.opened += 1
            tally.renderFailures += failures
            passEngine(path, into: &tally)
        case .refused(let error):
            tally.refused[error.title, default: 0] += 1
        }
    }

    /// The document's pages through the engine: no rectangle drawn that is not finite, no
    /// page over the budget.
    private func passEngine(_ path: String, into tally: inout Tally) {
        let name = (path as NSString).lastPathComponent
        do {
            let report = EnginePass.run(try DocumentSource(path: path).open())
            XCTAssertEqual(report.problems, [], name)
            tally.slowestEnginePage = max(tally.slowestEnginePage, report.slowest.seconds)
        } catch {
            XCTFail("\(name) opened once, then was refused: \(error)")
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

    /// Images declared enormous (a 50,000-pixel square colour image; a 12,000-pixel mask,
    /// which at 30,000 takes poppler 8 s; a 4,000-pixel inline image, which poppler's text
    /// extraction skips byte by byte: at 40,000, 16 s) with little data behind them, and
    /// fonts that are missing, broken or not fonts at all: every page renders within the
    /// memory allowance.
    func testEnormousImagesAndMissingFontsStayWithinMemory() throws {
        func page(_ resources: String, _ content: String, objects: String = "") -> String {
            """
            %PDF-1.4
            1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
            2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj
            3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << \(resources) >> /Contents 4 0 R >> endobj
            4 0 obj << /Length \(content.utf8.count) >>
            stream
            \(content)
            endstream
            endobj
            \(objects)
            trailer << /Root 1 0 R >>
            %%EOF
            """
        }
        let files = [
            ("image-colour", page("/XObject << /Im 5 0 R >>", "q 600 0 0 780 6 6 cm /Im Do Q", objects: """
                5 0 obj << /Type /XObject /Subtype /Image /Width 50000 /Height 50000 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Length 6 >>
                stream
                abcdef
                endstream
                endobj
                """)),
            ("image-mask", page("/XObject << /Im 5 0 R >>", "q 0 0 1 rg 600 0 0 780 6 6 cm /Im Do Q", objects: """
                5 0 obj << /Type /XObject /Subtype /Image /Width 12000 /Height 12000 /ImageMask true /BitsPerComponent 1 /Filter /ASCIIHexDecode /Length 9 >>
                stream
                00ff00ff>
                endstream
                endobj
                """)),
            ("image-inline", page("", "q 600 0 0 780 6 6 cm BI /W 4000 /H 4000 /CS /G /BPC 8 ID \u{1}\u{2}\u{3} EI Q")),
            ("font-missing", page("/Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /NoSuchFont-BoldItalic >> >>",
                                  "BT /F1 24 Tf 72 700 Td (A font nobody has) Tj ET")),
            ("font-broken", page("/Font << /F1 << /Type /Font /Subtype /TrueType /BaseFont /Broken /FontDescriptor 5 0 R >> >>",
                                 "BT /F1 24 Tf 72 700 Td (A font that is not one) Tj ET", objects: """
                5 0 obj << /Type /FontDescriptor /FontName /Broken /Flags 32 /FontFile2 6 0 R >> endobj
                6 0 obj << /Length 16 >>
                stream
                this is no font!
                endstream
                endobj
                """)),
            ("font-type3-loop", page("/Font << /F1 5 0 R >>", "BT /F1 24 Tf 72 700 Td (aa) Tj ET", objects: """
                5 0 obj << /Type /Font /Subtype /Type3 /FontBBox [0 0 1000 1000] /FontMatrix [0.001 0 0 0.001 0 0] /CharProcs << /a 6 0 R >> /Encoding << /Differences [97 /a] >> /FirstChar 97 /LastChar 97 /Widths [1000] /Resources << /Font << /F1 5 0 R >> >> >> endobj
                6 0 obj << /Length 31 >>
                stream
                1000 0 d0 BT /F1 1 Tf (a) Tj ET
                endstream
                endobj
                """)),
        ]
        var tally = Tally()
        for (name, text) in files { exercise(write(Data(text.utf8), "\(name).pdf"), into: &tally) }
        print("images and fonts: \(tally)")
        XCTAssertEqual(tally.opened, files.count, "each is a readable document")
        XCTAssertLessThan(tally.peakGrowth, Self.memoryAllowance)
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
        XCTAssertLessThanOrEqual(outline.count, BoundedCount.outlineEntries)
        XCTAssertEqual(outline.entries.first?.title, "One")
    }
}

/// The process's resident memory and its peak, read from /proc; the peak can be reset
/// (Linux 4.0 and later), so that one file's cost can be read on its own.
enum PeakMemory {
    static func reset() { FileManager.default.createFile(atPath: "/proc/self/clear_refs", contents: Data("5".utf8)) }
    static var peak: Int { status("VmHWM:") }
    static var resident: Int { status("VmRSS:") }

    private static func status(_ field: String) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix(field) }),
              let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") else { return 0 }
        return kilobytes << 10
    }
}
