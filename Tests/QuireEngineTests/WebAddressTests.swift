import QuireEngine
import XCTest

final class WebAddressTests: XCTestCase {
    func testOnlyHttpAndHttpsWithAHostAndNoCredentialsAreAddresses() {
        XCTAssertNotNil(WebAddress("https://example.org/paper.pdf"))
        XCTAssertNotNil(WebAddress("HTTP://Example.org:8080/a?b=c"))
        for refused in ["ftp://example.org/a.pdf", "file:///tmp/a.pdf", "https:/example.org", "https://", "https://user:secret@example.org/a.pdf", "https://user@example.org/a.pdf",
                        "https://example.org/a b.pdf", "https://example.org:99999/", "javascript:alert(1)", "/tmp/a.pdf"] {
            XCTAssertNil(WebAddress(refused), refused)
        }
    }

    func testTheAddressIsWrittenTheSameWhateverItsCaseDefaultPortOrFragment() {
        XCTAssertEqual(WebAddress("HTTPS://Example.ORG:443/A.pdf#page=2")?.description, "https://example.org/A.pdf")
        XCTAssertEqual(WebAddress("http://example.org")?.description, "http://example.org/")
        XCTAssertEqual(WebAddress("http://[::1]:8080/x.pdf")?.description, "http://[::1]:8080/x.pdf")
    }

    func testRedirectLocationsAreResolvedAgainstTheAddress() throws {
        let base = try XCTUnwrap(WebAddress("https://example.org:8443/papers/2024/a.pdf?x=1"))
        XCTAssertEqual(base.resolving("b.pdf")?.description, "https://example.org:8443/papers/2024/b.pdf")
        XCTAssertEqual(base.resolving("/c.pdf")?.description, "https://example.org:8443/c.pdf")
        XCTAssertEqual(base.resolving("//mirror.example.net/d.pdf")?.description, "https://mirror.example.net/d.pdf")
        XCTAssertEqual(base.resolving("http://other.example/e.pdf")?.description, "http://other.example/e.pdf")
        XCTAssertNil(base.resolving("ftp://example.org/f.pdf"))
    }

    func testTheNameShownIsThePathsLastPartElseTheHost() {
        XCTAssertEqual(WebAddress("https://example.org/papers/a.pdf?download=1")?.displayName, "a.pdf")
        XCTAssertEqual(WebAddress("https://example.org/")?.displayName, "example.org")
    }
}

final class RedirectStepTests: XCTestCase {
    private let https = WebAddress("https://example.org/a.pdf")!

    func testHttpsIsNeverRedirectedToHttp() {
        XCTAssertEqual(RedirectStep.next(from: https, to: "http://example.org/a.pdf", hops: 0, keepingHeaders: true),
                       .refuse(.insecureRedirect("http://example.org/a.pdf")))
        let http = WebAddress("http://example.org/a.pdf")!
        XCTAssertEqual(RedirectStep.next(from: http, to: "https://example.org/a.pdf", hops: 0, keepingHeaders: true),
                       .follow(WebAddress("https://example.org/a.pdf")!, keepsHeaders: false))
    }

    func testTheTenthRedirectIsFollowedAndTheEleventhRefused() {
        XCTAssertEqual(RedirectStep.next(from: https, to: "/b.pdf", hops: 9, keepingHeaders: true),
                       .follow(WebAddress("https://example.org/b.pdf")!, keepsHeaders: true))
        XCTAssertEqual(RedirectStep.next(from: https, to: "/b.pdf", hops: 10, keepingHeaders: true), .refuse(.tooManyRedirects))
    }

    func testHeadersAreDroppedFromTheFirstHopToAnotherOriginOn() {
        let away = RedirectStep.next(from: https, to: "https://cdn.example.net/a.pdf", hops: 0, keepingHeaders: true)
        XCTAssertEqual(away, .follow(WebAddress("https://cdn.example.net/a.pdf")!, keepsHeaders: false))
        let back = RedirectStep.next(from: WebAddress("https://cdn.example.net/a.pdf")!, to: "https://cdn.example.net/b.pdf", hops: 1, keepingHeaders: false)
        XCTAssertEqual(back, .follow(WebAddress("https://cdn.example.net/b.pdf")!, keepsHeaders: false))
        XCTAssertEqual(RedirectStep.next(from: https, to: "https://example.org:444/a.pdf", hops: 0, keepingHeaders: true),
                       .follow(WebAddress("https://example.org:444/a.pdf")!, keepsHeaders: false))
    }

    func testARedirectWithoutAnAddressQuireWouldFetchIsRefused() {
        XCTAssertEqual(RedirectStep.next(from: https, to: nil, hops: 0, keepingHeaders: true), .refuse(.badRedirect))
        XCTAssertEqual(RedirectStep.next(from: https, to: "file:///etc/passwd", hops: 0, keepingHeaders: true), .refuse(.badRedirect))
    }
}
