import QuireEngine
import QuireWire
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The window's side of the zygote (`ZygoteProcess`, in the helper's target): started
/// once, before GTK starts, as the helpers' own executable (tests and `quire-bench` fork
/// it instead), and from then on it forks the helpers. Requests from any thread are taken
/// one at a time.
public final class Zygote: Sendable {
    private let channel: Mutex<Channel>
    public let pid: pid_t

    private static let current = Mutex<Zygote?>(nil)
    /// The zygote started for this process, if any.
    public static var shared: Zygote? { current.withLock { $0 } }

    private init(channel: sending Channel, pid: pid_t) {
        self.channel = Mutex(channel)
        self.pid = pid
    }

    /// Forks the zygote, which runs `serve` with its end of the channel and the window's
    /// process id. Call it before any thread starts.
    public static func start(serve: (Descriptor, pid_t) -> Never) throws(ChannelError) {
        let (window, zygote) = try Channel.pair()
        let parent = getpid()
        let pid = fork()
        if pid == 0 {
            close(window.fd)
            serve(zygote, parent)
        }
        guard pid > 0 else { throw .system("fork", errno) }
        let started = Zygote(channel: Channel(socket: window), pid: pid)
        current.withLock { $0 = started }
    }

    /// Starts the zygote as its own executable (`HelperExecutable`), its end of the channel
    /// as descriptor 3: the window's process then never loads what only helpers need.
    /// `QUIRE_LAUNCH_STARTED` gives it the window's start, so that a launch trace's steps
    /// read on one time line. Call it before any thread starts (it sets that variable).
    public static func start(executable: String) throws(ChannelError) {
        let (window, zygote) = try Channel.pair()
        // Above 3, so that the dup2 below always clears close-on-exec.
        let passed = fcntl(zygote.fd, F_DUPFD_CLOEXEC, 10)
        guard passed >= 0 else { throw .system("fcntl", errno) }
        defer { close(passed) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, passed, 3)
        // Called while the window has one thread: its environment may still change.
        if LaunchTrace.isOn { setenv(LaunchTrace.startVariable, "\(LaunchTrace.start)", 1) } else { unsetenv(LaunchTrace.startVariable) }
        let arguments: [UnsafeMutablePointer<CChar>?] = [strdup(executable), strdup(ZygoteRole.argument), nil]
        defer { arguments.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, arguments, environ)
        guard spawned == 0 else { throw .system("posix_spawn \(executable)", spawned) }
        withExtendedLifetime(zygote) {}
        let started = Zygote(channel: Channel(socket: window), pid: pid)
        current.withLock { $0 = started }
    }

    /// A new helper of `kind` for the document open at `document`: its process id and
    /// the window's end of its channel. A helper works at the priority of the thread that
    /// asks for it: one asked for by a background thread at idle priority (the search
    /// cache's filler) runs at idle priority too, else the text it extracts for that thread
    /// would take a core from the page the reader is waiting for.
    func spawn(_ kind: HelperKind, document: Descriptor, displayPath: String, password: String?) throws(ChannelError) -> (pid: pid_t, channel: Channel) {
        let (window, helper) = try Channel.pair()
        let reply = try ask(.spawn(kind, displayPath: displayPath, password: password), passing: [document, helper])
        switch reply {
        case .spawned(let pid):
            let idle = thisThreadRunsAtIdlePriority && runAtIdlePriority(process: pid)
            // Every helper's birth, by kind and process, for the launch's time line.
            LaunchTrace.mark("\(kind) helper \(pid) made\(idle ? " at idle priority" : "")")
            return (pid, Channel(socket: window))
        case .failed(let reason): throw .refused("the zygote: \(reason)")
        case .exit: throw .malformed(.badValue("an exit status where a helper was asked for"))
        }
    }

    /// How a helper it made ended (`unknown` while it runs, or if the zygote cannot say).
    func exitStatus(of pid: pid_t) -> HelperExit {
        guard case .exit(let exit)? = try? ask(.exitStatus(pid: pid), passing: []) else { return .unknown }
        return exit
    }

    private func ask(_ request: ZygoteRequest, passing descriptors: [Descriptor]) throws(ChannelError) -> ZygoteReply {
        try channel.withLock { channel throws(ChannelError) in
            try channel.send(request.bytes, passing: descriptors)
            let answer = try channel.receive(within: 10)
            do throws(WireError) { return try ZygoteReply(answer.bytes) } catch { throw .malformed(error) }
        }
    }

    /// Ends a helper it made (a no-op for one that already ended).
    func end(_ pid: pid_t) {
        channel.withLock { channel in try? channel.send(ZygoteRequest.end(pid: pid).bytes) }
    }
}
