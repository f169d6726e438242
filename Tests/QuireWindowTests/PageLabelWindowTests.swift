import Fixtures
import Foundation
import XCTest

/// Page labels in a real window: read by a document helper after the sizes, never asked
/// for on the main thread, and shown by the header's indicator once they arrive.
final class PageLabelWindowTests: XCTestCase {
    func testTheIndicatorShowsTheLabelOfThePageInView() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let document = fixtures.outlined()
        for (page, shown) in [(2, "ii (2 / 6)"), (4, "2 (4 / 6)")] {
            let output = fixtures.path("labels-\(page).png")
            let run = try QuireRun.run(["--snapshot", output, "--size", "1000x800", "--page", String(page), document])
            XCTAssertEqual(run.status, 0, run.standardError)
            XCTAssertTrue(run.standardOutput.contains("indicator=\"\(shown)\""), "page \(page): \(run.standardOutput)")
        }
        let plain = fixtures.long(pages: 12, named: "plain.pdf")
        let run = try QuireRun.run(["--snapshot", fixtures.path("plain.png"), "--size", "1000x800", "--page", "9", plain])
        XCTAssertTrue(run.standardOutput.contains("indicator=\"9 / 12\""), run.standardOutput)
    }
}
