import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// `QUIRE_TRACE_LAUNCH=1` (`Configuration.tracesLaunch`): each step on the way to the
/// first view prints, once, how many milliseconds after the process started it was
/// reached, so that a launch's time can be read step by step (the window, the helpers'
/// answers, the frames). Off, a step costs a check of a flag.
public enum LaunchTrace {
    private static let on = Atomic(false)
    /// The steps printed; at most `limit` (steps may name pages and scales).
    private static let seen = Mutex<Set<String>>([])
    private static let limit = 200

    /// Also fixes the start: processes forked after (the zygote, its helpers) count from
    /// this process's start too, so their steps read on one time line.
    public static func turnOn() {
        _ = started
        on.store(true, ordering: .relaxed)
    }

    public static var isOn: Bool { on.load(ordering: .relaxed) }

    /// Prints `step` once; past `limit` steps only those `beyondLimit` (each tab switch's,
    /// however many pictures came before).
    public static func mark(_ step: @autoclosure () -> String, beyondLimit: Bool = false) {
        guard isOn else { return }
        let step = step()
        // Timed and written under the lock: the lines of two threads stay in time order.
        seen.withLock { seen in
            guard seen.count < limit || beyondLimit, seen.insert(step).inserted else { return }
            let tenths = Int(((monotonicSeconds() - started) * 10_000).rounded())
            let line = "launch: \(tenths / 10).\(tenths % 10) ms \(step)\n"
            _ = line.withCString { write(2, $0, strlen($0)) }
        }
    }

    /// Set by the window for the helpers' executable it starts: the window's start, on the
    /// monotonic clock, from which that process's steps count too.
    public static let startVariable = "QUIRE_LAUNCH_STARTED"
    /// The start steps count from, in seconds on the monotonic clock.
    public static var start: Double { started }

    /// The process's start on the monotonic clock: its start in /proc/self/stat (clock
    /// ticks after boot) set against the boot-time clock, or the one its starter gave.
    private static let started: Double = {
        if let given = getenv(startVariable).flatMap({ Double(String(cString: $0)) }), given > 0 { return given }
        var now = timespec()
        clock_gettime(CLOCK_BOOTTIME, &now)
        let sinceBoot = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
        var bytes = [UInt8](repeating: 0, count: 1024)
        let fd = open("/proc/self/stat", O_RDONLY | O_CLOEXEC)
        let count = fd < 0 ? 0 : read(fd, &bytes, bytes.count)
        if fd >= 0 { close(fd) }
        let stat = String(decoding: bytes.prefix(max(count, 0)), as: UTF8.self)
        // Field 22, counted after the command's closing parenthesis (a name may hold spaces).
        guard let end = stat.lastIndex(of: ")") else { return monotonicSeconds() }
        let fields = stat[stat.index(after: end)...].split(separator: " ")
        guard fields.count > 19, let ticks = Double(fields[19]) else { return monotonicSeconds() }
        return monotonicSeconds() - (sinceBoot - ticks / Double(sysconf(Int32(_SC_CLK_TCK))))
    }()
}
