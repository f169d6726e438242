import Fixtures
import Foundation
import QuireDocument
import QuireEngine
import QuireWire
@testable import QuireRemote
import XCTest

/// "Save with Recognised Text": a scan recognised by the real recognizer helper, saved
/// through the real save helper with its words as an invisible text layer; another program
/// (pdftotext) reads the words, qpdf finds the file sound, another renderer (mutool) draws
/// the page exactly as before, and the words stand where they were printed — on an upright
/// page and on one turned a quarter (/Rotate 90).
final class TextLayerSaveTests: XCTestCase {
    private func recognisedAndSaved(_ scan: String, into output: String) throws -> RecognisedPage {
        _ = try XCTUnwrap(TestZygote.shared, "the zygote did not start")
        let file = try DocumentFile(opening: DocumentSource(path: scan))
        let installed = try XCTUnwrap(RemoteRecognizer.installed())
        let page = try XCTUnwrap(try RemoteRecognizer(file: file, languages: "eng", installed: installed).page(0), "nothing recognised")
        let font = (try? Data(contentsOf: URL(fileURLWithPath: installed.dataPath + "/pdf.ttf"))).map { Array($0) } ?? []
        try DocumentSaving.save([], textLayers: [TextLayer.Page(page: 0, words: page.words)], layerFont: font, of: file, to: output)
        return page
    }

    func testTheWordsAreReadByAnotherProgramWhereTheyWerePrintedAndDrawNothing() throws {
        let fixtures = try Fixtures()
        for turned in [false, true] {
            var scan = try fixtures.recognisable()
            if turned {
                // As a scanner that stored the sheet sideways and says /Rotate 270 to show it
                // upright: turned a quarter into the content (qpdf's flattening), then shown
                // turned back.
                let (upright, sideways) = (scan, fixtures.path("sideways.pdf"))
                scan = fixtures.path("turned.pdf")
                XCTAssertEqual(try Program.run("/usr/bin/qpdf", ["--rotate=+90", "--flatten-rotation", upright, sideways]).status, 0)
                XCTAssertEqual(try Program.run("/usr/bin/qpdf", ["--rotate=+270", sideways, scan]).status, 0)
                XCTAssertEqual(try Program.output("/usr/bin/mutool", ["show", scan, "pages/1/Rotate"]).trimmingCharacters(in: .whitespacesAndNewlines), "270")
            }
            let output = fixtures.path(turned ? "turned-with-text.pdf" : "with-text.pdf")
            let recognised = try recognisedAndSaved(scan, into: output)
            let text = try Program.output("/usr/bin/pdftotext", ["-layout", output, "-"])
            XCTAssertTrue(text.contains("Invoice number 4721 was paid"), "turned \(turned): \(text)")
            XCTAssertTrue(text.contains("The reader opened the scanned contract"), "turned \(turned): \(text)")
            XCTAssertTrue(try QPDF.check(output), "qpdf finds the file unsound")
            // Invisible: mutool draws the page as it drew the scan, to the pixel.
            let before = try Program.run("/usr/bin/mutool", ["draw", "-q", "-r", "36", "-F", "pgm", "-o", "-", scan, "1"]).output
            let after = try Program.run("/usr/bin/mutool", ["draw", "-q", "-r", "36", "-F", "pgm", "-o", "-", output, "1"]).output
            XCTAssertFalse(before.isEmpty)
            XCTAssertEqual(before, after, "turned \(turned): the layer shows")
            // Where they were printed: poppler finds "Invoice" in the saved file's own text
            // where recognition boxed it, in the page as displayed.
            let document = try DocumentSource(path: output).open()
            let found = try XCTUnwrap(document.matchAreas(of: SearchQuery("Invoice", caseSensitive: true), onPage: 0).first?.first, "turned \(turned): not found in the saved text")
            let box = try XCTUnwrap(recognised.words.first { $0.text == "Invoice" }?.box)
            XCTAssertEqual(found.x, box.x, accuracy: 3, "turned \(turned): \(found) against \(box)")
            // Across, the box poppler gives is the font's (taller than the word's ink), about its middle.
            XCTAssertEqual(found.midY, box.midY, accuracy: 2, "turned \(turned): \(found) against \(box)")
            XCTAssertEqual(found.width, box.width, accuracy: 4, "turned \(turned): \(found) against \(box)")
        }
    }
}
