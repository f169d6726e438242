import Fixtures
import Foundation
import QuireEngine
import QuireHelper
@testable import QuireRemote
import XCTest

/// A printout of what is on screen, through a real document helper: the reader's markups
/// and changes reach the printout, and not the document's later answers.
final class RemotePrintTests: XCTestCase {
    /// The file's ink drawing deleted and a highlight added, not saved: the printout has the
    /// highlight and not the drawing, as mutool draws it; afterwards the document lists the
    /// file's annotations as the file has them, from a helper that is not counted as failed.
    func testThePrintoutHasTheReadersChangesAndTheDocumentStaysTheFiles() throws {
        _ = try XCTUnwrap(TestZygote.shared, "the zygote did not start")
        let fixtures = try Fixtures()
        let file = try DocumentFile(opening: DocumentSource(path: try fixtures.othersAnnotations()))
        let document = try RemoteDocument(file: file)
        let listed = try XCTUnwrap(document.fileAnnotations(at: 0))
        let ink = try XCTUnwrap(listed.first { $0.kind == .ink })
        let area = Rect(x: 300, y: 400, width: 200, height: 30)
        let highlight = Markup(id: 1, page: 0, kind: .highlight, colour: .green, areas: [area], text: "", author: "Ada", created: 0)
        let size = document.pageSize(at: 0)
        let out = fixtures.path("printout.pdf")
        let fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        try document.printPDF([[0]], on: PrintPaper(size: size), content: PrintContent(markups: [highlight], changes: DocumentChanges(removed: [ink.ref])), to: fd)
        close(fd)

        let raster = try Raster(out, renderer: .mutool)
        XCTAssertGreaterThan(raster.pixels(near: Markup.Colour.green.rgb, in: (x: area.x, y: area.y, width: area.width, height: area.height)),
                             Int(area.width * area.height * 4 / 2), "the highlight is not printed")
        // The ink drawing: blue lines over the page's bottom left.
        let whole = (x: 0.0, y: 0.0, width: size.width, height: size.height)
        XCTAssertEqual(raster.pixels(near: [0, 0, 1], in: whole, tolerance: 100), 0, "the deleted drawing is printed")
        XCTAssertEqual(document.fileAnnotations(at: 0), listed, "the document's annotations are no longer the file's")
        XCTAssertEqual(file.readerFaults.total, 0, "the printing helper counted as failed")
    }
}
