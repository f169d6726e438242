import QuireWire
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The window's side of the zygote (`ZygoteProcess`, in the helper's target): it is
/// forked once, before GTK starts, while the window process has one thread, and from then
/// on forks the helpers. Requests from any thread are taken one at a time.
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

    /// A new helper of `kind` for the document open at `document`: its process id and
    /// the window's end of its channel.
    func spawn(_ kind: HelperKind, document: Descriptor, displayPath: String, password: String?) throws(ChannelError) -> (pid: pid_t, channel: Channel) {
        let (window, helper) = try Channel.pair()
        let reply = try ask(.spawn(kind, displayPath: displayPath, password: password), passing: [document, helper])
        switch reply {
        case .spawned(let pid): return (pid, Channel(socket: window))
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
