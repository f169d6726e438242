#if canImport(Glibc)
import Glibc
#endif

// The engine's threads, locks and clocks. Every lock in the engine is a `Condition`, held
// through `locked` and never across a call out (a render, a delivery); state it guards is
// `nonisolated(unsafe)` or inside a `Sendable` class that says which condition guards it.
// Timed rules read an injected `MonotonicClock`, so that tests drive time.

/// Monotonic time in seconds, as the engine's timed rules read it.
public protocol MonotonicClock: Sendable {
    var now: Double { get }
}

/// The system's monotonic clock.
public struct SystemClock: MonotonicClock {
    public init() {}
    public var now: Double { monotonicSeconds() }
}

/// Seconds on the monotonic clock.
public func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// The calling thread's CPU time in seconds: what a render cost, whatever else ran.
public func threadSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// A mutex with a condition variable, for the few places a thread must sleep until told.
/// Sendable because every access to the guarded state goes through `locked`.
final class Condition: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    private var condition = pthread_cond_t()

    init() {
        pthread_mutex_init(&mutex, nil)
        pthread_cond_init(&condition, nil)
    }

    deinit {
        pthread_cond_destroy(&condition)
        pthread_mutex_destroy(&mutex)
    }

    func locked<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return try body()
    }

    /// Waits while the lock is held; only call inside `locked`.
    func wait() { pthread_cond_wait(&condition, &mutex) }
    /// Waits at most `seconds` (or until told); only call inside `locked`.
    func wait(seconds: Double) {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        // A year at most: a longer wait is a wait until told, and cannot overflow the deadline.
        let nanoseconds = Int(now.tv_nsec) + Int(saturating: min(max(0, seconds), 31_536_000) * 1e9)
        var deadline = timespec(tv_sec: now.tv_sec + nanoseconds / 1_000_000_000, tv_nsec: nanoseconds % 1_000_000_000)
        pthread_cond_timedwait(&condition, &mutex, &deadline)
    }
    func broadcast() { pthread_cond_broadcast(&condition) }
}

/// Starts a detached thread running `body`.
public func startThread(_ body: @escaping @Sendable () -> Void) {
    final class Box { let body: @Sendable () -> Void; init(_ body: @escaping @Sendable () -> Void) { self.body = body } }
    var thread = pthread_t()
    let box = Unmanaged.passRetained(Box(body)).toOpaque()
    let started = pthread_create(&thread, nil, { raw in
        let box = Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue()
        box.body()
        return nil
    }, box)
    precondition(started == 0, "cannot start a render thread")
    pthread_detach(thread)
}

/// Linux's SCHED_IDLE, which Swift's Glibc module does not declare.
private let idleScheduling: Int32 = 5

/// The calling thread runs only on cores nothing else wants (SCHED_IDLE), for background
/// work that must never slow what the reader waits for.
public func runThisThreadAtIdlePriority() { runAtIdlePriority(process: 0) }

/// Whether the calling thread runs at idle priority (`runThisThreadAtIdlePriority`).
public var thisThreadRunsAtIdlePriority: Bool { sched_getscheduler(0) == idleScheduling }

/// Process `pid` (its main thread, and the threads it starts after; 0: the calling thread)
/// runs only on cores nothing else wants: a helper doing a background thread's work. False
/// if not allowed.
@discardableResult
public func runAtIdlePriority(process pid: pid_t) -> Bool {
    var policy = sched_param()
    return sched_setscheduler(pid, idleScheduling, &policy) == 0
}

/// Threads started together, so that their owner can wait until all have ended (and so
/// closed their documents).
final class ThreadGroup: Sendable {
    private let condition = Condition()
    nonisolated(unsafe) private var running = 0 // guarded by `condition`

    func start(_ body: @escaping @Sendable () -> Void) {
        condition.locked { running += 1 }
        startThread {
            body()
            self.condition.locked {
                self.running -= 1
                self.condition.broadcast()
            }
        }
    }

    func waitUntilAllEnded() {
        condition.locked { while running > 0 { condition.wait() } }
    }
}
