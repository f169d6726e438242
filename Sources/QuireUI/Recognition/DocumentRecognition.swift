import QuireEngine
import QuireRemote
#if canImport(Glibc)
import Glibc
#endif

/// A scan's text recognised in one document view, in the background: a thread of its own
/// with a recognizer helper (`BackgroundRecognition`) takes the pages in the order
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

    private let background: BackgroundRecognition
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
        background = BackgroundRecognition(pageCount: pageCount)
        link.owner = self
        bar.onStop = { [unowned self] in self.stopByReader() }
    }

    private func viewMoved(_ visible: Range<Int>) { background.viewMoved(visible) }

    /// The reader stopped it: the pages read so far stay read.
    private func stopByReader() {
        background.stop()
        bar.hide()
    }

    /// The view is going: the thread ends after the page it reads (its helper with it), and
    /// tells this view nothing more (its bar may be gone with its window).
    func stop() {
        background.end()
        link.owner = nil
        bar.hide()
    }

    /// The thread's events reach this view on the main loop, while it is there; the frame
    /// trace (`QUIRE_TRACE_FRAMES`) learns the recognition's start, pages and end.
    private func run(_ recognizer: RemoteRecognizer, stored: TextStoreSlot?, pageSizes: [Size], firstPageHasText: @escaping @Sendable () -> Bool,
                     trace: Bool) {
        let (link, pageCount, frames) = (self.link, self.pageCount, FrameRecorder.trace)
        var events = BackgroundRecognition.Events()
        events.reading = { page, done in MainLoop.invoke { link.owner?.bar.show(page: page, of: pageCount, done: done) } }
        events.recognised = { page, recognised in
            MainLoop.invoke {
                FrameRecorder.pageRecognised()
                link.owner?.onRecognised?(page, recognised.text)
            }
        }
        events.failed = { reason in MainLoop.invoke { link.owner?.onNotice?(reason) } }
        events.began = { time in frames?.mark(.recognitionStarted, at: time) }
        events.ended = { finished, time, read in
            MainLoop.invoke {
                // After the pages' `recognised` events on the main loop: the trace's next frame counts them.
                if finished, frames != nil { FrameRecorder.recognitionFinished(at: time, pages: read) }
                link.owner?.bar.hide()
            }
        }
        let printed: (@Sendable (String) -> Void)? = trace ? { @Sendable line in printError(line) } : nil
        background.start(recognizer, file: file, stored: stored, pageSizes: pageSizes, firstPageHasText: firstPageHasText, trace: printed, events: events)
    }
}
