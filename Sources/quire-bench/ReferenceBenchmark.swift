import QuireDocument
import QuireEngine

/// `--references`: how often a reference written in the text ("Abbildung 1.7", "Satz 3.4",
/// "[12]") is resolved to the right place by `ReferenceLookup`, judged against the
/// document's own links where its author made the reference a link (hyperref does): the
/// link's words are looked up as if they were not a link, from the middle of the words,
/// and the target page compared with the link's (or the page after it: the anchor of a
/// statement that opens a page is often at the foot of the one before). Also how long one
/// lookup takes, poppler in this process.
struct ReferenceBenchmark {
    let source: DocumentSource

    func run() throws -> [(String, String)] {
        let document = try source.open()
        let reader = InProcessReferences(document: document)
        var linked = 0, recognised = 0, samePage = 0, near = 0, unresolved = 0, anchorBefore = 0
        var times: [Double] = []
        var misses: [String] = []
        for page in 0..<document.pageCount {
            for link in document.links(at: page) {
                guard case .page(let destination, let destinationTop) = link.target else { continue }
                linked += 1
                let middle = Point(x: link.area.x + link.area.width / 2, y: link.area.y + link.area.height / 2)
                let words = document.selectedText(.init(page: page, start: Point(x: link.area.x, y: middle.y),
                                                        end: Point(x: link.area.maxX, y: middle.y)), style: .glyph)
                guard TextReference.find(inLine: words).count == 1 else { continue }
                recognised += 1
                let start = Clock.now
                let found = ReferenceLookup.link(at: PagePoint(page: page, point: middle), in: reader)
                times.append(Clock.ms(since: start))
                guard let found, case .page(let target, let top) = found.target else {
                    unresolved += 1
                    if misses.count < 12 { misses.append("p\(page + 1) '\(words)' unresolved") }
                    continue
                }
                if target == destination {
                    samePage += 1
                    if let top, let destinationTop, abs(top - destinationTop) < 200 { near += 1 }
                } else if target == destination + 1 {
                    // The link's anchor fell at the foot of the page before (hyperref puts it
                    // before a statement that opens the next page).
                    anchorBefore += 1
                } else if misses.count < 12 {
                    misses.append("p\(page + 1) '\(words)' → p\(target + 1), link p\(destination + 1)")
                }
            }
        }
        times.sort()
        func percentile(_ share: Double) -> String {
            times.isEmpty ? "0" : String((times[min(times.count - 1, Int(Double(times.count) * share))] * 100).rounded() / 100)
        }
        return [
            ("internal_links", String(linked)),
            ("reference_links", String(recognised)),
            ("right_page", String(samePage)),
            ("within_200pt", String(near)),
            ("page_after_the_anchor", String(anchorBefore)),
            ("unresolved", String(unresolved)),
            ("lookup_ms_p50", percentile(0.5)),
            ("lookup_ms_p95", percentile(0.95)),
            ("misses", "\"" + misses.joined(separator: "; ").replacingOccurrences(of: "\"", with: "'") + "\""),
        ]
    }
}

/// The document in this process as the lookups' source, its pages' text read once.
private final class InProcessReferences: ReferenceSource {
    let document: Document
    private var texts: [Int: String] = [:]
    private lazy var outline = document.outline().entries

    init(document: Document) { self.document = document }

    var pageCount: Int { document.pageCount }
    func line(at point: PagePoint) -> String { document.selectedText(TextSelection(anchor: point, head: point, style: .line)) }
    func matchAreas(of query: SearchQuery, onPage page: Int) -> [[Rect]] { document.matchAreas(of: query, onPage: page) }
    func text(of page: Int) -> String? {
        if let text = texts[page] { return text }
        let text = document.text(at: page)
        texts[page] = text
        return text
    }
    func outlineEntries() -> [OutlineTree.Entry] { outline }
    func characters(onPage page: Int) -> PageCharacters? { document.characters(onPage: page) }
}
