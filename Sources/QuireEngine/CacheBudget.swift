#if canImport(Glibc)
import Glibc
#endif

/// How many bytes of pictures to keep. Policy: `QUIRE_CACHE_MB` when set; otherwise 1/384
/// of physical memory, at least 48 MiB and at most 96 MiB: the visible pages and the few
/// the planner prefetches at desktop sizes (a fit-width page in a 1600-pixel window is
/// 13 MB) plus the low-resolution stand-ins. More buys little (going back re-renders a
/// text page in tens of milliseconds) and costs memory readers notice: with 128 MiB the
/// window's peak after paging was 233 MiB, with 64 MiB 209 MiB (Evince 184–199 MiB).
public enum CacheBudget {
    public static let minimum = 48 << 20
    public static let maximum = 96 << 20

    public static func bytes(physicalMemory: Int, overrideMiB: Int?) -> Int {
        if let overrideMiB, overrideMiB > 0 { return overrideMiB << 20 }
        return min(max(physicalMemory / 384, minimum), maximum)
    }

    /// The budget for this machine and environment.
    public static var forThisMachine: Int {
        let memory = Int(sysconf(Int32(_SC_PHYS_PAGES))) * Int(sysconf(Int32(_SC_PAGESIZE)))
        let override = getenv("QUIRE_CACHE_MB").flatMap { Int(String(cString: $0)) }
        return bytes(physicalMemory: memory, overrideMiB: override)
    }

    /// Pictures are megabytes each; glibc would serve them from its heap after the first
    /// one is freed (its mmap threshold adapts upwards) and keep freed ones as resident
    /// memory. A fixed threshold keeps each picture in its own mapping, returned on free.
    public static func returnFreedPicturesToTheSystem() {
        // mallopt is declared in <malloc.h>, which Swift's Glibc module leaves out.
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(nil, "mallopt") else { return }
        let mmapThreshold: Int32 = -3 // M_MMAP_THRESHOLD
        _ = unsafeBitCast(symbol, to: Mallopt.self)(mmapThreshold, 256 << 10)
    }
}
