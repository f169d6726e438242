import Foundation

/// Remembers, per document, how the reader left it, so that reopening a file restores it.
/// Policy: one small file, `documents.json`, read once when the store is made and written
/// whole, atomically, on each `remember`. At most `capacity` documents; the least recently
/// used is forgotten first. A file that cannot be used (unreadable, damaged, or written by
/// a newer Quire) is never fatal and never lost silently: it is moved aside to
/// `documents.json.bad` (replacing an older one), the store starts empty, and `setAside`
/// says why.
///
/// Confined to the thread that made it (the main thread, in the app), and not Sendable
/// so that the compiler keeps it there: documents are opened and closed on the main loop,
/// and a lock would only hide that each `remember` waits for the disk.
public final class DocumentStateStore {
    public static let fileName = "documents.json"
    public static let defaultCapacity = 1_000
    /// A file this large is not one Quire wrote: 1,000 entries of long paths stay under 5 MB.
    static let sizeLimit = 16 << 20

    public let directory: String
    public let capacity: Int
    /// Why the file found at start-up was set aside, if it was: a sentence for the log.
    public private(set) var setAside: String?

    /// By path: a path holds one file at a time, so a stranger's entry there is replaced.
    private var entries: [String: DocumentStateFile.Entry] = [:]
    private let file: AtomicFile
    private let now: () -> Date

    /// A store over `directory/documents.json`; `now` is when a document is remembered.
    public convenience init(directory: String = DocumentStateStore.defaultDirectory(),
                            capacity: Int = DocumentStateStore.defaultCapacity,
                            now: @escaping () -> Date = Date.init) {
        self.init(directory: directory, capacity: capacity, now: now, steps: .system)
    }

    /// `steps` are the system calls of a write, for tests that interrupt one.
    init(directory: String, capacity: Int, now: @escaping () -> Date, steps: AtomicFile.Steps) {
        self.directory = directory
        self.capacity = max(1, capacity)
        self.now = now
        file = AtomicFile(directory: directory, name: Self.fileName, steps: steps)
        load()
    }

    public var path: String { file.path }
    public var setAsidePath: String { file.path + ".bad" }
    /// How many documents are remembered.
    public var count: Int { entries.count }

    /// The state remembered for this file, if any applies to it (see `DocumentIdentity`).
    public func state(for identity: DocumentIdentity) -> DocumentState? {
        guard let entry = entries[identity.path], identity.isSameDocument(as: entry.identity) else { return nil }
        return entry.state
    }

    /// Remembers `state` for this file as of now and writes the file. Each call waits for
    /// the disk, so call it when a document is closed or at a pause, not on every scroll.
    /// On failure the state is still remembered for this session; the error says what failed.
    public func remember(_ state: DocumentState, for identity: DocumentIdentity) throws {
        entries[identity.path] = DocumentStateFile.Entry(identity: identity, lastUsed: now().timeIntervalSince1970, state: state)
        forgetBeyondCapacity(sparing: identity.path)
        try file.replace(with: DocumentStateFile.encode(Array(entries.values)))
    }

    /// `$XDG_STATE_HOME/quire`, where `XDG_STATE_HOME` defaults to `~/.local/state` (and,
    /// as the XDG base directory specification says, a relative one is ignored).
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/quire" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.local/state/quire"
    }

    private func load() {
        file.removeLeftover()
        let reason: String
        switch file.read(limit: Self.sizeLimit) {
        case .missing:
            return
        case .unreadable(let why):
            reason = why
        case .bytes(let bytes):
            do {
                let documents = try DocumentStateFile.decode(bytes)
                entries = Dictionary(documents.map { ($0.path, $0) }) { $0.lastUsed >= $1.lastUsed ? $0 : $1 }
                forgetBeyondCapacity()
                return
            } catch {
                reason = "\(path) cannot be used: \(error.reason)"
            }
        }
        do {
            try file.move(to: setAsidePath)
            setAside = "\(reason); it was moved to \(setAsidePath) and no reading positions are restored"
        } catch {
            setAside = "\(reason), and it could not be moved aside (\(error)); it is ignored"
        }
    }

    /// Drops the least recently used entries beyond `capacity` (ties: by path, for
    /// determinism), never the one at `sparing`, just remembered.
    private func forgetBeyondCapacity(sparing: String? = nil) {
        guard entries.count > capacity else { return }
        let oldestFirst = entries.values.filter { $0.path != sparing }
            .sorted { ($0.lastUsed, $0.path) < ($1.lastUsed, $1.path) }
        for entry in oldestFirst.prefix(entries.count - capacity) { entries[entry.path] = nil }
    }
}
