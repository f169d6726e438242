import QuireEngine
import QuireWire
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A document's scanned pages read by Tesseract, as the window gets them: through a
/// recognizer helper (`RecognitionHelper`), never Tesseract in the window. The policy
/// (`Recognition`'s rules are the engine's):
///  1. The helper is made at the first page asked for, loads its languages within
///     `readySeconds`, then reads one page at a time, each within `Recognition.pageSeconds`
///     and a margin.
///  2. A page whose helper crashes, hangs or answers nonsense fails with a reason ("not
///     recognised"); the helper is ended and the next page makes a new one.
///  3. Answers are checked for shape here and for meaning by `Recognition.checked`.
/// Blocking: ask from a worker thread, never the main one (`HelperCallGuard`).
public final class RemoteRecognizer: Sendable {
    public static let readySeconds = 30.0
    /// Past a page's time, how long a helper may take to answer before it is ended (its
    /// drawing of the page, which Tesseract's deadline does not cover, included).
    public static let marginSeconds = 10.0

    public struct Unavailable: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// Where Tesseract's language data is, and which languages it holds.
    public struct Installed: Equatable, Sendable {
        public let dataPath: String
        public let languages: Set<String>
    }

    private let file: DocumentFile
    private let languages: String
    private let installed: Installed
    private let helper = Mutex<Running?>(nil)
    private struct Running { let pid: pid_t; let channel: Channel }
    private let nextID = Atomic<UInt32>(0)
    /// Each page's time (rule 1): `Recognition.pageSeconds`, a test's shorter.
    private let pageSeconds: Double

    /// Reads `file`'s pages with `languages` ("rus+eng", from `RecognitionLanguages.chosen`).
    public init(file: DocumentFile, languages: String, installed: Installed, pageSeconds: Double = Recognition.pageSeconds) {
        self.file = file
        self.languages = languages
        self.installed = installed
        self.pageSeconds = min(pageSeconds, Recognition.pageSeconds)
    }

    deinit {
        helper.withLock { if let pid = $0?.pid { Zygote.shared?.end(pid) } }
    }

    /// The helper's process id while one runs: for the tests.
    var helperProcess: pid_t? { helper.withLock { $0?.pid } }

