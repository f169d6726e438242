import QuireDocument
import QuireEngine
import QuireSandbox
import QuireWire
#if canImport(Glibc)
import Glibc
#endif

/// The zygote: forked from the window before GTK starts (one thread, poppler loaded but
/// no document open), it forks a helper for each request and ends the helpers it made
/// when the window asks. It dies with the window (its channel's end, and the PDEATHSIG
/// its confinement sets), and its helpers, confined alike, die with it.
public enum ZygoteProcess {
    /// Serves the window on `socket` until the window closes it.
    public static func serve(_ socket: Descriptor, window: pid_t) -> Never {
        // A helper that faults dies at once: the Swift runtime's crash handlers, inherited
        // from the window, would start swift-backtrace (a program: no helper may run one)
        // and hold the dying process for as long as it takes.
        for fault in [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP] { signal(fault, SIG_DFL) }
        let readable = Sandbox.fontAndDataPaths
        do {
            // The zygote may read anything (a helper opens its document by its /proc path
            // before it confines itself to the fonts); it writes and runs nothing.
            let report = try Sandbox.confine(.zygote, readable: ["/"], limits: HelperLimits.zygote, parent: window)
            if case .unavailable(let reason) = report.landlock { printLine("the kernel offers no Landlock (\(reason)): helpers are confined without it") }
        } catch {
            // Each helper still confines itself, and serves nothing if it cannot.
            printLine("the helpers' zygote is not confined: \(error)")
        }
        LaunchTrace.mark("zygote: confined")
        let channel = Channel(socket: socket)
        var children = Children()
        // Poppler and fontconfig are loaded once here (`Document.warmUp`), not again in each
        // helper's first render — but only at the first pause of `coldPause` without a
        // request: the first view's render and document helpers, asked for while this
        // process started, are forked before it, and the render helper warms itself up
        // while it waits for its first page (the document helper needs no fonts). The
        // first view's summary comes a warm-up sooner (issue 48, item 3).
        var warm = false, served = false
        while true {
            children.reap()
            let message: (bytes: [UInt8], descriptors: [Descriptor])
            do {
                // A helper asked to end is reaped within milliseconds, not at the next
                // request: `ps` shows no defunct helpers after a document's reader ends.
                message = try channel.receive(within: !warm ? (served ? coldPause : firstRequestWait) : children.ending.isEmpty ? 1 : 0.005)
            } catch .timedOut {
                if !warm {
                    Document.warmUp()
                    warm = true
                    LaunchTrace.mark("zygote: warmed up")
                }
                children.waitedForEnding()
                continue
            } catch {
                _exit(0) // the window ended
            }
            served = true
            guard let request = try? ZygoteRequest(message.bytes) else {
                try? channel.send(ZygoteReply.failed(reason: "a request the zygote does not know").bytes)
                continue
            }
            switch request {
            case .spawn(let kind, let displayPath, let password):
                guard message.descriptors.count == 2 else {
                    try? channel.send(ZygoteReply.failed(reason: "a helper needs a document and a channel").bytes)
                    continue
                }
                let zygote = getpid()
                let pid = fork()
                if pid == 0 {
                    // Before anything reads the document: a helper hung in that dies with the zygote.
                    do { try Sandbox.dieWithParent(zygote) } catch { _exit(1) }
                    close(socket.fd) // a helper never speaks for the zygote
                    let helperChannel = Channel(socket: message.descriptors[1]), document = message.descriptors[0]
                    let limits = kind == .saver ? HelperLimits.saver(documentBytes: Self.size(of: document)) : HelperLimits.helper
                    let confine = { () throws(Sandbox.Failure) in
                        _ = try Sandbox.confine(.helper, readable: readable, limits: limits, parent: zygote)
                    }
                    switch kind {
                    case .saver:
                        SaveHelper.serve(helperChannel, document: document, displayPath: displayPath, password: password, confine: confine)
                    case .renderer:
                        RenderHelper.serve(helperChannel, document: document, displayPath: displayPath, password: password,
                                           warm: warm, confine: confine)
                    case .document:
                        DocumentHelper.serve(helperChannel, document: document, displayPath: displayPath, password: password, confine: confine)
                    case .synctex:
                        SyncTeXHelper.serve(helperChannel, pdfPath: displayPath, confine: confine)
                    case .recognizer:
                        RecognitionHelper.serve(helperChannel, document: document, displayPath: displayPath, password: password, confine: confine)
                    case .signatures:
                        SignatureHelper.serve(helperChannel, document: document, displayPath: displayPath, password: password, confine: confine)
                    }
                }
                if pid < 0 {
                    try? channel.send(ZygoteReply.failed(reason: String(cString: strerror(errno))).bytes)
                } else {
                    children.running.insert(pid)
                    try? channel.send(ZygoteReply.spawned(pid: pid).bytes)
                }
            case .end(let pid):
                children.kill(pid)
            case .exitStatus(let pid):
                try? channel.send(ZygoteReply.exit(children.exit(of: pid)).bytes)
            }
        }
    }

