import Fixtures
import Foundation
import XCTest

/// The work the reader is not waiting for (the search cache's filler) begins only once the
/// first view is painted and the pages around it are drawn (`BackgroundStart`), not as the
/// first picture arrives: it read pages beside the pictures the reader was waiting for.
final class BackgroundStartWindowTests: XCTestCase {
    override func setUpWithError() throws { try QuireRun.requireDisplay() }

    /// A twelve-page document opened in a real window, nothing touched: every picture the
    /// canvas planned (the view, the pages ahead, the low-resolution ones around) arrives
    /// before the search cache starts filling, which then starts from the current page.
    func testTheSearchCacheFillsOnlyOnceThePagesAroundTheViewAreDrawn() throws {
        let fixtures = try Fixtures()
        let file = fixtures.long(pages: 12, named: "twelve.pdf")
        let session = try ScriptedSession(script: ScriptedSession.start(title: "twelve.pdf") + """
            for i in $(seq 600); do grep -q ' ms search cache filling from page' /proc/$$/fd/2 && break; sleep 0.05; done
            grep -q ' ms search cache filling from page' /proc/$$/fd/2 && echo filling || echo "never filled"
            read answer
            kill $quire; wait $quire
            """, file: file, shot: fixtures.path("twelve.png"))
        XCTAssertEqual(try session.readLine(), "filling")
        let names = LaunchTraceWindowTests.steps(try String(contentsOfFile: session.errors, encoding: .utf8)).map(\.name)
        try session.proceed()
        func index(_ prefix: String) -> Int? { names.firstIndex { $0.hasPrefix(prefix) } }
        let painted = try XCTUnwrap(index("frame 1 painted"), "\(names)")
        let begins = try XCTUnwrap(index("background work begins"), "\(names)")
        let filling = try XCTUnwrap(index("search cache filling from page 1"), "\(names)")
        XCTAssertLessThan(painted, begins, "\(names)")
        XCTAssertLessThan(begins, filling, "\(names)")
        XCTAssertEqual(names[begins], "background work begins: the pages around the view are drawn", "\(names)")
        // The view's page, the two ahead, low-resolution pictures of those after: all before.
        let arrivals = names.indices.filter { names[$0].hasPrefix("picture arrived: page ") }
        let pages = Set(arrivals.map { names[$0].dropFirst("picture arrived: page ".count).prefix { $0 != " " } })
        XCTAssertGreaterThanOrEqual(pages.count, 6, "\(names)")
        XCTAssertTrue(arrivals.allSatisfy { $0 < begins }, "a picture arrived after the search cache began filling: \(names)")
    }
}
