import Dispatch
import QuireDocument
import QuireEngine

/// `--thumbnails`: the thumbnail sidebar without a window, through the same model, planner
/// and render workers as the canvas. Three phases:
///  1. open with the sidebar showing the first pages: the canvas's first sharp viewport
///     (to compare with a run without the sidebar);
///  2. jump the sidebar to the middle of the document and wait until it is drawn: how many
///     pictures were rendered there, against what is in view plus one screen ahead;
///  3. scroll the sidebar from the top to the end (past the first `--pages` only) at the
///     set speed, one step per frame of real time: frames with a blank thumbnail, pictures
///     rendered, peak memory.
struct ThumbnailBenchmark {
    let source: DocumentSource
    let options: BenchmarkOptions
    /// The sidebar's size: one column of thumbnails, as tall as the window.
    var sidebar: Size { Size(width: 230, height: options.viewport.height) }

    func run() throws -> [(String, String)] {
        let memory = TreeMemorySampler()
        let start = Clock.now
        let engine = try HeadlessEngine(source: source, inProcess: options.inProcess)
        defer { engine.stop() }
        let (inbox, workers) = (engine.inbox, engine.workers)
        var model = engine.models(options)[0]
        var layout = ThumbnailLayout(pageSizes: model.layout.pageSizes, width: sidebar.width)
        var top = 0.0, scrollingDown = true
        var lowResRendered: [Int] = [] // pages whose low-resolution picture was rendered, in order
        var lowResPeak = 0

        var seen = 0 // the last render result taken
        func submit() {
            let plan = layout.plan(top: top, height: sidebar.height, scrollingDown: scrollingDown)
            model.setThumbnails(shown: plan.shown, ahead: plan.ahead)
            let work = model.plan()
            workers.submit(work.tiles, urgent: work.urgent, seen: seen)
        }
        func accept(_ events: [Event]) {
            for event in events {
                switch event {
                case .sizes(let first, let sizes):
                    model.scroll(to: model.adoptPageSizes(sizes, from: first))
                    layout.setPageSizes(model.layout.pageSizes)
                case .rendered(let result):
                    seen = max(seen, result.sequence)
                    if result.key == model.planner.lowResKey(page: result.key.page, layout: model.layout) {
                        lowResRendered.append(result.key.page)
                    }
                    model.accept(result.key, result.outcome)
                    lowResPeak = max(lowResPeak, model.lowRes.byteCount)
                }
            }
            if !events.isEmpty { submit() }
        }
        func hasPicture(_ page: Int) -> Bool {
            model.failures[page] != nil || model.lowRes[model.planner.lowResKey(page: page, layout: model.layout)] != nil
                || model.sharp.nearestPicture(to: model.sharpKey(page)) != nil
        }
        func wait(until done: () -> Bool) {
            while !done() { accept(inbox.take(waitingUntil: .now() + .seconds(1))) }
        }

        // 1. The first viewport with the sidebar open.
        submit()
        wait { model.visiblePagesComplete }
        let firstViewportMs = Clock.ms(since: start)
        wait { model.pagesWithKnownSize >= model.layout.pageCount }

        // 2. The sidebar jumps to the middle of the document.
        let middle = layout.pageCount / 2
        top = layout.cellRect(middle).y
        submit()
        let plan = layout.plan(top: top, height: sidebar.height, scrollingDown: true)
        let before = lowResRendered.count
        let jumpStart = Clock.now
        wait { plan.shown.allSatisfy(hasPicture) }
        let jumpMs = Clock.ms(since: jumpStart)
        // What was in flight lands too (half a second with nothing new ends it).
        while case let events = inbox.take(waitingUntil: .now() + .milliseconds(500)), !events.isEmpty { accept(events) }
        // Pages the canvas itself prefetches around its view (at the start) do not count.
        let canvasReach = model.visiblePages.upperBound + model.planner.lowResAround + model.planner.ahead
        let renderedThere = lowResRendered[before...].filter { $0 >= canvasReach }.count

        // 3. Scroll the sidebar from the top to the end.
        top = 0
        scrollingDown = true
        let firstScrolled = lowResRendered.count
        var frames = 0, blankFrames = 0
        var passed = Set<Int>()
        let step = options.screensPerSecond * sidebar.height * Benchmark.frame
        let pages = min(options.pages ?? .max, layout.pageCount)
        let end = min(max(0, layout.contentHeight - sidebar.height), pages > 0 ? layout.cellRect(pages - 1).maxY : 0)
        var next = Clock.now
        while top < end {
            next += Benchmark.frame
            while Clock.now < next {
                accept(inbox.take(waitingUntil: DispatchTime(uptimeNanoseconds: Clock.nanoseconds(next))))
            }
            top = min(end, top + step)
            submit()
            let shown = layout.pages(top: top, height: sidebar.height)
            passed.formUnion(shown)
            frames += 1
            if !shown.allSatisfy(hasPicture) { blankFrames += 1 }
        }
        let scrolledRenders = lowResRendered.count - firstScrolled
        let treeMemory = memory.stop()
        return [
            ("helper_processes", String(!options.inProcess)),
            ("pages", String(layout.pageCount)),
            ("first_viewport_ms", String(format1(firstViewportMs))),
            ("jump_thumbnails_in_view", String(plan.shown.count)),
            ("jump_thumbnails_ahead", String(plan.ahead.count)),
            ("jump_thumbnails_rendered", String(renderedThere)),
            ("jump_ms", String(format1(jumpMs))),
            ("scroll_frames", String(frames)),
            ("scroll_blank_frame_pct", String(format1(frames == 0 ? 0 : Double(blankFrames) * 100 / Double(frames)))),
            ("scroll_thumbnails_rendered", String(scrolledRenders)),
            ("scroll_pages_passed", String(passed.count)),
            ("lowres_cache_peak_bytes", String(lowResPeak)),
            ("rss_peak_bytes", String(Benchmark.peakResidentBytes())),
        ] + treeMemory.fields
    }

    private func format1(_ value: Double) -> Double { (value * 10).rounded() / 10 }
}
