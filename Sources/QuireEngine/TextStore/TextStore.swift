#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Documents' text kept on disk, so that a document reopened is searched without reading
/// its pages again. Policy:
///  1. One entry a document, `$XDG_CACHE_HOME/quire/text/<hash of the path>.qtext`, in the
///     bytes of `TextStoreFormat`; an entry is only ever replaced whole (`AtomicFile`).
///  2. An entry answers only for its exact key (`TextStoreKey`: path, file, size, time,
///     page count). One that does not decode for the key asked — damaged, foreign, from
///     another version of the file — is removed, and the text is read again.
///  3. All entries together stay within `budget` bytes: after each write the least
///     recently used go first (an entry's modification time is set when it is read). An
///     entry larger than the whole budget is not written.
///  4. A folder that is not private to the user (`PrivateDirectory`) is not used.
/// Safe from any thread: writes take turns; a read never waits for one.
public final class TextStore: Sendable {
    public static let entrySuffix = ".qtext"
    public static let defaultBudgetMiB = 256

    public enum Lookup: Sendable {
        case found(StoredText)
        case missing
        /// An entry was there and was not sound for the key: it is gone now.
        case dropped
    }

    public let directory: String
    public let budget: Int
    /// Seconds since 1970: when an entry is used (its modification time, rule 3).
    private let now: @Sendable () -> Double
    private let writing = Condition()
    nonisolated(unsafe) private static var writesUnderWay = 0 // guarded by `writesLock`
    private static let writesLock = Condition()

    public init(directory: String = TextStore.defaultDirectory(), budget: Int = TextStore.defaultBudgetMiB << 20,
                now: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }) {
        self.directory = directory
        self.budget = max(0, budget)
        self.now = now
    }

    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return cache + "/quire/text" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.cache/quire/text"
    }

    /// The stored text for `key`, if a sound entry holds it (rule 2).
    public func load(_ key: TextStoreKey) -> Lookup {
        guard PrivateDirectory.problem(directory) == nil else { return .missing }
        let file = AtomicFile(directory: directory, name: key.entryName, steps: .system)
        switch file.read(limit: max(budget, 1)) {
        case .missing: return .missing
        case .unreadable:
            unlink(file.path)
            return .dropped
        case .bytes(let bytes, _):
            guard let stored = TextStoreFormat.decode(bytes, for: key) else {
                unlink(file.path)
                return .dropped
            }
            markUsed(file.path)
            return .found(stored)
        }
    }

    /// Writes `stored`'s entry, then trims the store to its budget; false when it was not
    /// written (too large, or the folder cannot be used).
    @discardableResult
    public func save(_ stored: StoredText) -> Bool {
        Self.writeBegins()
        defer { Self.writeEnds() }
        let bytes = TextStoreFormat.encode(stored)
        guard bytes.count <= budget else { return false }
        return writing.locked {
            guard PrivateDirectory.problem(directory) == nil, (try? PrivateDirectory.create(directory)) != nil else { return false }
            let file = AtomicFile(directory: directory, name: stored.key.entryName, steps: .system)
            guard (try? file.replace(with: bytes)) != nil else { return false }
            markUsed(file.path)
            trim(keeping: stored.key.entryName)
            return true
        }
    }

    /// The entries' names, most recently used first.
    public var entriesByUse: [String] { entries().reversed().map(\.name) }

    /// The text of the entry named `name` with the key it names, if sound; a damaged entry
    /// is removed (rule 2). Reading it does not count as a use.
    public func read(entryNamed name: String) -> StoredText? {
        guard !name.contains("/"), PrivateDirectory.problem(directory) == nil else { return nil }
        let file = AtomicFile(directory: directory, name: name, steps: .system)
        guard case .bytes(let bytes, _) = file.read(limit: max(budget, 1)) else { return nil }
        guard let stored = TextStoreFormat.decode(bytes), stored.key.entryName == name else {
            unlink(file.path)
            return nil
        }
        return stored
    }

    /// The entries' total size in bytes.
    public var totalBytes: Int { entries().reduce(0) { $0 + $1.size } }

    /// The names of the entries, least recently used first.
    public var entryNames: [String] { entries().map(\.name) }

    /// Waits until no write of any store is under way, at most `seconds`: Quire ending
    /// lets an entry being written reach the disk.
    public static func waitForWrites(seconds: Double) {
        let deadline = Date().addingTimeInterval(seconds)
        writesLock.locked {
            while writesUnderWay > 0, Date() < deadline { writesLock.wait(seconds: deadline.timeIntervalSinceNow) }
        }
    }

    /// Sets the entry's modification time to now: its last use (rule 3). The file system's
    /// own clock ticks in milliseconds; two uses within one tick would look alike.
    private func markUsed(_ path: String) {
        let seconds = now()
        let time = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
        var times = [time, time]
        utimensat(AT_FDCWD, path, &times, 0)
    }

    static func writeBegins() { writesLock.locked { writesUnderWay += 1 } }
    static func writeEnds() {
        writesLock.locked {
            writesUnderWay -= 1
            writesLock.broadcast()
        }
    }

    private struct Entry {
        let name: String
        let size: Int
        let used: Double
    }

    /// The entries (regular files named as entries), least recently used first; leftovers
    /// of interrupted writes older than a minute go too.
    private func entries() -> [Entry] {
        guard let listing = opendir(directory) else { return [] }
        defer { closedir(listing) }
        var found: [Entry] = []
        let now = Double(time(nil))
        while let entry = readdir(listing) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            var facts = stat()
            guard lstat(directory + "/" + name, &facts) == 0, facts.st_mode & S_IFMT == S_IFREG else { continue }
            let used = Double(facts.st_mtim.tv_sec) + Double(facts.st_mtim.tv_nsec) / 1e9
            if name.contains(Self.entrySuffix + ".tmp-") {
                if now - used > 60 { unlink(directory + "/" + name) }
                continue
            }
            guard name.hasSuffix(Self.entrySuffix) else { continue }
            found.append(Entry(name: name, size: Int(facts.st_size), used: used))
        }
        return found.sorted { ($0.used, $0.name) < ($1.used, $1.name) }
    }

    private func trim(keeping kept: String) {
        var entries = entries()
        var total = entries.reduce(0) { $0 + $1.size }
        while total > budget, let oldest = entries.first(where: { $0.name != kept }) {
            unlink(directory + "/" + oldest.name)
            total -= oldest.size
            entries.removeAll { $0.name == oldest.name }
        }
    }
}
