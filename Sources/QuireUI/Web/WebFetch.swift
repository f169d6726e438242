import QuireEngine
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// One download, in a fetch process of its own (`FetchProcess`: the helpers' executable
/// started with a hidden role, since the zygote's children are confined away from the
/// network): the request goes down its input, and its lines come back on a thread of
/// their own and reach `onMessage` on the main loop; the last is the copy or a failure.
/// Cancelling kills the process, whose unfinished copy has no name to leave behind.
@MainActor
final class WebFetch {
    private final class State: Sendable {
        let pid = Mutex<pid_t>(0)
        let cancelled = Atomic<Bool>(false)
    }

    private let state = State()

    /// Starts fetching; `onMessage` gets each message, the process's end as a failure if it
    /// ended without its last one, and nothing once `cancel` is called.
    init(_ request: WebFetchRequest, onMessage: @escaping @MainActor (FetchMessage) -> Void) {
        let state = self.state
        var toChild: [Int32] = [0, 0], fromChild: [Int32] = [0, 0]
        guard Self.pipe(&toChild) else {
            Self.deliver(.failed(.fetcher(Self.errorText())), state, onMessage)
            return
        }
        guard Self.pipe(&fromChild) else {
            close(toChild[0]); close(toChild[1])
            Self.deliver(.failed(.fetcher(Self.errorText())), state, onMessage)
            return
        }
        guard let executable = HelperExecutable.path else {
            close(toChild[0]); close(toChild[1]); close(fromChild[0]); close(fromChild[1])
            Self.deliver(.failed(.fetcher("\(HelperExecutable.name) is missing")), state, onMessage)
            return
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
        var pid: pid_t = 0
        let arguments: [UnsafeMutablePointer<CChar>?] = [strdup(HelperExecutable.name), strdup(WebFetchPolicy.processRole), nil]
        let spawned = posix_spawn(&pid, executable, &actions, nil, arguments, environ)
        arguments.forEach { free($0) }
        posix_spawn_file_actions_destroy(&actions)
        close(toChild[0])
        close(fromChild[1])
        guard spawned == 0 else {
            close(toChild[1]); close(fromChild[0])
            Self.deliver(.failed(.fetcher(String(cString: strerror(spawned)))), state, onMessage)
            return
        }
        state.pid.withLock { $0 = pid }
        let line = Array((request.line + "\n").utf8)
        _ = line.withUnsafeBytes { write(toChild[1], $0.baseAddress, $0.count) }
        close(toChild[1])
        let output = fromChild[0], child = pid
        startThread {
            var finished = false
            Self.readLines(output) { text in
                guard let message = FetchMessage(line: text) else { return }
                if case .progress = message {} else { finished = true }
                Self.deliver(message, state, onMessage)
            }
            close(output)
            var status: Int32 = 0
            while waitpid(child, &status, 0) < 0 && errno == EINTR {}
            state.pid.withLock { $0 = 0 }
            if !finished {
                let how = (status & 0x7f) != 0 ? tr("it was ended by signal {number}", ["number": String(status & 0x7f)])
                                               : tr("it ended without an answer")
                Self.deliver(.failed(.fetcher(how)), state, onMessage)
            }
        }
    }

    /// Stops the download: the process is killed, and nothing more is heard of it.
    func cancel() {
        state.cancelled.store(true, ordering: .relaxed)
        state.pid.withLock { pid in if pid > 0 { kill(pid, SIGKILL) } }
    }

    private nonisolated static func deliver(_ message: FetchMessage, _ state: State, _ onMessage: @escaping @MainActor (FetchMessage) -> Void) {
        MainLoop.invoke {
            guard !state.cancelled.load(ordering: .relaxed) else { return }
            onMessage(message)
        }
    }

    /// Calls `body` with each line read from `fd` until its end.
    private nonisolated static func readLines(_ fd: Int32, _ body: (String) -> Void) {
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            pending += buffer[..<count]
            while let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                body(String(decoding: pending[..<end], as: UTF8.self))
                pending.removeSubrange(...end)
            }
            // A process that sends no line end is not let to fill the window's memory.
            if pending.count > 65536 { pending.removeAll() }
        }
    }

    /// A pipe whose ends the fetch process does not inherit but as its input and output.
    private nonisolated static func pipe(_ ends: inout [Int32]) -> Bool {
        guard Glibc.pipe(&ends) == 0 else { return false }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return true
    }

    private nonisolated static func errorText() -> String { String(cString: strerror(errno)) }
}
