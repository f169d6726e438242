import Fixtures
import Foundation
import XCTest

/// `QUIRE_TRACE_LAUNCH=1`: a launch prints its steps, each once, in the order they happen
/// and with times that only grow; without it, nothing.
final class LaunchTraceWindowTests: XCTestCase {
    func testALaunchPrintsItsStepsInOrder() throws {
        let fixtures = try Fixtures()
        let file = fixtures.scanned()
        let traced = try QuireRun.run(["--snapshot", fixtures.path("traced.png"), "--size", "800x600", file],
                                      environment: ["QUIRE_TRACE_LAUNCH": "1"])
        XCTAssertEqual(traced.status, 0, traced.standardError)
        // The zygote's and the helpers' steps are on the same time line, from other processes.
        let all = Self.steps(traced.standardError)
        let others = all.filter { $0.name.hasPrefix("zygote: ") || $0.name.hasPrefix("helper ") || $0.name.hasSuffix(": warmed up") }
        let steps = all.filter { step in !others.contains { $0.name == step.name } }
        XCTAssertEqual(others.filter { $0.name.hasPrefix("zygote: ") }.map(\.name), ["zygote: started", "zygote: confined", "zygote: warmed up"], "\(all)")
        // The first view's render helper is forked before the zygote warms up; on a scan it
        // never warms up itself (Splash draws pictures without fonts).
        let warmedUp = try XCTUnwrap(others.first { $0.name == "zygote: warmed up" })
        XCTAssertLessThan(try XCTUnwrap(all.first { $0.name.hasPrefix("renderer helper ") && $0.name.hasSuffix(" made") }).ms, warmedUp.ms, "\(all)")
        XCTAssertNil(others.first { $0.name.hasPrefix("render helper ") && $0.name.hasSuffix(": warmed up") }, "\(all)")

        XCTAssertNotNil(others.first { $0.name.contains("opened its document in") }, "\(all)")
        XCTAssertTrue(others.allSatisfy { $0.ms > 0 && $0.ms < 120_000 }, "\(others)")
        let names = steps.map(\.name)
        func index(_ prefix: String) -> Int? { names.firstIndex { $0.hasPrefix(prefix) } }
        // The document's steps and the window's, each in order; which comes first of the two
        // depends on whether the helper opened the document before the window was shown.
        for order in [["main", "GTK started", "document shown", "tiles asked", "picture arrived: page 1", "picture drawn at scale"],
                      ["GTK started", "window presented", "window realized", "picture drawn at scale"]] {
            let indexes = order.map(index)
            XCTAssertEqual(indexes.compactMap { $0 }, indexes.compactMap { $0 }.sorted(), "steps out of order: \(names)")
            XCTAssertFalse(indexes.contains(nil), "a step is missing: \(names)")
        }
        XCTAssertNotNil(index("document opened by its helper"), "\(names)")
        XCTAssertNotNil(index("frame 1 painted"), "\(names)")
        // The scan's first page is looked at before it is drawn, and drawn by Splash.
        XCTAssertTrue(names.contains("page 1 looked at: large images"), "\(names)")
        XCTAssertNotNil(names.first { $0.hasPrefix("page 1 at scale") && $0.contains("drawn by splash") }, "\(names)")
        XCTAssertEqual(Set(names).count, names.count, "a step printed twice")
        XCTAssertEqual(steps.map(\.ms), steps.map(\.ms).sorted(), "times that go back")
        XCTAssertTrue(steps.allSatisfy { $0.ms > 0 && $0.ms < 120_000 }, "\(steps)")

        let quiet = try QuireRun.run(["--snapshot", fixtures.path("quiet.png"), "--size", "800x600", file])
        XCTAssertEqual(quiet.status, 0, quiet.standardError)
        XCTAssertFalse(quiet.standardError.contains("launch: "), quiet.standardError)
    }

    /// A document opened by its helper before the window is shown is laid out at the size the
    /// window will have, so its first pictures are asked for before GTK realizes the window,
    /// and GTK's own allocation then changes nothing: the canvas is sized once. Launched up
    /// to five times, as the helper may be late (then the window shows first, as before); at
    /// least one launch must show the document first.
    func testTheFirstPicturesAreAskedForBeforeTheWindowIsRealized() throws {
        let fixtures = try Fixtures()
        let early = try launches(of: fixtures.standard(), fixtures, named: "early") { names in
            func index(_ prefix: String) -> Int? { names.firstIndex { $0.hasPrefix(prefix) } }
            guard let shown = index("document shown"), let presented = index("window presented"), shown < presented else { return false }
            XCTAssertNotNil(index("window laid out"), "\(names)")
            XCTAssertLessThan(try XCTUnwrap(index("tiles asked"), "\(names)"), try XCTUnwrap(index("window realized")), "\(names)")
            XCTAssertEqual(names.filter { $0.hasPrefix("canvas ") }.count, 1, "the canvas sized again once realized: \(names)")
            // A page of text: the first view's render helper, forked cold, warms up at its first
            // pause, before its first page is asked for unless that page was drawn ahead (then
            // the drawing loads the fonts it needs itself, sooner).
            let warmed = try XCTUnwrap(names.firstIndex { $0.hasPrefix("render helper ") && $0.hasSuffix(": warmed up") }, "\(names)")
            if !names.contains(where: { $0.hasSuffix(": drawn ahead") }) {
                XCTAssertLessThan(warmed, try XCTUnwrap(index("page 1 at scale")), "\(names)")
            }
            return true
        }
        XCTAssertTrue(early, "in five launches the document was never shown before the window")
    }

