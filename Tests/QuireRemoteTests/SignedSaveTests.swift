import Fixtures
import Foundation
import QuireEngine
@testable import QuireRemote
import XCTest

/// A signed document annotated in Quire (a highlight, an ink stroke, a filled rectangle) and
/// saved: the save appends an update (the signed bytes stay byte for byte), so poppler's
/// `pdfsig` still finds the signature valid, for the revision it signed; the drawings carry
/// their appearances and mutool draws them; and Quire's own check says which revision that is.
final class SignedSaveTests: XCTestCase {
    func testASignedDocumentAnnotatedAndSavedKeepsItsSignatureValidForTheRevisionSigned() throws {
        _ = try XCTUnwrap(TestZygote.shared, "the zygote did not start")
        let fixtures = try Fixtures()
        let signing = try SignedFixtures(fixtures)
        let path = try signing.signed("signed.pdf")
        let signed = try Data(contentsOf: URL(fileURLWithPath: path))
        let file = try DocumentFile(opening: DocumentSource(path: path))
        var edits = AnnotationEdits()
        edits.add(page: 0, kind: .highlight, colour: .yellow, areas: [Rect(x: 72, y: 80, width: 200, height: 20)],
                  text: "Read before signing", author: "Ada", created: 0)
        let stroke = Drawing(.ink([[Point(x: 100, y: 100), Point(x: 300, y: 140), Point(x: 400, y: 100)]]), width: 6)
        edits.add(page: 0, drawing: stroke, colour: .redInk, author: "Ada", created: 0)
        edits.add(page: 0, drawing: Drawing(.rectangle(Rect(x: 120, y: 300, width: 200, height: 100)), width: 4, fill: .yellow),
                  colour: .blueInk, author: "Ada", created: 0)
        try DocumentSaving.save(edits.markups, of: file, to: path)

        let saved = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertGreaterThan(saved.count, signed.count)
        XCTAssertEqual(saved.prefix(signed.count), signed, "the save did not append: the signed bytes changed")
        let annotations = try QPDF.annotations(in: path)
        XCTAssertEqual(annotations.map(\.subtype), ["/Widget", "/Highlight", "/Ink", "/Square"], "the signature field, the highlight, the drawings")
        XCTAssertTrue(annotations.dropFirst(2).allSatisfy(\.drawsItsAppearance), "a drawing saved without its /AP")
        let raster = try Raster(path, scale: 1, renderer: .mutool)
        XCTAssertGreaterThan(raster.pixels(near: Markup.Colour.redInk.rgb, in: (x: 295, y: 132, width: 10, height: 16)), 10, "the stroke is not drawn")
        XCTAssertGreaterThan(raster.pixels(near: Markup.Colour.yellow.rgb, in: (x: 150, y: 320, width: 100, height: 60)), 5000, "the rectangle is not filled")
        let said = try Program.output(SignedFixtures.pdfsig, ["-nssdir", "sql:" + signing.database, "-no-ocsp", path])
        XCTAssertTrue(said.contains("Signature Validation: Signature is Valid."), said)
        XCTAssertTrue(said.contains("Signer Certificate Common Name: \(SignedFixtures.signer)"), said)
        XCTAssertFalse(said.contains("Total document signed"), "pdfsig says the signature covers what was added after it: \(said)")

        guard case .checked(let verdicts, _, _) = RemoteSignatures.verify(try DocumentFile(opening: DocumentSource(path: path)), pageCount: 4) else {
            return XCTFail("Quire could not check the saved file's signature")
        }
        XCTAssertEqual(verdicts.map(\.facts.status), [.valid])
        XCTAssertEqual(verdicts.map(\.coverage), [.revision(2, of: 3)])
    }
}
