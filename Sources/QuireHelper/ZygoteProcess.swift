import QuireDocument
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
        // Loaded once here, not again in each helper's first render.
        Document.warmUp()
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
        let channel = Channel(socket: socket)
        var children: Set<pid_t> = []
        while true {
            // Reaps what ended, so that a process id asked to end is always one of ours.
            var status: Int32 = 0
            while case let ended = waitpid(-1, &status, WNOHANG), ended > 0 { children.remove(ended) }
            let message: (bytes: [UInt8], descriptors: [Descriptor])
            do {
                message = try channel.receive(within: 1)
            } catch .timedOut {
                continue
            } catch {
                _exit(0) // the window ended
            }
            guard let request = try? ZygoteRequest(message.bytes) else {
                try? channel.send(ZygoteReply.failed(reason: "a request the zygote does not know").bytes)
                continue
            }
            switch request {
            case .spawnRenderer(_, let password):
                guard message.descriptors.count == 2 else {
                    try? channel.send(ZygoteReply.failed(reason: "a helper needs a document and a channel").bytes)
                    continue
                }
                let zygote = getpid()
                let pid = fork()
                if pid == 0 {
                    close(socket.fd) // a helper never speaks for the zygote
                    RenderHelper.serve(Channel(socket: message.descriptors[1]), document: message.descriptors[0], password: password,
                                       confine: { () throws(Sandbox.Failure) in
                                           _ = try Sandbox.confine(.helper, readable: readable, limits: HelperLimits.helper, parent: zygote)
                                       })
                }
                if pid < 0 {
                    try? channel.send(ZygoteReply.failed(reason: String(cString: strerror(errno))).bytes)
                } else {
                    children.insert(pid)
                    try? channel.send(ZygoteReply.spawned(pid: pid).bytes)
                }
            case .end(let pid):
                if children.contains(pid) { kill(pid, SIGKILL) }
            }
        }
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
    static let zygote = helper
}

/// A line on stderr, from a process that has no GLib to print with.
func printLine(_ message: String) {
    let line = "quire: \(message)\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
}
