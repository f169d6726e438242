import Dispatch
import QuireRemote
import QuireEngine
import Synchronization

/// One thread with a helper process of its own, running jobs in order, so that the main
/// thread never waits on a helper: a document helper (`RemoteDocument`) for text
/// selection areas and selected text, links, properties; a render helper
/// (`RemoteRenderer`) for link previews. A job given a key replaces a waiting job with the
/// same key (only the newest selection matters).
final class HelperWorker<Opened>: Sendable {
    typealias Job = @Sendable (Opened) -> Void
    private struct State {
        var jobs: [(key: String?, job: Job)] = []
        var stopped = false
    }
    private let state = Mutex(State())
    private let wake = DispatchSemaphore(value: 0)

    /// `open` makes the helper, on the worker's thread, at the first job, not before: a
    /// selection worker may never be asked, and every helper made at start competes with
    /// the first view. `failed` hears why it could not; the worker then runs no jobs.
    init<Failure: Error>(open: @escaping @Sendable () throws(Failure) -> Opened, failed: (@Sendable (Failure) -> Void)? = nil) {
        startThread { [self] in
            var opened: Result<Opened, Failure>?
            while let job = next() {
                if opened == nil {
                    opened = Result { () throws(Failure) in try open() }
                    if case .failure(let error) = opened { failed?(error) }
                }
                if case .success(let helper) = opened { job(helper) }
            }
        }
    }

    func run(key: String? = nil, _ job: @escaping Job) {
        state.withLock { state in
            if let key { state.jobs.removeAll { $0.key == key } }
            state.jobs.append((key, job))
        }
        wake.signal()
    }

    /// Whether `stop` was called: a long job asks between its steps.
    var isStopped: Bool { state.withLock { $0.stopped } }

    /// Ends the thread after the job in progress.
    func stop() {
        state.withLock { state in
            state.stopped = true
            state.jobs = []
        }
        wake.signal()
    }

    private func next() -> Job? {
        while true {
            let (job, stopped): (Job?, Bool) = state.withLock { state in
                if state.stopped { return (nil, true) }
                return state.jobs.isEmpty ? (nil, false) : (state.jobs.removeFirst().job, false)
            }
            if stopped { return nil }
            if let job { return job }
            wake.wait()
        }
    }
}

typealias DocumentWorker = HelperWorker<RemoteDocument>

extension HelperWorker where Opened == RemoteDocument {
    /// `failed` hears, on the worker's thread, why the document did not open.
    convenience init(file: DocumentFile, failed: (@Sendable (DocumentError) -> Void)? = nil) {
        self.init(open: { () throws(DocumentError) in try RemoteDocument(file: file) }, failed: failed)
    }

    /// A worker on a document helper already open, which it shares: the window's jobs on
    /// pages (links, annotations, form fields) are short, and each helper made costs
    /// memory for as long as the document is shown (5–10 MiB of PSS).
    convenience init(sharing document: RemoteDocument) {
        self.init(open: { () throws(Never) in document })
    }
}
