import XCTest
@testable import QuireEngine

/// A mail link starts a message and does nothing else.
final class MailtoPolicyTests: XCTestCase {
    private func refusal(_ uri: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        guard case .refuse(let reason) = URIPolicy.decide(uri) else {
            XCTFail("\(uri) should be refused", file: file, line: line)
            return ""
        }
        return reason
    }

    func testASubjectBodyCcAndBccPass() {
        for uri in ["mailto:someone@example.com", "mailto:a@example.com,b@example.com?subject=Hello%20there&body=Line%201%0D%0ALine%202%09end",
                    "mailto:?subject=Q%26A", "mailto:a@example.com?cc=c@example.com&bcc=d@example.com", "MAILTO:a@example.com?SUBJECT=Hi&Body=x",
                    "mailto:a@example.com?", "mailto:a@example.com?subject=x&", "mailto:a@example.com?body=caf%C3%A9"] {
            XCTAssertEqual(URIPolicy.decide(uri), .open(uri), uri)
        }
    }

    func testAttachmentsAndEveryOtherFieldAreRefused() {
        for field in ["attach=/etc/passwd", "Attach=~/.ssh/id_rsa", "attachment=/home", "%61ttach=/etc/passwd", "x-attach=a",
                      "to=evil@example.com", "from=boss@example.com", "in-reply-to=%3Cid%3E", "attach"] {
            XCTAssertTrue(refusal("mailto:a@example.com?subject=Hi&\(field)").hasPrefix("Quire does not open this mail link"), field)
        }
        XCTAssertTrue(refusal("mailto:a@example.com?attach=/etc/passwd").contains("“attach”"))
    }

    func testEncodedLineBreaksOutsideTheBodyAreRefused() {
        for uri in ["mailto:a@example.com?subject=Hi%0D%0ABcc:%20spy@example.com", "mailto:a@example.com%0D%0ABcc:spy@example.com",
                    "mailto:a@example.com?cc=b@example.com%0Aattach=/etc/passwd", "mailto:a@example.com?bcc=%0d%0a", "mailto:a@example.com?subject=%C2%85"] {
            XCTAssertTrue(refusal(uri).contains("control characters"), uri)
        }
    }

    func testTheBodyMayBreakLinesButHoldNoOtherControl() {
        XCTAssertEqual(URIPolicy.decide("mailto:a@example.com?body=a%0D%0Ab%0Ac"), .open("mailto:a@example.com?body=a%0D%0Ab%0Ac"))
        XCTAssertTrue(refusal("mailto:a@example.com?body=a%00b").contains("control characters"))
        XCTAssertTrue(refusal("mailto:a@example.com?body=%1B%5B2J").contains("control characters"))
    }

    func testASecondQuestionMarkIsRefused() {
        XCTAssertTrue(refusal("mailto:a@example.com?subject=x?attach=/etc/passwd").contains("more than one “?”"))
        XCTAssertTrue(refusal("mailto:a@example.com??body=x").contains("more than one “?”"))
    }

    func testAnEncodedQuestionMarkOrAmpersandInRecipientsIsRefused() {
        for uri in ["mailto:a@example.com%3Fattach=/etc/passwd", "mailto:?cc=b@example.com%26attach%3D/etc/passwd", "mailto:a%26b@example.com"] {
            XCTAssertTrue(refusal(uri).contains("encoded “?” or “&”"), uri)
        }
    }

    func testAFieldGivenTwiceIsRefused() {
        XCTAssertTrue(refusal("mailto:a@example.com?subject=Hi&SUBJECT=Other").contains("subject twice"))
    }

    func testBadEscapesAndBytesThatAreNotUTF8AreRefused() {
        for uri in ["mailto:a@example.com?subject=%zz", "mailto:a@example.com?subject=50%", "mailto:a@example.com?subject=%4",
                    "mailto:a@example.com?body=%FF%FE", "mailto:%C3@example.com"] {
            XCTAssertTrue(refusal(uri).contains("badly encoded"), uri)
        }
    }

    func testAMailLinkIsBounded() {
        let body = String(repeating: "a", count: MailtoPolicy.longestLink)
        XCTAssertTrue(refusal("mailto:a@example.com?body=" + body).contains("characters long"))
        let longest = "mailto:a@example.com?body=" + String(repeating: "a", count: MailtoPolicy.longestLink - 26)
        XCTAssertEqual(longest.count, MailtoPolicy.longestLink)
        XCTAssertEqual(URIPolicy.decide(longest), .open(longest))
    }
}
