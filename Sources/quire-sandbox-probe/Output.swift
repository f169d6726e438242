#if canImport(Glibc)
import Glibc
#endif

/// The probe's lines, each written to stdout by one write(2): nothing waits in a buffer.
enum Output {
    static func line(_ text: String) {
        var bytes = Array((text + "\n").utf8)
        _ = bytes.withUnsafeMutableBytes { write(1, $0.baseAddress, $0.count) }
    }

    /// errno by name, as the tests look for it.
    static func name(ofError code: Int32) -> String {
        switch code {
        case EPERM: "EPERM"
        case EACCES: "EACCES"
        case ENOSYS: "ENOSYS"
        case EFBIG: "EFBIG"
        case ENOENT: "ENOENT"
        default: "errno \(code)"
        }
    }
}
