import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Some work on the user-interface thread must never wait for a helper, however the code
/// around it changes: answering pointer motion over a page of 200,000 links has to take
/// microseconds. Such work runs inside `forbidding`; a question to a document helper made
/// meanwhile on that thread is refused (it reads as a failed answer), counted, and
/// reported as a critical line on standard error, which the window tests fail on.
public enum HelperCallGuard {
    private static let forbidden = Atomic<UInt>(0) // the pthread_t inside `forbidding`; 0 when none
    private static let refused = Atomic<Int>(0)

    /// Runs `body`, refusing questions to helpers on this thread until it returns.
    public static func forbidding<T>(_ body: () throws -> T) rethrows -> T {
        let outer = forbidden.exchange(UInt(pthread_self()), ordering: .relaxed)
        defer { forbidden.store(outer, ordering: .relaxed) }
        return try body()
    }

    /// How many questions were refused since the process started.
    public static var refusedCalls: Int { refused.load(ordering: .relaxed) }

    /// Whether a question may go to a helper on this thread; reports it when not.
    static func allows(_ question: String) -> Bool {
        let marked = forbidden.load(ordering: .relaxed)
        guard marked != 0 && marked == UInt(pthread_self()) else { return true }
        refused.add(1, ordering: .relaxed)
        let line = "Quire-CRITICAL **: a helper was asked (\(question)) where the user-interface thread must not wait for it\n"
        _ = line.withCString { write(2, $0, strlen($0)) }
        return false
    }
}
