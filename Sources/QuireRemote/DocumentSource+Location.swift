import CGio
import QuireEngine

extension DocumentSource {
    /// A path, a `file:` URI, or any URI GIO can read (loaded into memory).
    public init(pathOrURI argument: String, password: String? = nil) throws(DocumentError) {
        let file = g_file_new_for_commandline_arg(argument)!
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        if let path = g_file_get_path(file) {
            defer { g_free(path) }
            self.init(path: String(cString: path), password: password)
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
        defer { g_free(contents) }
        let bytes = Array(UnsafeRawBufferPointer(start: contents, count: Int(length)))
        self.init(location: .bytes(LoadedBytes(bytes), uri: argument), password: password)
    }
}
