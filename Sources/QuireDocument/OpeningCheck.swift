import CPoppler
import QuireEngine
#if canImport(Glibc)
import Glibc
#endif

/// A file is read first in a short-lived child process, so that a document that crashes
/// or hangs poppler takes the child down, not the window. The child does what the window
/// is about to do before its first view (open, every page's size, the first page's label,
/// text and links, a render of the first page) and exits; only when it survived does the
/// window open the file itself. What it cannot cover — pages after the first, search,
/// the outline — still runs in the window's process.
///
/// Both ends live here: `childArguments`/`childInput` say how to start the child,
/// `runChild` is the child, and `Verdict` reads how it ended.
public enum OpeningCheck {
    /// The flag that turns a `quire` process into the child.
    public static let flag = "--check-opening"

    /// The child's address space limit: a file that needs more to show its first page is
    /// refused rather than allowed to take the machine's memory.
    public static let memoryLimit = 4 << 30

    /// How the child ended, and what the window should do about it.
    public enum Verdict: Equatable, Sendable {
        /// It opened the file, or refused it with a typed error the window will meet
        /// itself: the window may open the file.
        case survived
        case crashed(signal: Int32)
        case tooSlow(seconds: Int)
        /// An exit status the child never uses: something else went wrong (the program
        /// could not start, say). The check proves nothing either way.
        case inconclusive(status: Int32)

        public init(signaled: Bool, code: Int32) {
            if signaled { self = .crashed(signal: code) } else if code == 0 || code == refusedStatus { self = .survived } else { self = .inconclusive(status: code) }
        }

        /// The error to show in place of the document, when there is one.
        public func error(for source: DocumentSource) -> DocumentError? {
            switch self {
            case .survived, .inconclusive: nil
            case .crashed(let signal): .crashedReader(path: source.displayPath, signal: signal)
            case .tooSlow(let seconds): .tooSlowToOpen(path: source.displayPath, seconds: seconds)
            }
        }
    }

    static let refusedStatus: Int32 = 3

    /// The child's arguments after the program: the path, or "-" when the bytes come on stdin.
    public static func childArguments(for source: DocumentSource) -> [String] {
        switch source.location {
        case .file(let path): [flag, path]
        case .bytes: [flag, "-"]
        }
    }

    /// The child's stdin: the password on the first line (kept off the command line, which
    /// every user can read), then the document's bytes when it is not a local file.
    public static func childInput(for source: DocumentSource) -> [UInt8] {
        var input = Array((source.password ?? "").utf8) + [0x0A]
        if case .bytes(let bytes, _) = source.location { input += bytes.prefix(bytes.count) }
        return input
    }

    /// The child: reads its input, checks the document, and returns the exit status (0
    /// opened, 3 refused with a typed error). A crash or hang ends it some other way.
    public static func runChild(_ arguments: [String]) -> Int32 {
        guard arguments.count == 2, arguments[0] == flag else { return 2 }
        limitMemory()
        let input = readStandardInput()
        let newline = input.firstIndex(of: 0x0A) ?? input.endIndex
        let password = String(decoding: input[..<newline], as: UTF8.self)
        var source: DocumentSource
        if arguments[1] == "-" {
            let body = input[min(newline + 1, input.endIndex)...]
            let copy = g_malloc(gsize(max(body.count, 1)))!
            body.withUnsafeBytes { if let base = $0.baseAddress { copy.copyMemory(from: base, byteCount: body.count) } }
            source = DocumentSource(location: .bytes(LoadedBytes(taking: copy.assumingMemoryBound(to: CChar.self), count: body.count), uri: "-"))
        } else {
            source = DocumentSource(path: arguments[1])
        }
        source.password = password.isEmpty ? nil : password
        return check(source)
    }

    /// The child as a fork of the window's process made before GTK started (a local file,
    /// no password): the same check, without starting the program again.
    public static func runForked(path: String) -> Int32 {
        limitMemory()
        return check(DocumentSource(path: path))
    }

    private static func limitMemory() {
        var limit = rlimit(rlim_cur: rlim_t(memoryLimit), rlim_max: rlim_t(memoryLimit))
        _ = setrlimit(RLIMIT_AS_VALUE, &limit)
    }

    private static func check(_ source: DocumentSource) -> Int32 {
        faultForTests(unlocking: source.password != nil)
        do {
            try exerciseFirstView(of: source.open())
            return 0
        } catch {
            return refusedStatus
        }
    }

    /// What the window does with a document before its first view is drawn.
    static func exerciseFirstView(of document: Document) throws(DocumentError) {
        _ = document.title
        for page in 0..<document.pageCount { _ = document.pageSize(at: page) }
        _ = document.pageLabel(at: 0)
        _ = document.text(at: 0)
        _ = document.links(at: 0).map(\.target.action)
        let size = document.pageSize(at: 0)
        _ = try? document.render(page: 0, scale: TileKey.boundedScale(0.5, for: size))
    }

    private static func readStandardInput() -> [UInt8] {
        var input: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if count > 0 { input += chunk[..<count] } else if count == 0 || errno != EINTR { break }
        }
        return input
    }

    /// `QUIRE_CHECK_FAULT=crash|hang` makes the child crash or hang, so that the tests can
    /// show what the window does when poppler does (no file in hand crashes this poppler);
    /// `hang-unlocking` hangs only a check given a password (one typed at the prompt).
    private static func faultForTests(unlocking: Bool) {
        guard let fault = getenv("QUIRE_CHECK_FAULT").map({ String(cString: $0) }) else { return }
        if fault == "crash" { raise(SIGSEGV) }
        if fault == "hang" || (fault == "hang-unlocking" && unlocking) { while true { pause() } }
    }
}

private let RLIMIT_AS_VALUE = __rlimit_resource_t(RLIMIT_AS.rawValue)
