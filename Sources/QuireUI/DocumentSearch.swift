import CGtk
import QuireRemote
import QuireEngine

/// Search in one document view: runs queries on the search threads, keeps the streaming
/// results, and turns them into the bar's count, the results list, the canvas's
/// highlights and the scroll to the current match. Rectangles are asked of poppler only
/// for the pages on screen and the current match's page.
@MainActor
final class DocumentSearch {
    /// Where the workers' events go: this object, while it lives.
    @MainActor
    final class Link {
        weak var search: DocumentSearch?
    }

    let bar: SearchBar
    private let link = Link()
    private let workers: SearchWorkers<RemoteDocument>
    private weak var canvas: PageCanvas?
    private let pageLabel: (Int) -> String
    private var labels: [Int: String] = [:]
    private(set) var results: SearchResults?
    private var areasAsked: Set<Int> = []
    private var revealed = false
    /// Whether a new current match is brought into view: not for a search made again
    /// over a reloaded document, until the reader steps or chooses a match.
    private var followsCurrent = true
    /// The bar's options (the window's Match Case and Whole Words actions hold them).
    private let options: () -> (caseSensitive: Bool, wholeWords: Bool)
    /// Called when what the search shows has settled (for `--snapshot`).
    var onSettled: (() -> Void)?

    init(file: DocumentFile, pageCount: Int, canvas: PageCanvas, bar: SearchBar, pageLabel: @escaping (Int) -> String,
         options: @escaping () -> (caseSensitive: Bool, wholeWords: Bool)) {
        self.bar = bar
        self.options = options
        self.canvas = canvas
        self.pageLabel = pageLabel
        let link = self.link
        workers = SearchWorkers(pageCount: pageCount, cache: PageTextCache(pageCount: pageCount),
                                makeSource: { try RemoteDocument(file: file) },
                                deliver: { event in MainLoop.invoke { link.search?.received(event) } })
        link.search = self
        canvas.highlights = { [unowned self] page in self.highlights(onPage: page) }
        canvas.onVisiblePagesChanged = { [unowned self] _ in self.askForVisibleAreas() }
    }

    /// Fills the text cache in the background, from `page` on; called once the first view
    /// has been drawn, so that opening the file is not shared with it.
    func fillCacheInBackground(from page: Int) { workers.fillCache(from: page) }

    /// Searches for `text` with the bar's options, from `page` (the current one) on; the
    /// first match found is brought into view.
    func find(_ text: String, from page: Int) { find(text, from: page, keeping: nil) }

    /// Searches again after a reload: the current match stays the one it was (or as near as
    /// the new version allows), and the view stays where the reader was.
    func findAgain(_ text: String, keeping match: SearchResults.Match?, from page: Int) {
        find(text, from: page, keeping: match ?? SearchResults.Match(page: page, index: 0))
        followsCurrent = false
    }

    /// The current match, for a reload to keep.
    var currentMatch: SearchResults.Match? { results?.current }

    private func find(_ text: String, from page: Int, keeping kept: SearchResults.Match?) {
        let options = self.options()
        let query = SearchQuery(text, caseSensitive: options.caseSensitive, wholeWords: options.wholeWords)
        if let results, results.query == query { return }
        bar.results.removeAll()
        areasAsked = []
        revealed = false
        guard !query.isBlank else {
            clear()
            return
        }
        followsCurrent = true
        let start = kept?.page ?? page
        let generation = workers.search(query, from: start)
        let pageCount = canvas?.pageCount ?? 0
        results = kept.map { SearchResults(query: query, generation: generation, keeping: $0, pageCount: pageCount) }
            ?? SearchResults(query: query, generation: generation, startPage: page, pageCount: pageCount)
        updateStatus()
        canvas?.redraw()
    }

    /// Searches again after an option changed.
    func optionsChanged() {
        guard let text = results?.query.text ?? (bar.isOpen ? bar.text : nil) else { return }
        results = nil
        find(text, from: canvas?.currentPage ?? 0)
    }

    /// Ends the search and removes the highlights.
    func clear() {
        workers.cancel()
        results = nil
        areasAsked = []
        bar.results.removeAll()
        bar.show(status: "", searching: false)
        canvas?.redraw()
        onSettled?()
    }

    func step(forward: Bool) {
        followsCurrent = true
        guard let wrapped = results?.step(forward: forward, from: canvas?.currentPage) else { return }
        if wrapped { bar.showWrapped(forward: forward) }
        currentChanged()
    }

    /// Makes match `ordinal` (from 1, document order) the current one.
    func choose(_ ordinal: Int) {
        guard let match = results?.match(atOrdinal: ordinal) else { return }
        followsCurrent = true
        results?.select(match)
        currentChanged()
    }

    func stop() { workers.stop() }

    /// For `--snapshot`'s report: "match=3/12 (page 2)", "match=0/0", or nil without a
    /// search; " unsearched=N" after it when N pages could not be read.
    var summary: String? {
        guard let results else { return nil }
        let unsearched = results.pagesUnreadable > 0 ? " unsearched=\(results.pagesUnreadable)" : ""
        guard let current = results.current, let ordinal = results.currentOrdinal else { return "match=0/\(results.total)" + unsearched }
        return "match=\(ordinal)/\(results.total) (page \(current.page + 1))" + unsearched
    }

