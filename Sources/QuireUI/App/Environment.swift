#if canImport(Glibc)
import Glibc
#endif

/// The environment GTK and the desktop read (Quire's own variables are `Configuration`'s).
enum Environment {
    static func string(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}

/// Writes a line to stderr: what went wrong, for people running Quire from a terminal.
public func printError(_ message: String) {
    let line = "quire: \(message)\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
}
