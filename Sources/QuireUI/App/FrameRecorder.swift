import CAdwaita
import CGtk
import QuireEngine

/// `QUIRE_TRACE_FRAMES=PATH`: each frame of the document window's frame clock goes into a
/// `FrameTrace`: its start, the interval since the last, its update to after-paint time,
/// whether a page in view was drawn blank, the pages recognised so far. While it records,
/// the clock is kept running (a tick callback), so that a frame comes every 16.7 ms and an
/// interval longer than that is time the main loop could not draw. The recognition's end is
/// written after the first frame that counts its last page, so a reader who sees the end in
/// the trace finds a frame counting every page before it. Off, a canvas's drawing costs one
/// check of `isOn`.
@MainActor
enum FrameRecorder {
    static private(set) var trace: FrameTrace?
    static var isOn: Bool { trace != nil }
    private static var started = false
    private static var frameStart = 0.0
    private static var lastStart: Double?
    /// Whether the last pages drawn had a blank one: the screen shows them until the next drawing.
    private static var blank = false
    private static var recognised = 0
    /// The recognition's end (its time, the pages read), written after the next frame.
    private static var finishedRecognition: (time: Double, pages: Int)?

    /// Records the frames of `window` into `path` from now on (the first document window).
    static func start(path: String, window: UnsafeMutablePointer<GtkWidget>) {
        guard !started else { return }
        started = true
        guard let opened = FrameTrace(path: path) else {
            printError("cannot write the frame trace to \(path)")
            return
        }
        trace = opened
        guard let clock = gtk_widget_get_frame_clock(window) else { return }
        Signal.connect(clock, "before-paint") { FrameRecorder.frameStart = monotonicSeconds() }
        MainLoop.afterEachFrame(of: window) {
            guard let trace = FrameRecorder.trace else { return false }
            let now = monotonicSeconds()
            let start = FrameRecorder.frameStart
            trace.record(FrameTrace.Frame(start: start, intervalMs: FrameRecorder.lastStart.map { (start - $0) * 1000 } ?? 0,
                                          paintMs: (now - start) * 1000, blank: FrameRecorder.blank, recognised: FrameRecorder.recognised))
            FrameRecorder.lastStart = start
            FrameRecorder.writeFinishedRecognition()
            return true
        }
    }

    /// A canvas drew its pages: `blank` when one of them had no picture at all.
    static func pagesDrawn(blank: Bool) { self.blank = blank }

    static func pageRecognised() { recognised += 1 }

    /// The recognition ended at `time` (monotonic seconds), `pages` read: marked after the
    /// next frame, which counts the pages `pageRecognised` told before this.
    static func recognitionFinished(at time: Double, pages: Int) { finishedRecognition = (time, pages) }

    private static func writeFinishedRecognition() {
        guard let trace, let finished = finishedRecognition else { return }
        finishedRecognition = nil
        trace.mark(.recognitionFinished, at: finished.time, pages: finished.pages)
        trace.flush()
    }

    /// Quire is ending: what is buffered is written (the recognition's end if no frame came since).
    static func finish() {
        writeFinishedRecognition()
        trace?.flush()
    }
}