    /// True when nothing is pending that would change what the window shows: the whole
    /// document searched, the current match scrolled to and the visible matches' areas known.
    var isSettled: Bool {
        guard let results else { return true }
        guard results.isComplete else { return false }
        guard let current = results.current else { return true }
        guard revealed, results.areas[current.page] != nil else { return false }
        let visible = canvas?.visiblePages ?? 0..<0
        return visible.allSatisfy { results.count(onPage: $0) == 0 || results.areas[$0] != nil }
    }

    private func received(_ event: SearchWorkers<RemoteDocument>.Event) {
        // Mutated in place: a copy would copy the per-page arrays on every event.
        guard let generation = results?.generation else { return }
        switch event {
        case .pages(generation, let pages):
            var chose = false
            for page in pages {
                if results!.add(page) { chose = true }
                guard !page.contexts.isEmpty else { continue }
                let before = results!.ordinal(of: .init(page: page.page, index: 0)) - 1
                let label = self.label(page.page)
                bar.results.insert(page.contexts.map { SearchResultsList.row(label: label, context: $0) }, at: before)
            }
            if chose { currentChanged() }
            askForVisibleAreas()
        case .areas(generation, let page, let areas):
            results!.setAreas(areas, onPage: page)
            if page == results!.current?.page && !revealed && followsCurrent { reveal() }
            canvas?.redraw()
        default:
            return // an older query's
        }
        updateStatus()
        if isSettled { onSettled?() }
    }

    /// Labels were read: rows that show an old one are made again.
    func labelsChanged() {
        guard labels.contains(where: { $0.value != pageLabel($0.key) }), let results else { return }
        labels = [:]
        bar.results.removeAll()
        for (page, contexts) in results.contexts.enumerated() {
            guard let contexts, !contexts.isEmpty else { continue }
            let label = self.label(page)
            bar.results.insert(contexts.map { SearchResultsList.row(label: label, context: $0) }, at: bar.results.count)
        }
        if let ordinal = results.currentOrdinal { bar.results.select(ordinal) }
    }

    private func label(_ page: Int) -> String {
        if let label = labels[page] { return label }
        let label = pageLabel(page)
        labels[page] = label
        return label
    }

    private func currentChanged() {
        guard let results, let current = results.current else { return }
        revealed = !followsCurrent
        if !followsCurrent {
            askForAreas(current.page)
        } else if results.areas[current.page] != nil {
            reveal()
        } else {
            // Its page first; the match itself once poppler has placed it.
            if canvas?.visiblePages.contains(current.page) != true { canvas?.show(page: current.page, recording: true) }
            askForAreas(current.page)
        }
        if let ordinal = results.currentOrdinal { bar.results.select(ordinal) }
        updateStatus()
        canvas?.redraw()
    }

    private func reveal() {
        guard let results, let current = results.current, let areas = results.areas[current.page] else { return }
        revealed = true
        let rects = current.index < areas.count ? areas[current.index] : []
        guard let first = rects.first else { return }
        let union = rects.dropFirst().reduce(first) { a, b in
            Rect(x: min(a.x, b.x), y: min(a.y, b.y), width: max(a.maxX, b.maxX) - min(a.x, b.x), height: max(a.maxY, b.maxY) - min(a.y, b.y))
        }
        canvas?.reveal(union, onPage: current.page)
    }

    private func askForVisibleAreas() {
        guard let results, let canvas else { return }
        for page in canvas.visiblePages where results.count(onPage: page) > 0 { askForAreas(page) }
    }

    private func askForAreas(_ page: Int) {
        guard let results, areasAsked.insert(page).inserted else { return }
        workers.requestAreas(page: page, generation: results.generation)
    }

    private func updateStatus() {
        guard let results else { return }
        let searching = !results.isComplete
        bar.show(status: results.status, searching: searching)
        // A tooltip change makes GTK look for the widget under the pointer: about a
        // millisecond, so it changes once a percent, not on every batch of pages.
        let progress = searching ? results.pagesSearched * 100 / max(results.pageCount, 1) : nil
        if progress != shownProgress {
            shownProgress = progress
            if let progress {
                gtk_widget_set_tooltip_text(bar.widget, "Searched \(progress) % of the pages")
            } else {
                gtk_widget_set_tooltip_text(bar.widget, nil)
            }
        }
    }
    private var shownProgress: Int?

    /// What the canvas draws on `page`: the areas of its matches and which one is current.
    private func highlights(onPage page: Int) -> PageHighlights? {
        guard let results, let areas = results.areas[page], !areas.isEmpty else { return nil }
        return PageHighlights(areas: areas, current: results.current?.page == page ? results.current?.index : nil)
    }
}

/// Matches on one page, for the canvas to draw.
struct PageHighlights {
    let areas: [[Rect]]
    let current: Int?
}
