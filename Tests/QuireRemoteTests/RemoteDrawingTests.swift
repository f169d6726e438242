import Fixtures
import Foundation
import QuireEngine
import QuireHelper
@testable import QuireRemote
import XCTest

/// What the reader drew, through the real helpers: saved by the save helper onto a signed
/// document (the signature still valid for its revision), and printed before any save.
final class RemoteDrawingTests: XCTestCase {
    private static let stroke = Drawing(.ink([[Point(x: 100, y: 100), Point(x: 300, y: 140), Point(x: 400, y: 100)]]), width: 6)
    private static let frame = Drawing(.rectangle(Rect(x: 120, y: 300, width: 200, height: 100)), width: 4, fill: .yellow)

    func testADrawingSavedOntoASignedDocumentKeepsTheSignatureValidForItsRevision() throws {
        _ = try XCTUnwrap(TestZygote.shared, "the zygote did not start")
        let fixtures = try Fixtures()
        let signing = try SignedFixtures(fixtures)
        let path = try signing.signed("signed.pdf")
        let signed = try Data(contentsOf: URL(fileURLWithPath: path))
        let file = try DocumentFile(opening: DocumentSource(path: path))
        var edits = AnnotationEdits()
        let ink = try XCTUnwrap(edits.add(page: 0, drawing: Self.stroke, colour: .redInk, author: "Ada", created: 0))
        let square = try XCTUnwrap(edits.add(page: 0, drawing: Self.frame, colour: .blueInk, author: "Ada", created: 0))
        try DocumentSaving.save([ink, square], of: file, to: path)

        let saved = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(saved.prefix(signed.count), signed, "the save did not append: the signed bytes changed")
        XCTAssertEqual(try QPDF.annotations(in: path).map(\.subtype), ["/Widget", "/Ink", "/Square"])
        XCTAssertTrue(try QPDF.annotations(in: path).dropFirst().allSatisfy(\.drawsItsAppearance), "a drawing saved without its /AP")
        let said = try Program.output(SignedFixtures.pdfsig, ["-nssdir", "sql:" + signing.database, "-no-ocsp", path])
        XCTAssertTrue(said.contains("Signature Validation: Signature is Valid."), said)
        XCTAssertFalse(said.contains("Total document signed"), "pdfsig says the signature covers the drawings: \(said)")
        let raster = try Raster(path, scale: 1, renderer: .mutool)
        XCTAssertGreaterThan(raster.pixels(near: Markup.Colour.redInk.rgb, in: (x: 295, y: 132, width: 10, height: 16)), 10, "the stroke is not drawn")
        XCTAssertGreaterThan(raster.pixels(near: Markup.Colour.yellow.rgb, in: (x: 150, y: 320, width: 100, height: 60)), 5000, "the rectangle is not filled")
    }

    /// A drawing not saved is printed: the printout has it where it is on screen.
    func testTheUnsavedDrawingIsPrinted() throws {
        _ = try XCTUnwrap(TestZygote.shared, "the zygote did not start")
        let fixtures = try Fixtures()
        let file = try DocumentFile(opening: DocumentSource(path: fixtures.standard()))
        let document = try RemoteDocument(file: file)
        var edits = AnnotationEdits()
        let ink = try XCTUnwrap(edits.add(page: 0, drawing: Self.stroke, colour: .redInk, author: "", created: 0))
        let size = document.pageSize(at: 0)
        func printed(_ markups: [Markup]) throws -> Int {
            let out = fixtures.path("printout-\(markups.count).pdf")
            let fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            try document.printPDF([[0]], on: PrintPaper(size: size), content: PrintContent(markups: markups), to: fd)
            close(fd)
            return try Raster(out, scale: 1, renderer: .mutool).pixels(near: Markup.Colour.redInk.rgb, in: (x: 295, y: 132, width: 10, height: 16))
        }
        XCTAssertGreaterThan(try printed([ink]), 10, "the drawing is not printed")
        XCTAssertEqual(try printed([]), 0, "the page itself is red there")
    }
}
