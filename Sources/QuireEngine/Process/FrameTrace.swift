import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// `QUIRE_TRACE_FRAMES=PATH` (`Configuration.framesTrace`): the window's frames, one line
/// each, for `FrameSummary` to read. The rules:
///  1. A frame is its start (monotonic seconds), the interval since the frame before, how
///     long its update, layout and paint took, whether a page in view was drawn blank (no
///     picture at all, not even a stand-in) and how many pages were recognised so far.
///  2. Events (the recognition's start and end) are lines of their own, starting with "#".
///  3. Lines are kept in memory and written when a buffer fills, when `flush` is called (the
///     last page recognised, the exit): a frame costs a formatted line, never a write.
public final class FrameTrace: Sendable {
    public struct Frame: Equatable, Sendable {
        public var start: Double
        public var intervalMs: Double
        public var paintMs: Double
        public var blank: Bool
        public var recognised: Int

        public init(start: Double, intervalMs: Double, paintMs: Double, blank: Bool, recognised: Int) {
            (self.start, self.intervalMs, self.paintMs, self.blank, self.recognised) = (start, intervalMs, paintMs, blank, recognised)
        }

        /// "start interval paint blank recognised": seconds to the microsecond, milliseconds to the hundredth.
        public var line: String {
            "\(FrameTrace.fixed(start, 6)) \(FrameTrace.fixed(intervalMs, 2)) \(FrameTrace.fixed(paintMs, 2)) \(blank ? 1 : 0) \(recognised)"
        }

        public init?(line: Substring) {
            let fields = line.split(separator: " ")
            guard fields.count == 5, let start = Double(fields[0]), let interval = Double(fields[1]), let paint = Double(fields[2]),
                  let blank = Int(fields[3]), let recognised = Int(fields[4]) else { return nil }
            self.init(start: start, intervalMs: interval, paintMs: paint, blank: blank != 0, recognised: recognised)
        }
    }

    public enum Event: String, Sendable {
        case recognitionStarted = "recognition-started"
        case recognitionFinished = "recognition-finished"
    }

    private let descriptor: Int32
    private let pending = Mutex<[UInt8]>([])
    private static let bufferBytes = 256 << 10

    /// A trace written to `path` (replaced); nil when it cannot be created.
    public init?(path: String) {
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return nil }
    }

    deinit {
        flush()
        close(descriptor)
    }

    public func record(_ frame: Frame) { append(frame.line) }

    /// `event` at `time` (monotonic seconds), with `pages` when it has them.
    public func mark(_ event: Event, at time: Double, pages: Int? = nil) {
        append("# \(event.rawValue) \(Self.fixed(time, 6))" + (pages.map { " \($0)" } ?? ""))
    }

    public func flush() {
        pending.withLock { bytes in
            var written = 0
            while written < bytes.count {
                let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                if count <= 0 { break }
                written += count
            }
            bytes.removeAll(keepingCapacity: true)
        }
    }

    private func append(_ line: String) {
        let full = pending.withLock { bytes in
            bytes.append(contentsOf: line.utf8)
            bytes.append(10)
            return bytes.count >= Self.bufferBytes
        }
        if full { flush() }
    }

    /// `value` with `digits` decimals, without Foundation's formatter.
    static func fixed(_ value: Double, _ digits: Int) -> String {
        let scale = (0..<digits).reduce(1.0) { value, _ in value * 10 }
        let scaled = Int64((abs(value) * scale).rounded())
        let whole = scaled / Int64(scale), fraction = String(scaled % Int64(scale))
        return (value < 0 && scaled != 0 ? "-" : "") + "\(whole)." + String(repeating: "0", count: digits - fraction.count) + fraction
    }
}
