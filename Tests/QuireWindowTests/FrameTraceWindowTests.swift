import Fixtures
import Foundation
import QuireEngine
import XCTest

/// `QUIRE_TRACE_FRAMES=PATH`: the window writes each frame of its frame clock there (its
/// start, interval, paint time, whether a page in view was blank, the pages recognised),
/// read back with `FrameTrace.Frame`.
final class FrameTraceWindowTests: XCTestCase {
    /// Paged with real key presses, the window's frames come one a clock tick while it
    /// records, and once the first page is drawn no frame shows a blank page.
    func testPagingLeavesFramesAndNoneBlankOnceThePageIsDrawn() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let file = fixtures.long(pages: 12, named: "paged.pdf")
        let trace = fixtures.path("frames")
        let script = ScriptedSession.start(title: "paged.pdf", arguments: "--size 900x700") + """
            xdotool windowfocus --sync "$window"
            xdotool key --delay 200 Page_Down Page_Down Page_Down Page_Down Page_Down Page_Up Page_Up
            xdotool key ctrl+q
            wait $quire
            echo "ended $?"
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("paged.png"), environment: ["QUIRE_TRACE_FRAMES": trace])
        XCTAssertEqual(try session.readLine(), "ended 0")
        let frames = try Self.frames(trace)
        // Seven presses 200 ms apart: well over a second of frames at 60 Hz.
        XCTAssertGreaterThan(frames.count, 60, "\(frames.count) frames")
        XCTAssertEqual(frames.map(\.start), frames.map(\.start).sorted(), "frames out of order")
        let intervals = frames.dropFirst().map(\.intervalMs).sorted()
        XCTAssertLessThan(intervals[intervals.count / 2], 50, "the clock did not keep ticking: \(intervals)")
        XCTAssertTrue(frames.allSatisfy { $0.paintMs >= 0 && $0.paintMs < 10_000 }, "\(frames.map(\.paintMs))")
        let drawn = try XCTUnwrap(frames.firstIndex { !$0.blank }, "every frame blank")
        XCTAssertEqual(frames[drawn...].filter(\.blank).count, 0, "blank frames after the first page was drawn")
        XCTAssertTrue(frames.allSatisfy { $0.recognised == 0 }, "a document of text recognised")
    }

    /// A scan recognised in the window: the trace marks the recognition's start and end, and
    /// its frames count the page recognised, from a frame before the end's mark.
    func testARecognisedScanIsTimedInTheTrace() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let file = try fixtures.recognisable()
        let trace = fixtures.path("frames")
        let script = ScriptedSession.start(title: "recognisable.pdf", arguments: "--size 900x700") + """
            read answer
            xdotool key ctrl+q
            wait $quire
            echo "ended $?"
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("recognised.png"),
                                          environment: recognisingSettings().merging(["QUIRE_TRACE_FRAMES": trace]) { $1 })
        // Written when the last page is recognised, before the exit.
        let finished = ScriptedSession.poll(seconds: 120) {
            (try? String(contentsOfFile: trace, encoding: .utf8)).flatMap { $0.contains("# recognition-finished") ? true : nil }
        }
        XCTAssertEqual(finished, true, "the recognition's end not written")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "ended 0")
        let text = try String(contentsOfFile: trace, encoding: .utf8)
        let summary = FrameSummary(trace: text)
        let seconds = try XCTUnwrap(summary.recognitionSeconds, text)
        XCTAssertGreaterThan(seconds, 0)
        XCTAssertLessThan(seconds, 120)
        XCTAssertEqual(summary.recognisedPages, 1)
        XCTAssertEqual(try Self.frames(trace).last?.recognised, 1, "the frames do not count the page")
        // The end is marked after a frame that counts the page: a test that quits once it sees the end has that frame.
        let lines = text.split(separator: "\n")
        let end = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("# recognition-finished") })
        let before = try XCTUnwrap(lines[..<end].last { !$0.hasPrefix("#") }, "no frame before the end")
        XCTAssertEqual(FrameTrace.Frame(line: before)?.recognised, 1, "the end marked before a frame counted the page: \(before)")
    }

    private static func frames(_ path: String) throws -> [FrameTrace.Frame] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            try XCTUnwrap(FrameTrace.Frame(line: line), "not a frame: \(line)")
        }
    }
}
