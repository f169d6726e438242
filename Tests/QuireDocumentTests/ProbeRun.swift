import Foundation
import XCTest

/// One input run in a child process (`quire-fuzz --probe`, built beside the tests): the
/// child limits its own CPU time and address space, opens the file, takes every page
/// through the engine and prints its figures; this reads how it ended.
struct ProbeRun {
    enum Ending: Equatable {
        /// Opened, or refused with a typed error: what a document may do.
        case opened, refused(String)
        /// The engine broke its policy (a page over budget, a rectangle not finite).
        case engineProblem(String)
        case crashed(signal: Int32), hung(String), failedToRun(status: Int32)
    }

    let ending: Ending
    let figures: [String: String]
    /// GLib's criticals and warnings the child printed (a double unref, say): each a bug of ours.
    let glibComplaints: [String]

    /// A child that uses this much CPU is hung; one that takes `wallLimit` without using
    /// it (waiting for ever) too. The CPU limit is what decides on a busy machine.
    static let cpuLimit = 20
    static let wallLimit = 180

    static var executable: URL {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("quire-fuzz")
    }

    /// Peak resident memory, in bytes, as the child's kernel account has it.
    var peakResident: Int { (Int(figures["max-rss-kb"] ?? "") ?? 0) << 10 }

    static func run(_ path: String, cpuSeconds: Int = cpuLimit) throws -> ProbeRun {
        let child = Process()
        child.executableURL = executable
        child.arguments = ["--probe", path, "--cpu-seconds", String(cpuSeconds)]
        let output = Pipe()
        child.standardOutput = output
        // To a file, not a pipe: poppler may say a great deal about a damaged file, and
        // nobody reads the pipe until the child has ended.
        let errors = FileManager.default.temporaryDirectory.appendingPathComponent("quire-probe-\(UUID().uuidString).txt")
        FileManager.default.createFile(atPath: errors.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errors) }
        child.standardError = try FileHandle(forWritingTo: errors)
        // The handler goes on before the child starts: a child that ends at once must still be heard.
        let ends = DispatchSemaphore(value: 0)
        child.terminationHandler = { _ in ends.signal() }
        try child.run()
        // The line is short: reading it to the end cannot block the child.
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        if ends.wait(timeout: .now() + .seconds(wallLimit)) == .timedOut {
            child.terminate()
            child.waitUntilExit()
            return ProbeRun(ending: .hung("over \(wallLimit) s of wall time"), figures: [:], glibComplaints: [])
        }
        var figures: [String: String] = [:]
        for word in text.split(whereSeparator: \.isWhitespace) {
            let parts = word.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if parts.count == 2 { figures[String(parts[0])] = String(parts[1]) }
        }
        let status = child.terminationStatus
        let ending: Ending
        switch (child.terminationReason, status) {
        // Past the soft limit SIGXCPU; past the hard one, 5 s later, SIGKILL.
        case (.uncaughtSignal, SIGXCPU), (.uncaughtSignal, SIGKILL): ending = .hung("over \(cpuSeconds) s of CPU")
        case (.uncaughtSignal, _): ending = .crashed(signal: status)
        case (.exit, 0): ending = .opened
        case (.exit, 3): ending = .refused(figures["error"] ?? "?")
        case (.exit, 4): ending = .engineProblem(figures["problems"] ?? "?")
        default: ending = .failedToRun(status: status)
        }
        let complaints = String(decoding: try Data(contentsOf: errors), as: UTF8.self).split(separator: "\n")
            .filter { $0.contains("-CRITICAL **") || $0.contains("-WARNING **") }.map(String.init)
        return ProbeRun(ending: ending, figures: figures, glibComplaints: complaints)
    }
}
