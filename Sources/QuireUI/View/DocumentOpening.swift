import CAdwaita
import CGtk
import QuireEngine
import QuireRemote
import Synchronization

/// Opens a document on a thread of its own: the window opens the file once
/// (`DocumentFile`) and a document helper reads it (`RemoteDocument`), whose first answer
/// is the verdict the opening check used to give (opened, a typed error, a crash, too
/// slow). The main thread never waits: the result comes on the main loop. The files named
/// on the command line start opening before GTK does (`startEarly`), on the other core
/// while GTK builds the window; a window opening such a file takes that over.
@MainActor
final class DocumentOpening {
    typealias Outcome = Result<Opened, DocumentError>

    /// The document, and the first view's renderer, whose helper opened it meanwhile.
    struct Opened: Sendable {
        let document: RemoteDocument
        let renderer: PreparedRenderer
    }

    /// Set on the opening thread, read on the main thread.
    private final class Slot: Sendable {
        let outcome = Mutex<Outcome?>(nil)
        /// Run once with the opened document (`whenOpened`), by whichever thread comes second.
        let onOpened = Mutex<(@Sendable (Opened) -> Void)?>(nil)

        /// Runs what waits for the opened document, if the opening succeeded and it still waits.
        func runOnOpened() {
            guard case .success(let opened)? = outcome.withLock({ $0 }), let body = onOpened.withLock({ $0.take() }) else { return }
            body(opened)
        }
    }

    private let slot = Slot()
    private let ending = OpeningCancel()
    private var done: ((Outcome) -> Void)?
    private var cancelled = false
    /// Openings started before any window, until a window takes them (`EarlyOpenings`' rules).
    private static var early = EarlyOpenings<DocumentOpening>()
    /// Openings a window waits for, until they report.
    private static var awaited: [Awaited] = []
    private struct Awaited { weak var opening: DocumentOpening? }

    /// Starts opening the local files among `arguments` (paths or URIs, as given).
    static func startEarly(_ arguments: [String], watchdogs: HelperWatchdogs) {
        for argument in arguments {
            guard let name = owning(g_file_new_for_commandline_arg(argument)!, { file in
                g_file_get_path(file).map { path in defer { g_free(path) }; return String(cString: path) }
            }) else { continue }
            early.start(name) {
                let opening = DocumentOpening(DocumentSource(path: name), watchdogs: watchdogs)
                opening.isEarly = true
                return opening
            }
        }
    }

    /// Opens `source`: takes over the early opening of the same file when there is one.
    /// `done` is called once, on the main loop, unless `cancel` comes first.
    static func open(_ source: DocumentSource, watchdogs: HelperWatchdogs, done: @escaping (Outcome) -> Void) -> DocumentOpening {
        if let started = early.take(for: source) {
            started.expect(done)
            if started.slot.outcome.withLock({ $0 != nil }) { MainLoop.invoke { [weak started] in started?.report() } }
            return started
        }
        let opening = DocumentOpening(source, watchdogs: watchdogs)
        opening.expect(done)
        return opening
    }

    /// Reports now the openings whose outcome is there but not yet told (it is told on the
    /// main loop's next turn): a window about to be shown shows its document at once, so
    /// that its first pictures are asked for while GTK realizes it (issue 48). Called where
    /// no opening's `done` is running.
    static func reportReady() {
        for opening in awaited.compactMap(\.opening) where opening.slot.outcome.withLock({ $0 != nil }) { opening.report() }
    }

    /// The early opening of `source` no window has taken yet, if any.
    static func earlyOpening(of source: DocumentSource) -> DocumentOpening? { early.peek(for: source) }

    /// Whether this opening began before any window (`startEarly`).
    private(set) var isEarly = false

    /// Runs `body` once with the opened document, as soon as it is opened: on the opening's
    /// thread as the document helper's summary comes, or here at once if it came already
    /// (never if the opening fails). The first view is predicted so (`FirstViewPrediction`)
    /// while the main thread is still building the window, or after.
    func whenOpened(_ body: @escaping @Sendable (Opened) -> Void) {
        slot.onOpened.withLock { $0 = body }
        slot.runOnOpened()
    }

    private func expect(_ done: @escaping (Outcome) -> Void) {
        self.done = done
        Self.awaited.append(Awaited(opening: self))
    }

    /// Opens a document file the window already holds (a version kept of its document).
    static func reopen(_ file: DocumentFile, done: @escaping (Outcome) -> Void) -> DocumentOpening {
        let opening = DocumentOpening { _ throws(DocumentError) in file }
        opening.expect(done)
        return opening
    }

    private convenience init(_ source: DocumentSource, watchdogs: HelperWatchdogs) {
        self.init { ending throws(DocumentError) in try DocumentFile(opening: source, cancel: ending, watchdogs: watchdogs) }
    }

    private init(file opening: @escaping @Sendable (OpeningCancel) throws(DocumentError) -> DocumentFile) {
        let slot = self.slot, ending = self.ending
        startThread { [weak self] in
            let outcome = Outcome { () throws(DocumentError) in
                let file = try opening(ending)
                let renderer = PreparedRenderer(file: file)
                defer { LaunchTrace.mark("document opened by its helper") }
                return Opened(document: try RemoteDocument(file: file, cancel: ending), renderer: renderer)
            }
            slot.outcome.withLock { $0 = outcome }
            slot.runOnOpened()
            MainLoop.invoke { self?.report() }
        }
    }

    /// Drops the opening (the window closed or opens something else); its helper ends
    /// with the document.
    func cancel() {
        cancelled = true
        done = nil
        // Nothing is drawn ahead for a window that no longer waits for the document.
        slot.onOpened.withLock { $0 = nil }
        Self.awaited.removeAll { $0.opening == nil || $0.opening === self }
        ending.cancel()
    }

    private func report() {
        guard !cancelled, let done, let outcome = slot.outcome.withLock({ $0 }) else { return }
        self.done = nil
        Self.awaited.removeAll { $0.opening == nil || $0.opening === self }
        done(outcome)
    }
}
