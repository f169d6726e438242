/// One document's place in a `TextStore`: what the search threads read from it and write
/// to it, and what came of that (for traces and tests).
public final class TextStoreSlot: Sendable {
    /// What reading the entry found.
    public enum Reading: String, Sendable {
        case unread, found, missing, dropped
    }

    public let store: TextStore
    public let key: TextStoreKey
    private let lock = Condition()
    nonisolated(unsafe) private var reading = Reading.unread // guarded by `lock`
    nonisolated(unsafe) private var writing: Bool?            // guarded by `lock`

    public init(store: TextStore, key: TextStoreKey) {
        self.store = store
        self.key = key
    }

    public var read: Reading { lock.locked { reading } }
    /// Whether the entry was written (nil: not tried).
    public var wrote: Bool? { lock.locked { writing } }

    /// The stored pages' text, if the store holds this document's.
    func load() -> [PageText]? {
        let lookup = store.load(key)
        switch lookup {
        case .found(let stored):
            lock.locked { reading = .found }
            return stored.pages.map(\.text)
        case .missing: lock.locked { reading = .missing }
        case .dropped: lock.locked { reading = .dropped }
        }
        return nil
    }

    func save(_ pages: [PageText]) {
        guard let stored = StoredText(key: key, pages: pages.map { StoredText.Page($0) }) else { return }
        let written = store.save(stored)
        lock.locked { writing = written }
    }

    /// A write is coming: Quire ending waits for it (`TextStore.waitForWrites`).
    func writeAhead() { TextStore.writeBegins() }
    func writeDone() { TextStore.writeEnds() }
}
