#if canImport(Glibc)
import Glibc
#endif

/// A file written where a person said (`--snapshot`, Save, Save As, Print to File): the
/// machine's own files are never replaced by it. Policy:
///  1. A link is followed to what it names (a chain of them too, relative to each link's
///     folder), and that is written: the link stays a link.
///  2. A regular file, or nothing yet: the new contents go into a temporary file beside it,
///     flushed and renamed over it whole, then the folder flushed; a crash leaves the old
///     file or the new one. An existing file keeps its permissions (and, for root, its owner).
///  3. A character device or a FIFO is written through, never created, truncated or
///     replaced: it is opened at the start and kept open, the contents are made in an
///     unnamed temporary file first (writers may seek), then copied in.
///     A FIFO that no process reads is refused at once rather than waited on.
///  4. Anything else (a folder, a disk, a socket, a loop of links) is refused, saying what it is.
/// Blocking: flushing waits for the disk.
public final class OutputFile {
    /// Why a path cannot be written, for a person.
    public struct Failure: Error, CustomStringConvertible, Equatable {
        public let description: String
        /// The target or its folder may not be written: saving elsewhere may still work.
        public var isReadOnly = false
    }

    /// What a path names once its links are followed.
    public enum Target: Equatable {
        /// A regular file (its mode bits and owner) or nothing yet: replaced whole.
        case file(path: String, existing: (mode: UInt32, owner: UInt32, group: UInt32)?)
        /// A character device or FIFO: written through.
        case stream(path: String)

        public static func == (a: Target, b: Target) -> Bool {
            switch (a, b) {
            case (.file(let p, let e), .file(let q, let f)): p == q && e?.mode == f?.mode && e?.owner == f?.owner && e?.group == f?.group
            case (.stream(let p), .stream(let q)): p == q
            default: false
            }
        }

        public var path: String {
            switch self {
            case .file(let path, _), .stream(let path): path
            }
        }
    }

    /// At most this many links are followed (the kernel's own limit).
    static let linkLimit = 40

    /// What `path` names after its links, and how it is to be written.
    public static func target(of path: String) throws(Failure) -> Target {
        var current = path
        for _ in 0...linkLimit {
            var facts = stat()
            guard lstat(current, &facts) == 0 else {
                guard errno == ENOENT else { throw Failure(description: describe(current, errno)) }
                return .file(path: current, existing: nil)
            }
            switch facts.st_mode & S_IFMT {
            case S_IFLNK:
                current = try linkTarget(of: current)
            case S_IFREG:
                return .file(path: current, existing: (facts.st_mode & 0o7777, facts.st_uid, facts.st_gid))
            case S_IFCHR, S_IFIFO:
                return .stream(path: current)
            case S_IFDIR:
                throw Failure(description: tr("{path} is a folder, not a file", ["path": current]))
            case S_IFBLK:
                throw Failure(description: tr("{path} is a disk, so Quire does not write on it", ["path": current]))
            default:
                throw Failure(description: tr("{path} is not a file Quire can write", ["path": current]))
            }
        }
        throw Failure(description: tr("{path} is a loop of links", ["path": path]))
    }

