import Dispatch
import QuireRemote
import QuireEngine
import Synchronization

/// One thread with a document helper of its own (`RemoteDocument`), running jobs in
/// order: text selection areas and selected text, links, properties, so that the main
/// thread never waits on a helper. A job given a key replaces a waiting job with the
/// same key (only the newest selection matters).
final class DocumentWorker: Sendable {
    typealias Job = @Sendable (RemoteDocument) -> Void
    private struct State {
        var jobs: [(key: String?, job: Job)] = []
        var stopped = false
    }
    private let state = Mutex(State())
    private let wake = DispatchSemaphore(value: 0)

    /// `failed` hears, on the worker's thread, why the document did not open (at the
    /// first job); it then runs no jobs.
    init(file: DocumentFile, failed: (@Sendable (DocumentError) -> Void)? = nil) {
        startThread { [self] in
            // Its helper is made for the first job, not before: a selection worker may
            // never be asked, and every helper made at start competes with the first view.
            var document: Result<RemoteDocument, DocumentError>?
            while let job = next() {
                if document == nil {
                    document = Result { () throws(DocumentError) in try RemoteDocument(file: file) }
                    if case .failure(let error) = document { failed?(error) }
                }
                if case .success(let opened) = document { job(opened) }
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
