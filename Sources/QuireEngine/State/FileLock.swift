#if canImport(Glibc)
import Glibc
#endif

/// An exclusive lock between processes, held for one short piece of work. Policy: `flock`
/// on a lock file of its own (a regular file, see `RegularFile`), which is never removed,
/// since removing a lock file lets two processes lock two different files. The lock is
/// tried without blocking and retried after a pause, a bounded number of times; when it
/// is still held after that, the work is not done and the error says so. The kernel
/// releases a lock when its holder exits, so only a live process that is stuck (stopped,
/// or waiting on a hung disk) holds it that long, and working past it anyway would make
/// the very overlap the lock is there to prevent.
enum FileLock {
    /// How long to wait for a lock held by another process.
    struct Patience {
        var attempts: Int
        /// Between attempts; a test's pause can let the lock go.
        var pause: () -> Void
        /// What the wait amounts to, for the error.
        var described: String

        /// About two seconds: far longer than a write of the state file takes, short
        /// enough that closing a window never seems to hang.
        static var standard: Patience {
            Patience(attempts: 200, pause: { usleep(10_000) }, described: "2 seconds")
        }
    }

    /// Runs `work` holding the lock on `path` (created, private to the user, if missing).
    static func holding<T>(_ path: String, patience: Patience, _ work: () throws -> T) throws -> T {
        guard let file = try RegularFile.open(path, flags: O_RDWR | O_CREAT) else { throw FileError("Cannot create \(path)") }
        defer { close(file.descriptor) }
        var attempt = 1
        while flock(file.descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else { throw FileError("Cannot lock \(path)") }
            guard attempt < patience.attempts else {
                throw FileError(describing: "\(path) has been locked by another Quire for over \(patience.described), so nothing was written")
            }
            attempt += 1
            patience.pause()
        }
        return try work()
    }
}
