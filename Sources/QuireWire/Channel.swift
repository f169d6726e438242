import CChannel
import QuireEngine
#if canImport(Glibc)
import Glibc
#endif

/// A descriptor this process owns, closed when the last reference goes.
public final class Descriptor: Sendable {
    public let fd: Int32
    public init(taking fd: Int32) { self.fd = fd }
    deinit { close(fd) }

    /// A duplicate this process owns too (close-on-exec).
    public func duplicate() throws(ChannelError) -> Descriptor {
        let copy = fcntl(fd, F_DUPFD_CLOEXEC, 3)
        guard copy >= 0 else { throw .system("dup", errno) }
        return Descriptor(taking: copy)
    }
}

public enum ChannelError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The other side closed its end (a helper that ended).
    case closed
    case timedOut
    case system(String, Int32)
    case malformed(WireError)
    /// The other process would not do what was asked, and said why.
    case refused(String)

    public var description: String {
        switch self {
        case .closed: "the other process ended"
        case .timedOut: "no answer in time"
        case .system(let call, let code): "\(call): \(String(cString: strerror(code)))"
        case .malformed(let error): "a malformed message (\(error))"
        case .refused(let reason): reason
        }
    }
}

/// One end of a SOCK_SEQPACKET pair: whole messages of at most `maximumMessage` bytes,
/// each with up to 4 descriptors. Used by one thread at a time (its owner's), which is why
/// it is not Sendable.
public final class Channel {
    public static let maximumMessage = 64 << 10
    public let socket: Descriptor
    private var buffer = [UInt8](repeating: 0, count: maximumMessage)

    public init(socket: Descriptor) { self.socket = socket }

    /// A connected pair.
    public static func pair() throws(ChannelError) -> (Descriptor, Descriptor) {
        var fds: [Int32] = [-1, -1]
        let result = quire_channel_pair(&fds)
        guard result == 0 else { throw .system("socketpair", -result) }
        return (Descriptor(taking: fds[0]), Descriptor(taking: fds[1]))
    }

    public func send(_ bytes: [UInt8], passing descriptors: [Descriptor] = []) throws(ChannelError) {
        precondition(bytes.count <= Self.maximumMessage && descriptors.count <= 4)
        let fds = descriptors.map(\.fd)
        let result = bytes.withUnsafeBytes { raw in quire_channel_send(socket.fd, raw.baseAddress, raw.count, fds, Int32(fds.count)) }
        if result == -EPIPE || result == -ECONNRESET { throw .closed }
        guard result == 0 else { throw .system("sendmsg", -result) }
        withExtendedLifetime(descriptors) {}
    }

    /// Whether a message or the other side's end is waiting, unasked: a helper that was
    /// idle and died (or spoke out of turn).
    public var hasSomethingWaiting: Bool { quire_channel_wait(socket.fd, 0) != 0 }

    /// The next message and its descriptors; waits `seconds` at most (nil: for ever).
    public func receive(within seconds: Double? = nil) throws(ChannelError) -> (bytes: [UInt8], descriptors: [Descriptor]) {
        let milliseconds = seconds.map { Int32(max(0, min($0 * 1000, Double(Int32.max)))) } ?? -1
        let ready = quire_channel_wait(socket.fd, milliseconds)
        if ready == 0 { throw .timedOut }
        guard ready > 0 else { throw .system("poll", -ready) }
        var fds: [Int32] = [-1, -1, -1, -1]
        var count: Int32 = 0
        let length = buffer.withUnsafeMutableBytes { raw in
            quire_channel_receive(socket.fd, raw.baseAddress, raw.count, &fds, 4, &count)
        }
        if length == 0 || length == -Int(ECONNRESET) { throw .closed }
        guard length > 0 else { throw .system("recvmsg", Int32(-length)) }
        return (Array(buffer[0..<length]), fds.prefix(Int(count)).map(Descriptor.init(taking:)))
    }
}

extension Channel {
    /// Sends a message of any length as packets of at most `maximumMessage` bytes, each
    /// opened by one byte: 1 when more follow, 0 on the last.
    public func sendWhole(_ bytes: [UInt8]) throws(ChannelError) {
        let piece = Self.maximumMessage - 1
        var start = 0
        repeat {
            let end = min(bytes.count, start + piece)
            try send([end < bytes.count ? 1 : 0] + bytes[start..<end])
            start = end
        } while start < bytes.count
    }

    /// A message sent with `sendWhole`, of at most `limit` bytes; `seconds` bounds the
    /// wait for all of it. Descriptors passed with it are dropped.
    public func receiveWhole(within seconds: Double? = nil, limit: Int) throws(ChannelError) -> [UInt8] {
        let deadline = seconds.map { monotonicSeconds() + $0 }
        var whole: [UInt8] = []
        while true {
            let left = deadline.map { max(0, $0 - monotonicSeconds()) }
            let (packet, _) = try receive(within: left)
            guard let more = packet.first, more <= 1 else { throw .malformed(.badValue("a packet without its header")) }
            guard whole.count + packet.count - 1 <= limit else { throw .malformed(.tooLong) }
            whole += packet.dropFirst()
            if more == 0 { return whole }
        }
    }
}