    /// How long the zygote waits for another request before it warms up, once: the window
    /// asks for the first view's document helper as soon as its render helper is made...
    static let coldPause = 0.005
    /// ...and for the render helper once GTK is initialised, about when the zygote starts;
    /// with no document to open (the welcome page), the zygote warms up after this.
    static let firstRequestWait = 0.03

    /// The document's size in bytes, for a save helper's file size limit; 0 if unknown.
    private static func size(of document: Descriptor) -> Int {
        var facts = stat()
        return fstat(document.fd, &facts) == 0 ? Int(facts.st_size) : 0
    }
}

/// The helpers a zygote made: those running, and how the last ones ended.
private struct Children {
    var running: Set<pid_t> = []
    private var ended: [pid_t: HelperExit] = [:]
    private var endedOrder: [pid_t] = []
    /// Those killed and not yet reaped; given up on after a second (one stuck in the
    /// kernel is reaped by the ordinary round once it dies).
    private(set) var ending: Set<pid_t> = []
    private var shortWaits = 0

    mutating func kill(_ pid: pid_t) {
        guard running.contains(pid) else { return }
        Glibc.kill(pid, SIGKILL)
        ending.insert(pid)
        shortWaits = 0
    }

    mutating func waitedForEnding() {
        guard !ending.isEmpty else { return }
        shortWaits += 1
        if shortWaits > 200 { ending = [] }
    }
    /// Reaps what ended, so that a process id asked to end is always one of ours.
    mutating func reap() {
        var status: Int32 = 0
        while case let pid = waitpid(-1, &status, WNOHANG), pid > 0 { record(pid, status) }
    }

    /// How `pid` ended; a helper whose channel just closed is given a second to be reaped.
    mutating func exit(of pid: pid_t) -> HelperExit {
        if let known = ended[pid] { return known }
        guard running.contains(pid) else { return .unknown }
        var status: Int32 = 0
        for _ in 0..<500 {
            if waitpid(pid, &status, WNOHANG) == pid {
                record(pid, status)
                return ended[pid] ?? .unknown
            }
            var pause = timespec(tv_sec: 0, tv_nsec: 2_000_000)
            nanosleep(&pause, nil)
        }
        return .unknown
    }

    private mutating func record(_ pid: pid_t, _ status: Int32) {
        running.remove(pid)
        ending.remove(pid)
        // WIFSIGNALED / WTERMSIG / WEXITSTATUS, which Swift does not import.
        let signal = status & 0x7F
        ended[pid] = signal != 0 && signal != 0x7F ? .signaled(signal) : .exited((status >> 8) & 0xFF)
        endedOrder.append(pid)
        if endedOrder.count > 256 { ended[endedOrder.removeFirst()] = nil }
    }
}

/// The limits each process is confined to. A helper's cannot pass its zygote's (hard
/// limits only go down), so the zygote's are the helpers' too.
enum HelperLimits {
    /// 4 GiB of address space: the largest page a render may hold (a 32-megapixel picture
    /// is 128 MB; poppler's hostile cases reach 1.5 GB) with room, while a bomb that
    /// would take the machine's memory ends the helper instead. 256 descriptors for the
    /// fonts cairo keeps open. An hour of CPU: a backstop, never reached by reading (the
    /// watchdog ends a render at 20 s).
    static let helper = Sandbox.Limits(addressSpace: 4 << 30, openFiles: 256, cpuSeconds: 3600)
    /// A save writes the document's bytes and an update after them: twice the document
    /// and 64 MiB at most, never past `saveCeiling` (a larger document cannot be saved).
    static let saveCeiling = 4 << 30
    static func saver(documentBytes: Int) -> Sandbox.Limits {
        var limits = helper
        limits.fileSize = min(saveCeiling, max(documentBytes, 0).multipliedReportingOverflow(by: 2).partialValue + (64 << 20))
        return limits
    }
    /// No file of its own either, but its save helpers may write up to the ceiling.
    static let zygote = Sandbox.Limits(addressSpace: 4 << 30, openFiles: 256, cpuSeconds: 3600, fileSizeCeiling: saveCeiling)
}

/// A line on stderr, from a process that has no GLib to print with.
func printLine(_ message: String) {
    let line = "quire: \(message)\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
}
