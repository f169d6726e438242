import Fixtures
import QuireEngine
import QuireRemote
import XCTest
@testable import QuireDocument

final class DocumentErrorTests: XCTestCase {
    private var fixtures: Fixtures!
    override func setUpWithError() throws { fixtures = try Fixtures() }
    override func tearDown() { fixtures = nil }

    private func error(opening path: String, password: String? = nil) -> DocumentError? {
        do {
            _ = try DocumentSource(path: path, password: password).open()
            return nil
        } catch {
            return error
        }
    }

    func testEachBadInputGetsItsOwnError() throws {
        let expected: [Fixtures.Bad: (String) -> DocumentError] = [
            .missing: { .notFound(path: $0) },
            .directory: { .isDirectory(path: $0) },
            .empty: { .empty(path: $0) },
            .text: { .notAPDF(path: $0) },
            .random: { .notAPDF(path: $0) },
        ]
        for (kind, make) in expected {
            let path = try fixtures.bad(kind)
            XCTAssertEqual(error(opening: path), make(path), "\(kind)")
        }
    }

    func testATruncatedPDFIsDamagedNotForeign() throws {
        // poppler rebuilds what it can of a cut file: either it opens what survives or it says damaged.
        let path = try fixtures.bad(.truncated)
        switch error(opening: path) {
        case .damaged(let reported, let detail)?:
            XCTAssertEqual(reported, path)
            XCTAssertFalse(detail.isEmpty)
        case nil:
            break
        case let other?:
            XCTFail("unexpected \(other)")
        }
    }

    func testEncryptedDocumentNeedsItsPassword() throws {
        let path = try fixtures.encrypted(password: "s3cret")
        XCTAssertEqual(error(opening: path), .needsPassword(path: path))
        XCTAssertEqual(error(opening: path, password: "wrong"), .wrongPassword(path: path))
        let document = try DocumentSource(path: path, password: "s3cret").open()
        XCTAssertEqual(document.pageCount, 4)
        XCTAssertTrue(document.text(at: 0).contains(Fixtures.standardText(page: 0)))
    }

    func testMessagesNameTheFile() throws {
        let path = try fixtures.bad(.text)
        let message = try XCTUnwrap(error(opening: path)).message
        XCTAssertTrue(message.contains(path), message)
    }

    func testAnUnreadableLocationIsReported() {
        // Loaded when it is opened, on the opening's thread: that is where it fails.
        XCTAssertThrowsError(try DocumentFile(opening: DocumentSource(pathOrURI: "nosuchscheme-quire://host/file.pdf"))) { error in
            guard case DocumentError.unsupportedLocation = error else { return XCTFail("got \(error)") }
        }
    }
}
