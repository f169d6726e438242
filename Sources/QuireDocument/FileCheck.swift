#if canImport(Glibc)
import Glibc
#endif

/// What poppler cannot tell apart (it calls a folder, an empty file and garbage all
/// "damaged"): checked on the path before poppler sees it.
enum FileCheck {
    /// PDF allows the header anywhere in the first 1024 bytes.
    static let headerWindow = 1024

    static func readableFile(_ path: String) throws(DocumentError) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw errno == EACCES ? .notReadable(path: path) : .notFound(path: path)
        }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw .isDirectory(path: path) }
        guard access(path, R_OK) == 0 else { throw .notReadable(path: path) }
        if info.st_size == 0 && (info.st_mode & S_IFMT) == S_IFREG { throw .empty(path: path) }
    }

    static func header(_ path: String) -> [UInt8] {
        guard let file = fopen(path, "rb") else { return [] }
        defer { fclose(file) }
        var buffer = [UInt8](repeating: 0, count: headerWindow)
        let count = fread(&buffer, 1, headerWindow, file)
        return Array(buffer.prefix(count))
    }

    static func looksLikePDF(_ header: [UInt8]) -> Bool {
        let magic = Array("%PDF-".utf8)
        guard header.count >= magic.count else { return false }
        return (0...(header.count - magic.count)).contains { Array(header[$0..<$0 + magic.count]) == magic }
    }
}
