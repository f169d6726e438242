import QuireEngine
#if canImport(Glibc)
import Glibc
#endif

/// What poppler cannot tell apart (it calls a folder, an empty file and garbage all
/// "damaged"): checked on the path before poppler sees it.
enum FileCheck {
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
        var buffer = [UInt8](repeating: 0, count: PDFBytes.headerWindow)
        let count = fread(&buffer, 1, PDFBytes.headerWindow, file)
        return Array(buffer.prefix(count))
    }

    /// Whether the file names an encryption dictionary (`PDFBytes`), in its trailers.
    static func namesEncryption(_ path: String) -> Bool {
        let window = PDFBytes.encryptionWindow
        guard let file = fopen(path, "rb") else { return false }
        defer { fclose(file) }
        var buffer = [UInt8](repeating: 0, count: window)
        let head = fread(&buffer, 1, window, file)
        if PDFBytes.namesEncryption(Array(buffer.prefix(head))) { return true }
        guard fseek(file, -window, SEEK_END) == 0 else { return false } // all of it was the head
        let tail = fread(&buffer, 1, window, file)
        return PDFBytes.namesEncryption(Array(buffer.prefix(tail)))
    }
}
