import Dispatch
import QuireDocument
import QuireEngine
import Synchronization

/// One thread with its own copy of the document (poppler documents are confined to one
/// thread), running jobs in order: text selection areas and selected text, so that the
/// main thread never waits on poppler. A job given a key replaces a waiting job with the
/// same key (only the newest selection matters).
final class DocumentWorker: Sendable {
    typealias Job = @Sendable (Document) -> Void
    private struct State {
        var jobs: [(key: String?, job: Job)] = []
        var stopped = false
    }
    private let state = Mutex(State())
    private let wake = DispatchSemaphore(value: 0)

    init(source: DocumentSource) {
        startThread { [self] in
            // A document that cannot open runs no jobs (the canvas reports why).
            let document = try? source.open()
            while let job = next() {
                if let document { job(document) }
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
