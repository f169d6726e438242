import QuireEngine
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The UI thread must never wait on poppler. The application marks its main thread at
/// start-up; a render asked for on that thread then fails loudly instead of freezing the
/// window for as long as the page takes.
public enum RenderingGuard {
    private static let forbidden = Atomic<UInt>(0) // a pthread_t; 0 while none is marked

    /// Marks the calling thread as one that must never render.
    public static func forbidRenderingOnThisThread() {
        forbidden.store(UInt(pthread_self()), ordering: .relaxed)
    }

    static func check() throws {
        let marked = forbidden.load(ordering: .relaxed)
        if marked != 0 && marked == UInt(pthread_self()) {
            throw RenderFailure("a page was to be rendered on the user-interface thread")
        }
    }
}
