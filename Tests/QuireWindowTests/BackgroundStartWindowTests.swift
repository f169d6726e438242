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
        let names = try launchTraceUntilTheCacheFills(named: "twelve.pdf").map(\.name)
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

    /// A page ahead that never finishes drawing (its helper hangs) does not keep the search
    /// cache waiting: once the patience after the first paint is over the filler starts
    /// anyway, with that picture still to draw (without the patience it waited 23 s, until
    /// the page's render was given up).
    func testAPageThatNeverFinishesDoesNotKeepTheSearchCacheWaiting() throws {
        let steps = try launchTraceUntilTheCacheFills(named: "hanging.pdf", environment: ["QUIRE_HELPER_FAULT": "hang-on-page:3"])
        let painted = try XCTUnwrap(steps.first { $0.name == "frame 1 painted" }, "\(steps)")
        let begins = try XCTUnwrap(steps.first { $0.name.hasPrefix("background work begins: ") }, "\(steps)")
        XCTAssertTrue(begins.name.hasSuffix("pictures still to draw"), begins.name)
        XCTAssertFalse(steps.contains { $0.name.hasPrefix("picture arrived: page 3 ") }, "page 3 was drawn: \(steps)")
        XCTAssertLessThan(painted.ms, begins.ms, "\(steps)")
        XCTAssertNotNil(steps.first { $0.name == "search cache filling from page 1" }, "\(steps)")
    }

    /// A twelve-page document named `name` opened in a real window and left alone until the
    /// search cache starts filling (30 s at most): the launch's trace until then.
    private func launchTraceUntilTheCacheFills(named name: String, environment: [String: String] = [:]) throws -> [(ms: Double, name: String)] {
        let fixtures = try Fixtures()
        let file = fixtures.long(pages: 12, named: name)
        let session = try ScriptedSession(script: ScriptedSession.start(title: name) + """
            for i in $(seq 600); do grep -q ' ms search cache filling from page' /proc/$$/fd/2 && break; sleep 0.05; done
            grep -q ' ms search cache filling from page' /proc/$$/fd/2 && echo filling || echo "never filled"
            read answer
            kill $quire; wait $quire
            """, file: file, shot: fixtures.path(name + ".png"), environment: environment)
        XCTAssertEqual(try session.readLine(), "filling")
        let steps = LaunchTraceWindowTests.steps(try String(contentsOfFile: session.errors, encoding: .utf8))
        try session.proceed()
        return steps
    }
}
