import QuireDocument
import QuireEngine
#if canImport(Glibc)
import Glibc
#endif

/// A document's pages taken through what the canvas does with them, without GTK. The
/// policy:
///  1. Pages visited: the first 50 and the last (a 10,000-page file costs 51 visits).
///  2. For each: its real size adopted by the layout, then at each of `zooms` the view
///     scrolled to it, the render plan made, every planned tile accepted as a stand-in
///     picture (no pixels: the engine only counts bytes), and the draw list made. Every
///     rectangle drawn must be finite.
///  3. That work is timed in the thread's CPU time, not wall time, so that a loaded
///     machine does not make it look slow: `budget` a page. The document's own calls
///     (size, label, links, the quick look at page 1 for images) and the render of page 1
///     are timed apart and not budgeted.
public struct EnginePass {
    /// Layout and planning of one page at every zoom, in CPU seconds. A page costs about
    /// 0.1 ms in a debug build; 50 ms is five hundred times that, so only work that grows
    /// with something hostile (a size, a count) reaches it.
    public static let budget = 0.050
    public static let zooms: [ZoomMode] = [.fitWidth, .fitPage, .percent(ZoomMode.minimumPercent), .percent(ZoomMode.maximumPercent)]
    public static let viewport = Size(width: 1200, height: 900)

    public struct Report: Sendable {
        public var pages = 0, visited = 0
        public var slowest = (page: 0, seconds: 0.0)
        public var engineSeconds = 0.0, documentSeconds = 0.0, renderSeconds = 0.0
        public var plannedTiles = 0, drawnLayers = 0
        /// Why page 1 could not be rendered, if it could not.
        public var renderFailure: String?
        /// What broke the policy, in words: an infinite rectangle, a page over budget.
        public var problems: [String] = []
    }

    public static func visitedPages(count: Int) -> [Int] { Array(Set(Array(0..<min(count, 50)) + [count - 1])).sorted() }

    public static func run(_ document: Document) -> Report {
        var report = Report()
        report.pages = document.pageCount
        var model = CanvasModel<StandIn>(pageSizes: document.estimatedPageSizes(), zoom: .fitWidth, budget: CacheBudget.minimum)
        model.setDeviceScale(2)
        model.scroll(to: model.resize(to: viewport))
        for page in visitedPages(count: document.pageCount) {
            let documentStart = CPUClock.seconds
            let size = document.pageSize(at: page)
            _ = document.pageLabel(at: page)
            _ = document.links(at: page).map(\.target.action)
            report.documentSeconds += CPUClock.seconds - documentStart

            let start = CPUClock.seconds
            model.scroll(to: model.adoptPageSizes([size], from: page))
            for zoom in zooms {
                model.scroll(to: model.setZoom(zoom))
                model.scroll(to: model.position(showing: page))
                let plan = model.plan()
                report.plannedTiles += plan.tiles.count
                for key in plan.tiles { model.accept(key, .success(StandIn(key, model.layout))) }
                for drawing in model.drawList() {
                    report.drawnLayers += drawing.layers.count
                    if !([drawing.rect] + drawing.layers.map(\.rect)).allSatisfy(\.isFinite) {
                        report.problems.append("page \(page + 1) at \(zoom): a rectangle drawn is not finite")
                    }
                }
            }
            let seconds = CPUClock.seconds - start
            report.engineSeconds += seconds
            if seconds > report.slowest.seconds { report.slowest = (page, seconds) }
            if seconds > budget { report.problems.append("page \(page + 1): layout and planning took \(Int(seconds * 1000)) ms of CPU") }
            report.visited += 1
        }
        // The quick look the first view takes at page 1 before drawing it, through the
        // page's objects (`Document.showsNoImage`). Poppler's own pass, which follows when
        // that cannot tell, is bounded in the window by ending its helper (a gigabyte of
        // content keeps it for seconds), and is not taken here.
        let lookStart = CPUClock.seconds
        _ = document.showsNoImage(page: 0)
        report.documentSeconds += CPUClock.seconds - lookStart
        let renderStart = CPUClock.seconds
        do {
            _ = try document.render(page: 0, scale: TileKey.boundedScale(1, for: document.pageSize(at: 0)))
        } catch {
            report.renderFailure = "\(error)"
        }
        report.renderSeconds = CPUClock.seconds - renderStart
        return report
    }
}

/// A rendered picture without pixels: only the bytes it would take.
struct StandIn: RenderedPicture {
    let byteCount: Int
    init(_ key: TileKey, _ layout: PageLayout) {
        let size = key.pixelSize(for: layout.pageSizes[key.page])
        let (product, overflow) = size.width.multipliedReportingOverflow(by: size.height * 4)
        byteCount = overflow ? .max : product
    }
}

extension Rect {
    var isFinite: Bool { x.isFinite && y.isFinite && width.isFinite && height.isFinite }
}

/// The calling thread's CPU time: what the work cost, however busy the machine is.
public enum CPUClock {
    public static var seconds: Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
