import QuireWire
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The document's bytes as the window opened them, once: a descriptor that every helper
/// is given, so that all of them read the same file even if its path comes to name
/// another one. A reload opens a new `DocumentFile`; the old one lives while anything
/// still uses it.
public final class DocumentFile: Sendable {
    public let descriptor: Descriptor
    public let displayPath: String
    public let password: String?
    /// Counts the helpers that failed on this document (ended or ran past their time),
    /// across all render slots: past `RemoteRenderer.restartLimit` no more are made.
    let faults = Faults()

    /// Opens the file at `path` for reading.
    public init(path: String, password: String?) throws(ChannelError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .system("open", errno) }
        descriptor = Descriptor(taking: fd)
        displayPath = path
        self.password = password
    }

    /// Wraps bytes loaded from elsewhere (a remote location) in a sealed memfd.
    public init(bytes: UnsafeRawBufferPointer, displayPath: String, password: String?) throws(ChannelError) {
        let pixels = try SharedPixels(byteCount: max(bytes.count, 1))
        if let base = bytes.baseAddress { pixels.address.copyMemory(from: base, byteCount: bytes.count) }
        descriptor = pixels.descriptor
        self.displayPath = displayPath
        self.password = password
    }
}

/// Failed helpers of one document, counted across its render slots.
final class Faults: Sendable {
    private let count = Atomic<Int>(0)
    /// Counts one more failed helper and returns how many there have been.
    func add() -> Int { count.add(1, ordering: .relaxed).newValue }
    var total: Int { count.load(ordering: .relaxed) }
}
