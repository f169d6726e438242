#if canImport(Glibc)
import Glibc
#endif

/// A list of Swift strings as a C array of C strings, alive for the length of one call.
enum CStrings {
    static func with<Result>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>, Int) -> Result) -> Result {
        // The trailing nil keeps the array non-empty, so that it always has an address.
        let copies: [UnsafePointer<CChar>?] = strings.map { UnsafePointer(strdup($0)) } + [nil]
        defer { copies.forEach { free(UnsafeMutablePointer(mutating: $0)) } }
        return copies.withUnsafeBufferPointer { body($0.baseAddress!, strings.count) }
    }
}
