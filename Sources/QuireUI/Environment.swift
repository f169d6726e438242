#if canImport(Glibc)
import Glibc
#endif

/// Reading the process environment and the machine, in one place.
enum Environment {
    static func string(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    static func integer(_ name: String) -> Int? { string(name).flatMap { Int($0) } }

    static func physicalMemory() -> Int {
        Int(sysconf(Int32(_SC_PHYS_PAGES))) * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}

/// Writes a line to stderr: what went wrong, for people running Quire from a terminal.
public func printError(_ message: String) {
    let line = "quire: \(message)\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
}
