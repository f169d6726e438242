import CGtk
import CShim
import QuireDocument
import QuireEngine
#if canImport(Glibc)
import Glibc
#endif

/// Runs `OpeningCheck`'s child (this same program, started with its flag) on a source and
/// reports the verdict on the main loop. The files named on the command line are checked
/// from the very start, before GTK starts (`startEarly`), so that the check runs on the
/// other core while GTK builds and shows the window; a window opening such a file takes
/// over that check (`check`) instead of starting another. The README's "Hostile files"
/// has what it costs. At most one check a core runs at once (`quire *.pdf` opens many
/// windows at once); the others wait their turn. `QUIRE_OPENING_CHECK=0` skips it;
/// `QUIRE_CHECK_SECONDS` sets the time limit (20 s).
@MainActor
final class OpeningCheckProcess {
    private var child: OpaquePointer? // GSubprocess, owned
    private var forked: pid_t = 0 // the child, when it is a fork
    private var timer: UInt32 = 0
    private var finished = false
    private var verdict: OpeningCheck.Verdict?
    private var done: ((OpeningCheck.Verdict) -> Void)?
    private let source: DocumentSource
    private var holdsSlot = false
    private static var running = 0
    private static var waiting: [OpeningCheckProcess] = []

    static var isEnabled: Bool { Environment.string("QUIRE_OPENING_CHECK") != "0" }
    private static var seconds: Int { max(1, Environment.integer("QUIRE_CHECK_SECONDS") ?? 20) }
    /// Checks started before any window, by path, until a window takes them.
    private static var early: [String: OpeningCheckProcess] = [:]

    /// Whether checks may fork this process instead of starting the program again: only
    /// before GTK starts (one thread), which saves the new process loading its libraries.
    /// `QUIRE_CHECK_FORK=0` always starts the program (for the tests of that path).
    private static var mayFork = false

    /// Starts checking the local files among `arguments` (paths or URIs, as given).
    static func startEarly(_ arguments: [String]) {
        guard isEnabled else { return }
        mayFork = Environment.string("QUIRE_CHECK_FORK") != "0"
        defer { mayFork = false }
        for argument in arguments {
            let file = g_file_new_for_commandline_arg(argument)!
            defer { g_object_unref(UnsafeMutableRawPointer(file)) }
            guard let path = g_file_get_path(file) else { continue }
            defer { g_free(path) }
            let name = String(cString: path)
            if early[name] == nil { early[name] = OpeningCheckProcess(source: DocumentSource(path: name)) }
        }
    }

    /// Checks `source`: takes over the early check of the same file when there is one,
    /// else starts one. `done` is called once, on the main loop, unless `cancel` comes first.
    static func check(_ source: DocumentSource, done: @escaping (OpeningCheck.Verdict) -> Void) -> OpeningCheckProcess {
        if source.password == nil, case .file(let path) = source.location, let started = early.removeValue(forKey: path) {
            started.done = done
            if let verdict = started.verdict { MainLoop.invoke { [weak started] in started?.report(verdict) } }
            return started
        }
        let check = OpeningCheckProcess(source: source)
        check.done = done
        return check
    }

    private init(source: DocumentSource) {
        self.source = source
        if Self.running < workerThreadCount { start() } else { Self.waiting.append(self) }
    }

    private func start() {
        Self.running += 1
        holdsSlot = true
        if Self.mayFork, source.password == nil, case .file(let path) = source.location, fork(checking: path) { return startTimer() }
        let arguments = [Self.program] + OpeningCheck.childArguments(for: source)
        var pointers: [UnsafePointer<CChar>?] = arguments.map { UnsafePointer(strdup($0)) } + [nil]
        defer { pointers.forEach { free(UnsafeMutableRawPointer(mutating: $0)) } }
        let input = OpeningCheck.childInput(for: source)
        let bytes = input.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(bytes) }
        var error: UnsafeMutablePointer<GError>?
        let box = Unmanaged.passRetained(self).toOpaque()
        child = pointers.withUnsafeBufferPointer { argv in
            quire_run_child(argv.baseAddress, bytes, { signaled, code, data in
                let check = Unmanaged<OpeningCheckProcess>.fromOpaque(data!).takeUnretainedValue()
                MainActor.assumeIsolated { check.ended(OpeningCheck.Verdict(signaled: signaled != 0, code: code)) }
            }, box, { data in Unmanaged<OpeningCheckProcess>.fromOpaque(data!).release() }, &error)
        }
        guard child != nil else {
            Unmanaged<OpeningCheckProcess>.fromOpaque(box).release()
            printError("cannot start the opening check: \(error.map { String(cString: $0.pointee.message) } ?? "unknown error")")
            g_clear_error(&error)
            MainLoop.invoke { [weak self] in self?.ended(.inconclusive(status: -1)) }
            return
        }
        startTimer()
    }

    /// Runs the check in a fork of this process; false when none could be made.
    private func fork(checking path: String) -> Bool {
        let box = Unmanaged.passRetained(self).toOpaque()
        let argument = strdup(path)
        defer { free(argument) }
        forked = quire_fork_child({ data in
            OpeningCheck.runForked(path: String(cString: data!.assumingMemoryBound(to: CChar.self)))
        }, argument, { signaled, code, data in
            let check = Unmanaged<OpeningCheckProcess>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated { check.ended(OpeningCheck.Verdict(signaled: signaled != 0, code: code)) }
        }, box, { data in Unmanaged<OpeningCheckProcess>.fromOpaque(data!).release() })
        if forked > 0 { return true }
        forked = 0
        Unmanaged<OpeningCheckProcess>.fromOpaque(box).release()
        return false
    }

    private func startTimer() {
        let limit = Self.seconds
        timer = MainLoop.after(seconds: Double(limit)) { [weak self] in
            guard let self, !self.finished else { return }
            self.timer = 0
            self.kill()
            self.ended(.tooSlow(seconds: limit))
        }
    }

    /// Stops the check without a verdict (the window closed or opens something else).
    func cancel() {
        finished = true
        Self.waiting.removeAll { $0 === self }
        kill()
    }

    private func ended(_ verdict: OpeningCheck.Verdict) {
        if holdsSlot {
            holdsSlot = false
            Self.running -= 1
            while !Self.waiting.isEmpty {
                let next = Self.waiting.removeFirst()
                if !next.finished { next.start(); break }
            }
        }
        if timer != 0 { g_source_remove(timer) }
        timer = 0
        if let child { g_object_unref(UnsafeMutableRawPointer(child)) }
        child = nil
        forked = 0
        if self.verdict == nil { self.verdict = verdict }
        report(self.verdict!)
    }

    /// Tells the window, once it is there to be told.
    private func report(_ verdict: OpeningCheck.Verdict) {
        guard !finished, let done else { return }
        finished = true
        done(verdict)
    }

    private func kill() {
        if let child { g_subprocess_force_exit(child) }
        if forked > 0 { Glibc.kill(forked, SIGKILL) }
    }

    /// This program, as the kernel knows it (argv[0] may be a bare name or a relative path).
    private static let program: String = {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        return count > 0 ? String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : CommandLine.arguments[0]
    }()
}
