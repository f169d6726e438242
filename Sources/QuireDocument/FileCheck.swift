import QuireEngine
#if canImport(Glibc)
import Glibc
#endif

/// What poppler cannot tell apart (it calls a folder, an empty file and garbage all
/// "damaged"): checked on the path before poppler sees it.
enum FileCheck {
    static let headerWindow = PDFBytes.headerWindow

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

    static let encryptionWindow = PDFBytes.encryptionWindow

    /// Whether the file names an encryption dictionary. poppler-glib does not say whether
    /// a document it opened was encrypted (one with an empty user password opens like any
    /// other), so this reads the trailers' bytes.
    static func namesEncryption(_ path: String) -> Bool {
        guard let file = fopen(path, "rb") else { return false }
        defer { fclose(file) }
        var buffer = [UInt8](repeating: 0, count: encryptionWindow)
        let head = fread(&buffer, 1, encryptionWindow, file)
        if namesEncryption(Array(buffer.prefix(head))) { return true }
        guard fseek(file, -encryptionWindow, SEEK_END) == 0 else { return false } // all of it was the head
        let tail = fread(&buffer, 1, encryptionWindow, file)
        return namesEncryption(Array(buffer.prefix(tail)))
    }

    static func namesEncryption(_ bytes: [UInt8]) -> Bool { PDFBytes.namesEncryption(bytes) }

    static func looksLikePDF(_ header: [UInt8]) -> Bool { PDFBytes.looksLikePDF(header) }
}
