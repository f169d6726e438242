#if canImport(Glibc)
import Glibc
#endif

/// Where the running executable is, to find what ships beside it: the source tree it was
/// built in (the bundled guide, the compiled translations under `.build/`) or the prefix it
/// was installed into (`bin/../share/locale`), and the helpers' executable beside it.
public enum ExecutableLocation {
    /// The executable's folder, symbolic links resolved.
    public static var directory: String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        let path = String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = path.lastIndex(of: "/") else { return nil }
        return String(path[..<slash])
    }

    /// The nearest folder above the executable that holds `Package.swift` and `relativePath`:
    /// that path in it, when Quire runs from its source tree (the executable under `.build/`).
    public static func inSourceTree(_ relativePath: String) -> String? {
        guard var directory = directory else { return nil }
        while true {
            let candidate = "\(directory)/\(relativePath)"
            if access("\(directory)/Package.swift", F_OK) == 0, access(candidate, R_OK) == 0 { return candidate }
            guard let slash = directory.lastIndex(of: "/"), slash != directory.startIndex else { return nil }
            directory = String(directory[..<slash])
        }
    }
}

/// The helpers' executable (`quire-helpers`: the zygote and the web fetch process), which
/// the window starts rather than forking itself, so that the window never loads poppler,
/// NSS or libsoup (issue 48: their loading cost the window's start 15 ms). Built, it is
/// beside the window's executable; installed, in the prefix's `libexec`.
public enum HelperExecutable {
    public static let name = "quire-helpers"

    public static var path: String? {
        guard let directory = ExecutableLocation.directory else { return nil }
        return ["\(directory)/\(name)", "\(directory)/../libexec/\(name)"].first { access($0, X_OK) == 0 }
    }
}
