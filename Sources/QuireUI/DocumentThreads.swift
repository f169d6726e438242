import QuireDocument
import QuireEngine
import QuireRemote

/// The threads that work for one document view: the render workers, each driving a
/// render helper process (`RemoteRenderer`) over the one descriptor the window opened,
/// and the page-size reader, with its own copy of the document. They start before the main thread
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
    let workers: RenderWorkers<RemoteRenderer>
    let sizeReader: PageSizeReader

    init(source: DocumentSource) {
        let link = self.link
        let file = Result { () throws -> DocumentFile in
            switch source.location {
            case .file(let path): try DocumentFile(path: path, password: source.password)
            case .bytes(let bytes, let uri):
                try bytes.withUnsafeBytes { raw throws in try DocumentFile(bytes: raw, displayPath: uri, password: source.password) }
            }
        }
        workers = RenderWorkers(makeRenderer: { try RemoteRenderer(file: file.get()) }, deliver: { result in
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
