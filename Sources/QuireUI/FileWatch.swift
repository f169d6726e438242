import CGtk
import CShim
#if canImport(Glibc)
import Glibc
#endif

/// Watches the open file on disk (GFileMonitor, which also sees a file replaced by a
/// rename, as editors and LaTeX do). Writers change a file in several steps, so events are
/// gathered until a quiet spell of `quiet` seconds; then, if the file is really different
/// (inode, size or modification time), `changed` is called, or `deleted` if it is gone.
@MainActor
final class FileWatch {
    private struct Stamp: Equatable {
        let inode: UInt64, size: Int64, seconds: Int, nanoseconds: Int
        init?(_ path: String) {
            var facts = stat()
            guard stat(path, &facts) == 0 else { return nil }
            inode = UInt64(facts.st_ino)
            size = Int64(facts.st_size)
            seconds = facts.st_mtim.tv_sec
            nanoseconds = facts.st_mtim.tv_nsec
        }
    }

    private let path: String
    private let monitor: UnsafeMutablePointer<GFileMonitor> // owned
    private var stamp: Stamp?
    private var timer: UInt32 = 0
    private let quiet: Double
    var changed: (() -> Void)?
    var deleted: (() -> Void)?

    /// Starts watching `path` as it is now; nil when it cannot be watched.
    init?(path: String, quiet: Double = 0.3) {
        let file = g_file_new_for_path(path)!
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        guard let monitor = g_file_monitor_file(file, G_FILE_MONITOR_WATCH_MOVES, nil, nil) else { return nil }
        self.path = path
        self.monitor = monitor
        self.quiet = quiet
        stamp = Stamp(path)
        Signal.connectFileChanged(UnsafeMutableRawPointer(monitor)) { [weak self] in self?.eventCame() }
    }

    isolated deinit {
        g_file_monitor_cancel(monitor)
        g_object_unref(UnsafeMutableRawPointer(monitor))
    }

    private func eventCame() {
        if timer != 0 { g_source_remove(timer) }
        timer = MainLoop.after(seconds: quiet) { [weak self] in
            guard let self else { return }
            self.timer = 0
            self.settle()
        }
    }

    private func settle() {
        let now = Stamp(path)
        guard now != stamp else { return }
        stamp = now
        if now == nil { deleted?() } else { changed?() }
    }
}
