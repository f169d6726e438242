#if canImport(Glibc)
import Glibc
#endif

/// A file only ever replaced whole, so that a crash at any moment leaves the old contents
/// or the new, never a mix. Policy: write a temporary file beside it, flush that to the
/// disk, rename it over the file, then flush the directory so that the rename itself
/// survives a power cut. The temporary file has a fixed name: one left by a crash is never
/// read, is truncated by the next write, and can be removed at any time.
struct AtomicFile {
    /// The system calls a replacement is made of: the seam where a test stops one midway
    /// (and skips the clean-up), leaving the disk as a crash would.
    struct Steps {
        var write: (_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws -> Void
        var sync: (_ descriptor: Int32) throws -> Void
        var rename: (_ from: String, _ to: String) throws -> Void
        var remove: (_ path: String) -> Void

        static var system: Steps {
            Steps(write: { descriptor, bytes in
                var written = 0
                while written < bytes.count {
                    let count = Glibc.write(descriptor, bytes.baseAddress! + written, bytes.count - written)
                    if count < 0 && errno == EINTR { continue }
                    guard count > 0 else { throw FileError("Cannot write the new file") }
                    written += count
                }
            }, sync: { descriptor in
                guard fsync(descriptor) == 0 else { throw FileError("Cannot flush the new file to the disk") }
            }, rename: { from, to in
                guard Glibc.rename(from, to) == 0 else { throw FileError("Cannot rename \(from) to \(to)") }
            }, remove: { path in
                unlink(path)
            })
        }
    }

    enum Contents {
        case missing
        case bytes([UInt8])
        /// Why it cannot be read, for a person.
        case unreadable(String)
    }

    let directory: String
    let name: String
    let steps: Steps

    var path: String { directory + "/" + name }
    var temporaryPath: String { path + ".tmp" }

    /// The whole file; one larger than `limit` bytes counts as unreadable.
    func read(limit: Int) -> Contents {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        if descriptor < 0 {
            return errno == ENOENT ? .missing : .unreadable(FileError("Cannot open \(path)").description)
        }
        defer { close(descriptor) }
        var facts = stat()
        guard fstat(descriptor, &facts) == 0 else { return .unreadable(FileError("Cannot examine \(path)").description) }
        guard facts.st_mode & S_IFMT == S_IFREG else { return .unreadable("\(path) is not a regular file") }
        guard facts.st_size <= limit else { return .unreadable("\(path) is larger than \(limit) bytes") }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 { return .unreadable(FileError("Cannot read \(path)").description) }
            if count == 0 { return .bytes(bytes) }
            bytes += chunk[..<count]
            if bytes.count > limit { return .unreadable("\(path) is larger than \(limit) bytes") }
        }
    }

    /// Replaces the file with `bytes`, creating its directory (private to the user) if missing.
    func replace(with bytes: [UInt8]) throws {
        try Self.createDirectories(directory)
        let temporary = temporaryPath
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw FileError("Cannot create \(temporary)") }
        do {
            defer { close(descriptor) }
            try bytes.withUnsafeBytes { try steps.write(descriptor, $0) }
            try steps.sync(descriptor)
            try steps.rename(temporary, path)
        } catch {
            steps.remove(temporary)
            throw error
        }
        let directoryDescriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directoryDescriptor >= 0 else { throw FileError("Cannot open \(directory) to flush it") }
        defer { close(directoryDescriptor) }
        try steps.sync(directoryDescriptor)
    }

    /// Moves the file to `destination`, replacing what was there.
    func move(to destination: String) throws {
        try steps.rename(path, destination)
    }

    /// Removes the temporary file a crash may have left.
    func removeLeftover() {
        steps.remove(temporaryPath)
    }

    /// `mkdir -p` with mode 0700, as the XDG base directory specification asks.
    static func createDirectories(_ directory: String) throws {
        var prefix = directory.hasPrefix("/") ? "" : "."
        for component in directory.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, 0o700) != 0 && errno != EEXIST { throw FileError("Cannot create the directory \(prefix)") }
        }
    }
}

/// A failed system call, described for a person with the system's reason.
struct FileError: Error, CustomStringConvertible {
    let description: String

    /// `what` failed; the reason is read from `errno` now.
    init(_ what: String) {
        description = "\(what): \(String(cString: strerror(errno)))"
    }
}
