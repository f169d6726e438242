import QuireEngine

/// Everything the application asks of a document, on as much of it as `pages` allows:
/// open; render each page at two scales within the engine's bounds; text; search; labels;
/// links and what following them would do; selection areas; the outline. For the
/// robustness tests and the fuzzer: the answer is a document's figures or a typed error,
/// and the process is still alive.
public enum DocumentProbe {
    public enum Outcome: Equatable, Sendable {
        case opened(pages: Int, renderFailures: Int)
        case refused(DocumentError)
    }

    public static func exercise(_ source: DocumentSource, pages limit: Int = 40, scales: [Double] = [0.5, 2.0]) -> Outcome {
        let document: Document
        do {
            document = try source.open()
        } catch {
            return .refused(error)
        }
        var failures = 0
        _ = document.title
        _ = document.outline()
        let query = SearchQuery("the")
        for page in Set(Array(0..<min(document.pageCount, limit)) + [document.pageCount - 1]).sorted() {
            let size = document.pageSize(at: page)
            for wanted in scales {
                let key = TileKey(page: page, scale: TileKey.boundedScale(wanted, for: size))
                if (try? document.render(key)) == nil { failures += 1 }
            }
            _ = document.text(at: page)
            _ = document.matchAreas(of: query, onPage: page)
            _ = document.pageLabel(at: page)
            _ = document.links(at: page).map(\.target.action)
            _ = document.selectionAreas(TextSelection.Span(page: page, start: Point(x: 0, y: 0), end: Point(x: size.width, y: size.height)),
                                        style: .glyph)
        }
        return .opened(pages: document.pageCount, renderFailures: failures)
    }
}
