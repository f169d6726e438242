#if canImport(Glibc)
import Glibc
#endif

/// What the probe tries once confined. Each prints "attempt NAME ...: succeeded" or
/// "refused ERRNO"; a call the filter kills for ends the probe by SIGSYS instead.
enum Attempt: String, CaseIterable {
    /// Opens a new file in /tmp, and the document, for writing.
    case write
    /// An IPv4 socket to 127.0.0.1:80, then a unix one.
    case connect
    /// execve(/bin/true).
    case exec
    /// A new process; under the zygote profile the child confines itself as a helper,
    /// renders, and then tries to fork in turn.
    case fork
    /// Under the zygote profile: a confined child that waits for ever, to die with its parent.
    case orphan
    /// A thread, which the helper may start: it shares the process's confinement.
    case thread
    /// Reads /etc/passwd and the document again, lists /: refused only by Landlock.
    case readHome = "read-home"
    /// A write through a bad pointer: the helper must die of SIGSEGV, as it would unconfined.
    case crash
    case none

    /// `child` runs in a forked child before it does anything else.
    func perform(documentPath: String, child: () -> Void) {
        switch self {
        case .write:
            let scratch = "/tmp/quire-sandbox-probe-\(getpid())"
            report("write \(scratch)", open(scratch, O_WRONLY | O_CREAT | O_TRUNC, 0o600)) { _ in unlink(scratch) }
            report("write \(documentPath)", open(documentPath, O_WRONLY))
            report("read-write \(documentPath)", open(documentPath, O_RDWR))
        case .connect:
            Output.line("trying socket inet")
            let inet = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = UInt16(80).bigEndian
            address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
            let connected = inet < 0 ? inet : withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(inet, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            report("connect 127.0.0.1:80", connected)
            Output.line("trying socket unix")
            report("socket unix", socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0))
        case .exec:
            Output.line("trying exec")
            let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/true"), nil]
            report("exec /bin/true", execv("/bin/true", argv))
        case .fork:
            Output.line("trying fork")
            let pid = Glibc.fork()
            if pid == 0 {
                child()
                Output.line("child trying fork")
                let grandchild = Glibc.fork()
                if grandchild == 0 { _exit(0) }
                Output.line(grandchild > 0 ? "child fork: succeeded" : "child fork: refused \(Output.name(ofError: errno))")
                _exit(0)
            }
            guard pid > 0 else { return report("fork", pid) }
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            let signal = status & 0x7f
            Output.line(signal == 0 ? "attempt fork: child exited \((status >> 8) & 0xff)" : "attempt fork: child killed by signal \(signal)")
        case .orphan:
            let pid = Glibc.fork()
            if pid == 0 {
                child()
                Output.line("child waiting")
                while true { poll(nil, 0, -1) }
            }
            Output.line("attempt orphan: child \(pid)")
        case .readHome:
            report("read /etc/passwd", open("/etc/passwd", O_RDONLY))
            report("read \(documentPath)", open(documentPath, O_RDONLY))
            report("list /", open("/", O_RDONLY | O_DIRECTORY))
        case .thread:
            let result = SpareThread.runOnce()
            Output.line(result == 0 ? "attempt thread: succeeded" : "attempt thread: refused \(Output.name(ofError: result))")
        case .crash:
            Output.line("trying crash")
            UnsafeMutablePointer<Int>(bitPattern: 8)!.pointee = 1
        case .none:
            break
        }
    }

    /// Prints how a call that returns a descriptor (or -1 and errno) went, closing what it opened.
    private func report(_ what: String, _ result: Int32, cleanUp: (Int32) -> Void = { _ in }) {
        if result >= 0 {
            Output.line("attempt \(what): succeeded")
            close(result)
            cleanUp(result)
        } else {
            Output.line("attempt \(what): refused \(Output.name(ofError: errno))")
        }
    }
}
