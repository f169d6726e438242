import CAdwaita
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
    private let monitor: GObjectRef // a GFileMonitor
    private var stamp: Stamp?
    private var timer: UInt32 = 0
    private let quiet: Double
    var changed: (() -> Void)?
    var deleted: (() -> Void)?

    /// Starts watching `path` as it is now; nil when it cannot be watched.
    init?(path: String, quiet: Double = 0.3) {
        guard let monitor = owning(g_file_new_for_path(path)!, { g_file_monitor_file($0, G_FILE_MONITOR_WATCH_MOVES, nil, nil) }) else { return nil }
        self.path = path
        self.monitor = GObjectRef(taking: monitor)
        self.quiet = quiet
        stamp = Stamp(path)
        Signal.connectFileChanged(self.monitor.raw) { [weak self] in self?.eventCame() }
    }

    isolated deinit {
        g_file_monitor_cancel(monitor.raw.assumingMemoryBound(to: GFileMonitor.self))
    }

    /// The file as it is now is the one shown (Quire's own save wrote it): no change.
    func adoptCurrent() { stamp = Stamp(path) }

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
