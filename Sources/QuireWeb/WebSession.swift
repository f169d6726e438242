import CSoup
import QuireEngine

/// One libsoup session, used from one thread, synchronously: no cookie jar and no
/// credentials (none is added), redirects left to `WebFetcher` (`RedirectStep`), and a
/// socket timeout of the stall bound, so that a server that stops sending ends the read.
final class WebSession {
    private let session: OpaquePointer

    init(stallSeconds: Int) {
        session = OpaquePointer(soup_session_new())
        soup_session_set_timeout(UnsafeMutablePointer(session), UInt32(stallSeconds))
        soup_session_set_user_agent(UnsafeMutablePointer(session), "Quire")
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(session)) }

    /// Sends a GET for `address` with `headers` and returns once the answer's headers are in.
    func get(_ address: WebAddress, headers: [(name: String, value: String)], stallSeconds: Int) throws(WebFailure) -> WebResponse {
        guard let message = soup_message_new("GET", address.description) else { throw .badAddress }
        soup_message_set_flags(message, SOUP_MESSAGE_NO_REDIRECT)
        let requestHeaders = soup_message_get_request_headers(message)
        for header in headers { soup_message_headers_replace(requestHeaders, header.name, header.value) }
        var error: UnsafeMutablePointer<GError>?
        let stream = soup_session_send(UnsafeMutablePointer(session), message, nil, &error)
        guard let stream else {
            let failure = WebSession.failure(error, stallSeconds: stallSeconds)
            g_clear_error(&error)
            g_object_unref(UnsafeMutableRawPointer(message))
            throw failure
        }
        return WebResponse(message: message, stream: stream, stallSeconds: stallSeconds)
    }

    /// What a transport error means to the reader.
    static func failure(_ error: UnsafeMutablePointer<GError>?, stallSeconds: Int) -> WebFailure {
        guard let error else { return .unreachable("") }
        let text = String(cString: error.pointee.message)
        if error.pointee.domain == g_io_error_quark(), error.pointee.code == Int32(G_IO_ERROR_TIMED_OUT.rawValue) {
            return .stalled(seconds: stallSeconds)
        }
        if error.pointee.domain == g_tls_error_quark() { return .certificate(text) }
        return .unreachable(text)
    }
}

/// An answer whose headers have arrived; its body is read in pieces.
final class WebResponse {
    private let message: OpaquePointer
    private let stream: UnsafeMutablePointer<GInputStream>
    private let stallSeconds: Int

    fileprivate init(message: OpaquePointer, stream: UnsafeMutablePointer<GInputStream>, stallSeconds: Int) {
        self.message = message
        self.stream = stream
        self.stallSeconds = stallSeconds
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(stream))
        g_object_unref(UnsafeMutableRawPointer(message))
    }

    var status: Int { Int(soup_message_get_status(message).rawValue) }
    var reason: String { soup_message_get_reason_phrase(message).map { String(cString: $0) } ?? "" }

    func header(_ name: String) -> String? {
        soup_message_headers_get_one(soup_message_get_response_headers(message), name).map { String(cString: $0) }
    }

    /// The body's length when the server gave it.
    var contentLength: Int? { header("Content-Length").flatMap { Int(String($0.filter { $0 != " " })) } }

    /// Reads into `buffer`; 0 at the end of the body.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(WebFailure) -> Int {
        var error: UnsafeMutablePointer<GError>?
        let count = g_input_stream_read(stream, buffer.baseAddress, gsize(buffer.count), nil, &error)
        if count < 0 {
            let failure = WebSession.failure(error, stallSeconds: stallSeconds)
            g_clear_error(&error)
            throw failure
        }
        return count
    }
}
