#if canImport(Glibc)
import Glibc
#endif

/// The bundled guide, found when Quire runs from its source tree (the executable under
/// `.build/`); an installed Quire has none and shows the welcome page instead.
enum SampleDocument {
    static let relativePath = "data/quire-guide.pdf"

    static func pathInSourceTree() -> String? { SourceTree.path(of: relativePath) }
}

/// The source tree Quire runs from, when its executable is under `.build/` there.
enum SourceTree {
    /// `relativePath` in the first folder above the executable that holds Package.swift and
    /// a readable `relativePath`.
    static func path(of relativePath: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        var directory = String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        while let slash = directory.lastIndex(of: "/"), slash != directory.startIndex {
            directory = String(directory[..<slash])
            let candidate = "\(directory)/\(relativePath)"
            if access("\(directory)/Package.swift", F_OK) == 0, access(candidate, R_OK) == 0 { return candidate }
        }
        return nil
    }
}
