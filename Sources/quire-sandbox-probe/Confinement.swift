import QuireSandbox
#if canImport(Glibc)
import Glibc
#endif

/// Confines the probe, prints what the sandbox reports and what it cost, or ends the probe.
enum Confinement {
    static func apply(_ profile: Sandbox.Profile, parent: pid_t, prefix: String = "") {
        var start = timespec(), end = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        do {
            let report = try Sandbox.confine(profile, readable: Sandbox.fontAndDataPaths, limits: .helper, parent: parent)
            clock_gettime(CLOCK_MONOTONIC, &end)
            let microseconds = (end.tv_sec - start.tv_sec) * 1_000_000 + (end.tv_nsec - start.tv_nsec) / 1000
            switch report.landlock {
            case .enforced(let abi): Output.line("\(prefix)landlock enforced abi=\(abi)")
            case .unavailable(let reason): Output.line("\(prefix)landlock unavailable: \(reason)")
            }
            Output.line("\(prefix)confined \(profile) in \(microseconds) us")
        } catch {
            Output.line("\(prefix)\(error)")
            exit(4)
        }
    }
}
