import QuireEngine

/// Pages' characters read through a document helper and kept (`PageCharactersCache`): a
/// page is asked for once while its reading is under way, and `arrived` hears each page
/// as it comes. A page that could not be read counts as one without text. Caret mode and
/// Read Aloud read pages through it.
@MainActor
final class PageCharactersReader {
    private let worker: DocumentWorker
    private unowned let canvas: PageCanvas
    private var cache = PageCharactersCache()
    private var reading: Set<Int> = []
    var arrived: ((Int) -> Void)?

    init(worker: DocumentWorker, canvas: PageCanvas) {
        self.worker = worker
        self.canvas = canvas
    }

    /// The page's characters, if read.
    func characters(onPage page: Int) -> PageCharacters? { cache.characters(onPage: page) }

    /// Asks for the page's characters (once, while a reading of it is under way).
    func read(_ page: Int) {
        let sizes = canvas.documentSizes
        guard sizes.indices.contains(page), reading.insert(page).inserted else { return }
        let size = sizes[page]
        worker.run { document in
            let found = document.characters(onPage: page, size: size)
            MainLoop.invoke { [weak self] in self?.received(found, page: page) }
        }
    }

    func removeAll() { cache.removeAll() }

    private func received(_ found: PageCharacters?, page: Int) {
        reading.remove(page)
        cache.insert(found ?? PageCharacters(text: "", boxes: [], pageSize: .zero)!, page: page)
        arrived?(page)
    }
}
