#if canImport(Glibc)
import Glibc
#endif

/// A second thread, for the attempts that need one: made through pthread_create, as
/// poppler's or glib's would be (glibc tries clone3, then clone with CLONE_THREAD).
enum SpareThread {
    /// Starts a thread that ends at once and waits for it; the errno when it cannot start.
    static func runOnce() -> Int32 {
        var thread = pthread_t()
        let result = pthread_create(&thread, nil, { _ in nil }, nil)
        if result == 0 { pthread_join(thread, nil) }
        return result
    }

    /// Starts a thread that waits for ever, so that the process is no longer single-threaded.
    static func startIdle() {
        var thread = pthread_t()
        precondition(pthread_create(&thread, nil, { _ in
            while true { poll(nil, 0, -1) }
        }, nil) == 0, "cannot start a thread")
    }
}
