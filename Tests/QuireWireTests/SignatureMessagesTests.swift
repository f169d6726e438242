import QuireEngine
import QuireWire
import XCTest

/// A signature helper's answer survives the trip whole, and a hostile one (a status
/// poppler has no number for, more signatures than a document may report, bytes after the
/// end) is refused before the window judges anything.
final class SignatureMessagesTests: XCTestCase {
    private let file = SignedFile(length: 1001, revisionEnds: [600, 1000], contentEnd: 1000, database: .readable("/h/.pki/nssdb"))

    func testRepliesRoundTrip() throws {
        let facts = SignatureFacts(fieldName: "Contract", signer: "Alice Signer", signingTime: 1_796_000_000, status: .digestMismatch,
                                   certificate: .unknownIssuer, byteRange: [0, 100, 200, 800], page: 2)
        let untimed = SignatureFacts(fieldName: "", signer: "", signingTime: nil, status: .valid, certificate: .trusted, byteRange: [])
        var missing = file
        missing.database = .missing(["/h/.pki/nssdb", "/etc/pki/nssdb"])
        var unreadable = file
        unreadable.database = .unreadable("/etc/pki/nssdb")
        let replies: [SignatureReply] = [
            .unsigned, .failed(reason: "the file could not be read again"),
            .checked(file, [facts, untimed], milliseconds: 3.5), .checked(missing, [], milliseconds: 0), .checked(unreadable, [facts], milliseconds: 1),
        ]
        for reply in replies { XCTAssertEqual(try SignatureReply(reply.bytes), reply) }
    }

    func testHostileRepliesAreRefused() {
        let facts = SignatureFacts(fieldName: "a", signer: "b", signingTime: nil, status: .valid, certificate: .trusted, byteRange: [0, 1, 2, 3])
        var badStatus = SignatureReply.checked(file, [facts], milliseconds: 1).bytes
        // The status byte: before the certificate's byte, the byte range (a count, four numbers) and the page.
        let status = badStatus.count - 8 - (8 + 4 * 8) - 1 - 1
        badStatus[status] = 99
        var many = WireWriter()
        many.u8(2); many.f64(1); many.i64(10); many.i64(10); many.int(0); many.u8(3); many.int(0); many.int(SignatureFacts.perDocumentLimit + 1)
        for bytes in [badStatus, many.bytes, [7], SignatureReply.unsigned.bytes + [0]] {
            XCTAssertThrowsError(try SignatureReply(bytes), "\(bytes.prefix(12))")
        }
    }
}
