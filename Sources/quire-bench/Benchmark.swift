import Dispatch
import QuireDocument
import QuireEngine
import QuireImage
import QuireRemote
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

struct BenchmarkOptions {
    var viewport = Size(width: 1200, height: 900)
    var deviceScale = 1.0
    var screensPerSecond = 2.0
    var zoom = ZoomMode.fitWidth
    var json = false
    /// Scroll while the search text filler reads every page at idle priority, as the
    /// application does once the first view is drawn.
    var prefill = false
    /// Scroll through the first this many pages only, not the whole document.
    var pages: Int?
    /// Render in this process, as Quire did before its helper processes, to compare.
    var inProcess = false
    /// A split view: two panes side by side, each half the viewport's width and half the
    /// picture budget, the second starting halfway through the document; both scroll at
    /// the set speed, their plans merged into the one queue (`SharedPlan`), every result
    /// offered to both. A frame is blank when either pane shows a blank page.
    var split = false
    /// Scroll back and forth while a recognizer reads every page behind the scroll, as the
    /// window does with a scan (`BackgroundRecognition`, the pages in view first), until the
    /// recognition has ended.
    var recogniseBehind = false
    /// Scroll back and forth for this many frames: the same scroll without the recognition.
    var frameLimit: Int?
    /// Stop once the first viewport is sharp (`--first-views`).
    var firstViewOnly = false
}

/// What the engine's threads hand back: finished renders and batches of page sizes.
enum Event: Sendable {
    case rendered(RenderWorkers<TimedRenderer>.Result)
    case sizes(first: Int, [Size])
}

/// Events posted by the worker threads and taken by the benchmark's loop (the stand-in
/// for the main loop).
final class Inbox: Sendable {
    private let results = Mutex<[Event]>([])
    private let posted = DispatchSemaphore(value: 0)

    func post(_ event: Event) {
        results.withLock { $0.append(event) }
        posted.signal()
    }

    /// Everything posted so far, waiting until `deadline` for at least one.
    func take(waitingUntil deadline: DispatchTime) -> [Event] {
        _ = posted.wait(timeout: deadline)
        return results.withLock { taken in
            defer { taken.removeAll() }
            return taken
        }
    }
}

/// The engine's threads and the main document, as the application starts them: the
/// threads open their documents (or start their helpers) while this one opens its own.
/// With helpers the main document is a document helper's summary, as in the window
/// (which never opens a document itself: opening one here would put a parse of the whole
/// file on the first view's path that the window does not have); in-process, a document.
final class HeadlessEngine {
    let inbox = Inbox()
    let roundTrips = RoundTrips()
    let workers: RenderWorkers<TimedRenderer>
    let sizes: PageTableReader
    /// The page count and estimated sizes, from the window's kind of document.
    let pageCount: Int
    let estimatedPageSizes: [Size]
    /// The document helper the summary came from, kept as the window keeps it.
    let summary: RemoteDocument?

    init(source: DocumentSource, inProcess: Bool) throws {
        let (inbox, roundTrips) = (self.inbox, self.roundTrips)
        let deliverSizes: @Sendable (Int, [Size]) -> Void = { inbox.post(.sizes(first: $0, $1)) }
        let deliver: @Sendable (RenderWorkers<TimedRenderer>.Result) -> Void = { inbox.post(.rendered($0)) }
        let threads = ThisProcess.configuration().workerThreads
        if inProcess {
            workers = RenderWorkers(threads: threads, makeRenderer: { TimedRenderer(try source.open(), recordingInto: roundTrips) }, deliver: deliver)
            sizes = PageTableReader(open: { try source.open() }, sizes: deliverSizes)
            do {
                let document = try source.open()
                (summary, pageCount, estimatedPageSizes) = (nil, document.pageCount, document.estimatedPageSizes())
            } catch { workers.stopAndWait(); sizes.cancel(); throw error }
            return
        }
        // As the window opens a document (`DocumentOpening`, `DocumentThreads`): the file
        // once; the first render helper starts while a document helper opens it and gives
        // its summary; then the reader of sizes (and labels), with a helper of its own,
        // which also tells the render slots the sizes they send memory for.
        let file = try Self.file(source)
        let prepared = PreparedRenderer(file: file)
        workers = RenderWorkers(threads: threads, preparesAtFirstPlan: { !file.firstPageIsImages }, makeFirstRenderer: {
            TimedRenderer(try prepared.take() ?? RemoteRenderer(file: file), recordingInto: roundTrips)
        }, makeRenderer: { TimedRenderer(try RemoteRenderer(file: file), recordingInto: roundTrips) }, deliver: deliver)
        let document: RemoteDocument
        do { document = try RemoteDocument(file: file) } catch { workers.stopAndWait(); throw error }
        (summary, pageCount, estimatedPageSizes) = (document, document.pageCount, document.estimatedPageSizes())
        sizes = PageTableReader(open: { try RemoteDocument(file: file) }, sizes: deliverSizes)
    }

