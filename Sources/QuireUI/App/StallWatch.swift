import CAdwaita
import CGtk
import QuireEngine

/// `QUIRE_REPORT_STALLS=1`: measures how long the main loop ever went without running a
/// 5 ms timer (the longest time the window could not react) once the first document view
/// is drawn, and prints it when Quire exits. A measuring tool for the closing notes, off
/// by default.
@MainActor
enum StallWatch {
    private static var last = 0.0
    private static var longest = 0.0

    static func start() {
        last = monotonicSeconds()
        g_timeout_add_full(G_PRIORITY_DEFAULT, 5, { _ in
            MainActor.assumeIsolated {
                let now = monotonicSeconds()
                StallWatch.longest = max(StallWatch.longest, now - StallWatch.last)
                StallWatch.last = now
            }
            return 1
        }, nil, nil)
    }

    /// Forgets what came before: the window's start (building widgets, the first frame)
    /// is not what this measures.
    static func restart() {
        last = monotonicSeconds()
        longest = 0
    }

    static func report() {
        printError("longest main-loop stall: \(Int((longest * 1000).rounded())) ms")
    }
}
