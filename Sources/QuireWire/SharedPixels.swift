import CChannel
import Synchronization
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
    /// Where the mapping goes when this is let go, instead of being unmapped, once
    /// `reusable` says a helper has finished with it.
    private let pool: PixelPool?
    private let reusable = Atomic<Bool>(false)

    /// Memory of at least `byteCount` bytes from `pool`: a mapping kept there, or a new one.
    /// It goes back there when let go only once marked `reusable()`: a helper that did not
    /// answer may still be writing into it as it is ended.
    public init(byteCount: Int, from pool: PixelPool) throws(ChannelError) {
        if let kept = pool.take(atLeast: byteCount) {
            (descriptor, self.byteCount, address) = (kept.descriptor, kept.byteCount, kept.address)
        } else {
            (descriptor, address) = try Self.make(byteCount)
            self.byteCount = byteCount
        }
        self.pool = pool
    }

    /// Makes a new memfd of `byteCount` bytes, mapped writable here (the window reads it;
    /// a test writes to it).
    public init(byteCount: Int) throws(ChannelError) {
        (descriptor, address) = try Self.make(byteCount)
        self.byteCount = byteCount
        pool = nil
    }

    private static func make(_ byteCount: Int) throws(ChannelError) -> (Descriptor, UnsafeMutableRawPointer) {
        let fd = quire_pixels_create(byteCount)
        guard fd >= 0 else { throw .system("memfd", -fd) }
        let descriptor = Descriptor(taking: fd)
        guard let mapped = quire_pixels_map(fd, byteCount, 1) else { throw .system("mmap", errno) }
        return (descriptor, mapped)
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
        pool = nil
    }

    deinit {
        if let pool, reusable.load(ordering: .acquiring) { pool.keep(descriptor, at: address, byteCount: byteCount) } else { quire_pixels_unmap(address, byteCount) }
    }

    /// Gives the first `count` bytes memory now, all at once: a helper that then writes
    /// them all (cairo paints a page white first) takes a cheap fault a page instead of
    /// allocating each. Only what the picture will use: memory from the pool may be larger.
    public func allocate(_ count: Int) { _ = quire_pixels_allocate(descriptor.fd, min(max(count, 0), byteCount)) }

    /// The helper that drew into this answered: the mapping may go back to its pool.
    public func markReusable() { reusable.store(true, ordering: .releasing) }

    /// Gives the memory of the whole pages from `offset` on back to the system (they read
    /// as zeros after), in every process that maps them: what a grey picture no longer uses.
    public func discard(from offset: Int) {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let start = (max(offset, 0) + page - 1) / page * page
        guard page > 0, start < byteCount else { return }
        madvise(address + start, byteCount - start, MADV_REMOVE)
    }
}

/// Shared pixel memory kept for the next tile when a picture is let go. Mapping memory
/// takes the process's address-space lock for writing, which waits for every thread that
/// is touching a page: in quire-bench 0.33 ms a tile at the median and 1.3 ms at p95, the
/// largest part of what a helper round trip costs beyond drawing; a kept mapping takes no
/// such lock. Its memory is given back as it is kept (`MADV_REMOVE`: it then reads as
/// zeros, as new memory does), so a kept mapping costs address space, not memory.
/// One pool per document: a helper that held on to a mapping would otherwise see the
/// pages of another document drawn into it.
public final class PixelPool: Sendable {
    struct Kept: @unchecked Sendable { // the address is only used by whoever took it out
        let descriptor: Descriptor
        let address: UnsafeMutableRawPointer
        let byteCount: Int
    }

    /// The most mappings kept; past it, the largest is unmapped.
    public static let limit = 8
    private let kept = Mutex<[Kept]>([])

    public init() {}

    deinit {
        for mapping in kept.withLock({ $0 }) { quire_pixels_unmap(mapping.address, mapping.byteCount) }
    }

    /// How many mappings are kept now (for tests).
    public var count: Int { kept.withLock { $0.count } }

    /// The smallest kept mapping of at least `byteCount` bytes, taken out of the pool.
    func take(atLeast byteCount: Int) -> Kept? {
        kept.withLock { kept in
            let fitting = kept.indices.filter { kept[$0].byteCount >= byteCount }
            guard let best = fitting.min(by: { kept[$0].byteCount < kept[$1].byteCount }) else { return nil }
            return kept.remove(at: best)
        }
    }

    func keep(_ descriptor: Descriptor, at address: UnsafeMutableRawPointer, byteCount: Int) {
        madvise(address, byteCount, MADV_REMOVE)
        let dropped = kept.withLock { kept -> Kept? in
            kept.append(Kept(descriptor: descriptor, address: address, byteCount: byteCount))
            guard kept.count > Self.limit, let largest = kept.indices.max(by: { kept[$0].byteCount < kept[$1].byteCount }) else { return nil }
            return kept.remove(at: largest)
        }
        if let dropped { quire_pixels_unmap(dropped.address, dropped.byteCount) }
    }
}
