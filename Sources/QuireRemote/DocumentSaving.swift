import QuireEngine
import QuireWire
#if canImport(Glibc)
import Glibc
#endif

/// Writes a document with the reader's markups and form values to a path, never losing what was there.
/// The policy:
///  1. A save helper (`HelperKind.saver`) writes the document as the window opened it
///     (`DocumentFile`'s bytes) with the markups added; it cannot open files, so the
///     window opens the new file and passes it.
///  2. The new file is made in the target's folder (the same file system, so that the
///     rename is atomic) with the target's permissions, filled, fsynced, renamed over the
///     target, and the folder fsynced: a crash or a kill at any moment leaves the old file
///     or the new one, whole. A link is followed and its target written; a device or
///     FIFO is written through, never replaced (`OutputFile`).
///  3. A read-only file (no write bit for anyone) is not replaced, and nothing is written
///     into a folder that may not be written: the save fails, saying so (`isReadOnly`:
///     the window offers Save As).
///  4. Bytes that changed under the descriptor since it was opened (a file rewritten in
///     place by another program) are not written onto: the save fails, saying so.
///  5. Any failure (the helper's, the disk's, a helper past `seconds`) removes the new
///     file and leaves the target untouched, and says why.
/// Blocking: run it on a thread.
public enum DocumentSaving {
    public struct Failure: Error, CustomStringConvertible, Equatable {
        public let description: String
        /// The target is read-only: saving elsewhere may still work.
        public var isReadOnly = false
    }

    /// `textLayers`: recognised pages to write as invisible text ("Save with Recognised
    /// Text", `TextLayer`), with `layerFont` (Tesseract's glyphless TrueType, or empty).
    public static func save(_ markups: [Markup], changes: DocumentChanges = DocumentChanges(), textLayers: [TextLayer.Page] = [],
                            layerFont: [UInt8] = [], of file: DocumentFile, to path: String, seconds: Double = 120) throws(Failure) {
        guard let zygote = Zygote.shared else { throw Failure(description: tr("no helper processes: the zygote did not start")) }
        // Never an update onto bytes the reader did not see (`DocumentFile+KeptVersion`).
        guard file.bytesAsOpened else {
            throw Failure(description: tr("the file was rewritten by another program since it was opened, so your changes cannot be written onto it"))
        }
        let output: OutputFile
        do { output = try OutputFile(path: path) } catch { throw Failure(description: error.description, isReadOnly: error.isReadOnly) }
        // A file no one may write is one its owner wants kept as it is (the mode bits, not
        // access(), which says yes to root).
        if case .file(_, let existing?) = output.target, existing.mode & 0o222 == 0 {
            output.abandon()
            throw Failure(description: tr("the file is read-only, so Quire does not replace it"), isReadOnly: true)
        }
        do {
            try write(SaveRequest(markups: markups, changes: changes, textLayers: textLayers, layerFont: layerFont), of: file,
                      into: Descriptor(taking: fcntl(output.descriptor, F_DUPFD_CLOEXEC, 0)), zygote: zygote, seconds: seconds)
        } catch {
            output.abandon()
            throw error
        }
        do { try output.commit() } catch { throw Failure(description: error.description) }
    }

    private static func write(_ request: SaveRequest, of file: DocumentFile, into output: Descriptor, zygote: Zygote, seconds: Double) throws(Failure) {
        let markups = request.markups
        let helper: (pid: pid_t, channel: Channel)
        do { helper = try zygote.spawn(.saver, document: file.descriptor, displayPath: file.displayPath, password: file.password) } catch {
            throw Failure(description: tr("no process could write the document: {reason}", ["reason": "\(error)"]))
        }
        defer { zygote.end(helper.pid) }
        let deadline = monotonicSeconds() + seconds
        func reply() throws(Failure) -> SaveReply {
            do { return try SaveReply(helper.channel.receiveWhole(within: max(0, deadline - monotonicSeconds()), limit: WireLimit.line)) } catch ChannelError.timedOut {
                throw Failure(description: tr("writing the document took longer than {seconds} s, so Quire stopped it", ["seconds": String(Int(seconds))]))
            } catch ChannelError.closed {
                throw Failure(description: tr("the process writing the document ended"))
            } catch {
                throw Failure(description: tr("the process writing the document failed: {reason}", ["reason": "\(error)"]))
            }
        }
        switch try reply() {
        case .ready: break
        case .openFailed(let reason): throw Failure(description: reason)
        default: throw Failure(description: tr("the process writing the document answered out of turn"))
        }
        do {
            try helper.channel.sendWhole(request.bytes)
            try helper.channel.send(SaveRequest.output, passing: [output])
        } catch {
            throw Failure(description: tr("the process writing the document ended"))
        }
        switch try reply() {
        case .saved(let written) where written == markups.count: return
        case .saved(let written): throw Failure(description: tr("only {written} of {count} annotations could be written", ["written": String(written), "count": String(markups.count)]))
        case .failed(let reason): throw Failure(description: reason)
        default: throw Failure(description: tr("the process writing the document answered out of turn"))
        }
    }
}
