import CCairo
import QuireDocument
import QuireEngine
import QuireImage
import QuireSandbox
import QuireWire
#if canImport(Glibc)
import Glibc
#endif

/// A render helper's life: it opens the document it was given (the window's descriptor,
/// so the bytes the window chose), says so, and then renders one tile at a time into the
/// shared pixels the window makes for each, until the window closes the channel. It holds
/// no state the window needs: the window ends it to stop a render, and makes another.
enum RenderHelper {
    /// Opens the document, then `confine`s itself (the sandbox needs no path to the
    /// document: it reads the descriptor), then serves.
    static func serve(_ channel: Channel, document descriptor: Descriptor, password: String?,
                      confine: () throws(Sandbox.Failure) -> Void) -> Never {
        let faults = HelperFaults.fromEnvironment()
        let document: Document
        do {
            // By its /proc path, not poppler_document_new_from_fd: poppler 22.12 retries
            // an encrypted file's password on a copy of a stream it has just closed.
            document = try DocumentSource(path: "/proc/self/fd/\(descriptor.fd)", password: password).open()
        } catch {
            try? channel.send(HelperReply.openFailed(reason: error.description).bytes)
            _exit(0)
        }
        do {
            try confine()
        } catch {
            // Unconfined, a helper reads nothing of the document's.
            try? channel.send(HelperReply.openFailed(reason: "\(error)").bytes)
            _exit(0)
        }
        faults.breakOut()
        guard (try? channel.send(HelperReply.ready(pageCount: document.pageCount).bytes)) != nil else { _exit(0) }
        while true {
            guard let (bytes, _) = try? channel.receive(), let request = try? HelperRequest(bytes) else { _exit(0) }
            let reply: HelperReply
            switch request {
            case .render(let id, let tile):
                faults.strike(page: tile.page)
                reply = render(id: id, tile, document, channel) ?? .renderFailed(id: id, reason: "the window did not send the pixels")
            case .largeImages(let id, let page):
                reply = .largeImages(id: id, document.hasLargeImages(page: page))
            case .pixels:
                continue // pixels not asked for: dropped, with their descriptor
            }
            guard (try? channel.send(reply.bytes)) != nil else { _exit(0) }
        }
    }

    /// Asks for the tile's pixels, draws into them and says how it went; nil when the
    /// window did not answer as it should.
    private static func render(id: UInt32, _ tile: TileKey, _ document: Document, _ channel: Channel) -> HelperReply? {
        let size: (width: Int, height: Int)
        do {
            size = try document.pixelSize(of: tile)
        } catch {
            return .renderFailed(id: id, reason: "\(error)")
        }
        guard (try? channel.send(HelperReply.needs(id: id, width: size.width, height: size.height).bytes)) != nil,
              let (bytes, passed) = try? channel.receive(), (try? HelperRequest(bytes)) == .pixels(id: id),
              let descriptor = passed.first,
              let pixels = try? SharedPixels(mapping: descriptor, byteCount: size.width * size.height * 4) else { return nil }
        guard let surface = cairo_image_surface_create_for_data(pixels.address.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                                                                Int32(size.width), Int32(size.height), Int32(size.width * 4)) else { return nil }
        defer { cairo_surface_destroy(surface) }
        do {
            try document.draw(tile, into: surface)
            return .rendered(id: id)
        } catch {
            return .renderFailed(id: id, reason: "\(error)")
        }
    }
}

/// Faults a test may ask a helper for (`QUIRE_HELPER_FAULT`): `crash-on-page:N` ends it
/// with SIGSEGV when asked for page N (counted from 1), `hang-on-page:N` never answers,
/// `crash-always` ends it on every page, `escape:write|connect|exec` tries what its
/// sandbox forbids. They stand in for what poppler does on a hostile
/// page, in the real helper.
struct HelperFaults {
    var crashOn: Int?
    var hangOn: Int?
    var crashesAlways = false

    static func fromEnvironment() -> HelperFaults {
        var faults = HelperFaults()
        guard let raw = getenv("QUIRE_HELPER_FAULT") else { return faults }
        let value = String(cString: raw)
        for part in value.split(separator: ",") {
            if part == "crash-always" { faults.crashesAlways = true }
            if part.hasPrefix("escape:") { faults.escape = String(part.dropFirst("escape:".count)) }
            let pieces = part.split(separator: ":")
            guard pieces.count == 2, let page = Int(pieces[1]), page >= 1 else { continue }
            if pieces[0] == "crash-on-page" { faults.crashOn = page - 1 }
            if pieces[0] == "hang-on-page" { faults.hangOn = page - 1 }
        }
        return faults
    }

    /// `write`, `connect` or `exec`: the helper tries, confined, what the sandbox forbids,
    /// as a compromised one would, once the document is open.
    var escape: String?

    func breakOut() {
        switch escape {
        case "write":
            let fd = open("/tmp/quire-helper-escape", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            printLine("helper: open for writing \(fd >= 0 ? "succeeded" : "refused: \(String(cString: strerror(errno)))")")
        case "connect":
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            printLine("helper: socket \(fd >= 0 ? "succeeded" : "refused: \(String(cString: strerror(errno)))")")
        case "exec":
            let arguments: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/true"), nil]
            execv("/bin/true", arguments)
            printLine("helper: exec refused: \(String(cString: strerror(errno)))")
        default: break
        }
    }

    func strike(page: Int) {
        if page == crashOn || crashesAlways { raise(SIGSEGV) }
        if page == hangOn { while true { pause() } }
    }
}
