import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The user-interface thread must never wait for a helper, however the code around it
/// changes: answering pointer motion over a page of 200,000 links has to take
/// microseconds, and a helper may take 20 s to give up. The window's main thread is
/// marked once (`forbidOnThisThread`), and other work that must not wait runs inside
/// `forbidding`; a question to a document helper made on a marked thread is refused (it
/// reads as a failed answer), counted, and reported as a critical line on standard
/// error, which the window tests fail on.
public enum HelperCallGuard {
    private static let forbidden = Atomic<UInt>(0) // the pthread_t inside `forbidding`; 0 when none
    private static let forbiddenForGood = Atomic<UInt>(0) // the thread marked for its whole life
    private static let refused = Atomic<Int>(0)

    /// Runs `body`, refusing questions to helpers on this thread until it returns.
    public static func forbidding<T>(_ body: () throws -> T) rethrows -> T {
        let outer = forbidden.exchange(UInt(pthread_self()), ordering: .relaxed)
        defer { forbidden.store(outer, ordering: .relaxed) }
        return try body()
    }

    /// Refuses questions to helpers on this thread from now on: the window's main thread.
    public static func forbidOnThisThread() {
        forbiddenForGood.store(UInt(pthread_self()), ordering: .relaxed)
    }

    /// How many questions were refused since the process started.
    public static var refusedCalls: Int { refused.load(ordering: .relaxed) }

    /// Whether a question may go to a helper on this thread; reports it when not.
    static func allows(_ question: String) -> Bool {
        let this = UInt(pthread_self())
        guard forbidden.load(ordering: .relaxed) == this || forbiddenForGood.load(ordering: .relaxed) == this else { return true }
        refused.add(1, ordering: .relaxed)
        let line = "Quire-CRITICAL **: a helper was asked (\(question)) where the user-interface thread must not wait for it\n"
        _ = line.withCString { write(2, $0, strlen($0)) }
        return false
    }
}
