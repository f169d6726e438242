#if canImport(Glibc)
import Glibc
#endif

/// glibc's heap, the one place each process sets it: the render helpers (Splash's drawing
/// given back as it is freed, and trimmed at pauses: `IdleCleanup`), the window (trimmed
/// at rest: `HeapRest`), quire-bench (its in-process pictures). mallopt and malloc_trim are
/// declared in <malloc.h>, which Swift's Glibc module leaves out: they are found by name.
public enum ProcessHeap {
    /// Blocks of `bytes` or more get mappings of their own, given back when freed; with
    /// `trimmingPast`, the heap's top is given back once that much of it is free. Fixed,
    /// instead of growing with the largest block freed, for the life of the process.
    public static func fixThresholds(mapping bytes: Int, trimmingPast trim: Int? = nil) {
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(nil, "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
        _ = mallopt(-3 /* M_MMAP_THRESHOLD */, Int32(clamping: bytes))
        if let trim { _ = mallopt(-1 /* M_TRIM_THRESHOLD */, Int32(clamping: trim)) }
    }

    /// Gives the memory the heap keeps free back to the system (malloc_trim).
    public static func giveBackFree() {
        typealias MallocTrim = @convention(c) (Int) -> Int32
        guard let symbol = dlsym(nil, "malloc_trim") else { return }
        _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
    }
}
