import CChannel
#if canImport(Glibc)
import Glibc
#endif

/// Pixels in shared memory: a memfd the window makes, sized for one picture and sealed so
/// that it can never shrink (a mapping of it cannot fault whatever a helper does), mapped
/// here. The window maps it to read what a helper drew; the helper maps the descriptor it
/// was passed to draw into it.
public final class SharedPixels: @unchecked Sendable { // immutable after init; the bytes are read-only to whoever keeps this
    public let descriptor: Descriptor
    public let byteCount: Int
    public let address: UnsafeMutableRawPointer

    /// Makes a new memfd of `byteCount` bytes, mapped writable here (the window reads it;
    /// a test writes to it).
    public init(byteCount: Int) throws(ChannelError) {
        let fd = quire_pixels_create(byteCount)
        guard fd >= 0 else { throw .system("memfd", -fd) }
        descriptor = Descriptor(taking: fd)
        self.byteCount = byteCount
        guard let mapped = quire_pixels_map(fd, byteCount, 1) else { throw .system("mmap", errno) }
        address = mapped
    }

    /// Maps a descriptor that was passed to this process, after checking it is a sealed
    /// memfd of at least `byteCount` bytes.
    public init(mapping descriptor: Descriptor, byteCount: Int) throws(ChannelError) {
        let checked = quire_pixels_check(descriptor.fd, byteCount)
        guard checked == 0 else { throw .system("shared pixels", -checked) }
        guard let mapped = quire_pixels_map(descriptor.fd, byteCount, 1) else { throw .system("mmap", errno) }
        self.descriptor = descriptor
        self.byteCount = byteCount
        address = mapped
    }

    deinit { quire_pixels_unmap(address, byteCount) }

    /// Gives the memory of the whole pages from `offset` on back to the system (they read
    /// as zeros after), in every process that maps them: what a grey picture no longer uses.
    public func discard(from offset: Int) {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let start = (max(offset, 0) + page - 1) / page * page
        guard page > 0, start < byteCount else { return }
        madvise(address + start, byteCount - start, MADV_REMOVE)
    }
}
