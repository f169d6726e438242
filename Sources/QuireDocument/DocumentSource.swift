import CPoppler
#if canImport(Glibc)
import Glibc
#endif

/// Where a document comes from, plus the password that opens it. A value that any thread
/// can use to open its own `Document` (poppler documents must never be shared).
public struct DocumentSource: Sendable {
    public enum Location: Sendable {
        case file(path: String)
        /// Contents of a location that is not a local file, loaded once.
        case bytes(LoadedBytes, uri: String)
    }

    public let location: Location
    public var password: String?

    public init(path: String, password: String? = nil) {
        location = .file(path: path)
        self.password = password
    }

    init(location: Location, password: String? = nil) {
        self.location = location
        self.password = password
    }

    /// A path, a `file:` URI, or any URI GIO can read (loaded into memory).
    public init(pathOrURI argument: String, password: String? = nil) throws(DocumentError) {
        self.password = password
        let file = g_file_new_for_commandline_arg(argument)!
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        if let path = g_file_get_path(file) {
            location = .file(path: String(cString: path))
            g_free(path)
            return
        }
        var contents: UnsafeMutablePointer<CChar>?
        var length: gsize = 0
        var error: UnsafeMutablePointer<GError>?
        guard g_file_load_contents(file, nil, &contents, &length, nil, &error) != 0, let contents else {
            let detail = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            g_clear_error(&error)
            throw .unsupportedLocation(uri: argument, detail: detail)
        }
        location = .bytes(LoadedBytes(taking: contents, count: Int(length)), uri: argument)
    }

    /// The path or URI, as shown to people.
    public var displayPath: String {
        switch location {
        case .file(let path): path
        case .bytes(_, let uri): uri
        }
    }

    /// The last component of the path or URI.
    public var displayName: String {
        let full = displayPath
        let trimmed = full.hasSuffix("/") ? String(full.dropLast()) : full
        return trimmed.split(separator: "/").last.map(String.init) ?? full
    }

    /// Opens a new document confined to the calling thread.
    public func open() throws(DocumentError) -> Document {
        try Document(source: self)
    }
}

/// Bytes loaded from a non-file location: immutable once loaded, so shareable.
public final class LoadedBytes: @unchecked Sendable {
    let bytes: OpaquePointer // GBytes, immutable and thread-safe by GLib's contract

    init(taking data: UnsafeMutablePointer<CChar>, count: Int) {
        bytes = g_bytes_new_take(data, gsize(count))
    }

    deinit { g_bytes_unref(bytes) }

    var count: Int { Int(g_bytes_get_size(bytes)) }

    /// Runs `body` over the bytes.
    public func withUnsafeBytes<T, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> T) throws(E) -> T {
        var size: gsize = 0
        let data = g_bytes_get_data(bytes, &size)
        return try body(UnsafeRawBufferPointer(start: data, count: Int(size)))
    }

    /// The first bytes, for telling a PDF from other data.
    func prefix(_ n: Int) -> [UInt8] {
        var size: gsize = 0
        guard let data = g_bytes_get_data(bytes, &size) else { return [] }
        return Array(UnsafeRawBufferPointer(start: data, count: min(n, Int(size))))
    }

    /// The last bytes, where a PDF's trailer is.
    func suffix(_ n: Int) -> [UInt8] {
        var size: gsize = 0
        guard let data = g_bytes_get_data(bytes, &size) else { return [] }
        let count = min(n, Int(size))
        return Array(UnsafeRawBufferPointer(start: data + (Int(size) - count), count: count))
    }
}
