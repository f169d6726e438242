import Fixtures
import Foundation
import QuireEngine
@testable import QuireRemote
import XCTest

/// SyncTeX through a real, confined SyncTeX helper: forward and inverse searches on a
/// hand-written SyncTeX file, and what a missing, damaged or rewritten one does.
final class RemoteSyncTeXTests: XCTestCase {
    private func remote(_ pdf: String) throws -> RemoteSyncTeX {
        _ = try XCTUnwrap(TestZygote.shared, "the zygote did not start")
        return RemoteSyncTeX(file: try DocumentFile(opening: DocumentSource(path: pdf)))
    }

    func testForwardFindsTheBoxOfALineAndInverseTheLineOfAPoint() throws {
        let fixtures = try Fixtures()
        let (pdf, source) = try fixtures.syncTeX()
        let syncTeX = try remote(pdf)
        let line = Fixtures.syncTeXSourceLine(page: 2, line: 11)
        let boxes = try syncTeX.boxes(inputs: [source], line: line, column: 0, nearPage: 0)
        let box = try XCTUnwrap(boxes.first)
        XCTAssertEqual(box.page, 2)
        XCTAssertEqual(box.baseline, Fixtures.syncTeXBaseline(line: 11), accuracy: 0.01)
        XCTAssertEqual(box.x, Fixtures.syncTeXBox.x, accuracy: 0.01)
        XCTAssertEqual(box.width, Fixtures.syncTeXBox.width, accuracy: 0.01)
        XCTAssertEqual(box.height + box.depth, Fixtures.syncTeXBox.height + Fixtures.syncTeXBox.depth, accuracy: 0.01)

        let point = Point(x: 150, y: Fixtures.syncTeXBaseline(line: 5) - 4)
        let place = try XCTUnwrap(SyncTeXPlaces.place(try syncTeX.sources(page: 0, point: point), pdfPath: pdf))
        XCTAssertEqual(place, SyncTeXPlaces.Place(input: source, line: Fixtures.syncTeXSourceLine(page: 0, line: 5), column: nil))
    }

    func testTheHelperThatParsesIsConfinedAsEveryHelper() throws {
        let fixtures = try Fixtures()
        let (pdf, source) = try fixtures.syncTeX()
        let syncTeX = try remote(pdf)
        _ = try syncTeX.boxes(inputs: [source], line: 1, column: 0, nearPage: 0)
        let pid = try XCTUnwrap(syncTeX.helperProcess)
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        XCTAssertTrue(status.contains("NoNewPrivs:\t1"), status)
        // The zygote's filter and the helper's own, stacked: it confined itself before it answered.
        XCTAssertTrue(status.contains("Seccomp_filters:\t2"), status)
    }

    func testAMissingSyncTeXFileSaysSo() throws {
        let fixtures = try Fixtures()
        let pdf = fixtures.long(pages: 2, named: "plain.pdf")
        XCTAssertThrowsError(try remote(pdf).boxes(inputs: ["/x.tex"], line: 1, column: 0, nearPage: 0)) { error in
            XCTAssertTrue("\(error)".contains("no SyncTeX file beside this document (plain.synctex.gz or plain.synctex)"), "\(error)")
        }
    }

    func testDamagedSyncTeXFilesSaySoOrGiveOnlyPlacesOnThePage() throws {
        let fixtures = try Fixtures()
        let (pdf, source) = try fixtures.syncTeX(compressed: false)
        let plain = fixtures.path("thesis.synctex")
        let whole = try Data(contentsOf: URL(fileURLWithPath: plain))
        var random = SystemRandomNumberGenerator()
        let damaged: [(String, Data)] = [
            ("truncated", whole.prefix(whole.count / 2)),
            ("empty", Data()),
            ("random bytes", Data((0..<4096).map { _ in UInt8.random(in: 0...255, using: &random) })),
            ("a gzip header and nothing else", Data([0x1F, 0x8B, 0x08, 0, 0, 0, 0, 0, 0, 3])),
            ("numbers past any int", Data(String(decoding: whole, as: UTF8.self).replacingOccurrences(of: ",655", with: ",99999999999999999999655").utf8)),
        ]
        for (what, bytes) in damaged {
            try bytes.write(to: URL(fileURLWithPath: plain))
            let syncTeX = try remote(pdf)
            do {
                let boxes = try syncTeX.boxes(inputs: [source], line: 5, column: 0, nearPage: 0)
                // Whatever a hostile file gets past the parser is checked before it is shown.
                let page = Rect(x: 0, y: 0, width: 612, height: 792)
                for area in SyncTeXPlaces.mark(boxes, pageSizes: [Size(width: 612, height: 792)])?.areas ?? [] {
                    XCTAssertTrue(area.x >= page.x && area.maxX <= page.maxX && area.y >= page.y && area.maxY <= page.maxY, what)
                }
            } catch {
                XCTAssertTrue("\(error)".contains("SyncTeX file"), "\(what): \(error)")
            }
        }
    }

    func testASyncTeXFileWrittenAgainByALaTeXRunIsReadAgain() throws {
        let fixtures = try Fixtures()
        let (pdf, source) = try fixtures.syncTeX()
        let syncTeX = try remote(pdf)
        let line = Fixtures.syncTeXSourceLine(page: 1, line: 3)
        XCTAssertEqual(try syncTeX.boxes(inputs: [source], line: line, column: 0, nearPage: 0).first?.page, 1)
        // Five lines added near the top of the source: the same box now comes from line + 5.
        try fixtures.writeSyncTeX(for: "thesis", input: source, shift: 5)
        let boxes = try syncTeX.boxes(inputs: [source], line: line + 5, column: 0, nearPage: 0)
        XCTAssertEqual(boxes.first?.page, 1)
        XCTAssertEqual(boxes.first?.baseline ?? 0, Fixtures.syncTeXBaseline(line: 3), accuracy: 0.01)
    }

    func testARealPdfLaTeXRunsSyncTeXFileLeadsBothWays() throws {
        let fixtures = try Fixtures()
        // Lines 3, 6 and 9 of the source are paragraphs on pages 1, 2 and 3.
        let (pdf, source) = try fixtures.pdfLaTeX("""
            \\documentclass{article}
            \\begin{document}
            First paragraph on the first page.

            \\newpage
            Second page text here.

            \\newpage
            Third page, line nine of the source.
            \\end{document}
            """)
        let syncTeX = try remote(pdf)
        func mark(line: Int) throws -> SyncTeXPlaces.Mark? {
            SyncTeXPlaces.mark(try syncTeX.boxes(inputs: SyncTeXPlaces.inputNames(for: source, pdfPath: pdf), line: line, column: 0, nearPage: 0),
                               pageSizes: Array(repeating: Size(width: 595, height: 792), count: 3))
        }
        XCTAssertEqual(try mark(line: 3)?.page, 0)
        XCTAssertEqual(try mark(line: 6)?.page, 1)
        let third = try XCTUnwrap(try mark(line: 9))
        XCTAssertEqual(third.page, 2)
        // A line of text near the top of the page: wider than tall, a few points high.
        XCTAssertGreaterThan(third.shown.width, 200)
        XCTAssertEqual(third.shown.height, 9, accuracy: 3)
        XCTAssertLessThan(third.shown.y, 200)

        let centre = Point(x: third.shown.x + third.shown.width / 2, y: third.shown.midY)
        XCTAssertEqual(SyncTeXPlaces.place(try syncTeX.sources(page: 2, point: centre), pdfPath: pdf),
                       SyncTeXPlaces.Place(input: source, line: 9, column: nil))
    }
}
