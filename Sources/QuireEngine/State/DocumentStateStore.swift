import Foundation

/// Remembers, per document, how the reader left it, so that reopening a file restores it.
/// Policy:
/// 1. One small file, `documents.json`, shared by all the user's Quires (without a session
///    bus each is a process of its own), in a folder private to the user. A folder that
///    is not (see `PrivateDirectory`) is not used: the store keeps states in memory only,
///    and `memoryOnly` says why.
/// 2. Each `remember` reads, merges and writes under an exclusive lock on
///    `documents.json.lock` (see `FileLock`): the file as it is now and this store's copy
///    become one, per document the later use winning and the state just remembered
///    winning for its own document (see `RememberedDocuments`); then the result replaces
///    the file atomically (see `AtomicFile`). So no Quire writes its stale copy over what
///    another remembered since. When the lock is still held after about two seconds,
///    nothing is written: the error says so, and the state, kept in memory, goes to the
///    disk with the next `remember`.
/// 3. `state(for:)` first looks whether the file changed (its inode, size or modification
///    time: one `lstat`) and, if so, reads it again and merges it in, without the lock
///    (the file is only ever replaced whole): a document left in another Quire opens
///    where it was left there.
/// 4. At most `capacity` documents; the least recently used is forgotten first.
/// 5. A file that cannot be used (unreadable, not a regular file, damaged, or written by a
///    newer Quire) is never fatal and never lost silently: it is moved aside to
///    `documents.json.bad` (replacing an older one), under the lock so that a good file
///    another Quire has just put there is not the one moved, and `setAside` says why.
///    One found by `state(for:)` is left to the next write.
/// 6. A document's bookmarks and marks (`places(for:)`) are kept with its state and merged,
///    not replaced, when two copies meet (see `RememberedDocuments`). The file stays under
///    `sizeLimit`, which reading enforces: a write that would pass it first forgets the
///    least recently used documents.
///
/// Confined to the thread that made it (the main thread, in the app), and not Sendable
/// so that the compiler keeps it there: documents are opened and closed on the main loop,
/// and a lock would only hide that each `remember` waits for the disk.
public final class DocumentStateStore {
    public static let fileName = "documents.json"
    public static let defaultCapacity = 1_000
    /// A file this large is not one Quire wrote: 1,000 entries of long paths stay under 5 MB.
    static let sizeLimit = 16 << 20
    /// `sizeLimit`, or less in tests.
    private let sizeLimit: Int

    public let directory: String
    public let capacity: Int
    /// Why the file found was set aside, if it was: a sentence for the log.
    public private(set) var setAside: String?
    /// Why nothing is read from the disk or written to it, if so: a sentence for the log.
    public let memoryOnly: String?

    private var documents = RememberedDocuments()
    /// The file's version when this store last read or wrote it: another one means
    /// another Quire has written since.
    private var seen: AtomicFile.Version?
    private let file: AtomicFile
    private let patience: FileLock.Patience
    private let now: () -> Date

    /// A store over `directory/documents.json`; `now` is when a document is remembered.
    public convenience init(directory: String = DocumentStateStore.defaultDirectory(),
                            capacity: Int = DocumentStateStore.defaultCapacity,
                            now: @escaping () -> Date = Date.init) {
        self.init(directory: directory, capacity: capacity, now: now, steps: .system)
    }

    /// `steps` are the system calls of a write, for tests that interrupt one; `patience`
    /// is how long to wait for another process's lock.
    init(directory: String, capacity: Int, now: @escaping () -> Date, steps: AtomicFile.Steps,
         patience: FileLock.Patience = .standard, sizeLimit: Int = DocumentStateStore.sizeLimit) {
        self.directory = directory
        self.sizeLimit = sizeLimit
        self.capacity = max(1, capacity)
        self.now = now
        self.patience = patience
        file = AtomicFile(directory: directory, name: Self.fileName, steps: steps)
        memoryOnly = PrivateDirectory.problem(directory).map { "\($0): reading positions are remembered only until Quire ends" }
        if memoryOnly == nil { load() }
    }

    public var path: String { file.path }
    public var setAsidePath: String { file.path + ".bad" }
    var lockPath: String { file.path + ".lock" }
    /// How many documents are remembered.
    public var count: Int { documents.byPath.count }

    /// The state remembered for this file, if any applies to it (see `DocumentIdentity`),
    /// by this Quire or another.
    public func state(for identity: DocumentIdentity) -> DocumentState? {
        guard let entry = remembered(atPath: identity.path), identity.isSameDocument(as: entry.identity) else { return nil }
        return entry.state
    }

