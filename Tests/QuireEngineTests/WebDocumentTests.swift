import QuireEngine
import XCTest

final class WebDocumentTests: XCTestCase {
    func testAWebDocumentIsTheSameDocumentFromCopyToCopy() {
        let first = DocumentIdentity(webAddress: "https://example.org/a.pdf", permanentID: nil)
        let second = DocumentIdentity(webAddress: "https://example.org/a.pdf", permanentID: "abc")
        XCTAssertTrue(second.isSameDocument(as: first))
        XCTAssertFalse(DocumentIdentity(webAddress: "https://example.org/b.pdf", permanentID: nil).isSameDocument(as: first))
    }

    func testAWebDocumentIsRememberedByItsAddressAndItsCopyIsNotWatched() {
        var session = DocumentSession()
        var source = DocumentSource(path: "/home/a/.cache/quire/web/0123.pdf")
        source.webAddress = "https://example.org/papers/a.pdf"
        XCTAssertEqual(source.displayName, "a.pdf")
        guard case .startOpening(_, let ticket) = session.open(source).last else { return XCTFail("not opened") }
        let effects = session.opened(ticket: ticket)
        XCTAssertTrue(effects.contains { if case .addRecent("https://example.org/papers/a.pdf") = $0 { true } else { false } })
        XCTAssertFalse(effects.contains { if case .watch(let path) = $0 { path != nil } else { false } })
    }
}
