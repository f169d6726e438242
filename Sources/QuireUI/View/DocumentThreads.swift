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
    }

    let link = Link()
    let workers: RenderWorkers<RemoteRenderer>
    let tableReader: PageTableReader

    /// `renderer`, made while the document opened, is the first of `threads` render threads'.
    init(file: DocumentFile, renderer: PreparedRenderer, threads: Int) {
        let link = self.link
        workers = RenderWorkers(threads: threads, preparesAtFirstPlan: { !file.firstPageIsImages },
                                makeRenderer: { try renderer.take() ?? RemoteRenderer(file: file) }, deliver: { result in
            MainLoop.invoke { link.canvas?.received(result) }
        })
        tableReader = PageTableReader(open: { try RemoteDocument(file: file) }, sizes: { first, sizes in
            MainLoop.invoke { link.canvas?.adopt(sizes, from: first) }
        }, labels: { first, labels in
            MainLoop.invoke { link.canvas?.adopt(labels: labels, from: first) }
        }, finished: {
            MainLoop.invoke { link.canvas?.tablesRead() }
        })
    }

    /// Ends the threads after the work in progress.
    func stop() {
        workers.stop()
        tableReader.cancel()
    }
}