    /// The canvas models of the document with the options' zoom, view and screen: one, or
    /// a split view's two panes.
    func models(_ options: BenchmarkOptions) -> [CanvasModel<PageImage>] {
        let panes = options.split ? 2 : 1, budget = ThisProcess.configuration().pictureCacheBytes / panes
        let viewport = Size(width: options.viewport.width / Double(panes), height: options.viewport.height)
        return (0..<panes).map { pane in
            var model = CanvasModel<PageImage>(pageSizes: estimatedPageSizes, zoom: options.zoom, budget: budget)
            model.setDeviceScale(options.deviceScale)
            model.scroll(to: model.resize(to: viewport))
            if pane > 0, let target = model.go(.page(pageCount / 2)) { model.scroll(to: target) }
            return model
        }
    }

    func stop() {
        sizes.cancel()
        workers.stopAndWait()
    }

    /// The document opened once, as the window opens it for its helpers: every helper is
    /// given the same descriptor.
    private static func file(_ source: DocumentSource) throws -> DocumentFile {
        try DocumentFile(opening: source)
    }
}

struct Benchmark {
    let source: DocumentSource
    let options: BenchmarkOptions
    static let frame = 1.0 / 60

    func run() throws -> BenchmarkReport {
        var report = BenchmarkReport()
        report.helpers = !options.inProcess
        let memory = TreeMemorySampler()
        let start = Clock.now
        LaunchTrace.mark("bench started")
        // As the application does: the threads open their documents while this one opens its own.
        let engine = try HeadlessEngine(source: source, inProcess: options.inProcess)
        defer { engine.stop() }
        let (inbox, workers, pageCount) = (engine.inbox, engine.workers, engine.pageCount)
        var models = engine.models(options)
        report.openMs = Clock.ms(since: start)

        report.workers = workers.threadCount

        var seen = 0 // the last render result taken
        var shared = SharedPlan()
        // As the window does (`FirstViewHold`): until the first viewport is sharp, only what
        // is on screen is asked for; the pages ahead would take the cores from it.
        var hold = FirstViewHold()
        func submit() {
            for (pane, model) in models.enumerated() {
                let plan = model.plan()
                _ = shared.submit(hold.tiles(of: plan), urgent: plan.urgent, from: pane)
            }
            let merged = shared.merged
            workers.submit(merged.tiles, urgent: merged.urgent, seen: seen)
        }
        var waitingSince: [Int: Double] = [:] // visible pages without their sharp tile, since when
        func accept(_ events: [Event]) {
            for event in events {
                let result: RenderWorkers<TimedRenderer>.Result
                switch event {
                case .sizes(let first, let sizes):
                    for pane in models.indices { models[pane].scroll(to: models[pane].adoptPageSizes(sizes, from: first)) }
                    continue
                case .rendered(let rendered):
                    result = rendered
                    seen = max(seen, rendered.sequence)
                }
                report.renders += 1
                var stale = true
                for pane in models.indices {
                    let sharpNow = result.key == models[pane].sharpKey(result.key.page)
                    if models[pane].accept(result.key, result.outcome) != .stale { stale = false }
                    if sharpNow, let since = waitingSince.removeValue(forKey: result.key.page) {
                        report.tileWaits.append(Clock.ms(since: since))
                    }
                }
                if stale { report.rendersDroppedStale += 1 }
                report.cachePeakBytes = max(report.cachePeakBytes, models.reduce(0) { $0 + $1.sharp.byteCount + $1.lowRes.byteCount })
            }
            if !events.isEmpty { submit() }
        }

        // 1. The first viewport, fully sharp.
        submit()
        while !models.allSatisfy(\.visiblePagesComplete) {
            accept(inbox.take(waitingUntil: .now() + .seconds(1)))
        }
        report.firstViewportMs = Clock.ms(since: start)
        LaunchTrace.mark("first viewport sharp")
        if options.firstViewOnly {
            report.treeMemory = memory.stop() // else its sampling goes on through the next run
            return report
        }
        // Headless, the view is painted as soon as it is complete: the pages ahead may come.
        _ = hold.viewIs(complete: true)
        hold.painted()
        submit()
        let recognition = options.recogniseBehind ? try RecognitionBehind(engine: engine, pages: options.pages, report: &report) : nil
        defer { recognition?.end() }
        let filler = options.prefill ? SearchWorkers(threads: ThisProcess.configuration().workerThreads, pageCount: pageCount, cache: PageTextCache(pageCount: pageCount, budget: ThisProcess.configuration().textCacheBytes),
                                                     makeSource: { try source.open() }, deliver: { _ in }) : nil
        filler?.fillCache(from: 0)
        defer { filler?.stopAndWait() }

        // 2. Scroll to the end, or until the view's top passes the last page asked for, at
        // the set speed, one step per frame of real time. Where that is moves as page
        // sizes arrive.
        // Split, the first pane scrolls the first half (or the pages asked for) and the second
        // as far from halfway on.
        let laidOut = models[0].layout.pageCount
        let pages = min(options.pages ?? .max, models.count > 1 ? laidOut / 2 : laidOut)
        report.pagesScrolled = pages * models.count
        func end() -> Double {
            let end = models[0].clamped(Point(x: 0, y: .infinity)).y
            return pages < laidOut ? min(end, models[0].layout.pageRect(pages - 1).maxY) : end
        }
        // Back and forth (down to the end, up to the start) while there is a recognition to
        // outlast or frames to count; once down otherwise.
        var step = options.screensPerSecond * options.viewport.height * Self.frame
        func scrolled() -> Bool {
            if let recognition { return recognition.hasEnded }
            if let limit = options.frameLimit { return report.frames.count >= limit }
            return models[0].scroll.y >= end()
        }
        var next = Clock.now
        while !scrolled() {
            next += Self.frame
            while Clock.now < next {
                accept(inbox.take(waitingUntil: DispatchTime(uptimeNanoseconds: Clock.nanoseconds(next))))
            }
            if models[0].scroll.y >= end() && step > 0 || models[0].scroll.y <= 0 && step < 0 { step = -step }
            for pane in models.indices {
                models[pane].scroll(to: models[pane].clamped(Point(x: models[pane].scroll.x, y: models[pane].scroll.y + step)))
            }
            recognition?.viewMoved(models[0].visiblePages)
            submit()
            let now = Clock.now
            var frame = BenchmarkReport.Frame.sharp
            for page in models.flatMap({ $0.drawList() }) {
                switch page.quality {
                case .sharp, .failed: waitingSince[page.page] = nil
                case .blank: frame = .blank; waitingSince[page.page] = waitingSince[page.page] ?? now
                case .reduced, .lowRes, .scaled: if frame == .sharp { frame = .standIn }; waitingSince[page.page] = waitingSince[page.page] ?? now
                }
            }
            // A page that left the view stops waiting.
            let visible = models.map(\.visiblePages)
            waitingSince = waitingSince.filter { page in visible.contains { $0.contains(page.key) } }
            report.frames.append(frame)
        }
        report.rssPeakBytes = Self.peakResidentBytes()
        report.treeMemory = memory.stop()
        report.roundTrips = engine.roundTrips.all
        report.roundTripOverheads = engine.roundTrips.overheads
        report.splashRenders = engine.roundTrips.splash
        report.oneAtATime = workers.rendersOneAtATime
        report.textCachePages = filler?.cache.cachedPages
        recognition?.finish(&report)
        return report
    }

    /// VmHWM from /proc/self/status: this process alone.
    static func peakResidentBytes() -> Int {
        (ProcessTree.kilobytes("VmHWM:", in: "/proc/self/status") ?? 0) * 1024
    }
}

/// Monotonic seconds, on the clock that DispatchTime deadlines use.
enum Clock {
    static var now: Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
    static func ms(since start: Double) -> Double { (now - start) * 1000 }
    static func nanoseconds(_ seconds: Double) -> UInt64 { UInt64(max(0, seconds) * 1e9) }
}

func fputs_stderr(_ text: String) {
    _ = text.withCString { write(2, $0, strlen($0)) }
}
