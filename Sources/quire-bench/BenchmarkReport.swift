/// What one benchmark run measured, as text for people or one JSON object for scripts.
struct BenchmarkReport {
    enum Frame { case sharp, standIn, blank }

    var openMs = 0.0
    var firstViewportMs = 0.0
    var frames: [Frame] = []
    var tileWaits: [Double] = []
    /// Each tile's render call as the render threads saw it: through a helper, the request,
    /// the render and the pixels coming back.
    var roundTrips: [Double] = []
    /// Of each helper's tile, the round trip less the helper's drawing: the requests, the
    /// shared memory, the process switches.
    var roundTripOverheads: [Double] = []
    var renders = 0
    /// Of the tiles, those the helpers drew with Splash (`Rasterizer`).
    var splashRenders = 0
    var rendersDroppedStale = 0
    var cachePeakBytes = 0
    var rssPeakBytes = 0
    var treeMemory = TreeMemorySampler.Reading()
    var helpers = true
    var pagesScrolled = 0
    var workers = 0
    /// Whether an image-heavy page made the workers render one tile at a time.
    var oneAtATime = false
    var textCachePages: Int? // pages the background filler read while scrolling, with --prefill
    /// With --recognise-behind: its languages, pages and whole time (nil: it did not finish).
    var recognitionLanguages: String?
    var recognisedPages = 0
    var recognitionSeconds: Double?
    /// With --recognise-behind: the same scroll, as many frames, without the recognition.
    var withoutRecognition: [Frame]?

    private func percent(_ frame: Frame, of frames: [Frame]? = nil) -> Double {
        let frames = frames ?? self.frames
        return frames.isEmpty ? 0 : Double(frames.filter { $0 == frame }.count) * 100 / Double(frames.count)
    }

    private func percentile(_ p: Double, of values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int((p / 100 * Double(sorted.count - 1)).rounded()))]
    }

    private var fields: [(String, String)] {
        let ms = tenths
        func ms2(_ value: Double) -> String { String(Double(Int(value * 100)) / 100) }
        return [
            ("helper_processes", String(helpers)),
            ("pages_scrolled", String(pagesScrolled)),
            ("open_ms", ms(openMs)),
            ("first_viewport_ms", ms(firstViewportMs)),
            ("frames", String(frames.count)),
            ("blank_frame_pct", ms(percent(.blank))),
            ("standin_frame_pct", ms(percent(.standIn))),
            ("sharp_frame_pct", ms(percent(.sharp))),
            ("tile_wait_ms_p50", ms(percentile(50, of: tileWaits))),
            ("tile_wait_ms_p95", ms(percentile(95, of: tileWaits))),
            ("tile_wait_ms_max", ms(tileWaits.max() ?? 0)),
            ("tile_round_trip_p50_ms", ms(percentile(50, of: roundTrips))),
            ("tile_round_trip_p95_ms", ms(percentile(95, of: roundTrips))),
            ("tile_overhead_p50_ms", ms2(percentile(50, of: roundTripOverheads))),
            ("tile_overhead_p95_ms", ms2(percentile(95, of: roundTripOverheads))),
            ("renders", String(renders)),
            ("splash_renders", String(splashRenders)),
            ("renders_dropped_stale", String(rendersDroppedStale)),
            ("cache_peak_bytes", String(cachePeakBytes)),
            ("rss_peak_bytes", String(rssPeakBytes)),
        ] + treeMemory.fields + [
            ("workers", String(workers)),
            ("one_at_a_time", String(oneAtATime)),
        ] + (textCachePages.map { [("text_cache_pages", String($0))] } ?? []) + recognitionFields
    }

    private var recognitionFields: [(String, String)] {
        guard let recognitionLanguages else { return [] }
        func s(_ value: Double) -> String { String(Double(Int(value * 100)) / 100) }
        let pct = tenths
        let perSecond = recognitionSeconds.map { Double(recognisedPages) / $0 }
        var fields: [(String, String)] = [("recognition_languages", "\"\(recognitionLanguages)\""), ("recognised_pages", String(recognisedPages))]
        fields.append(("recognition_s", recognitionSeconds.map(s) ?? "null"))
        fields.append(("recognition_pages_per_s", perSecond.map(s) ?? "null"))
        guard let without = withoutRecognition else { return fields }
        fields.append(("without_frames", String(without.count)))
        fields.append(("without_blank_frame_pct", pct(percent(.blank, of: without))))
        fields.append(("without_standin_frame_pct", pct(percent(.standIn, of: without))))
        return fields
    }

    var text: String { fields.map { "\($0.0)=\($0.1)" }.joined(separator: " ") }
    var json: String { "{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}" }
}

/// A figure to a tenth (milliseconds, percent), as the reports print them.
func tenths(_ value: Double) -> String { String(Double(Int(value * 10)) / 10) }
