import QuireEngine
import QuireRemote
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// `--recognise-behind`: a scan recognised behind the scroll as the window recognises it
/// (`BackgroundRecognition`: one recognizer helper at idle priority, the pages in view
/// first, the document's language and the locale's), timed from its first page asked to its
/// last page done. With `--pages N`, the pages scrolled are those recognised.
final class RecognitionBehind: Sendable {
    private let background: BackgroundRecognition
    private struct Times { var began: Double?; var ended: Double?; var pages = 0 }
    private let times = Mutex(Times())

    /// Recognises the first `pages` pages (those the bench scrolls), else every page.
    init(engine: HeadlessEngine, pages: Int?, report: inout BenchmarkReport) throws {
        guard let document = engine.summary else { fail("--recognise-behind reads through the helpers: not with --in-process") }
        guard let installed = RemoteRecognizer.installed() else { fail("Tesseract's data is not installed (tesseract-ocr-eng)") }
        let locale = setlocale(LC_MESSAGES, nil).map { String(cString: $0) }
        let languages = RecognitionLanguages.chosen(documentLanguage: document.summary.language, locale: locale, installed: installed.languages) ?? "eng"
        background = BackgroundRecognition(pageCount: min(pages ?? engine.pageCount, engine.pageCount))
        var events = BackgroundRecognition.Events()
        // The thread holds this until it ends.
        events.began = { [self] time in times.withLock { $0.began = time } }
        events.ended = { [self] finished, time, pages in
            times.withLock {
                $0.ended = time
                $0.pages = pages
                if !finished { $0.began = nil }
            }
        }
        background.start(RemoteRecognizer(file: document.file, languages: languages, installed: installed), file: document.file, stored: nil,
                         pageSizes: engine.estimatedPageSizes, firstPageHasText: { !(document.readableText(at: 0) ?? "").isEmpty },
                         trace: nil, events: events)
        report.recognitionLanguages = languages
    }

    var hasEnded: Bool { times.withLock { $0.ended != nil } }

    func viewMoved(_ visible: Range<Int>) { background.viewMoved(visible) }

    func end() { background.end() }

    /// The recognition's whole time and pages into `report`.
    func finish(_ report: inout BenchmarkReport) {
        let times = times.withLock { $0 }
        report.recognisedPages = times.pages
        if let began = times.began, let ended = times.ended { report.recognitionSeconds = ended - began }
    }
}
