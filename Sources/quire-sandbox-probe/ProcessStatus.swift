#if canImport(Glibc)
import Glibc
#endif

/// /proc/self/status, opened before confinement (a confined helper may not open /proc)
/// and read after it, when it says what the kernel enforces.
struct ProcessStatus {
    private let descriptor = open("/proc/self/status", O_RDONLY | O_CLOEXEC)

    /// The lines that start with one of `names` and a colon, as the kernel writes them.
    func lines(named names: [String]) -> [String] {
        var text: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(text.count)) }
            if count <= 0 { break }
            text += chunk[..<count]
        }
        return String(decoding: text, as: UTF8.self).split(separator: "\n").map(String.init)
            .filter { line in names.contains { line.hasPrefix($0 + ":") } }
    }
}
