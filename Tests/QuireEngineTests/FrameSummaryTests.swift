import Foundation
import XCTest
@testable import QuireEngine

/// A frame trace read back: each frame's line, the percentiles of a stretch of frames, the
/// blank ones, and the recognition's whole time.
final class FrameSummaryTests: XCTestCase {
    private func frame(_ start: Double, interval: Double = 16.7, paint: Double = 2, blank: Bool = false, recognised: Int = 0) -> FrameTrace.Frame {
        FrameTrace.Frame(start: start, intervalMs: interval, paintMs: paint, blank: blank, recognised: recognised)
    }

    func testAFramesLineReadsBackAsTheFrame() {
        let written = frame(12.345678, interval: 16.66, paint: 3.25, blank: true, recognised: 7)
        XCTAssertEqual(written.line, "12.345678 16.66 3.25 1 7")
        XCTAssertEqual(FrameTrace.Frame(line: Substring(written.line)), written)
        XCTAssertNil(FrameTrace.Frame(line: "12.3 16.6 3.2 1"), "a field short")
        XCTAssertNil(FrameTrace.Frame(line: "# recognition-started 12.0"))
    }

    func testPercentilesAreNearestRankOfTheFramesInTheStretch() {
        // 20 frames, intervals 1…20 ms; the first frame (an interval since nothing) never counts.
        let frames = [frame(0, interval: 999, paint: 999)] + (1...20).map { frame(Double($0), interval: Double($0), paint: Double(21 - $0)) }
        let summary = FrameSummary(trace: frames.map(\.line).joined(separator: "\n"))
        XCTAssertEqual(summary.frames, 20)
        XCTAssertEqual(summary.interval, { var spread = FrameSummary.Spread(); (spread.p50, spread.p95, spread.max) = (10, 19, 20); return spread }())
        XCTAssertEqual(summary.paint.max, 20)
        // Only the frames starting within from…to.
        let stretch = FrameSummary(trace: frames.map(\.line).joined(separator: "\n"), from: 5, to: 8)
        XCTAssertEqual(stretch.frames, 4)
        XCTAssertEqual(stretch.interval.max, 8)
        XCTAssertEqual(stretch.interval.p50, 6)
    }

    func testBlankFramesAreAShareOfTheFramesCounted() {
        let frames = [frame(0, blank: true), frame(1, blank: true), frame(2), frame(3), frame(4, blank: true)]
        XCTAssertEqual(FrameSummary(trace: frames.map(\.line).joined(separator: "\n")).blankPercent, 50, "the first frame does not count")
        XCTAssertEqual(FrameSummary(trace: "").blankPercent, 0)
    }

    func testTheRecognitionIsTimedFromItsStartToItsEnd() {
        let ended = ["# recognition-started 10.500000", frame(11, recognised: 1).line, "# recognition-finished 40.250000 38", frame(41, recognised: 38).line]
        let summary = FrameSummary(trace: ended.joined(separator: "\n"))
        XCTAssertEqual(try XCTUnwrap(summary.recognitionSeconds), 29.75, accuracy: 1e-9)
        XCTAssertEqual(summary.recognisedPages, 38)
        let unfinished = FrameSummary(trace: ["# recognition-started 10.5", frame(11, recognised: 3).line].joined(separator: "\n"))
        XCTAssertNil(unfinished.recognitionSeconds, "stopped before its end")
        XCTAssertEqual(unfinished.recognisedPages, 3, "the pages the frames counted")
    }

    /// Buffered, the lines reach the file when flushed, in the order recorded.
    func testTheTraceWritesItsLinesWhenFlushed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("frame-trace-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("frames").path
        let trace = try XCTUnwrap(FrameTrace(path: path))
        trace.record(frame(1))
        trace.mark(.recognitionStarted, at: 1.5)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "", "written before a flush")
        trace.flush()
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "1.000000 16.70 2.00 0 0\n# recognition-started 1.500000\n")
        XCTAssertNil(FrameTrace(path: folder.appendingPathComponent("missing/frames").path))
    }

    func testTheVariableNamesTheTrace() {
        XCTAssertEqual(Configuration(reading: { $0 == "QUIRE_TRACE_FRAMES" ? "/tmp/f" : nil }, physicalMemory: 1 << 30, processors: 2).framesTrace, "/tmp/f")
        XCTAssertNil(Configuration(reading: { $0 == "QUIRE_TRACE_FRAMES" ? "" : nil }, physicalMemory: 1 << 30, processors: 2).framesTrace)
    }
}
