#if canImport(Glibc)
import Glibc
#endif
import QuireEngine

/// This process's environment and machine, read in one place: the configuration a run of
/// Quire (or `quire-bench`) starts with.
public enum ThisProcess {
    /// Built once, at start-up, and handed down.
    public static func configuration() -> Configuration {
        Configuration(reading: { getenv($0).map { String(cString: $0) } }, physicalMemory: physicalMemory,
                      processors: Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }

    public static var physicalMemory: Int { Int(sysconf(Int32(_SC_PHYS_PAGES))) * Int(sysconf(Int32(_SC_PAGESIZE))) }
}
