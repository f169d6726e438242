import QuireDocument
import QuireEngine
import QuireSandbox
import QuireWire
#if canImport(Glibc)
import Glibc
#endif

/// A save helper's life: one save. It opens the document from the window's descriptor
/// (the bytes as opened, not the file on disk now), confines itself like every helper but
/// with a file size limit of about twice the document (`HelperLimits.saver`), sets the
/// window's form values, takes out the file's annotations the reader deleted, adds its markups (and, when asked,
/// recognised pages' invisible text) and writes the result into the new file the window opened and
/// passed. It opens no file itself: its sandbox would not let it.
enum SaveHelper {
    static func serve(_ channel: Channel, document descriptor: Descriptor, displayPath: String, password: String?,
                      confine: () throws(Sandbox.Failure) -> Void) -> Never {
        let faults = HelperFaults.fromEnvironment(document: displayPath)
        let document = HelperOpening.openOrEnd(descriptor, password: password, confine: confine) { failure in
            try? channel.sendWhole(SaveReply.openFailed(reason: failure.reason).bytes)
        }
        guard (try? channel.sendWhole(SaveReply.ready.bytes)) != nil,
              let bytes = try? channel.receiveWhole(limit: WireLimit.reply), let request = try? SaveRequest(bytes),
              let (marker, passed) = try? channel.receive(), marker == SaveRequest.output, let output = passed.first else { _exit(0) }
        let written = document.write(request.changes, adding: request.markups)
        // Last: the layers rewrite the pages' dictionaries, which an annotation added after would undo.
        let layered = document.addTextLayers(request.textLayers.map { ($0.page, $0.words) }, font: request.layerFont)
        let reply: SaveReply
        do {
            try document.save(to: output.fd)
            faults.strikeAfterSaving()
            reply = layered == request.textLayers.count ? .saved(written: written)
                : .failed(reason: "the recognised text of \(request.textLayers.count - layered) pages could not be written")
        } catch {
            reply = .failed(reason: error.description)
        }
        try? channel.sendWhole(reply.bytes)
        _exit(0)
    }
}