    /// Tesseract's data folder on this machine (`TESSDATA_PREFIX`, else Debian's), with
    /// the languages in it; nil when there is none.
    public static func installed(environment: [String: String] = [:]) -> Installed? {
        let candidates = [environment["TESSDATA_PREFIX"] ?? getenv("TESSDATA_PREFIX").map { String(cString: $0) },
                          "/usr/share/tesseract-ocr/5/tessdata", "/usr/share/tesseract-ocr/4.00/tessdata"].compactMap { $0 }
        for path in candidates {
            guard let folder = opendir(path) else { continue }
            defer { closedir(folder) }
            var names: [String] = []
            while let entry = readdir(folder) {
                names.append(withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) })
            }
            let languages = RecognitionLanguages.installed(among: names)
            if !languages.isEmpty { return Installed(dataPath: path, languages: languages) }
        }
        return nil
    }

    /// Tesseract's glyphless TrueType (`pdf.ttf` beside its language data), for a text
    /// layer's font to embed (`TextLayer`); empty when there is none or it is not a small font.
    public static func layerFont() -> [UInt8] {
        guard let installed = installed() else { return [] }
        let descriptor = open(installed.dataPath + "/pdf.ttf", O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        let limit = 64 << 10
        var bytes = [UInt8](repeating: 0, count: limit + 1)
        let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0, count <= limit else { return [] }
        bytes.removeSubrange(count...)
        return bytes.starts(with: [0, 1, 0, 0]) ? bytes : []
    }

    /// Page `page` as recognised, in page points on the page's size as the helper's document
    /// gives it (within `PageGeometryLimits`); nil when it needs no recognising or holds no word.
    public func page(_ page: Int) throws(Unavailable) -> RecognisedPage? {
        var size: Size?
        guard let words = try words(onPage: page, sizeFound: &size), !words.isEmpty, let size else { return nil }
        return RecognisedPage(words: words, pageSize: size)
    }

    /// Page `page`'s words, in page points, on a page of `pageSize` points (by default the
    /// size the helper's document gives, within `PageGeometryLimits`); nil when the page does
    /// not need recognising (it has text, or no pictures).
    public func words(onPage page: Int, pageSize: Size? = nil) throws(Unavailable) -> [RecognisedWord]? {
        var found: Size?
        return try words(onPage: page, pageSize: pageSize, sizeFound: &found)
    }

    private func words(onPage page: Int, pageSize: Size? = nil, sizeFound: inout Size?) throws(Unavailable) -> [RecognisedWord]? {
        guard HelperCallGuard.allows("recognition") else { throw Unavailable(description: tr("Recognition was asked on the wrong thread.")) }
        let id = nextID.add(1, ordering: .relaxed).newValue
        return try helper.withLock { helper throws(Unavailable) -> [RecognisedWord]? in
            let running: Running
            if let helper { running = helper } else { running = try start() }
            helper = running
            let reply: RecognitionReply
            do {
                try running.channel.sendWhole(RecognitionRequest.recognize(id: id, page: page).bytes)
                reply = try RecognitionReply(running.channel.receiveWhole(within: pageSeconds + Self.marginSeconds, limit: RecognitionReply.byteLimit))
            } catch {
                let reason = Self.failure(error, pid: running.pid, page: page, seconds: pageSeconds)
                Zygote.shared?.end(running.pid)
                helper = nil
                throw Unavailable(description: reason)
            }
            switch reply {
            case .words(id, let scale, let size, let words):
                guard let size = pageSize ?? (PageGeometryLimits.problem(with: size) == nil ? size : nil) else {
                    throw Unavailable(description: tr("Page {page} was not recognised: {reason}", ["page": String(page + 1), "reason": "its size is not a page's"]))
                }
                sizeFound = size
                return Recognition.checked(words, scale: scale, pageSize: size)
            case .notNeeded(id): return nil
            case .failed(id, let reason): throw Unavailable(description: tr("Page {page} was not recognised: {reason}", ["page": String(page + 1), "reason": reason]))
            default:
                Zygote.shared?.end(running.pid)
                helper = nil
                throw Unavailable(description: tr("Page {page} was not recognised: its reader answered out of turn.", ["page": String(page + 1)]))
            }
        }
    }

    private static func failure(_ error: any Error, pid: pid_t, page: Int, seconds: Double) -> String {
        if case .timedOut? = error as? ChannelError {
            return tr("Page {page} was not recognised: it took longer than {seconds} s.", ["page": String(page + 1), "seconds": String(Int(seconds.rounded(.up)))])
        }
        if case .signaled(let signal)? = Zygote.shared?.exitStatus(of: pid) {
            return tr("Page {page} was not recognised: its reader crashed (signal {number}).", ["page": String(page + 1), "number": String(signal)])
        }
        return tr("Page {page} was not recognised: its reader failed ({reason}).", ["page": String(page + 1), "reason": "\(error)"])
    }

    private func start() throws(Unavailable) -> Running {
        guard let zygote = Zygote.shared else { throw Unavailable(description: tr("Recognition needs the helper processes, which did not start.")) }
        let made: (pid: pid_t, channel: Channel)
        do {
            made = try zygote.spawn(.recognizer, document: file.descriptor, displayPath: file.displayPath, password: file.password)
            try made.channel.sendWhole(RecognitionRequest.start(dataPath: installed.dataPath, languages: languages, pageSeconds: pageSeconds).bytes)
        } catch {
            throw Unavailable(description: tr("No process could be made to recognise text ({reason}).", ["reason": "\(error)"]))
        }
        let reply: RecognitionReply
        do {
            reply = try RecognitionReply(made.channel.receiveWhole(within: Self.readySeconds, limit: WireLimit.line))
        } catch {
            zygote.end(made.pid)
            throw Unavailable(description: tr("Text recognition could not start ({reason}).", ["reason": "\(error)"]))
        }
        switch reply {
        case .ready: return Running(pid: made.pid, channel: made.channel)
        case .unavailable(let reason):
            zygote.end(made.pid)
            throw Unavailable(description: tr("Text recognition is not available: {reason}", ["reason": reason]))
        default:
            zygote.end(made.pid)
            throw Unavailable(description: tr("Text recognition could not start: its reader answered out of turn."))
        }
    }
}
