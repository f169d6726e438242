import QuireEngine
import QuireWire
#if canImport(Glibc)
import Glibc
#endif

/// The version of a local file the reader is changing, kept whole. The window's descriptor
/// names the file's inode, so a program that rewrites the file in place (`cp` over it)
/// changes the bytes every helper reads, and a save would graft the reader's annotations
/// onto another document. Policy:
///  1. Whether the bytes are still those opened is told by the inode's size and
///     modification time, as at opening (`bytesAsOpened`); a save refuses bytes that are not.
///  2. Once the reader has changes to lose, a copy of the bytes as opened is made into a
///     file with no name (in the temporary folder, on disk, not in memory), checked to be
///     as opened before and after the copy: "Keep This Version" shows and saves that copy.
///  3. A document that is not a local file (a sealed copy in memory) never changes: it is
///     its own kept version.
extension DocumentFile {
    /// The inode's size and modification time now.
    static func version(of fd: Int32) -> FileVersion? {
        var facts = stat()
        guard fstat(fd, &facts) == 0 else { return nil }
        return FileVersion(size: Int64(facts.st_size), seconds: facts.st_mtim.tv_sec, nanoseconds: facts.st_mtim.tv_nsec)
    }

    /// Whether the descriptor still reads the bytes it was opened on (rule 1).
    public var bytesAsOpened: Bool { Self.version(of: descriptor.fd) == openedVersion }

    /// A copy of the bytes as opened, as a document file of its own with the same name,
    /// password and watchdogs; nil when the bytes changed before or while copying, or the
    /// copy cannot be made. Blocking: run it on a thread.
    public func keptVersion() -> DocumentFile? {
        guard isLocalFile else { return self }
        guard bytesAsOpened, let size = byteCount else { return nil }
        guard let fd = try? OutputFile.anonymousFile() else { return nil }
        let copy = Descriptor(taking: fd)
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        var copied = 0
        while copied < size {
            let count = chunk.withUnsafeMutableBytes { pread(descriptor.fd, $0.baseAddress, min($0.count, size - copied), off_t(copied)) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            var written = 0
            while written < count {
                let step = chunk.withUnsafeBytes { write(fd, $0.baseAddress! + written, count - written) }
                if step < 0 && errno == EINTR { continue }
                guard step > 0 else { return nil }
                written += step
            }
            copied += count
        }
        guard bytesAsOpened else { return nil }
        return DocumentFile(taking: copy, displayPath: displayPath, password: password, watchdogs: watchdogs, isLocalFile: false)
    }
}

/// What tells one state of a file's bytes from another without reading them: a write
/// sets the modification time (not the change time alone, which a rename or a link moves).
struct FileVersion: Equatable {
    let size: Int64
    let seconds: Int
    let nanoseconds: Int
}
