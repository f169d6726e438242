import Fixtures
import Foundation
import QuireDocument
import QuireEngine
import XCTest

/// Search on a page of Arabic from the corpus: four lines of “انواع الخطوط العربية”, so
/// “انواع” four times (as pdftotext and poppler's find count it). The count, the results
/// list, Enter and the marks on the page must all reach the four.
final class RightToLeftSearchWindowTests: XCTestCase {
    private var fixtures: Fixtures!
    override func setUpWithError() throws { fixtures = try Fixtures() }
    override func tearDown() { fixtures = nil }

    private static let current = SearchWindowTests.current
    private static let other = SearchWindowTests.other
    private static let word = "انواع"

    private func arabicPage() throws -> String {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../shared/corpus/rtl-arabic-cidtruetype.pdf").standardizedFileURL.path
        guard FileManager.default.fileExists(atPath: file) else { throw XCTSkip("no ../shared/corpus beside this checkout") }
        return file
    }

    /// Poppler's places of the four matches, top down, in screen pixels at 100 %.
    private func places(in file: String) throws -> [(y: Double, maxY: Double)] {
        let scale = 96.0 / 72
        return try DocumentSource(path: file).open().matchAreas(of: SearchQuery(Self.word), onPage: 0)
            .compactMap { $0.first }.map { ($0.y * scale, $0.maxY * scale) }
    }

    func testTheCountAndTheMarksAgreeOnEveryMatch() throws {
        let file = try arabicPage()
        let output = fixtures.path("rtl-find.png")
        let run = try QuireRun.run(["--snapshot", output, "--size", "1000x900", "--zoom", "100", "--find", Self.word, file],
                                   environment: ["LANG": "C.UTF-8", "LC_ALL": "", "LANGUAGE": "", "QUIRE_REPORT_SHOWN_TEXT": "1"])
        XCTAssertEqual(run.status, 0, run.standardError)
        XCTAssertTrue(run.standardOutput.contains("match=1/4 (page 1)"), run.standardOutput)
        XCTAssertTrue(run.standardOutput.contains("shown label \"1 of 4\""), run.standardOutput)
        // Lit: the first line's match as the current one, the three below it as matches.
        let places = try self.places(in: file)
        XCTAssertEqual(places.count, 4)
        let shot = try Picture(png: output)
        let first = try XCTUnwrap(shot.bounds(of: Self.current, tolerance: 12), "no current match lit")
        let others = try XCTUnwrap(shot.bounds(of: Self.other, tolerance: 12), "no other match lit")
        XCTAssertEqual(Double(first.height), places[0].maxY - places[0].y, accuracy: 4)
        XCTAssertEqual(Double(others.y + others.height - first.y), places[3].maxY - places[0].y, accuracy: 4, "the marks reach the fourth line")
    }

    /// Ctrl+F and the word typed: “1 of 4” and four rows; Enter goes down the four lines'
    /// matches, and a fourth Enter wraps to the first.
    func testEnterVisitsEveryLitMatch() throws {
        try QuireRun.requireDisplay()
        let file = try arabicPage()
        let places = try self.places(in: file)
        XCTAssertEqual(places.count, 4)
        let script = ScriptedSession.start(title: "rtl-arabic-cidtruetype.pdf", arguments: "--size 1000x900 --zoom 100") + """
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+f
            \(ScriptedSession.typeRetrying(Self.word))
            for step in 1 2 3 4; do
                xdotool key Return
                echo stepped
                read answer
            done
            kill $quire; wait $quire
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("rtl-steps.png"),
                                          environment: ["LANG": "C.UTF-8", "LC_ALL": "", "LANGUAGE": "", "QUIRE_TRACE_SEARCH": "1"])
        func says(_ state: String, seconds: Double = 30) -> Bool {
            ScriptedSession.poll(seconds: seconds) { searchLines(session).last == state ? true : nil } ?? false
        }
        try session.confirmTyped { says("search “\(Self.word)”: match=1/4 (page 1), 4 rows", seconds: 10) }
        var firstTop: Int?
        for (step, ordinal) in [1, 2, 3, 4, 1].enumerated() {
            if step > 0 {
                try session.proceed()
                XCTAssertEqual(try session.readLine(), "stepped")
            }
            let state = "search “\(Self.word)”: match=\(ordinal)/4 (page 1), 4 rows"
            XCTAssertTrue(says(state), "step \(step): not “\(state)”: \(searchLines(session))")
            // The current mark on the line of match `ordinal`: as tall as poppler's place of
            // it, and as far below the first. (Not a still screen: the entry's caret blinks.)
            let place = places[ordinal - 1]
            func onItsLine(_ screen: Picture) -> Bool {
                guard let lit = screen.bounds(of: Self.current, tolerance: 12),
                      abs(Double(lit.height) - (place.maxY - place.y)) <= 4 else { return false }
                return firstTop.map { abs(Double(lit.y - $0) - (place.y - places[0].y)) <= 4 } ?? true
            }
            let screen = try session.screen(until: onItsLine)
            XCTAssertTrue(onItsLine(screen), "step \(step): match \(ordinal) is not the current mark: \(String(describing: screen.bounds(of: Self.current, tolerance: 12)))")
            if firstTop == nil { firstTop = screen.bounds(of: Self.current, tolerance: 12)?.y }
        }
    }

    /// What the search said so far (`QUIRE_TRACE_SEARCH`), a line each.
    private func searchLines(_ session: ScriptedSession) -> [String] {
        ((try? String(contentsOfFile: session.errors, encoding: .utf8)) ?? "").split(separator: "\n")
            .filter { $0.hasPrefix("quire: search “") }.map { String($0.dropFirst("quire: ".count)) }
    }
}
