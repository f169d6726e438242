import QuireDocument
import QuireEngine

/// The threads that work for one document view: the render workers and the page-size
/// reader, each with its own copy of the document. They start before the main thread
/// opens its copy, so that the openings overlap (opening a 5,000-page file costs about
/// 10 ms each), and deliver to the canvas once it exists.
@MainActor
final class DocumentThreads {
    /// Where results go: the canvas, attached after it is made.
    @MainActor
    final class Link {
        weak var canvas: PageCanvas?
    }

    let link = Link()
    let workers: RenderWorkers<Document>
    let sizeReader: PageSizeReader

    init(source: DocumentSource) {
        let link = self.link
        workers = RenderWorkers(makeRenderer: { try source.open() }, deliver: { result in
            MainLoop.invoke { link.canvas?.received(result) }
        })
        sizeReader = PageSizeReader(open: { try source.open() }, deliver: { first, sizes in
            MainLoop.invoke { link.canvas?.adopt(sizes, from: first) }
        })
    }

    /// Ends the threads after the work in progress.
    func stop() {
        workers.stop()
        sizeReader.cancel()
    }
}
