import XCTest
@testable import QuireEngine

/// `SignatureVerdict`'s rules, one a test, on facts as a helper reports them.
final class SignatureVerdictTests: XCTestCase {
    /// A file of 1000 bytes in two revisions: the first ends at 600, the second at 1000.
    private let twoRevisions = SignedFile(length: 1001, revisionEnds: [600, 1000], contentEnd: 1000, database: .readable("/db"))

    private func facts(range: [Int64] = [0, 100, 200, 400], status: SignatureFacts.Status = .valid,
                       certificate: SignatureFacts.Certificate = .trusted) -> SignatureFacts {
        SignatureFacts(fieldName: "Sig1", signer: "Alice Signer", signingTime: 1_796_000_000, status: status,
                       certificate: certificate, byteRange: range)
    }

    func testASignatureOverTheWholeFileFromATrustedCertificateIsValid() {
        let verdict = SignatureVerdict(facts(range: [0, 100, 200, 800]), file: twoRevisions)
        XCTAssertEqual(verdict.state, .valid)
        XCTAssertEqual(verdict.coverage, .wholeDocument(revisions: 2))
        XCTAssertEqual(verdict.reasons, [])
    }

    func testBytesAddedAfterSigningLeaveItValidForTheRevisionSigned() {
        let verdict = SignatureVerdict(facts(), file: twoRevisions)
        XCTAssertEqual(verdict.state, .changedSince)
        XCTAssertEqual(verdict.coverage, .revision(1, of: 2))
        XCTAssertEqual(SignatureWords.coverage(verdict.coverage), "Covers revision 1 of 2; the document was changed after signing")
    }

    func testAByteRangePastTheFilesEndIsInvalidWhateverPopplerSays() {
        let verdict = SignatureVerdict(facts(range: [0, 100, 200, 900]), file: twoRevisions)
        XCTAssertEqual(verdict.state, .invalid)
        XCTAssertEqual(verdict.coverage, .broken("Its byte range ends past the file's end"))
    }

    func testAByteRangeThatIsNotTwoSpansFromTheStartIsInvalid() {
        for range: [Int64] in [[0, 100], [5, 100, 200, 100], [0, 300, 200, 100], [0, 100, 200, -1], [0, 1, .max, 2]] {
            XCTAssertEqual(SignatureVerdict(facts(range: range), file: twoRevisions).state, .invalid, "\(range)")
        }
    }

    func testAlteredOrDamagedSignaturesAreInvalid() {
        for status in [SignatureFacts.Status.digestMismatch, .invalid, .decodingError, .notFound] {
            XCTAssertEqual(SignatureVerdict(facts(range: [0, 100, 200, 800], status: status), file: twoRevisions).state, .invalid, "\(status)")
        }
    }

    func testAnInvalidSignatureFromAnUntrustedCertificateIsStillInvalid() {
        let verdict = SignatureVerdict(facts(status: .digestMismatch, certificate: .unknownIssuer), file: twoRevisions)
        XCTAssertEqual(verdict.state, .invalid)
        XCTAssertEqual(verdict.reasons.count, 2, "both reasons are told")
    }

    func testAnUntrustedCertificateSaysWhy() {
        let reasons: [SignatureFacts.Certificate: String] = [
            .unknownIssuer: "The certificate's issuer is unknown: it is not in your certificate database",
            .untrustedIssuer: "The certificate's issuer is not trusted", .revoked: "The certificate has been revoked",
            .expired: "The certificate has expired", .genericError: "The certificate could not be checked",
        ]
        for (certificate, reason) in reasons {
            let verdict = SignatureVerdict(facts(range: [0, 100, 200, 800], certificate: certificate), file: twoRevisions)
            XCTAssertEqual(verdict.state, .untrusted, "\(certificate)")
            XCTAssertEqual(verdict.reasons, [reason])
        }
    }

    func testWithoutAReadableDatabaseASignatureCannotBeCheckedNeverValid() {
        var file = twoRevisions
        file.database = .unreadable("/home/a/.pki/nssdb")
        let unreadable = SignatureVerdict(facts(range: [0, 100, 200, 800]), file: file)
        XCTAssertEqual(unreadable.state, .cannotBeChecked)
        XCTAssertEqual(unreadable.reasons, ["The certificate database /home/a/.pki/nssdb cannot be read"])
        file.database = .missing(["/home/a/.pki/nssdb", "/etc/pki/nssdb"])
        XCTAssertEqual(SignatureVerdict(facts(range: [0, 100, 200, 800]), file: file).state, .cannotBeChecked)
    }

    func testASignaturePopplerCouldNotVerifyCannotBeChecked() {
        XCTAssertEqual(SignatureVerdict(facts(range: [0, 100, 200, 800], status: .genericError), file: twoRevisions).state, .cannotBeChecked)
    }

    func testTheBannerSaysTheWorstSignature() {
        let time: (Int64) -> String = { _ in "6 Dec" }
        let valid = SignatureVerdict(facts(range: [0, 100, 200, 800]), file: twoRevisions)
        let invalid = SignatureVerdict(facts(status: .digestMismatch), file: twoRevisions)
        XCTAssertEqual(SignatureWords.banner([valid], time: time), "Signed by Alice Signer, 6 Dec: Valid")
        XCTAssertEqual(SignatureWords.banner([invalid], time: time), "Signed by Alice Signer, 6 Dec: Invalid — The signed bytes were changed after signing")
        XCTAssertEqual(SignatureWords.banner([valid, invalid, valid], time: time), "3 signatures; 1 of them: Invalid")
        XCTAssertEqual(SignatureWords.banner([valid, valid], time: time), "2 signatures, all: Valid")
        XCTAssertNil(SignatureWords.banner([], time: time))
    }
}

/// Where revisions end, and which database is used.
final class FileRevisionsTests: XCTestCase {
    func testEachEndOfFileMarkerEndsARevisionEvenAcrossPieces() {
        let text = Array("%PDF-1.7\n...%%EOF\n...update...%%EOF\r\n\n".utf8)
        var revisions = FileRevisions()
        for piece in stride(from: 0, to: text.count, by: 3).map({ text[$0..<min(text.count, $0 + 3)] }) { revisions.read(piece) }
        XCTAssertEqual(revisions, FileRevisions(text))
        XCTAssertEqual(revisions.ends, [17, 35])
        XCTAssertEqual(revisions.contentEnd, 35, "the newlines after the last marker are not content")
        XCTAssertEqual(revisions.length, Int64(text.count))
    }

    func testAMarkerStartedAgainMidwayIsFound() {
        XCTAssertEqual(FileRevisions(Array("%%%EOF%%EO%%EOF".utf8)).ends, [6, 15])
    }

    func testTheUsersDatabaseComesBeforeTheSystems() {
        XCTAssertEqual(CertificateDatabase.chosen(home: "/h") { _ in true }, "/h/.pki/nssdb")
        XCTAssertEqual(CertificateDatabase.chosen(home: "/h") { $0.hasPrefix("/etc") }, "/etc/pki/nssdb")
        XCTAssertNil(CertificateDatabase.chosen(home: nil) { _ in false })
    }
}
