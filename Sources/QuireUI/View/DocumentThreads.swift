import QuireEngine
import QuireRemote

/// The threads that work for one document view: the render workers, each driving a
/// render helper process (`RemoteRenderer`), and the reader of page sizes and labels,
/// with a document helper of its own; all over the one descriptor the window opened. They deliver to the
/// canvas once it exists.
@MainActor
final class DocumentThreads {
    /// Where results go: the canvas, attached after it is made.
    @MainActor
    final class Link {
        weak var canvas: PageCanvas?
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

    /// `renderer`, made while the document opened, is the first of `threads` render threads'.
    init(file: DocumentFile, renderer: PreparedRenderer, threads: Int) {
        let link = self.link
        self.file = file
        self.threads = threads
        workers = Self.workers(file: file, threads: threads, first: renderer, link: link)
        tableReader = PageTableReader(open: { try RemoteDocument(file: file) }, sizes: { first, sizes in
            MainLoop.invoke { link.canvas?.adopt(sizes, from: first) }
        }, labels: { first, labels in
            MainLoop.invoke { link.canvas?.adopt(labels: labels, from: first) }
        }, finished: {
            MainLoop.invoke { link.canvas?.tablesRead() }
        })
    }

    /// Render workers delivering to the link's canvas while they are its current ones.
    private static func workers(file: DocumentFile, threads: Int, first: PreparedRenderer?, link: Link) -> RenderWorkers<RemoteRenderer> {
        link.generation += 1
        let generation = link.generation
        return RenderWorkers(threads: threads, preparesAtFirstPlan: { !file.firstPageIsImages },
                             makeRenderer: { try first?.take() ?? RemoteRenderer(file: file) }, deliver: { result in
            MainLoop.invoke { if link.generation == generation { link.canvas?.received(result) } }
        })
    }

    /// The view went to the background: its render helpers end (what they draw now is dropped).
    func endWorkers() {
        guard hasWorkers else { return }
        workers.stop()
        link.generation += 1
        hasWorkers = false
    }

    /// The view asks for pictures again: new render helpers open the document.
    func restartWorkers() {
        guard !hasWorkers else { return }
        workers = Self.workers(file: file, threads: threads, first: nil, link: link)
        hasWorkers = true
    }

    /// Ends the threads after the work in progress.
    func stop() {
        workers.stop()
        tableReader.cancel()
    }
}
