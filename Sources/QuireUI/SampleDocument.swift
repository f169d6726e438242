#if canImport(Glibc)
import Glibc
#endif

/// The source tree Quire runs from (the executable under `.build/`), if it does: an
/// uninstalled Quire finds there what an installed one finds under its prefix.
enum SourceTree {
    /// The directory holding Package.swift above the executable; nil when installed.
    static let root: String? = {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        var directory = String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        while let slash = directory.lastIndex(of: "/"), slash != directory.startIndex {
            directory = String(directory[..<slash])
            if access("\(directory)/Package.swift", F_OK) == 0, access("\(directory)/data", F_OK) == 0 { return directory }
        }
        return nil
    }()

    /// `relative` under the source tree, if Quire runs from one and it is there.
    static func path(_ relative: String) -> String? {
        guard let root, access("\(root)/\(relative)", R_OK) == 0 else { return nil }
        return "\(root)/\(relative)"
    }
}

/// The bundled guide, found when Quire runs from its source tree; an installed Quire has
/// none and shows the welcome page instead.
enum SampleDocument {
    static let relativePath = "data/quire-guide.pdf"

    static func pathInSourceTree() -> String? { SourceTree.path(relativePath) }
}
