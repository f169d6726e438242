#if canImport(Glibc)
import Glibc
#endif

/// Opens a file of the state folder only if it is a plain file. Policy: whatever else is
/// found at the path (a symbolic link, a FIFO, a device, a socket, a folder) is refused,
/// never followed and never waited on: its kind is looked at first (`lstat`) so a device
/// is not even opened, the open itself neither follows a link nor blocks on a FIFO
/// (O_NOFOLLOW, O_NONBLOCK) in case the path was swapped in between, and the file opened
/// is checked again (`fstat`).
enum RegularFile {
    struct Opened {
        let descriptor: Int32
        let facts: stat
    }

    /// The open file (its descriptor the caller's to close), or nil when nothing is at
    /// `path` and `flags` do not create; throws, saying what is there, when it is refused.
    static func open(_ path: String, flags: Int32, mode: mode_t = 0o600) throws -> Opened? {
        let creates = flags & O_CREAT != 0
        var facts = stat()
        if lstat(path, &facts) == 0 {
            try requireRegular(facts, at: path)
        } else if errno != ENOENT {
            throw FileError("Cannot examine \(path)")
        } else if !creates {
            return nil
        }
        let descriptor = Glibc.open(path, flags | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, mode)
        guard descriptor >= 0 else {
            if errno == ENOENT && !creates { return nil }
            if errno == ELOOP { throw FileError(describing: "\(path) is a symbolic link, not a regular file") }
            throw FileError("Cannot open \(path)")
        }
        do {
            guard fstat(descriptor, &facts) == 0 else { throw FileError("Cannot examine \(path)") }
            try requireRegular(facts, at: path)
        } catch {
            close(descriptor)
            throw error
        }
        return Opened(descriptor: descriptor, facts: facts)
    }

    private static func requireRegular(_ facts: stat, at path: String) throws {
        let kind = facts.st_mode & S_IFMT
        guard kind != S_IFREG else { return }
        let name = switch kind {
        case S_IFLNK: "a symbolic link"
        case S_IFIFO: "a named pipe (FIFO)"
        case S_IFSOCK: "a socket"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFDIR: "a folder"
        default: "something other than a file"
        }
        throw FileError(describing: "\(path) is \(name), not a regular file")
    }
}
