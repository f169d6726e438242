import Foundation
import XCTest

/// One run of quire-sandbox-probe (built beside the tests): it opens a PDF, confines itself,
/// renders, makes one attempt and waits for a line on stdin. This reads its lines as they
/// come, looks at /proc/PID/status from outside while it waits, and tells how it ended.
/// Every read has a deadline, so that a probe that hangs fails the test instead of hanging it.
final class ProbeSession {
    enum Ending: Equatable {
        case exited(Int32)
        case killed(signal: Int32)
        /// Not seen to end, even once killed (the test has failed already).
        case unknown
    }

    static let deadline: TimeInterval = 120

    private let process = Process()
    private let output = Pipe()
    private let input = Pipe()
    private let ended = DispatchSemaphore(value: 0)
    private let started = Date()
    private var pending: [UInt8] = []
    private var atEnd = false
    private(set) var lines: [String] = []

    var pid: pid_t { process.processIdentifier }

    /// With `unprivileged`, a test run as root runs the probe as nobody (through setpriv),
    /// as people run Quire: without CAP_SYS_ADMIN, and without access to root's home.
    init(_ document: String, attempt: String, profile: String = "helper", unprivileged: Bool = false) throws {
        let probe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("quire-sandbox-probe")
        if unprivileged && getuid() == 0 {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", probe.path, document, attempt, profile]
        } else {
            process.executableURL = probe
            process.arguments = [document, attempt, profile]
        }
        process.standardOutput = output
        process.standardInput = input
        // Not a file: with RLIMIT_FSIZE 0, writes to a regular file fail once confined.
        process.standardError = FileHandle.nullDevice
        process.terminationHandler = { [ended] _ in ended.signal() }
        signal(SIGPIPE, SIG_IGN)
        try process.run()
    }

    /// Runs the probe to its end: lets it go on when it waits, then reads everything.
    static func finished(_ document: String, attempt: String, profile: String = "helper") throws -> (ProbeSession, Ending) {
        let session = try ProbeSession(document, attempt: attempt, profile: profile)
        return (session, session.finish())
    }

    /// Reads lines until one satisfies `predicate` (returned) or the output ends (nil).
    @discardableResult
    func read(until predicate: (String) -> Bool) -> String? {
        while true {
            if let line = lines.last(where: predicate) { return line }
            guard let line = nextLine() else { return nil }
            lines.append(line)
            if predicate(line) { return line }
        }
    }

    /// Lets a waiting probe exit, reads the rest of its output and waits for it to end.
    func finish() -> Ending {
        // A probe killed already has no reader: the write then fails with EPIPE, which is fine.
        _ = Glibc.write(input.fileHandleForWriting.fileDescriptor, "\n", 1)
        read { _ in false }
        return ending()
    }

    /// How the probe ended, once its output has ended.
    func ending() -> Ending {
        if ended.wait(timeout: .now() + Self.deadline) == .timedOut {
            XCTFail("the probe did not end within \(Int(Self.deadline)) s")
            kill(pid, SIGKILL)
            if ended.wait(timeout: .now() + 10) == .timedOut { return .unknown }
        }
        let status = process.terminationStatus
        return process.terminationReason == .uncaughtSignal ? .killed(signal: status) : .exited(status)
    }

    /// The probe's /proc/PID/status fields, read by this (unconfined) process.
    func statusFromOutside() throws -> [String: String] {
        try ProcessStatus.fields(of: pid)
    }

    /// Lines that begin with `prefix`.
    func lines(startingWith prefix: String) -> [String] { lines.filter { $0.hasPrefix(prefix) } }

    /// The next line of output, or nil at its end or past the deadline (which fails the test).
    private func nextLine() -> String? {
        let descriptor = output.fileHandleForReading.fileDescriptor
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                return line
            }
            if atEnd { return nil }
            let remaining = Self.deadline - Date().timeIntervalSince(started)
            var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard remaining > 0, poll(&ready, 1, Int32(remaining * 1000)) > 0 else {
                XCTFail("the probe printed nothing more within \(Int(Self.deadline)) s; so far: \(lines)")
                atEnd = true
                return nil
            }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count <= 0 { atEnd = true } else { pending += chunk[..<count] }
        }
    }
}

/// Another process, seen from this one: its /proc/PID/status and its end.
enum ProcessStatus {
    /// Waits for a process that is not our child to end, through a pidfd (readable once it
    /// has exited); false if it is still running after `seconds`.
    static func waitForExit(of pid: pid_t, seconds: Int) -> Bool {
        let descriptor = pidfdOpen(pid, 0)
        if descriptor < 0 { return errno == ESRCH } // gone already
        defer { close(descriptor) }
        var ended = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&ended, 1, Int32(seconds * 1000)) == 1
    }

    /// glibc's pidfd_open, which Swift's Glibc module does not declare.
    private static let pidfdOpen = unsafeBitCast(dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pidfd_open"),
                                                 to: (@convention(c) (pid_t, UInt32) -> Int32).self)

    /// /proc/PID/status as fields: "NoNewPrivs" → "1".
    static func fields(of pid: pid_t) throws -> [String: String] {
        let text = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        var fields: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = parts[1].trimmingCharacters(in: .whitespaces) }
        }
        return fields
    }
}

extension ProbeSession {
    /// Runs `attempt` on the corpus file `name` and checks that every page was rendered first.
    static func rendering(_ name: String, attempt: String, profile: String = "helper",
                          file: StaticString = #filePath, line: UInt = #line) throws -> (ProbeSession, Ending) {
        let (probe, ending) = try finished(try Corpus.path(name), attempt: attempt, profile: profile)
        probe.assertRendered(try Corpus.pagesRendered(name), file: file, line: line)
        return (probe, ending)
    }

    /// The probe (or, with prefix "child ", its child) rendered `pages` pages, none failing.
    func assertRendered(_ pages: Int, prefix: String = "", file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(lines(startingWith: prefix + "rendered "), ["\(prefix)rendered \(pages)"], "\(lines)", file: file, line: line)
        XCTAssertEqual(lines.filter { $0.hasPrefix(prefix + "page ") && !$0.contains(" digest=") }, [], file: file, line: line)
    }

    /// No attempt succeeded.
    func assertNothingSucceeded(file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(lines.filter { $0.hasSuffix("succeeded") }, [], file: file, line: line)
    }
}
