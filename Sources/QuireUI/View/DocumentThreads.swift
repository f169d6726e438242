import QuireEngine
import QuireRemote

/// The threads that work for one document view: the render workers, each driving a
/// render helper process (`RemoteRenderer`), and the reader of page sizes and labels,
/// with a document helper of its own; all over the one descriptor the window opened. They
/// serve the view's canvas and, while the view is split, its second pane's: the panes'
/// plans share the one queue (`SharedPlan`), and every result goes to both, each keeping
/// what it wants.
@MainActor
final class DocumentThreads {
    /// Where results go: the canvases, attached after they are made.
    @MainActor
    final class Link {
        private final class Weak { weak var canvas: PageCanvas? ; init(_ canvas: PageCanvas) { self.canvas = canvas } }
        private var attached: [Weak] = []
        var canvases: [PageCanvas] { attached.compactMap(\.canvas) }
        func attach(_ canvas: PageCanvas) { attached.append(Weak(canvas)) }
        func detach(_ canvas: PageCanvas) { attached.removeAll { $0.canvas == nil || $0.canvas === canvas } }
        /// Counts the render workers made: results of ended ones are not delivered.
        var generation = 0
    }

    let link = Link()
    /// The render threads; ended while the view is in the background, made again when it
    /// asks for pictures.
    private(set) var workers: RenderWorkers<RemoteRenderer>
    let tableReader: PageTableReader
    private let file: DocumentFile
    private let threads: Int
    /// False once the render helpers were ended in the background.
    private(set) var hasWorkers = true
    private var plans = SharedPlan()

    /// `renderer`, made while the document opened, is the first of `threads` render threads'.
    init(file: DocumentFile, renderer: PreparedRenderer, threads: Int) {
        let link = self.link
        self.file = file
        self.threads = threads
        workers = Self.workers(file: file, threads: threads, first: renderer, link: link)
        tableReader = PageTableReader(open: { try RemoteDocument(file: file) }, sizes: { first, sizes in
            MainLoop.invoke { for canvas in link.canvases { canvas.adopt(sizes, from: first) } }
        }, labels: { first, labels in
            MainLoop.invoke { for canvas in link.canvases { canvas.adopt(labels: labels, from: first) } }
        }, finished: {
            MainLoop.invoke { for canvas in link.canvases { canvas.tablesRead() } }
        })
    }

    /// Render workers delivering to the link's canvases while they are its current ones.
    private static func workers(file: DocumentFile, threads: Int, first: PreparedRenderer?, link: Link) -> RenderWorkers<RemoteRenderer> {
        link.generation += 1
        let generation = link.generation
        return RenderWorkers(threads: threads, preparesAtFirstPlan: { !file.firstPageIsImages }, drawing: first?.drawnAhead, drawingAbandoning: first?.abandoning,
                             makeFirstRenderer: { try first?.take() ?? RemoteRenderer(file: file) },
                             makeRenderer: { try RemoteRenderer(file: file) }, deliver: { result in
            MainLoop.invoke { if link.generation == generation { for canvas in link.canvases { canvas.received(result) } } }
        })
    }

    /// The view went to the background: its render helpers end (what they draw now is dropped).
    func endWorkers() {
        guard hasWorkers else { return }
        workers.stop()
        link.generation += 1
        plans = SharedPlan()
        hasWorkers = false
    }

    /// The view asks for pictures again: new render helpers open the document.
    func restartWorkers() {
        guard !hasWorkers else { return }
        workers = Self.workers(file: file, threads: threads, first: nil, link: link)
        hasWorkers = true
    }

    /// `canvas`'s plan, the first `urgent` tiles on screen, replaces its last. `seen` is the
    /// last result it took; every canvas takes every result, so it is the others' too.
    func submit(_ tiles: [TileKey], urgent: Int, seen: Int?, from canvas: PageCanvas) {
        let merged = plans.submit(tiles, urgent: urgent, from: Int(bitPattern: ObjectIdentifier(canvas)))
        workers.submit(merged.tiles, urgent: merged.urgent, seen: seen)
    }

    /// A second pane closes: its plan goes, the threads stay for the first.
    func detach(_ canvas: PageCanvas) {
        link.detach(canvas)
        let merged = plans.remove(Int(bitPattern: ObjectIdentifier(canvas)))
        workers.submit(merged.tiles, urgent: merged.urgent, seen: link.canvases.first?.lastResultTaken)
    }

    /// Ends the threads after the work in progress.
    func stop() {
        workers.stop()
        tableReader.cancel()
    }
}
