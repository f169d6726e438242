import QuireEngine
import Synchronization

/// A scan's pages recognised one after another on a thread of their own, by one recognizer
/// helper (`RemoteRecognizer`), in the order `RecognitionQueue` gives (the pages in view
/// first): the window's recognition (`DocumentRecognition`) and quire-bench's recognition
/// behind a scroll both run this. Each page recognised goes into the document's recognised
/// pages (`DocumentFile.recognised`) and the text store's entry, and is told to `Events`
/// (on the recognition's thread: the window hands them to its main loop).
public final class BackgroundRecognition: Sendable {
    /// What the recognition tells, each on its own thread.
    public struct Events: Sendable {
        /// `page` is about to be read, `done` pages before it.
        public var reading: @Sendable (_ page: Int, _ done: Int) -> Void = { _, _ in }
        /// `page` was recognised: from the text store, or read now.
        public var recognised: @Sendable (_ page: Int, RecognisedPage) -> Void = { _, _ in }
        /// A page failed: why, for a notice.
        public var failed: @Sendable (String) -> Void = { _ in }
        /// The first page was asked of the helper, at `time` (monotonic seconds).
        public var began: @Sendable (_ time: Double) -> Void = { _ in }
        /// Every page is done (`time`, pages recognised by the helper), or the recognition
        /// was stopped or found nothing to do (`finished` false).
        public var ended: @Sendable (_ finished: Bool, _ time: Double, _ recognised: Int) -> Void = { _, _, _ in }

        public init() {}
    }

    private struct State {
        var queue: RecognitionQueue
        var visible: Range<Int> = 0..<1
        var ended = false
    }
    private let state: Mutex<State>

    public init(pageCount: Int) { state = Mutex(State(queue: RecognitionQueue(pageCount: pageCount))) }

    /// The pages in view now: they are read next.
    public func viewMoved(_ visible: Range<Int>) { state.withLock { $0.visible = visible } }

    /// The reader stopped it: the pages read so far stay read.
    public func stop() { state.withLock { $0.queue.stop() } }

    /// The view is going: the thread ends after the page it reads (its helper with it).
    public func end() {
        state.withLock {
            $0.queue.stop()
            $0.ended = true
        }
    }

    /// Pages recognised so far.
    public var recognisedPages: Int { state.withLock { $0.queue.recognised.pages } }

    /// Starts the thread: `file`'s pages through `recognizer`, the pages `stored` kept taken
    /// from there. `firstPageHasText` is asked on the thread first: a scan that came with a
    /// text layer of its own (an earlier OCR) is left as it is. `trace` (`QUIRE_TRACE_SEARCH`)
    /// is given each page's outcome ("recognition: page 3 recognised, 212 words").
    public func start(_ recognizer: RemoteRecognizer, file: DocumentFile, stored: TextStoreSlot?, pageSizes: [Size],
                      firstPageHasText: @escaping @Sendable () -> Bool, trace: (@Sendable (String) -> Void)?, events: Events) {
        startThread { [self] in
            if firstPageHasText() {
                trace?("recognition: page 1 has text of its own: nothing recognised")
                events.ended(false, monotonicSeconds(), 0)
                return
            }
            takeStored(stored, file: file, pageSizes: pageSizes, trace: trace, events: events)
            var began = false, read = 0
            while let page = state.withLock({ $0.ended ? nil : $0.queue.next(visible: $0.visible) }) {
                let done = state.withLock { $0.queue.states.count { $0 != .unseen } }
                events.reading(page, done)
                if !began { events.began(monotonicSeconds()) }
                began = true
                let outcome: RecognitionQueue.State
                do {
                    if let recognised = try recognizer.page(page) {
                        outcome = .recognised(words: recognised.words.count)
                        read += 1
                        trace?("recognition: page \(page + 1) recognised, \(recognised.words.count) words")
                        file.recognised.withLock { $0[page] = recognised }
                        if let characters = recognised.stored { stored?.learnRecognised(characters, onPage: page) }
                        events.recognised(page, recognised)
                    } else {
                        outcome = .notNeeded
                    }
                } catch {
                    outcome = .failed("\(error)")
                    events.failed("\(error)")
                }
                state.withLock { $0.queue.done(page, outcome) }
            }
            stored?.keepLearnedCharacters()
            events.ended(state.withLock { $0.queue.isFinished }, monotonicSeconds(), read)
        }
    }

    /// What the text store kept of an earlier run: those pages are not read again.
    private func takeStored(_ stored: TextStoreSlot?, file: DocumentFile, pageSizes: [Size], trace: (@Sendable (String) -> Void)?, events: Events) {
        guard let stored, stored.waitUntilRead(seconds: 10) else { return }
        let kept = stored.recognisedPages
        trace?("recognition: \(kept.count) pages from the text store")
        for (page, characters) in kept {
            let size = pageSizes.indices.contains(page) ? pageSizes[page] : PageGeometryLimits.letter
            let recognised = RecognisedPage(characters: characters.text, boxes: characters.boxes, pageSize: size)
            file.recognised.withLock { $0[page] = recognised }
            state.withLock { $0.queue.done(page, .recognised(words: recognised.words.count)) }
            events.recognised(page, recognised)
        }
    }
}
