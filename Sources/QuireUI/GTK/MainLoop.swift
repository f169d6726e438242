import CAdwaita
import CGtk
import CShim

/// The one way back to the main thread. GLib's main loop owns it, so `DispatchQueue.main`
/// and `@MainActor` jobs never run; an idle source does.
public enum MainLoop {
    private final class Job: Sendable {
        let body: @Sendable @MainActor () -> Void
        init(_ body: @escaping @Sendable @MainActor () -> Void) { self.body = body }
    }

    /// Runs `body` on the main thread soon, in call order; callable from any thread.
    public static func invoke(_ body: @escaping @Sendable @MainActor () -> Void) {
        quire_main_invoke(runJobOnce, retained(body), releaseJob)
    }

    /// A job for a GLib source: retained until the source goes (`releaseJob`).
    private static func retained(_ body: @escaping @Sendable @MainActor () -> Void) -> UnsafeMutableRawPointer {
        Unmanaged.passRetained(Job(body)).toOpaque()
    }

    /// A source's callback that runs its job once, on the main thread.
    private static let runJobOnce: GSourceFunc = { data in
        let job = Unmanaged<Job>.fromOpaque(data!).takeUnretainedValue()
        MainActor.assumeIsolated { job.body() }
        return 0
    }

    private static let releaseJob: GDestroyNotify = { data in Unmanaged<Job>.fromOpaque(data!).release() }

    /// Runs `body` once on the main thread after `seconds`, never sooner (GLib counts whole
    /// milliseconds: rounded down, a timer set for a moment came a hair before it, and
    /// found it not yet come); returns the GLib source id (for `g_source_remove`).
    @MainActor @discardableResult
    public static func after(seconds: Double, _ body: @escaping @Sendable @MainActor () -> Void) -> UInt32 {
        let milliseconds = (max(0, seconds) * 1000).rounded(.up)
        return g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds < Double(UInt32.max) ? UInt32(milliseconds) : .max, runJobOnce, retained(body), releaseJob)
    }

    /// Runs `body` once on the main thread when nothing more urgent is pending: after the
    /// events already received (a window manager's configure) and the frame they ask for.
    @MainActor
    public static func whenIdle(_ body: @escaping @Sendable @MainActor () -> Void) {
        g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, runJobOnce, retained(body), releaseJob)
    }

    private final class FrameJob: Sendable {
        let painted: @Sendable @MainActor () -> Bool
        init(_ painted: @escaping @Sendable @MainActor () -> Bool) { self.painted = painted }
    }

    /// Calls `painted` after each frame `widget` paints (once it is realized), for as long
    /// as it returns true: how a view knows that what it drew is on screen.
    @MainActor
    public static func afterEachFrame(of widget: UnsafeMutablePointer<GtkWidget>, _ painted: @escaping @Sendable @MainActor () -> Bool) {
        let job = Unmanaged.passRetained(FrameJob(painted)).toOpaque()
        quire_after_each_frame(widget, { data in
            let job = Unmanaged<FrameJob>.fromOpaque(data!).takeUnretainedValue()
            return MainActor.assumeIsolated { job.painted() } ? 1 : 0
        }, job, { data in
            Unmanaged<FrameJob>.fromOpaque(data!).release()
        })
    }
}
