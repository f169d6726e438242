import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The window's process never opens a document: helpers do (`RemoteDocument`), and
/// QuireUI cannot import this module. What the compiler cannot keep (the `quire`
/// executable links this module for its helpers) is kept here: once the window's process
/// calls `forbidInThisProcess`, opening a document is refused and reported as a critical
/// line on standard error, which the window tests fail on.
///
/// Within a process that may use poppler, work that must never wait for it runs inside
/// `forbidding`: a page call made meanwhile on that thread is refused (the page reads as
/// one that cannot be loaded), counted and reported the same way.
public enum PopplerCallGuard {
    private static let forbidden = Atomic<UInt>(0) // the pthread_t inside `forbidding`; 0 when none
    private static let refused = Atomic<Int>(0)
    private static let processForbidden = Atomic<Bool>(false)

    /// From now on, no document opens in this process (children forked earlier are not
    /// affected: the zygote and its helpers).
    public static func forbidInThisProcess() { processForbidden.store(true, ordering: .relaxed) }

    /// Whether a document may open here; reports it when not.
    static func allowsOpening(_ path: String) -> Bool {
        guard processForbidden.load(ordering: .relaxed) else { return true }
        refused.add(1, ordering: .relaxed)
        report("poppler was asked to open \(path) in the window's process, where no document may open")
        return false
    }

    private static func report(_ problem: String) {
        let line = "Quire-CRITICAL **: \(problem)\n"
        _ = line.withCString { write(2, $0, strlen($0)) }
    }

    /// Runs `body`, refusing poppler page calls on this thread until it returns.
    public static func forbidding<T>(_ body: () throws -> T) rethrows -> T {
        let outer = forbidden.exchange(UInt(pthread_self()), ordering: .relaxed)
        defer { forbidden.store(outer, ordering: .relaxed) }
        return try body()
    }

    /// How many page calls were refused since the process started.
    public static var refusedCalls: Int { refused.load(ordering: .relaxed) }

    /// Whether a page call may go ahead on this thread; reports it when not.
    static func allows(_ call: String) -> Bool {
        let marked = forbidden.load(ordering: .relaxed)
        guard marked != 0 && marked == UInt(pthread_self()) else { return true }
        refused.add(1, ordering: .relaxed)
        report("poppler was called (\(call)) where the user-interface thread must not wait for it")
        return false
    }
}
