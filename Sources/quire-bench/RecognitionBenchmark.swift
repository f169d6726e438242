import QuireEngine
import QuireRemote

/// `--recognise [--languages L] [--pages N]`: what recognising a scan costs, through the
/// recognizer helper as the window uses it (one helper, one core, idle priority): each
/// page's seconds and words, and the whole. `--print-text` prints what was read.
struct RecognitionBenchmark {
    let source: DocumentSource
    let languages: String?
    let pages: Int?
    let printsText: Bool

    func run() throws -> [(String, String)] {
        guard let installed = RemoteRecognizer.installed() else { fail("Tesseract's data is not installed (tesseract-ocr-eng)") }
        let file = try DocumentFile(opening: source)
        let document = try RemoteDocument(file: file)
        let chosen = languages ?? RecognitionLanguages.chosen(documentLanguage: nil, locale: nil, installed: installed.languages) ?? "eng"
        let recognizer = RemoteRecognizer(file: file, languages: chosen, installed: installed)
        let count = min(pages ?? document.pageCount, document.pageCount)
        var times: [Double] = [], words = 0, notNeeded = 0
        let start = Clock.now
        for page in 0..<count {
            let pageStart = Clock.now
            guard let found = try recognizer.words(onPage: page, pageSize: document.pageSize(at: page)) else { notNeeded += 1; continue }
            times.append(Clock.ms(since: pageStart) / 1000)
            words += found.count
            if printsText { print("--- page \(page + 1)\n\(Recognition.text(of: found))") }
        }
        let total = Clock.ms(since: start) / 1000
        func s(_ value: Double) -> String { String((value * 100).rounded() / 100) }
        return [
            ("languages", "\"\(chosen)\""),
            ("pages", String(count)),
            ("pages_with_text", String(notNeeded)),
            ("words", String(words)),
            ("first_page_s", s(times.first ?? 0)),
            ("median_page_s", s(times.isEmpty ? 0 : times.sorted()[times.count / 2])),
            ("total_s", s(total)),
        ]
    }
}
