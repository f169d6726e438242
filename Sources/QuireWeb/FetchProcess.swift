import QuireEngine
import QuireSandbox
#if canImport(Glibc)
import Glibc
#endif

/// The web fetch process: the window starts Quire's own executable with `role` as its only
/// argument, writes one `WebFetchRequest` line to its input and reads `FetchMessage` lines
/// from its output. It confines itself before it touches the network (`confineFetcher`):
/// a crash or a hang here ends a download, never the window.
public enum FetchProcess {
    public static let role = WebFetchPolicy.processRole

    /// Serves one request; returns the exit status.
    public static func serve() -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        // GIO's proxy module reads GSettings, whose dconf back end writes under ~/.cache,
        // which Landlock keeps it out of; proxies still come from the environment (libproxy).
        setenv("GSETTINGS_BACKEND", "memory", 1)
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while bytes.count < 16384, read(0, &byte, 1) == 1, byte != UInt8(ascii: "\n") { bytes.append(byte) }
        guard let request = WebFetchRequest(line: String(decoding: bytes, as: UTF8.self)) else {
            say(.failed(.badAddress))
            return 2
        }
        let folder = WebCacheFolder(path: request.cacheFolder)
        do {
            try folder.make()
        } catch {
            say(.failed(error))
            return 1
        }
        do {
            // A body may be as large as the bound; the meta file and the address space of
            // GLib's threads and TLS come on top.
            let limits = Sandbox.Limits(addressSpace: 8 << 30, openFiles: 256, cpuSeconds: 3600,
                                        fileSize: request.policy.sizeLimit + (1 << 20), fileSizeCeiling: request.policy.sizeLimit + (1 << 20))
            try Sandbox.confineFetcher(readable: ["/usr", "/etc", "/lib", "/lib64", "/proc/self", "/sys/devices/system/cpu", "/var/lib"],
                                       writable: [request.cacheFolder], limits: limits, parent: getppid())
        } catch {
            say(.failed(.fetcher("\(error)")))
            return 1
        }
        WebFetcher(request: request, send: say).run()
        return 0
    }

    private static func say(_ message: FetchMessage) {
        let bytes = Array((message.line + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
    }
}
