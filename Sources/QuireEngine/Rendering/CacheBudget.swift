/// How many bytes of pictures to keep. Policy: `QUIRE_CACHE_MB` when set (`Configuration`); otherwise 1/384
/// of physical memory, at least 48 MiB and at most 96 MiB: the visible pages and the few
/// the planner prefetches at desktop sizes (a fit-width page in a 1600-pixel window is
/// 13 MB) plus the low-resolution stand-ins. More buys little (going back re-renders a
/// text page in tens of milliseconds) and costs memory readers notice: with 128 MiB the
/// window's peak after paging was 233 MiB, with 64 MiB 209 MiB (Evince 184–199 MiB).
/// Pictures count four bytes a pixel against it whatever they take: a scan's grey pages
/// (a byte a pixel) keep the same pages around the view in a quarter of the memory.
public enum CacheBudget {
    public static let minimum = 48 << 20
    public static let maximum = 96 << 20

    public static func bytes(physicalMemory: Int, overrideMiB: Int?) -> Int {
        if let overrideMiB, overrideMiB > 0 { return overrideMiB << 20 }
        return min(max(physicalMemory / 384, minimum), maximum)
    }
}
