import QuireEngine
import QuireWire
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The SyncTeX file beside a document, as the window reads it: through a SyncTeX helper
/// process (`SyncTeXHelper`), never libsynctex in the window. The policy:
///  1. The helper is made at the first question, not with the document: most PDFs have
///     no SyncTeX file, and most readers never ask. It gets `readySeconds` to open and
///     parse the file (a thesis's is parsed in about a second), then `callSeconds` a question.
///  2. No file, a damaged one, a helper that crashes or runs past its time: the question
///     fails with a reason for a notice, the helper is ended, and the next question makes
///     a new one (the reader may have run LaTeX again meanwhile).
///  3. A SyncTeX file changed since its helper read it (a LaTeX run writes it after the
///     PDF, which Quire may have reloaded already) is read again by a new helper.
///  4. Answers are checked for shape here and for meaning by `SyncTeXPlaces`.
/// Blocking: ask from a worker thread, never the main one (`HelperCallGuard`).
public final class RemoteSyncTeX: Sendable {
    public static let readySeconds = 20.0
    public static let callSeconds = 5.0

    public struct Unavailable: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    private let file: DocumentFile
    private let helper = Mutex<Running?>(nil)

    private struct Running {
        let pid: pid_t
        let channel: Channel
        /// The SyncTeX files beside the PDF as they were when the helper started.
        let files: [FileVersion?]
    }

    /// Which file a name leads to, and its size and time: any change means "read it again".
    private struct FileVersion: Equatable {
        let inode: UInt64, size: Int, seconds: Int, nanoseconds: Int
    }

    public init(file: DocumentFile) { self.file = file }

    /// The helper's process id while one runs: for the tests of its confinement.
    var helperProcess: pid_t? { helper.withLock { $0?.pid } }

    deinit {
        helper.withLock { if let pid = $0?.pid { Zygote.shared?.end(pid) } }
    }

    /// The boxes of `line` of the source `inputs` names (its names to try, in order), those
    /// on pages nearest `nearPage` first.
    public func boxes(inputs: [String], line: Int, column: Int, nearPage: Int) throws(Unavailable) -> [SyncTeXPlaces.Box] {
        guard case .boxes(let boxes) = try ask(.forward(inputs: inputs, line: line, column: column, nearPage: nearPage)) else {
            throw Unavailable(description: tr("The SyncTeX reader answered out of turn."))
        }
        return boxes
    }

    /// The source lines under `point` of `page`, nearest first.
    public func sources(page: Int, point: Point) throws(Unavailable) -> [SyncTeXPlaces.Source] {
        guard case .sources(let sources) = try ask(.inverse(page: page, point: point)) else {
            throw Unavailable(description: tr("The SyncTeX reader answered out of turn."))
        }
        return sources
    }

    private func ask(_ request: SyncTeXRequest) throws(Unavailable) -> SyncTeXReply {
        guard HelperCallGuard.allows("synctex") else { throw Unavailable(description: tr("SyncTeX was asked on the wrong thread.")) }
        return try helper.withLock { helper throws(Unavailable) -> SyncTeXReply in
            if let running = helper, running.files != versions() {
                Zygote.shared?.end(running.pid)
                helper = nil
            }
            let running: Running
            if let helper { running = helper } else { running = try start() }
            helper = running
            do {
                try running.channel.sendWhole(request.bytes)
                return try SyncTeXReply(running.channel.receiveWhole(within: Self.callSeconds, limit: WireLimit.reply))
            } catch {
                Zygote.shared?.end(running.pid)
                helper = nil
                throw Unavailable(description: tr("The SyncTeX file could not be read: its reader failed ({reason}).", ["reason": "\(error)"]))
            }
        }
    }

    private func versions() -> [FileVersion?] {
        let folder = file.displayPath.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        return SyncTeXPlaces.fileNames(forPDF: file.displayPath).map { name in
            var facts = stat()
            guard stat(folder + "/" + name, &facts) == 0 else { return nil }
            return FileVersion(inode: UInt64(facts.st_ino), size: Int(facts.st_size), seconds: facts.st_mtim.tv_sec,
                               nanoseconds: facts.st_mtim.tv_nsec)
        }
    }

    private func start() throws(Unavailable) -> Running {
        let files = versions()
        guard let zygote = Zygote.shared else { throw Unavailable(description: tr("SyncTeX needs the helper processes, which did not start.")) }
        guard file.displayPath.hasPrefix("/") else { throw Unavailable(description: tr("SyncTeX works with local files only.")) }
        let made: (pid: pid_t, channel: Channel)
        do {
            made = try zygote.spawn(.synctex, document: file.descriptor, displayPath: file.displayPath, password: nil)
        } catch {
            throw Unavailable(description: tr("No process could be made to read the SyncTeX file ({reason}).", ["reason": "\(error)"]))
        }
        let reply: SyncTeXReply
        do {
            reply = try SyncTeXReply(made.channel.receiveWhole(within: Self.readySeconds, limit: WireLimit.line))
        } catch {
            let ending = zygote.exitStatus(of: made.pid)
            zygote.end(made.pid)
            let reason = switch (error, ending) {
            case (ChannelError.timedOut, _): tr("Reading the SyncTeX file took longer than {seconds} s, so Quire stopped.", ["seconds": String(Int(Self.readySeconds))])
            case (_, .signaled(let signal)): tr("The SyncTeX file could not be read: its reader crashed (signal {number}).", ["number": String(signal)])
            default: tr("The SyncTeX file could not be read: its reader failed ({reason}).", ["reason": "\(error)"])
            }
            throw Unavailable(description: reason)
        }
        switch reply {
        case .ready: return Running(pid: made.pid, channel: made.channel, files: files)
        case .unavailable(let reason):
            zygote.end(made.pid)
            throw Unavailable(description: reason)
        default:
            zygote.end(made.pid)
            throw Unavailable(description: tr("The SyncTeX reader answered out of turn."))
        }
    }
}
