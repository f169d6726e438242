import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The window's process never opens a document: helpers do (`RemoteDocument`), and
/// QuireUI cannot import this module. What the compiler cannot keep (the `quire`
/// executable links this module for its helpers) is kept here: once the window's process
/// calls `forbidInThisProcess`, opening a document is refused and reported as a critical
/// line on standard error, which the window tests fail on. (The window's own threads that
/// must never wait, such as pointer motion, are kept from helpers by `HelperCallGuard`.)
public enum PopplerCallGuard {
    private static let processForbidden = Atomic<Bool>(false)
    private static let refused = Atomic<Int>(0)

    /// From now on, no document opens in this process (children forked earlier are not
    /// affected: the zygote and its helpers).
    public static func forbidInThisProcess() { processForbidden.store(true, ordering: .relaxed) }

    /// How many openings were refused since the process started.
    public static var refusedOpenings: Int { refused.load(ordering: .relaxed) }

    /// Whether a document may open here; reports it when not.
    static func allowsOpening(_ path: String) -> Bool {
        guard processForbidden.load(ordering: .relaxed) else { return true }
        refused.add(1, ordering: .relaxed)
        let line = "Quire-CRITICAL **: poppler was asked to open \(path) in the window's process, where no document may open\n"
        _ = line.withCString { write(2, $0, strlen($0)) }
        return false
    }
}
