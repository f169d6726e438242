import Foundation
import XCTest

/// An HTTP server on 127.0.0.1 for the web document tests: python3's http.server with a
/// handler written into the test's own folder, on a port the system chose, serving one PDF
/// in the ways servers do (with and without Content-Length, ETag and Last-Modified), and
/// redirects, a loop, a 404, a web page, an endless body, a slow one, one that stalls and
/// one that sends half and waits for the test (/gated.pdf, `openGate`).
/// Every request is logged as a line (path, conditional headers, status, body bytes sent).
final class WebServer {
    let port: Int
    let folder: String
    private let process: Process
    private let log: String

    /// Serves `pdf` (a path) as /doc.pdf (and /second.pdf) and the other PDF routes.
    init(serving pdf: String, in folder: String) throws {
        self.folder = folder
        log = folder + "/requests.log"
        let script = folder + "/server.py"
        try Self.handler.write(toFile: script, atomically: true, encoding: .utf8)
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, pdf, log]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        // The server's first line is its port, once it listens.
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data([0x0a]) { line += byte }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else {
            process.terminate()
            throw FixtureFailure("the test's HTTP server did not start")
        }
        self.port = port
    }

    deinit { stop() }

    /// Lets /gated.pdf send its second half.
    func openGate() { FileManager.default.createFile(atPath: folder + "/gate", contents: Data()) }

    func address(_ path: String, host: String = "127.0.0.1") -> String { "http://\(host):\(port)\(path)" }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    struct Request: Decodable {
        let path: String
        let ifNoneMatch: String?
        let ifModifiedSince: String?
        let status: Int
        let body: Int
    }

    /// The requests answered so far, in order.
    var requests: [Request] {
        guard let text = try? String(contentsOfFile: log, encoding: .utf8) else { return [] }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return text.split(separator: "\n").compactMap { try? decoder.decode(Request.self, from: Data($0.utf8)) }
    }

    private static let handler = #"""
import http.server, json, sys, time, email.utils, os
pdf_path, log_path = sys.argv[1], sys.argv[2]
body = open(pdf_path, 'rb').read()
etag = '"v1-%d"' % len(body)
modified = email.utils.formatdate(os.path.getmtime(pdf_path), usegmt=True)

class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = 'HTTP/1.0'
    def log_message(self, *args): pass
    def note(self, status, sent):
        with open(log_path, 'a') as log:
            log.write(json.dumps({'path': self.path, 'if_none_match': self.headers.get('If-None-Match'),
                                  'if_modified_since': self.headers.get('If-Modified-Since'), 'status': status, 'body': sent}) + '\n')
    def answer(self, status, headers, payload=b''):
        self.send_response(status)
        for name, value in headers: self.send_header(name, value)
        self.end_headers()
        self.wfile.write(payload)
        self.wfile.flush()
        self.note(status, len(payload))
    def do_GET(self):
        path, _, query = self.path.partition('?')
        if path in ('/doc.pdf', '/second.pdf'):
            options = query.split('&')
            validators = []
            if 'etag' in options: validators.append(('ETag', etag))
            if 'modified' in options: validators.append(('Last-Modified', modified))
            if ('etag' in options and self.headers.get('If-None-Match') == etag) or \
               ('modified' in options and 'etag' not in options and self.headers.get('If-Modified-Since') == modified):
                return self.answer(304, validators)
            headers = [('Content-Type', 'application/pdf')] + validators
            if 'nolength' not in options: headers.append(('Content-Length', str(len(body))))
            return self.answer(200, headers, body)
        if path.startswith('/hops/'):
            left = int(path[6:])
            target = '/doc.pdf?etag' if left == 0 else '/hops/%d' % (left - 1)
            return self.answer(302, [('Location', target)])
        if path == '/loop':
            return self.answer(302, [('Location', '/loop')])
        if path == '/away':
            return self.answer(302, [('Location', query)])
        if path == '/page.html':
            return self.answer(200, [('Content-Type', 'text/html')], b'<!DOCTYPE html><html><body>Not a PDF</body></html>')
        if path == '/gated.pdf':
            # Half the document, then the rest once the test has made the file "gate".
            half = len(body) // 2
            self.send_response(200)
            self.send_header('Content-Type', 'application/pdf')
            self.send_header('Content-Length', str(len(body)))
            self.end_headers()
            self.wfile.write(body[:half]); self.wfile.flush()
            gate = os.path.join(os.path.dirname(log_path), 'gate')
            while not os.path.exists(gate): time.sleep(0.02)
            self.wfile.write(body[half:]); self.wfile.flush()
            return self.note(200, len(body))
        if path in ('/endless', '/slow.pdf', '/stall.pdf'):
            self.send_response(200)
            self.send_header('Content-Type', 'application/pdf')
            if path == '/stall.pdf': self.send_header('Content-Length', str(len(body)))
            self.end_headers()
            sent = 0
            try:
                self.wfile.write(body[:65536]); sent = 65536
                self.wfile.flush()
                if path == '/stall.pdf':
                    time.sleep(60)
                while True:
                    if path == '/slow.pdf': time.sleep(0.05)
                    piece = bytes(1 << 20) if path == '/endless' else body[:65536]
                    self.wfile.write(piece); sent += len(piece)
            except (BrokenPipeError, ConnectionResetError):
                pass
            return self.note(200, sent)
        return self.answer(404, [('Content-Type', 'text/html')], b'<html>Not Found</html>')

server = http.server.ThreadingHTTPServer(('127.0.0.1', 0), Handler)
server.daemon_threads = True
print(server.server_address[1], flush=True)
server.serve_forever()
"""#
}
