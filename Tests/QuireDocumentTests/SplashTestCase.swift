import Fixtures
import XCTest
@testable import QuireDocument
#if canImport(Glibc)
import Glibc
#endif

/// What the Splash tests share: their fixtures, and documents opened for Splash by
/// descriptor as the render helper opens them, closed when each test ends.
class SplashTestCase: XCTestCase {
    var fixtures: Fixtures!
    private var descriptors: [Int32] = []

    override func setUpWithError() throws { fixtures = try Fixtures() }
    override func tearDown() {
        descriptors.forEach { close($0) }
        descriptors = []
        // XCTest may keep the test case after it ran: the fixtures' folder goes now.
        fixtures = nil
    }

    /// The document at `path` for Splash, nil when it does not open (a wrong password,
    /// not a PDF); the file itself must be there.
    func splash(_ path: String, password: String? = nil, file: StaticString = #filePath, line: UInt = #line) throws -> SplashPages? {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        XCTAssertGreaterThanOrEqual(fd, 0, "cannot open \(path)", file: file, line: line)
        guard fd >= 0 else { return nil }
        descriptors.append(fd)
        return SplashPages(descriptor: fd, password: password)
    }

    /// The document at `path` for Splash, which must open.
    func splashPages(_ path: String, file: StaticString = #filePath, line: UInt = #line) throws -> SplashPages {
        try XCTUnwrap(try splash(path, file: file, line: line), file: file, line: line)
    }

    /// The corpus beside the checkout (`../shared/corpus`), or a skip saying it is not there.
    func corpus(_ name: String) throws -> String {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../shared/corpus/\(name)").standardizedFileURL.path
        guard access(path, R_OK) == 0 else { throw XCTSkip("no ../shared/corpus beside this checkout") }
        return path
    }
}
