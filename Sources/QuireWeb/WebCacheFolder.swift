import QuireEngine
#if canImport(Glibc)
import Glibc
#endif

/// The cache folder's files (`WebFetchPolicy` rules 4 and 6): `<key>.pdf` beside its
/// `<key>.meta` (`WebCacheEntry`); the meta file's modification time is when the copy was
/// last used. A new copy is written into an unnamed file (O_TMPFILE) that gets a name only
/// when complete, and is renamed over the old copy, so that a window reading the old copy
/// keeps its bytes and a download killed half way leaves nothing behind.
struct WebCacheFolder {
    let path: String

    func copyPath(_ key: String) -> String { "\(path)/\(key).pdf" }
    private func metaPath(_ key: String) -> String { "\(path)/\(key).meta" }

    /// Makes the folder (and its parents) if missing, private to the user.
    func make() throws(WebFailure) {
        var made = ""
        for part in path.split(separator: "/") {
            made += "/" + part
            if mkdir(made, 0o700) != 0 && errno != EEXIST { throw .cache(String(cString: strerror(errno))) }
        }
    }

    /// The entry stored for `address`, if its copy is there whole.
    func entry(for address: WebAddress) -> WebCacheEntry? {
        let key = WebCacheEntry.key(for: address)
        guard let text = readSmallFile(metaPath(key)), let entry = WebCacheEntry(text: text),
              entry.address == address.description else { return nil }
        var facts = stat()
        guard stat(copyPath(key), &facts) == 0, Int(facts.st_size) == entry.size else { return nil }
        return entry
    }

    /// Writes `entry` for `address` (which also marks it used now).
    func store(_ entry: WebCacheEntry, for address: WebAddress) throws(WebFailure) {
        let key = WebCacheEntry.key(for: address)
        let temporary = metaPath(key) + ".new"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .cache(String(cString: strerror(errno))) }
        let bytes = Array(entry.text.utf8)
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        guard written == bytes.count, rename(temporary, metaPath(key)) == 0 else {
            unlink(temporary)
            throw .cache(String(cString: strerror(errno)))
        }
    }

    /// A file for a new copy, without a name until `complete`.
    func newCopy() throws(WebFailure) -> PendingCopy {
        var fd = open(path, unnamedFile | O_WRONLY | O_CLOEXEC, 0o600)
        var name: String?
        if fd < 0 {
            // A filesystem without O_TMPFILE: a named part file, removed if the copy fails.
            let part = "\(path)/part-\(getpid())"
            fd = open(part, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
            name = part
        }
        guard fd >= 0 else { throw .cache(String(cString: strerror(errno))) }
        return PendingCopy(fd: fd, partName: name)
    }

    /// Gives `copy` the name of `address`'s copy, replacing the old one whole.
    func complete(_ copy: PendingCopy, for address: WebAddress) throws(WebFailure) {
        let target = copyPath(WebCacheEntry.key(for: address))
        guard fsync(copy.fd) == 0 else { throw .cache(String(cString: strerror(errno))) }
        if let part = copy.partName {
            guard rename(part, target) == 0 else { throw .cache(String(cString: strerror(errno))) }
            return
        }
        let named = "\(target).new-\(getpid())"
        unlink(named)
        guard linkat(AT_FDCWD, "/proc/self/fd/\(copy.fd)", AT_FDCWD, named, AT_SYMLINK_FOLLOW) == 0 else {
            throw .cache(String(cString: strerror(errno)))
        }
        guard rename(named, target) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(named)
            throw .cache(reason)
        }
    }

    /// Marks `address`'s copy used now, for the eviction's order.
    func touch(_ address: WebAddress) {
        utimensat(AT_FDCWD, metaPath(WebCacheEntry.key(for: address)), nil, 0)
    }

    /// Removes the least recently used copies until the folder fits in `limit`, keeping `address`'s.
    func evict(limit: Int, keeping address: WebAddress) {
        guard let folder = opendir(path) else { return }
        var copies: [WebCacheEviction.Copy] = []
        while let item = readdir(folder) {
            let name = withUnsafeBytes(of: item.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            guard name.hasSuffix(".meta") else { continue }
            let key = String(name.dropLast(5))
            var meta = stat(), copy = stat()
            guard stat(metaPath(key), &meta) == 0 else { continue }
            let bytes = stat(copyPath(key), &copy) == 0 ? Int(copy.st_size) : 0
            copies.append(.init(key: key, bytes: bytes, lastUsed: Int(meta.st_mtim.tv_sec)))
        }
        closedir(folder)
        for key in WebCacheEviction.evicted(copies, limit: limit, keeping: WebCacheEntry.key(for: address)) {
            unlink(metaPath(key))
            unlink(copyPath(key))
        }
    }

    private func readSmallFile(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 16384)
        let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0, count < bytes.count else { return nil }
        return String(decoding: bytes[..<count], as: UTF8.self)
    }
}

/// A copy being written; closed (and its part file removed, if it has one) when dropped.
final class PendingCopy {
    let fd: Int32
    /// The name of a part file, where the filesystem has no unnamed ones.
    let partName: String?
    private var completed = false

    init(fd: Int32, partName: String?) {
        self.fd = fd
        self.partName = partName
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws(WebFailure) {
        var done = 0
        while done < bytes.count {
            let count = Glibc.write(fd, bytes.baseAddress! + done, bytes.count - done)
            if count < 0 {
                if errno == EINTR { continue }
                throw .cache(String(cString: strerror(errno)))
            }
            done += count
        }
    }

    func markCompleted() { completed = true }

    deinit {
        close(fd)
        if !completed, let partName { unlink(partName) }
    }
}

/// O_TMPFILE, which Glibc's module leaves out (__O_TMPFILE | O_DIRECTORY, the same on x86-64 and arm64).
private let unnamedFile: Int32 = 0o20000000 | O_DIRECTORY