    /// The path the link at `path` names, relative to the link's folder when relative.
    private static func linkTarget(of path: String) throws(Failure) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { throw Failure(description: describe(path, errno)) }
        let named = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if named.hasPrefix("/") { return named }
        return folder(of: path) + "/" + named
    }

    private static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func describe(_ path: String, _ code: Int32) -> String {
        tr("cannot write {path}: {reason}", ["path": path, "reason": String(cString: strerror(code))])
    }

    /// Where the contents are written; they reach the target on `commit()`.
    public let descriptor: Int32
    public let target: Target
    /// The temporary file beside a regular target, removed unless committed.
    private let temporary: String?
    /// The device or FIFO, open for writing since the start.
    private var stream: Int32 = -1
    private var finished = false

    /// Starts writing to `path` (after its links): a temporary file beside a regular file,
    /// an unnamed temporary file for a device or FIFO. Refused at once when the target
    /// cannot be written.
    public init(path: String) throws(Failure) {
        target = try Self.target(of: path)
        switch target {
        case .file(let path, let existing):
            let folder = Self.folder(of: path)
            let name = path.split(separator: "/").last.map(String.init) ?? "file"
            var template = Array((folder + "/." + name + ".quire-XXXXXX").utf8CString)
            let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard fd >= 0 else {
                let reason = errno
                throw Failure(description: tr("cannot write in {folder}: {reason}", ["folder": folder, "reason": String(cString: strerror(reason))]),
                              isReadOnly: reason == EACCES || reason == EROFS || reason == EPERM)
            }
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC) // a program the window starts must not hold it
            descriptor = fd
            temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            if let existing {
                fchmod(fd, existing.mode)
                if getuid() == 0 { _ = fchown(fd, existing.owner, existing.group) }
            } else {
                let mask = umask(0)
                umask(mask)
                fchmod(fd, 0o666 & ~mask)
            }
        case .stream(let path):
            // Opened now and kept open until the copy: a FIFO nobody reads is refused before
            // anything is made, and its reader never sees an end while the contents are made.
            let through = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
            guard through >= 0 else {
                throw Failure(description: errno == ENXIO ? tr("nothing reads from {path}", ["path": path]) : Self.describe(path, errno))
            }
            // Blocking again: a reader slower than the writer is waited for, as a shell's would be.
            _ = fcntl(through, F_SETFL, fcntl(through, F_GETFL) & ~O_NONBLOCK)
            do {
                descriptor = try Self.anonymousFile()
            } catch {
                close(through)
                throw error
            }
            stream = through
            temporary = nil
        }
    }

    /// A file with no name in the temporary folder (on disk, not memory): gone with its
    /// last descriptor. Also where a version of a document the reader changes is kept.
    public static func anonymousFile() throws(Failure) -> Int32 {
        let folder = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((folder + "/quire-output-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw Failure(description: describe(folder, errno)) }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        return fd
    }

    deinit {
        if !finished { abandon() }
    }

    /// Puts what was written in place of the target (or into it); the descriptor is closed.
    public func commit() throws(Failure) {
        precondition(!finished, "an output committed twice")
        finished = true
        defer { close(descriptor) }
        switch target {
        case .file(let path, _):
            guard let temporary else { return }
            guard fsync(descriptor) == 0 else {
                let reason = errno
                unlink(temporary)
                throw Failure(description: tr("the new file could not be written to disk: {reason}", ["reason": String(cString: strerror(reason))]))
            }
            guard rename(temporary, path) == 0 else {
                let reason = errno
                unlink(temporary)
                throw Failure(description: tr("the new file could not replace {path}: {reason}", ["path": path, "reason": String(cString: strerror(reason))]))
            }
            let directory = open(Self.folder(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            if directory >= 0 { fsync(directory); close(directory) }
        case .stream(let path):
            defer { close(stream) }
            try copyThrough(to: path)
        }
    }

    /// Drops what was written: the target is left as it was.
    public func abandon() {
        guard !finished else { return }
        finished = true
        if let temporary { unlink(temporary) }
        if stream >= 0 { close(stream) }
        close(descriptor)
    }

    /// Writes `bytes` and commits them.
    public static func write(_ bytes: UnsafeRawBufferPointer, to path: String) throws(Failure) {
        let output = try OutputFile(path: path)
        guard output.writeAll(bytes) else { output.abandon(); throw Failure(description: describe(path, errno)) }
        try output.commit()
    }

    private func writeAll(_ bytes: UnsafeRawBufferPointer, to fd: Int32? = nil) -> Bool {
        var written = 0
        while written < bytes.count {
            let count = Glibc.write(fd ?? descriptor, bytes.baseAddress! + written, bytes.count - written)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            written += count
        }
        return true
    }

    /// What was written into the device or FIFO, opened at the start.
    private func copyThrough(to path: String) throws(Failure) {
        let fd = stream
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        var offset: off_t = 0
        while true {
            let count = chunk.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, offset) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw Failure(description: Self.describe(path, errno)) }
            if count == 0 { return }
            let ok = chunk.withUnsafeBytes { writeAll(UnsafeRawBufferPointer(rebasing: $0[..<count]), to: fd) }
            guard ok else { throw Failure(description: Self.describe(path, errno)) }
            offset += off_t(count)
        }
    }
}
