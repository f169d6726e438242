import QuireEngine
import QuireRemote
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A scan's text recognised in one document view, in the background: a thread of its own
/// with a recognizer helper (`RemoteRecognizer`) takes the pages in the order
/// `RecognitionQueue` gives (those in view first), each recognised page going into the
/// document's recognised pages (`DocumentFile.recognised`), where search, selection, caret
/// mode and screen readers find it, and into the search shown. The bar says which page is
/// being read and stops it. Started only for a document whose first page is a page of
/// pictures (a scan), when Tesseract and a language are installed and the preference
/// (Recognise Text) is on; a document of text pays nothing. Pages recognised go into the
/// document's text store entry as recognised (`TextStoreSlot`): reopened, they are taken
/// from there, and only the pages not yet read are recognised.
@MainActor
final class DocumentRecognition {
    @MainActor
    final class Link {
        weak var owner: DocumentRecognition?
    }

    /// What the view and the thread share: the queue, the pages in view, whether to end.
    private final class Shared: Sendable {
        struct State {
            var queue: RecognitionQueue
            var visible: Range<Int> = 0..<1
            var ended = false
        }
        let state: Mutex<State>
        init(pageCount: Int) { state = Mutex(State(queue: RecognitionQueue(pageCount: pageCount))) }
        func withLock<Value>(_ body: (inout State) -> Value) -> Value { state.withLock { body(&$0) } }
    }

    private let shared: Shared
    private let link = Link()
    private let file: DocumentFile
    private let bar: RecognitionBar
    private let pageCount: Int
    /// A page was recognised: its number and text.
    var onRecognised: ((Int, String) -> Void)?
    /// Recognition could not start, or a page failed: why, for a notice.
    var onNotice: ((String) -> Void)?

    /// Starts recognising `file`'s pages when it is a scan and recognition is installed;
    /// nil otherwise.
    /// `trace` (`QUIRE_TRACE_SEARCH`): each page's outcome is printed ("recognition: page 3
    /// recognised, 212 words"), and the pages the text store gave.
    /// `firstPageHasText` is asked on the recognition's thread: a scan that came with a text
    /// layer of its own (an earlier OCR) is left as it is, and no recognizer is started.
    /// `documentLanguage` is the document's /Lang: the language its scan is read in first.
    static func start(file: DocumentFile, pageCount: Int, documentLanguage: String?, canvas: PageCanvas, bar: RecognitionBar, stored: TextStoreSlot?,
                      firstPageHasText: @escaping @Sendable () -> Bool, trace: Bool = false) -> DocumentRecognition? {
        let preferences = Settings.shared.preferences
        guard preferences.recognisesScans, file.firstPageIsImages, let installed = RemoteRecognizer.installed(),
              let languages = RecognitionLanguages.chosen(documentLanguage: documentLanguage, locale: setlocale(LC_MESSAGES, nil).map { String(cString: $0) },
                                                          added: preferences.recognitionLanguages, installed: installed.languages) else { return nil }
        if trace { printError("recognition: reading in \(languages)") }
        let recognition = DocumentRecognition(file: file, pageCount: pageCount, bar: bar)
        canvas.watchVisiblePages { [weak recognition] visible in recognition?.viewMoved(visible) }
        recognition.viewMoved(canvas.visiblePages)
        recognition.run(RemoteRecognizer(file: file, languages: languages, installed: installed), stored: stored, pageSizes: canvas.pageSizes,
                        firstPageHasText: firstPageHasText, trace: trace)
        return recognition
    }

    private init(file: DocumentFile, pageCount: Int, bar: RecognitionBar) {
        self.file = file
        self.pageCount = pageCount
        self.bar = bar
        shared = Shared(pageCount: pageCount)
        link.owner = self
        bar.onStop = { [unowned self] in self.stopByReader() }
    }

    private func viewMoved(_ visible: Range<Int>) {
        shared.withLock { $0.visible = visible }
    }

    /// The reader stopped it: the pages read so far stay read.
    private func stopByReader() {
        shared.withLock { $0.queue.stop() }
        bar.hide()
    }

    /// The view is going: the thread ends after the page it reads (its helper with it), and
    /// tells this view nothing more (its bar may be gone with its window).
    func stop() {
        shared.withLock {
            $0.queue.stop()
            $0.ended = true
        }
        link.owner = nil
        bar.hide()
    }

    private func run(_ recognizer: RemoteRecognizer, stored: TextStoreSlot?, pageSizes: [Size], firstPageHasText: @escaping @Sendable () -> Bool,
                     trace: Bool) {
        let (link, file, pageCount) = (self.link, self.file, self.pageCount)
        startThread { [shared] in
            if firstPageHasText() {
                if trace { printError("recognition: page 1 has text of its own: nothing recognised") }
                return
            }
            // What the text store kept of an earlier run: those pages are not read again.
            if let stored, stored.waitUntilRead(seconds: 10) {
                let kept = stored.recognisedPages
                if trace { printError("recognition: \(kept.count) pages from the text store") }
                for (page, characters) in kept {
                    let size = pageSizes.indices.contains(page) ? pageSizes[page] : PageGeometryLimits.letter
                    let recognised = RecognisedPage(characters: characters.text, boxes: characters.boxes, pageSize: size)
                    file.recognised.withLock { $0[page] = recognised }
                    shared.withLock { $0.queue.done(page, .recognised(words: recognised.words.count)) }
                    MainLoop.invoke { link.owner?.onRecognised?(page, recognised.text) }
                }
            }
            while let page = shared.withLock({ $0.ended ? nil : $0.queue.next(visible: $0.visible) }) {
                let done = shared.withLock { $0.queue.states.count { $0 != .unseen } }
                MainLoop.invoke { link.owner?.bar.show(page: page, of: pageCount, done: done) }
                let state: RecognitionQueue.State
                do {
                    if let recognised = try recognizer.page(page) {
                        state = .recognised(words: recognised.words.count)
                        if trace { printError("recognition: page \(page + 1) recognised, \(recognised.words.count) words") }
                        file.recognised.withLock { $0[page] = recognised }
                        if let characters = recognised.stored { stored?.learnRecognised(characters, onPage: page) }
                        MainLoop.invoke { link.owner?.onRecognised?(page, recognised.text) }
                    } else {
                        state = .notNeeded
                    }
                } catch {
                    let reason = "\(error)"
                    state = .failed(reason)
                    MainLoop.invoke { link.owner?.onNotice?(reason) }
                }
                shared.withLock { $0.queue.done(page, state) }
            }
            stored?.keepLearnedCharacters()
            MainLoop.invoke { link.owner?.bar.hide() }
        }
    }
}
