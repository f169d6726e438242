#if canImport(Glibc)
import Glibc
#endif

/// A memfd made as the window makes one: sized, then sealed against shrinking, growing and
/// further seals, before the helper is confined. The helper only maps it and writes pixels.
final class SharedPixels {
    let byteCount: Int
    private let descriptor: Int32

    init(byteCount: Int) {
        self.byteCount = byteCount
        descriptor = Self.memfdCreate("quire-pixels", 0x1 | 0x2) // MFD_CLOEXEC | MFD_ALLOW_SEALING
        precondition(descriptor >= 0 && ftruncate(descriptor, off_t(byteCount)) == 0, "cannot make a memfd")
        let seals: Int32 = 0x0002 | 0x0004 | 0x0001 // F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL
        precondition(fcntl(descriptor, 1033 /* F_ADD_SEALS */, seals) == 0, "cannot seal the memfd")
    }

    deinit { close(descriptor) }

    /// glibc's memfd_create, which Swift's Glibc module does not declare (it wants _GNU_SOURCE).
    private static let memfdCreate = unsafeBitCast(dlsym(UnsafeMutableRawPointer(bitPattern: 0), "memfd_create"),
                                                   to: (@convention(c) (UnsafePointer<CChar>, UInt32) -> Int32).self)

    /// Maps the memfd and copies up to `byteCount` bytes from `source` to its start.
    /// Returns how many were written, or nil when the mapping was refused.
    func write(from source: UnsafeRawPointer, count: Int) -> Int? {
        guard let mapped = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0),
              mapped != MAP_FAILED else { return nil }
        defer { munmap(mapped, byteCount) }
        let written = min(count, byteCount)
        mapped.copyMemory(from: source, byteCount: written)
        return written
    }
}
