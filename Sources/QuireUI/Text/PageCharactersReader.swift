import QuireEngine

/// Pages' characters read through a document helper and kept (`PageCharactersCache`): a
/// page is asked for once while its reading is under way, and `arrived` hears each page
/// as it comes. A page that could not be read counts as one without text. Caret mode and
/// Read Aloud read pages through it. A page whose characters the text store holds
/// (`TextStoreSlot`) is answered from there, without a helper; one read from a helper is
/// given to the store to keep.
@MainActor
final class PageCharactersReader {
    private let worker: DocumentWorker
    private unowned let canvas: PageCanvas
    private let stored: TextStoreSlot?
    /// `QUIRE_TRACE_SEARCH`: each page read says where from.
    private let trace: Bool
    private var cache = PageCharactersCache()
    private var reading: Set<Int> = []
    var arrived: ((Int) -> Void)?

    init(worker: DocumentWorker, canvas: PageCanvas, stored: TextStoreSlot? = nil, trace: Bool = false) {
        self.worker = worker
        self.canvas = canvas
        self.stored = stored
        self.trace = trace
    }

    /// The page's characters, if read.
    func characters(onPage page: Int) -> PageCharacters? { cache.characters(onPage: page) }

    /// Asks for the page's characters (once, while a reading of it is under way).
    func read(_ page: Int) {
        let sizes = canvas.documentSizes
        guard sizes.indices.contains(page), reading.insert(page).inserted else { return }
        let size = sizes[page]
        let stored = self.stored, trace = self.trace
        worker.run { document in
            // The store's entry is read as the document opens: a page asked for meanwhile waits for it.
            if let stored, stored.waitUntilRead(), let kept = stored.characters(onPage: page) {
                if trace { printError("characters of page \(page + 1): from the text store") }
                let found = PageCharacters(text: kept.text, boxes: kept.boxes, pageSize: size)
                MainLoop.invoke { [weak self] in self?.received(found, page: page) }
                return
            }
            let found = document.characters(onPage: page, size: size)
            if let found, let kept = StoredText.Characters(text: String(String.UnicodeScalarView(found.scalars)), boxes: found.boxes) {
                stored?.learn(kept, onPage: page)
            }
            if trace { printError("characters of page \(page + 1): read by a helper") }
            MainLoop.invoke { [weak self] in self?.received(found, page: page) }
        }
    }

    func removeAll() { cache.removeAll() }

    /// The page's text changed (a scan's page recognised): it is read again when next asked.
    func forget(_ page: Int) { cache.remove(page: page) }

    private func received(_ found: PageCharacters?, page: Int) {
        reading.remove(page)
        cache.insert(found ?? PageCharacters(text: "", boxes: [], pageSize: .zero)!, page: page)
        arrived?(page)
    }
}
