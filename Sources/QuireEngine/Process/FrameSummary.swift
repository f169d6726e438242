/// What a frame trace (`FrameTrace`) says about a stretch of a run: how many frames, how
/// evenly they came (the interval; 16.7 ms at 60 Hz, more when the main loop was busy), how
/// long each took to update, lay out and paint, how many showed a blank page, and how long
/// the recognition took from its first page asked to its last page done. Only the frames
/// starting within `from...to` (monotonic seconds) count, when given; the first frame's
/// interval (since nothing) never does.
public struct FrameSummary: Equatable, Sendable {
    public var frames = 0
    public var interval = Spread()
    public var paint = Spread()
    public var blankPercent = 0.0
    /// Seconds from the recognition's start to its end; nil when it did not end in the trace.
    public var recognitionSeconds: Double?
    public var recognisedPages = 0

    /// The median, the 95th percentile and the largest of some milliseconds.
    public struct Spread: Equatable, Sendable {
        public var p50 = 0.0
        public var p95 = 0.0
        public var max = 0.0

        public init() {}

        /// Nearest-rank percentiles of `values` (all zero when there are none).
        public init(_ values: [Double]) {
            guard !values.isEmpty else { return }
            let sorted = values.sorted()
            func rank(_ percent: Double) -> Double { sorted[Swift.max(0, Int((percent / 100 * Double(sorted.count)).rounded(.up)) - 1)] }
            (p50, p95, max) = (rank(50), rank(95), sorted[sorted.count - 1])
        }
    }

    public init(trace: String, from: Double = -.infinity, to: Double = .infinity) {
        var frames: [FrameTrace.Frame] = []
        var started: Double?, finished: Double?
        for line in trace.split(separator: "\n") {
            if line.hasPrefix("#") {
                let fields = line.split(separator: " ")
                guard fields.count >= 3, let time = Double(fields[2]) else { continue }
                switch FrameTrace.Event(rawValue: String(fields[1])) {
                case .recognitionStarted: started = started ?? time
                case .recognitionFinished:
                    finished = time
                    if fields.count > 3, let pages = Int(fields[3]) { recognisedPages = pages }
                case nil: break
                }
            } else if let frame = FrameTrace.Frame(line: line) {
                frames.append(frame)
            }
        }
        let counted = frames.indices.filter { $0 > 0 && (from...to).contains(frames[$0].start) }.map { frames[$0] }
        self.frames = counted.count
        interval = Spread(counted.map(\.intervalMs))
        paint = Spread(counted.map(\.paintMs))
        blankPercent = counted.isEmpty ? 0 : Double(counted.filter(\.blank).count) * 100 / Double(counted.count)
        if let started, let finished, finished >= started { recognitionSeconds = finished - started }
        recognisedPages = Swift.max(recognisedPages, frames.last?.recognised ?? 0)
    }

    /// "name=value" pairs, for scripts.
    public var fields: [(String, String)] {
        func ms(_ value: Double) -> String { FrameTrace.fixed(value, 1) }
        return [("frames", String(frames)),
                ("interval_p50_ms", ms(interval.p50)), ("interval_p95_ms", ms(interval.p95)), ("interval_max_ms", ms(interval.max)),
                ("paint_p50_ms", ms(paint.p50)), ("paint_p95_ms", ms(paint.p95)), ("paint_max_ms", ms(paint.max)),
                ("blank_frame_pct", ms(blankPercent)),
                ("recognition_s", recognitionSeconds.map { FrameTrace.fixed($0, 2) } ?? "none"),
                ("recognised_pages", String(recognisedPages))]
    }
}
