import Foundation
import QuireDocument
import QuireEngine
import QuireProbe
#if canImport(Glibc)
import Glibc
#endif

/// The child's side of one input: it limits itself, opens the file with the real document
/// layer, takes its pages through the engine (`EnginePass`), and prints one line of
/// figures (`key=value`, space-separated) for the parent to read. Its exit status says how
/// it ended: 0 opened within every bound, 3 refused with a typed error, 4 opened but the
/// engine broke its policy (the line says how). A crash or a hang ends it by a signal:
/// SIGXCPU once it has used `cpuSeconds` of CPU.
enum ProbeChild {
    static let refusedStatus: Int32 = 3
    static let engineStatus: Int32 = 4

    /// The address space a helper process is allowed (4 GiB, `HelperLimits`): a bomb
    /// that needs more ends the child, not the machine.
    static let memoryLimit = 4 << 30

    static func limit(cpuSeconds: Int) {
        var memory = rlimit(rlim_cur: rlim_t(memoryLimit), rlim_max: rlim_t(memoryLimit))
        _ = setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &memory)
        var cpu = rlimit(rlim_cur: rlim_t(cpuSeconds), rlim_max: rlim_t(cpuSeconds + 5))
        _ = setrlimit(__rlimit_resource_t(RLIMIT_CPU.rawValue), &cpu)
    }

    /// Opens `path`, runs the engine pass (and, for the fuzzer, `DocumentProbe` first on a
    /// few pages), prints the figures and returns the exit status.
    static func run(path: String, cpuSeconds: Int, probeFirst: Bool) -> Int32 {
        limit(cpuSeconds: cpuSeconds)
        if probeFirst { _ = DocumentProbe.exercise(DocumentSource(path: path), pages: 4, scales: [0.3]) }
        let opened = CPUClock.seconds
        let document: Document
        do {
            document = try DocumentSource(path: path).open()
        } catch {
            print("outcome=refused error=\(error.title.replacingOccurrences(of: " ", with: "_")) max-rss-kb=\(peakResidentKilobytes)")
            return refusedStatus
        }
        _ = document.title
        let openSeconds = CPUClock.seconds - opened
        let report = EnginePass.run(document)
        func ms(_ seconds: Double) -> String { String(Int((seconds * 1000).rounded())) }
        let figures = [
            "outcome=opened", "pages=\(report.pages)", "visited=\(report.visited)",
            "slowest-page=\(report.slowest.page + 1)", "slowest-engine-us=\(Int(report.slowest.seconds * 1e6))",
            "engine-ms=\(ms(report.engineSeconds))", "open-ms=\(ms(openSeconds))", "document-ms=\(ms(report.documentSeconds))",
            "render-ms=\(ms(report.renderSeconds))", "render-failure=\((report.renderFailure ?? "").replacingOccurrences(of: " ", with: "_"))",
            "planned=\(report.plannedTiles)", "layers=\(report.drawnLayers)", "max-rss-kb=\(peakResidentKilobytes)",
            "problems=\(report.problems.joined(separator: "; ").replacingOccurrences(of: " ", with: "_"))",
        ]
        print(figures.joined(separator: " "))
        return report.problems.isEmpty ? 0 : engineStatus
    }

    /// The most memory the process has held resident, from the kernel's own account.
    static var peakResidentKilobytes: Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss
    }
}
