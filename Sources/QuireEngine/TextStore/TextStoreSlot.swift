import Foundation

/// One document's place in a `TextStore`: what the search threads read from it and write
/// to it, and what came of that (for traces and tests). Pages' characters (caret mode's)
/// found in the entry are answered from here at once; those read from the document are
/// learned and written with the entry (with its text, or into the entry found, in the
/// background when the document closes).
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
    /// Characters the entry holds, and those read since that it lacks.
    nonisolated(unsafe) private var characters: [Int: StoredText.Characters] = [:] // guarded by `lock`
    nonisolated(unsafe) private var learned: [Int: StoredText.Characters] = [:]    // guarded by `lock`
    /// Pages whose characters were recognised (a scan's), in the entry or since.
    nonisolated(unsafe) private var recognised: Set<Int> = []                     // guarded by `lock`
    private let keeping = ThreadGroup()

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
            lock.locked {
                reading = .found
                lock.broadcast()
                for (page, content) in stored.pages.enumerated() {
                    if let found = content.characters { characters[page] = found }
                    if content.recognised, content.characters != nil { recognised.insert(page) }
                }
            }
            return stored.pages.map(\.text)
        case .missing: lock.locked { reading = .missing; lock.broadcast() }
        case .dropped: lock.locked { reading = .dropped; lock.broadcast() }
        }
        return nil
    }

    func save(_ pages: [PageText]) {
        let (known, recognised) = lock.locked { (characters.merging(learned) { $1 }, self.recognised) }
        guard let stored = StoredText(key: key, pages: pages.enumerated().map { page, text in
            // A recognised page's text is its characters' (the page itself has none).
            let recognisedHere = recognised.contains(page) && known[page] != nil
            return StoredText.Page(recognisedHere ? PageText(known[page]!.text) : text, recognised: recognisedHere, characters: known[page])
        }) else { return }
        let written = store.save(stored)
        lock.locked { writing = written }
    }

    /// Waits until the entry was read (or found missing), at most `seconds`; false if not by then.
    public func waitUntilRead(seconds: Double = 2) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        return lock.locked {
            while reading == .unread, Date() < deadline { lock.wait(seconds: deadline.timeIntervalSinceNow) }
            return reading != .unread
        }
    }

    /// The page's characters, if the entry holds them (or they were read in this run).
    public func characters(onPage page: Int) -> StoredText.Characters? {
        lock.locked { characters[page] ?? learned[page] }
    }

    /// Characters read from the document, to be kept with its entry.
    public func learn(_ read: StoredText.Characters, onPage page: Int) {
        guard (0..<key.pageCount).contains(page) else { return }
        lock.locked { if characters[page] == nil { learned[page] = read } }
    }

    /// A scanned page's recognised characters, to be kept with its entry as recognised (they
    /// take the place of the page's own, which are none).
    public func learnRecognised(_ read: StoredText.Characters, onPage page: Int) {
        guard (0..<key.pageCount).contains(page) else { return }
        lock.locked {
            characters[page] = nil
            learned[page] = read
            recognised.insert(page)
        }
    }

    /// The recognised pages the entry holds (or recognised in this run): their characters.
    public var recognisedPages: [Int: StoredText.Characters] {
        lock.locked { recognised.reduce(into: [:]) { found, page in found[page] = learned[page] ?? characters[page] } }
    }

    /// Writes the characters learned into the document's entry, on a thread at idle priority
    /// (an entry written later takes them with its text). Quire ending waits for it.
    public func keepLearnedCharacters() {
        let wanted = lock.locked { !learned.isEmpty }
        guard wanted else { return }
        TextStore.writeBegins()
        keeping.start { [self] in
            defer { TextStore.writeEnds() }
            runThisThreadAtIdlePriority()
            keepLearnedCharactersNow()
        }
    }

    /// `keepLearnedCharacters`' work, on the calling thread (tests wait for it).
    func keepLearnedCharactersNow() {
        guard case .found(let stored) = store.load(key) else { return }
        let (learned, recognised) = lock.locked { (self.learned, self.recognised) }
        guard !learned.isEmpty, let merged = StoredText(key: key, pages: stored.pages.enumerated().map { page, content in
            if recognised.contains(page), let read = learned[page] {
                return StoredText.Page(PageText(read.text), recognised: true, characters: read)
            }
            return StoredText.Page(content.text, recognised: content.recognised, characters: content.characters ?? learned[page])
        }) else { return }
        if store.save(merged) {
            lock.locked {
                characters.merge(learned) { $1 }
                self.learned = [:]
            }
        }
    }

    /// A write is coming: Quire ending waits for it (`TextStore.waitForWrites`).
    func writeAhead() { TextStore.writeBegins() }
    func writeDone() { TextStore.writeEnds() }
}
