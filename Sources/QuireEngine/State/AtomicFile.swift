#if canImport(Glibc)
import Glibc
#endif

/// A file only ever replaced whole, so that a crash at any moment leaves the old contents
/// or the new, never a mix. Policy: write a temporary file beside it, flush that to the
/// disk, rename it over the file, then flush the directory so that the rename itself
/// survives a power cut. Each write has a temporary file of its own, made new and
/// exclusively (`name.tmp-<pid>-<random>`, O_EXCL, never through a link), so that two
/// processes cannot write into one. One left by a crash is never read; `removeLeftovers`
/// clears them, and must be called only while no other writer can be midway (under the
/// writers' lock). Only a regular file is read (see `RegularFile`).
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

    /// Which file is at the path: a replacement is a new inode, and an edit changes the
    /// size or the modification time, so a change of any of them means "read it again".
    struct Version: Equatable {
        let device: UInt64
        let inode: UInt64
        let size: Int64
        let modifiedSeconds: Int
        let modifiedNanoseconds: Int

        init(_ facts: stat) {
            device = UInt64(facts.st_dev)
            inode = UInt64(facts.st_ino)
            size = Int64(facts.st_size)
            modifiedSeconds = facts.st_mtim.tv_sec
            modifiedNanoseconds = facts.st_mtim.tv_nsec
        }
    }

    enum Contents {
        case missing
        case bytes([UInt8], Version)
        /// Why it cannot be read, for a person.
        case unreadable(String)
    }

    let directory: String
    let name: String
    let steps: Steps

    var path: String { directory + "/" + name }
    /// What every temporary file's name starts with.
    private var temporaryPrefix: String { name + ".tmp" }

    /// The version of what is at the path now, without opening it; nil if nothing is.
    func currentVersion() -> Version? {
        var facts = stat()
        return lstat(path, &facts) == 0 ? Version(facts) : nil
    }

    /// The whole file; one larger than `limit` bytes, or not a regular file, counts as unreadable.
    func read(limit: Int) -> Contents {
        let opened: RegularFile.Opened
        do {
            guard let file = try RegularFile.open(path, flags: O_RDONLY) else { return .missing }
            opened = file
        } catch {
            return .unreadable("\(error)")
        }
        let descriptor = opened.descriptor
        defer { close(descriptor) }
        let facts = opened.facts
        guard facts.st_size <= limit else { return .unreadable("\(path) is larger than \(limit) bytes") }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 { return .unreadable(FileError("Cannot read \(path)").description) }
            if count == 0 { return .bytes(bytes, Version(facts)) }
            bytes += chunk[..<count]
            if bytes.count > limit { return .unreadable("\(path) is larger than \(limit) bytes") }
        }
    }

    /// Replaces the file, in an existing directory, with `bytes`; returns the new file's version.
    @discardableResult
    func replace(with bytes: [UInt8]) throws -> Version {
        let (temporary, descriptor) = try createTemporary()
        let version: Version
        do {
            defer { close(descriptor) }
            try bytes.withUnsafeBytes { try steps.write(descriptor, $0) }
            try steps.sync(descriptor)
            var facts = stat()
            guard fstat(descriptor, &facts) == 0 else { throw FileError("Cannot examine \(temporary)") }
            version = Version(facts)
            try steps.rename(temporary, path)
        } catch {
            steps.remove(temporary)
            throw error
        }
        let directoryDescriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directoryDescriptor >= 0 else { throw FileError("Cannot open \(directory) to flush it") }
        defer { close(directoryDescriptor) }
        try steps.sync(directoryDescriptor)
        return version
    }

    /// A new temporary file, opened for writing: a fresh name on the (unlikely) clash.
    private func createTemporary() throws -> (path: String, descriptor: Int32) {
        for _ in 0..<8 {
            let temporary = "\(path).tmp-\(getpid())-\(String(UInt64.random(in: 0...UInt64.max), radix: 36))"
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
            if descriptor >= 0 { return (temporary, descriptor) }
            guard errno == EEXIST else { throw FileError("Cannot create \(temporary)") }
        }
        throw FileError(describing: "Cannot create a temporary file beside \(path): every name tried was taken")
    }

    /// Moves the file to `destination`, replacing what was there.
    func move(to destination: String) throws {
        try steps.rename(path, destination)
    }

    /// Removes the temporary files crashes left (and the single `name.tmp` older Quires
    /// used). Only names are removed, never followed: `unlink` of a link or a FIFO removes
    /// the link or the FIFO. Call it only under the writers' lock, when no write is midway.
    func removeLeftovers() {
        guard let listing = opendir(directory) else { return }
        var leftovers: [String] = []
        while let entry = readdir(listing) {
            let entryName = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if entryName == temporaryPrefix || entryName.hasPrefix(temporaryPrefix + "-") { leftovers.append(entryName) }
        }
        closedir(listing)
        for leftover in leftovers { steps.remove(directory + "/" + leftover) }
    }
}

/// A failed system call, described for a person with the system's reason.
struct FileError: Error, CustomStringConvertible {
    let description: String

    /// `what` failed; the reason is read from `errno` now.
    init(_ what: String) {
        description = "\(what): \(String(cString: strerror(errno)))"
    }

    /// A refusal whose whole reason is `description`.
    init(describing description: String) {
        self.description = description
    }
}