    /// The window predicts its canvas's size before it is laid out (`FirstViewPrediction`)
    /// and the first view's helper draws page 1 at that size while the window is built and
    /// realized: the prediction is the canvas's size to the pixel, the tile the canvas asks
    /// for is the one drawn ahead, given without a second render. Whether the helper opened
    /// the document before the window was built or after, in every launch.
    func testTheFirstViewsFirstTileIsDrawnAheadAtTheCanvassSize() throws {
        let fixtures = try Fixtures()
        // Pages of one size: fit-width is then known from the summary (the standard fixture's
        // landscape page, once read, makes the view narrower, predicted or not).
        let traced = try QuireRun.run(["--snapshot", fixtures.path("ahead.png"), "--size", "900x700", fixtures.long(pages: 3)],
                                      environment: ["QUIRE_TRACE_LAUNCH": "1"])
        XCTAssertEqual(traced.status, 0, traced.standardError)
        let names = Self.steps(traced.standardError).map(\.name)
        let tile = try XCTUnwrap(Self.predictedTileDrawnOnce(names), "nothing predicted: \(names)")
        XCTAssertTrue(tile.hasPrefix("page 1 at scale "), tile)
        XCTAssertEqual(names.filter { $0.hasPrefix("page 1 at scale ") && $0.hasSuffix(" asked") }, ["\(tile) asked"], "page 1 drawn once: \(names)")
    }

    /// A document that opens only after the window is built (its helper held half a second,
    /// as on a loaded machine) is drawn ahead all the same: what the prediction needs was
    /// measured as the window was built, the opening's thread predicts as the document's
    /// summary comes, the canvas takes the predicted size, and page 1 is drawn once, ahead.
    /// Fails with the first view predicted only where the document is open while the
    /// window is built (nothing is predicted then).
    func testTheFirstViewIsDrawnAheadWhenItsDocumentOpensAfterTheWindowIsBuilt() throws {
        let fixtures = try Fixtures()
        let traced = try QuireRun.run(["--snapshot", fixtures.path("late.png"), "--size", "900x700", fixtures.long(pages: 3)],
                                      environment: ["QUIRE_TRACE_LAUNCH": "1", "QUIRE_CHECK_FAULT": "late"])
        XCTAssertEqual(traced.status, 0, traced.standardError)
        let names = Self.steps(traced.standardError).map(\.name)
        func index(_ prefix: String) -> Int? { names.firstIndex { $0.hasPrefix(prefix) } }
        XCTAssertLessThan(try XCTUnwrap(index("window presented"), "\(names)"), try XCTUnwrap(index("document opened by its helper"), "\(names)"),
                          "the document came before the window was built: this tests nothing")
        let tile = try XCTUnwrap(Self.predictedTileDrawnOnce(names), "nothing predicted: \(names)")
        XCTAssertTrue(tile.hasPrefix("page 1 at scale "), tile)
        XCTAssertLessThan(try XCTUnwrap(index("first view predicted")), try XCTUnwrap(index("document shown"), "\(names)"), "\(names)")
    }

    /// Up to five traced launches of `file` in a 900×700 window, until `check` takes one
    /// (says true): the helper may open the document before or after the window is built.
    private func launches(of file: String, _ fixtures: Fixtures, named name: String, until check: ([String]) throws -> Bool) throws -> Bool {
        for launch in 1...5 {
            let traced = try QuireRun.run(["--snapshot", fixtures.path("\(name)-\(launch).png"), "--size", "900x700", file],
                                          environment: ["QUIRE_TRACE_LAUNCH": "1"])
            XCTAssertEqual(traced.status, 0, traced.standardError)
            if try check(Self.steps(traced.standardError).map(\.name)) { return true }
        }
        return false
    }

    /// The tile a launch's first view predicted ("page 4 at scale 1.96…"), having checked it
    /// was the canvas's: the canvas took the predicted size, the tile was asked once and
    /// given drawn ahead, nothing drawn ahead in vain. Nil when nothing was predicted (the
    /// document opened only after the window was built).
    static func predictedTileDrawnOnce(_ names: [String], file: StaticString = #filePath, line: UInt = #line) -> String? {
        guard let prediction = names.first(where: { $0.hasPrefix("first view predicted: ") }) else { return nil }
        // "first view predicted: canvas 890×650, page 1 at scale 1.41…"
        let parts = prediction.dropFirst("first view predicted: ".count).components(separatedBy: ", page ")
        XCTAssertEqual(parts.count, 2, prediction, file: file, line: line)
        let tile = "page " + (parts.last ?? "")
        XCTAssertEqual(names.filter { $0.hasPrefix("canvas ") }, [parts[0]], "the canvas took another size than predicted: \(names)", file: file, line: line)
        XCTAssertTrue(names.contains("\(tile): drawn ahead"), "\(names)", file: file, line: line)
        XCTAssertEqual(names.filter { $0 == "\(tile) asked" }.count, 1, "the predicted page was drawn twice: \(names)", file: file, line: line)
        XCTAssertFalse(names.contains { $0.hasSuffix("drawn ahead in vain") }, "\(names)", file: file, line: line)
        return tile
    }

    /// The launch's steps, from its standard error: the ms since the process started, and the name.
    static func steps(_ standardError: String) -> [(ms: Double, name: String)] {
        standardError.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("launch: "), let unit = line.range(of: " ms "),
                  let ms = Double(line[line.index(line.startIndex, offsetBy: 8)..<unit.lowerBound]) else { return nil }
            return (ms, String(line[unit.upperBound...]))
        }
    }
}