    /// What is remembered under `path` (a resolved path, `DocumentIdentity.path`), for
    /// another thread to check against the document once it is open (`isSameDocument`).
    public func remembered(atPath path: String) -> (identity: DocumentIdentity, state: DocumentState)? {
        takeInAnotherQuiresWrite()
        return documents.byPath[path].map { ($0.identity, $0.state) }
    }

    /// The bookmarks and marks remembered for this file (none when nothing applies to it),
    /// by this Quire or another.
    public func places(for identity: DocumentIdentity) -> MarkedPlaces {
        takeInAnotherQuiresWrite()
        guard let entry = documents.byPath[identity.path], identity.isSameDocument(as: entry.identity) else { return MarkedPlaces() }
        return entry.places ?? MarkedPlaces()
    }

    /// Remembers `state` for this file as of now, with `places` merged into its bookmarks
    /// and marks (nil: those remembered stay as they are), and writes the file. Each call
    /// waits for the disk, so call it when a document is closed, at a pause or when the
    /// reader bookmarks, not on every scroll. On failure the state is still remembered for
    /// this session; the error says what failed.
    public func remember(_ state: DocumentState, places: MarkedPlaces? = nil, for identity: DocumentIdentity) throws {
        let entry = DocumentStateFile.Entry(identity: identity, lastUsed: now().timeIntervalSince1970, state: state, places: places)
        documents.remember(entry)
        documents.forget(beyond: capacity, sparing: entry.path)
        guard memoryOnly == nil else { return }
        try PrivateDirectory.create(directory)
        if let problem = PrivateDirectory.problem(directory) { throw FileError(describing: problem) }
        try FileLock.holding(lockPath, patience: patience) {
            file.removeLeftovers()
            documents.merge(readSettingAside())
            documents.remember(entry)
            documents.forget(beyond: capacity, sparing: entry.path)
            seen = try file.replace(with: encodedWithinLimit(sparing: entry.path))
        }
    }

    /// The file's bytes, under `sizeLimit`: beyond it, the least recently used documents
    /// are forgotten a quarter at a time.
    private func encodedWithinLimit(sparing path: String) throws -> [UInt8] {
        var bytes = try DocumentStateFile.encode(documents.entries)
        while bytes.count > sizeLimit, documents.byPath.count > 1 {
            documents.forget(beyond: documents.byPath.count * 3 / 4, sparing: path)
            bytes = try DocumentStateFile.encode(documents.entries)
        }
        return bytes
    }

    /// `$XDG_STATE_HOME/quire`, where `XDG_STATE_HOME` defaults to `~/.local/state` (and,
    /// as the XDG base directory specification says, a relative one is ignored).
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/quire" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.local/state/quire"
    }

    private enum Reading {
        case entries([DocumentStateFile.Entry], AtomicFile.Version?)
        /// Why not, for a person.
        case unusable(String)
    }

    private func read() -> Reading {
        switch file.read(limit: sizeLimit) {
        case .missing:
            return .entries([], nil)
        case .unreadable(let why):
            return .unusable(why)
        case .bytes(let bytes, let version):
            do {
                return .entries(try DocumentStateFile.decode(bytes), version)
            } catch {
                return .unusable("\(path) cannot be used: \(error.reason)")
            }
        }
    }

    private func load() {
        switch read() {
        case .entries(let entries, let version):
            take(entries, version)
        case .unusable(let reason):
            do {
                try FileLock.holding(lockPath, patience: patience) { take(readSettingAside(), seen) }
            } catch {
                setAside = "\(reason), and it was left in place (\(error)); it is ignored"
            }
        }
    }

    /// The file's entries, read under the lock; an unusable file is moved aside and holds none.
    private func readSettingAside() -> [DocumentStateFile.Entry] {
        let reason: String
        switch read() {
        case .entries(let entries, let version):
            seen = version
            return entries
        case .unusable(let why):
            reason = why
        }
        do {
            try file.move(to: setAsidePath)
            setAside = "\(reason); it was moved to \(setAsidePath) and the reading positions in it are not restored"
        } catch {
            setAside = "\(reason), and it could not be moved aside (\(error)); it is ignored"
        }
        seen = nil
        return []
    }

    /// Merges the file in when it is not the one this store last read or wrote. One found
    /// unusable is left alone here: the next write sets it aside under the lock.
    private func takeInAnotherQuiresWrite() {
        guard memoryOnly == nil else { return }
        let current = file.currentVersion()
        guard current != seen else { return }
        seen = current
        if case .entries(let entries, let version) = read() { take(entries, version) }
    }

    private func take(_ entries: [DocumentStateFile.Entry], _ version: AtomicFile.Version?) {
        documents.merge(entries)
        documents.forget(beyond: capacity)
        seen = version
    }
}
