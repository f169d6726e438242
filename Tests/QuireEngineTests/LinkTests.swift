import XCTest
@testable import QuireEngine

final class URIPolicyTests: XCTestCase {
    func testWebAndMailAddressesOpen() {
        for uri in ["https://example.com/a?b=c", "http://example.com", "HTTPS://EXAMPLE.COM", "mailto:someone@example.com", "  https://example.com  "] {
            XCTAssertEqual(URIPolicy.decide(uri), .open(uri.trimmingSpaces), uri)
        }
    }

    func testWithoutAProgramTheReaderIsToldWhichKindIsMissing() {
        XCTAssertEqual(URIPolicy.noProgram(for: "https://example.com/quire"),
                       "No web browser is set up on this computer, so “https://example.com/quire” cannot be opened.")
        XCTAssertEqual(URIPolicy.noProgram(for: "MAILTO:someone@example.com"),
                       "No mail program is set up on this computer, so “MAILTO:someone@example.com” cannot be opened.")
    }

    func testEverythingElseIsRefused() {
        for uri in ["file:///etc/passwd", "javascript:alert(1)", "data:text/html,hi", "smb://server/share", "vscode://open?x",
                    "ms-msdt:/id", "steam://run/1", "https:example.com", "www.example.com", "", "https://example.com/\nrm -rf",
                    ":nothing", "/home/user/doc.pdf"] {
            guard case .refuse(let reason) = URIPolicy.decide(uri) else { return XCTFail("\(uri) should be refused") }
            XCTAssertFalse(reason.isEmpty)
        }
    }

    func testAnAddressLongerThanHTTPPromisesIsRefusedWithoutBeingQuoted() {
        let long = "https://example.com/" + String(repeating: "a", count: 2_000_000)
        guard case .refuse(let reason) = URIPolicy.decide(long) else { return XCTFail("a 2 MB address opened") }
        XCTAssertLessThan(reason.count, 200)
        let longest = "https://example.com/" + String(repeating: "a", count: URIPolicy.longestAddress - 20)
        XCTAssertEqual(URIPolicy.decide(longest), .open(longest))
    }

    func testInvisibleAndOverridingCharactersRefuseAnAddress() {
        for uri in ["https://example.com/\u{202E}fdp.exe", "https://pay\u{200B}pal.com", "https://example.com/\u{85}x", "https://\u{2066}a.com"] {
            guard case .refuse = URIPolicy.decide(uri) else { return XCTFail("\(uri) should be refused") }
        }
    }

    func testAUserBeforeTheHostIsRefused() {
        guard case .refuse = URIPolicy.decide("https://www.bank.example" + String(repeating: "-", count: 600) + "@evil.example/") else {
            return XCTFail("a user name hiding the host opened")
        }
        XCTAssertEqual(URIPolicy.decide("https://example.com/a@b?c=d@e"), .open("https://example.com/a@b?c=d@e"), "an @ after the host is fine")
    }

    func testARefusalQuotesTheAddressShortAndDisplaySafe() {
        let uri = "ftp://example.com/" + String(repeating: "\u{7}x", count: 3_000)
        guard case .refuse(let reason) = URIPolicy.decide("javascript:" + String(repeating: "x", count: 5_000)) else { return XCTFail() }
        XCTAssertLessThan(reason.count, BoundedText.Limit.quoted + 100)
        guard case .refuse(let control) = URIPolicy.decide(uri) else { return XCTFail() }
        XCTAssertFalse(control.unicodeScalars.contains("\u{7}"))
        guard case .refuse(let noScheme) = URIPolicy.decide("\u{202E}" + String(repeating: "y", count: 3_000)) else { return XCTFail() }
        XCTAssertLessThan(noScheme.count, BoundedText.Limit.quoted + 100)
        XCTAssertFalse(noScheme.unicodeScalars.contains("\u{202E}"))
    }
}

final class PagePointTests: XCTestCase {
    private func model(rotation: Rotation, zoom: Double) -> CanvasModel<Bytes> {
        var model = CanvasModel<Bytes>(pageSizes: [Size(width: 612, height: 792), Size(width: 300, height: 400), Size(width: 612, height: 792)],
                                       zoom: .percent(zoom), budget: 1 << 30)
        model.scroll(to: model.resize(to: Size(width: 900, height: 700)))
        model.scroll(to: model.setRotation(rotation))
        model.scroll(to: model.go(to: 1))
        return model
    }

    /// A link's area on the page maps to the view and back: clicking its middle hits it,
    /// whatever the zoom and the rotation.
    func testAViewPointMapsBackToThePointOnThePage() {
        let link = Rect(x: 40, y: 88, width: 120, height: 16)
        for rotation in [Rotation.none, .quarter, .half, .threeQuarters] {
            for zoom in [50.0, 100, 250] {
                let model = model(rotation: rotation, zoom: zoom)
                let view = model.viewRect(of: link, onPage: 1)
                let hit = model.pagePoint(atView: Point(x: view.x + view.width / 2, y: view.y + view.height / 2))
                XCTAssertEqual(hit?.page, 1, "\(rotation) \(zoom)")
                XCTAssertEqual(hit?.point.x ?? 0, link.x + link.width / 2, accuracy: 0.01, "\(rotation) \(zoom)")
                XCTAssertEqual(hit?.point.y ?? 0, link.y + link.height / 2, accuracy: 0.01, "\(rotation) \(zoom)")
            }
        }
    }

    func testTheGapBetweenPagesIsNoPage() {
        let model = model(rotation: .none, zoom: 100)
        let rect = model.layout.pageRect(1)
        XCTAssertNil(model.pagePoint(atView: Point(x: rect.x - model.scroll.x - 3, y: rect.y - model.scroll.y + 10)))
    }
}
