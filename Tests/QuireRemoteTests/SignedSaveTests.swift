import Fixtures
import Foundation
import QuireEngine
@testable import QuireRemote
import XCTest

/// A signed document annotated in Quire and saved: the save appends an update (the signed
/// bytes stay byte for byte), so poppler's `pdfsig` still finds the signature valid, for
/// the revision it signed; and Quire's own check says which revision that is.
final class SignedSaveTests: XCTestCase {
    func testASignedDocumentAnnotatedAndSavedKeepsItsSignatureValidForTheRevisionSigned() throws {
        _ = try XCTUnwrap(TestZygote.shared, "the zygote did not start")
        let fixtures = try Fixtures()
        let signing = try SignedFixtures(fixtures)
        let path = try signing.signed("signed.pdf")
        let signed = try Data(contentsOf: URL(fileURLWithPath: path))
        let file = try DocumentFile(opening: DocumentSource(path: path))
        let markup = Markup(id: 1, page: 0, kind: .highlight, colour: .yellow, areas: [Rect(x: 72, y: 80, width: 200, height: 20)],
                            text: "Read before signing", author: "Ada", created: 0)
        try DocumentSaving.save([markup], of: file, to: path)

        let saved = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertGreaterThan(saved.count, signed.count)
        XCTAssertEqual(saved.prefix(signed.count), signed, "the save did not append: the signed bytes changed")
        XCTAssertEqual(try QPDF.annotations(in: path).map(\.subtype), ["/Widget", "/Highlight"], "the signature field and the highlight")
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
