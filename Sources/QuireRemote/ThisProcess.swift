#if canImport(Glibc)
import Glibc
#endif
import QuireEngine

/// This process's environment and machine, read in one place: the configuration a run of
/// Quire (or `quire-bench`) starts with, and how glibc treats freed pictures.
public enum ThisProcess {
    /// Built once, at start-up, and handed down.
    public static func configuration() -> Configuration {
        Configuration(reading: { getenv($0).map { String(cString: $0) } }, physicalMemory: physicalMemory,
                      processors: Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }

    public static var physicalMemory: Int { Int(sysconf(Int32(_SC_PHYS_PAGES))) * Int(sysconf(Int32(_SC_PAGESIZE))) }

    /// For `quire-bench`, whose pictures (`--in-process`) are drawn into its own memory:
    /// they are megabytes each; glibc would serve them from its heap after the first one is freed (its mmap
    /// threshold adapts upwards) and keep freed ones as resident memory. A fixed threshold
    /// keeps each picture in its own mapping, returned on free. (The window's pictures are
    /// the helpers' shared memory; its heap is trimmed at rest instead: `HeapRest`.)
    public static func returnFreedPicturesToTheSystem() {
        // mallopt is declared in <malloc.h>, which Swift's Glibc module leaves out.
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(nil, "mallopt") else { return }
        let mmapThreshold: Int32 = -3 // M_MMAP_THRESHOLD
        _ = unsafeBitCast(symbol, to: Mallopt.self)(mmapThreshold, 256 << 10)
    }

    /// Gives the memory glibc's heap keeps free back to the system (malloc_trim).
    public static func giveBackFreeHeap() {
        typealias MallocTrim = @convention(c) (Int) -> Int32
        guard let symbol = dlsym(nil, "malloc_trim") else { return }
        _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
    }
}
