import QuireDocument
import QuireEngine

/// `--outline`: what the outline sidebar costs without a window. Reading the outline (on
/// its own thread in the application, once the first view is drawn), finding the reader's
/// section at every page, and a type-ahead search for a title near the end.
struct OutlineBenchmark {
    let source: DocumentSource

    func run() throws -> [(String, String)] {
        let document = try source.open()
        let start = Clock.now
        let tree = document.outline()
        let readMs = Clock.ms(since: start)
        let sectionStart = Clock.now
        var found = 0
        for page in 0..<document.pageCount where tree.section(page: page, top: 0) != nil { found += 1 }
        let sectionUs = Clock.ms(since: sectionStart) * 1000 / Double(max(document.pageCount, 1))
        let title = tree.entries.last?.title ?? ""
        let findStart = Clock.now
        let match = tree.find(title, after: nil)
        let findMs = Clock.ms(since: findStart)
        let depth = tree.entries.map(\.depth).max() ?? -1
        func ms(_ value: Double) -> String { String((value * 100).rounded() / 100) }
        return [
            ("outline_entries", String(tree.count)),
            ("outline_depth", String(depth + 1)),
            ("outline_read_ms", ms(readMs)),
            ("section_lookup_us", ms(sectionUs)),
            ("pages_in_a_section", String(found)),
            ("find_last_title_ms", ms(findMs)),
            ("find_found", String(match != nil)),
        ]
    }
}
