import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The memory of the bench and every process it started (the zygote and its helpers), as
/// PSS: a page several of them map (what the zygote still shares with the bench since the
/// fork, a tile's pixels on their way back) counts once in the sum, shared out among them.
enum ProcessTree {
    /// The tree's PSS in bytes; a process that ends while it is read counts as nothing.
    static func pssBytes(root: pid_t = getpid()) -> Int {
        ([root] + descendants(of: root)).reduce(0) { $0 + (kilobytes("Pss:", in: "/proc/\($1)/smaps_rollup") ?? 0) * 1024 }
    }

    /// Every process below `root`, found through each process's parent.
    static func descendants(of root: pid_t) -> [pid_t] {
        var children: [pid_t: [pid_t]] = [:]
        for pid in processIDs() { if let parent = parent(of: pid) { children[parent, default: []].append(pid) } }
        var found: [pid_t] = [], unvisited = [root]
        while let pid = unvisited.popLast() {
            let below = children[pid] ?? []
            found += below
            unvisited += below
        }
        return found
    }

    /// The number on the line of `path` that starts with `key` ("VmHWM:", "Pss:"): kB in
    /// the files of /proc that have such lines.
    static func kilobytes(_ key: String, in path: String) -> Int? {
        lines(of: path).lazy.first { $0.hasPrefix(key) }.flatMap { Int($0.dropFirst(key.count).split(whereSeparator: \.isWhitespace).first ?? "") }
    }

    private static func processIDs() -> [pid_t] {
        guard let directory = opendir("/proc") else { return [] }
        defer { closedir(directory) }
        var pids: [pid_t] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if let pid = pid_t(name) { pids.append(pid) }
        }
        return pids
    }

    /// From /proc/PID/stat: the field after the process's name, which is in parentheses and
    /// may hold spaces and parentheses of its own, so the last ')' ends it.
    private static func parent(of pid: pid_t) -> pid_t? {
        guard let line = lines(of: "/proc/\(pid)/stat").first, let end = line.lastIndex(of: ")") else { return nil }
        let fields = line[line.index(after: end)...].split(separator: " ")
        return fields.count > 1 ? pid_t(fields[1]) : nil
    }

    /// The file's lines, a longer one in pieces of 511 bytes (none that is read here
    /// has what it is read for past its first piece).
    private static func lines(of path: String) -> [String] {
        guard let file = fopen(path, "r") else { return [] }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 512)
        var lines: [String] = []
        while fgets(&line, Int32(line.count), file) != nil {
            lines.append(String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return lines
    }
}

/// Reads the tree's PSS every `interval` seconds on a thread of its own while a run goes
/// on, keeping the peak: helpers start and end between the run's ends.
final class TreeMemorySampler: Sendable {
    struct Reading {
        var peakBytes = 0
        var finalBytes = 0

        var fields: [(String, String)] {
            func mib(_ bytes: Int) -> String { String((Double(bytes) / 1_048_576 * 10).rounded() / 10) }
            return [("tree_pss_peak_mib", mib(peakBytes)), ("tree_pss_final_mib", mib(finalBytes))]
        }
    }

    private let peak = Atomic<Int>(0)
    private let stopping = DispatchSemaphore(value: 0)
    private let stopped = DispatchSemaphore(value: 0)

    init(every interval: Double = 0.1) {
        DispatchQueue.global().async { [self] in
            repeat { _ = sample() } while stopping.wait(timeout: .now() + interval) == .timedOut
            stopped.signal()
        }
    }

    /// Reads the tree once, towards the peak.
    private func sample() -> Int {
        let bytes = ProcessTree.pssBytes()
        peak.max(bytes, ordering: .relaxed)
        return bytes
    }

    /// Ends the sampling, with a last reading of the tree as it is now.
    func stop() -> Reading {
        stopping.signal()
        stopped.wait()
        let final = sample()
        return Reading(peakBytes: peak.load(ordering: .relaxed), finalBytes: final)
    }
}
