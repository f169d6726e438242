import CGio
import QuireEngine

extension DocumentSource {
    /// A path, a `file:` URI, or any URI GIO can read; the last is loaded only when the
    /// document is opened (`DocumentFile(opening:)`, on the opening's thread).
    public init(pathOrURI argument: String, password: String? = nil) throws(DocumentError) {
        let file = g_file_new_for_commandline_arg(argument)!
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        if let path = g_file_get_path(file) {
            defer { g_free(path) }
            self.init(path: String(cString: path), password: password)
            return
        }
        self.init(location: .remote(uri: argument), password: password)
    }
}

/// A location that is not a local file, read through GIO into memory: never on the main
/// thread (a network mount may take minutes), at most `limit` bytes (a stream that never
/// ends is refused, not held), and given up between reads when the opening is cancelled.
enum RemoteLocation {
    /// 1 GiB: past the largest PDFs readers open, far below what would take the machine.
    static let limit = 1 << 30

    static func load(_ uri: String, cancel: OpeningCancel?) throws(DocumentError) -> [UInt8] {
        let file = g_file_new_for_commandline_arg(uri)!
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        var error: UnsafeMutablePointer<GError>?
        func failure(_ fallback: String) -> DocumentError {
            let detail = error.map { String(cString: $0.pointee.message) } ?? fallback
            g_clear_error(&error)
            return .unsupportedLocation(uri: uri, detail: detail)
        }
        guard let stream = g_file_read(file, nil, &error) else { throw failure(tr("it cannot be read")) }
        defer { g_object_unref(UnsafeMutableRawPointer(stream)) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            if cancel?.isCancelled == true { throw .unsupportedLocation(uri: uri, detail: tr("opening it was stopped")) }
            let input = UnsafeMutableRawPointer(stream).assumingMemoryBound(to: GInputStream.self)
            let count = chunk.withUnsafeMutableBytes { g_input_stream_read(input, $0.baseAddress, gsize($0.count), nil, &error) }
            if count < 0 { throw failure(tr("reading it failed")) }
            if count == 0 { return bytes }
            guard bytes.count + Int(count) <= limit else {
                throw .unsupportedLocation(uri: uri, detail: tr("it is larger than {size} GiB", ["size": String(limit >> 30)]))
            }
            bytes += chunk[..<Int(count)]
        }
    }
}
