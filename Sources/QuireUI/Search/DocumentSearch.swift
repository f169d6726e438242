import CAdwaita
import CGtk
import QuireRemote
import QuireEngine

/// Search in one document view: runs queries on the search threads and shows what the
/// engine's `SearchSession` makes of their results (its rules are there): the bar's count,
/// the results list, the canvas's highlights and the scroll to the current match.
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
    /// The pane the search moves (the one with the focus, in a split view).
    private weak var canvas: PageCanvas?
    /// A split view's other pane: its marks are drawn there too, so their areas are read
    /// for the pages it shows.
    private weak var otherPane: PageCanvas?
    private let pageLabel: (Int) -> String
    private var labels: [Int: String] = [:]
    private var session = SearchSession()
    var results: SearchResults? { session.results }
    /// The bar's options (the window's Match Case and Whole Words actions hold them).
    private let options: () -> SearchOptions
    /// Called when what the search shows has settled (for `--snapshot`).
    var onSettled: (() -> Void)?

    /// The document's place in the text store, if its text may be kept there.
    private let stored: TextStoreSlot?

    init(file: DocumentFile, pageCount: Int, textBudget: Int, stored: TextStoreSlot?, threads: Int, trace: Bool = false, canvas: PageCanvas,
         bar: SearchBar, pageLabel: @escaping (Int) -> String, options: @escaping () -> SearchOptions) {
        self.bar = bar
        self.stored = stored
        self.trace = trace
        self.options = options
        self.canvas = canvas
        self.pageLabel = pageLabel
        let link = self.link
        workers = SearchWorkers(threads: threads, pageCount: pageCount, cache: PageTextCache(pageCount: pageCount, budget: textBudget), store: stored,
                                makeSource: { try RemoteDocument(file: file) },
                                deliver: { event in MainLoop.invoke { link.search?.received(event) } })
        link.search = self
        canvas.watchVisiblePages { [unowned self] visible in self.perform(self.session.visibleChanged(visible)) }
    }

    /// Marks the matches in a split view's second pane too.
    func mark(in pane: PageCanvas) {
        pane.watchVisiblePages { [weak self, weak pane] visible in
            guard let self, pane != nil, self.otherPane === pane || self.canvas === pane else { return }
            self.perform(self.session.visibleChanged(visible))
        }
        otherPane = pane
        perform(session.visibleChanged(pane.visiblePages))
    }

    /// The search moves `pane` (the one with the focus) from now on; the other keeps its marks.
    func moves(_ pane: PageCanvas) {
        guard pane !== canvas else { return }
        if otherPane === pane { otherPane = canvas }
        canvas = pane
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
    }

    /// Searches for `text` with the bar's options and makes `match` the current one, brought
    /// into view (a match chosen in the search across documents).
    func find(_ text: String, at match: SearchResults.Match) {
        session.clear()
        find(text, from: match.page, keeping: match, revealing: true)
    }

    /// The current match, for a reload to keep.
    var currentMatch: SearchResults.Match? { results?.current }

    private func find(_ text: String, from page: Int, keeping kept: SearchResults.Match?, revealing: Bool = false) {
        let options = self.options()
        let query = SearchQuery(text, caseSensitive: options.caseSensitive, wholeWords: options.wholeWords, regex: options.regex)
        if let results, results.query == query { return }
        bar.results.removeAll()
        guard !query.isBlank else {
            clear()
            return
        }
        if query.regex, let problem = TextMatcher(query).problem {
            return refuse(query, problem)
        }
        let generation = workers.search(query, from: kept?.page ?? page)
        session.start(query, generation: generation, from: page, keeping: kept, revealing: revealing, pageCount: canvas?.pageCount ?? 0)
        updateStatus()
        canvas?.redraw()
    }

    /// Page `page` was recognised (a scan): its text is now `text`, and a search shown is
    /// made again, keeping its current match.
    func pageRecognised(_ page: Int, text: String) {
        workers.cache.replace(PageText(text), page: page)
        guard let results else { return }
        let kept = results.current, query = results.query.text
        session.clear()
        find(query, from: canvas?.currentPage ?? 0, keeping: kept)
    }

    /// A pattern that does not compile: nothing is searched, and the bar says why.
    private func refuse(_ query: SearchQuery, _ problem: RegexPattern.Problem) {
        workers.cancel()
        session.clear()
        canvas?.redraw()
        let message = tr("Not a valid pattern: {reason} (at character {place})",
                         ["reason": problem.message, "place": String(problem.offset + 1)])
        bar.show(problem: message)
        if trace { printError("search “\(query.text)”: \(message)") }
        onSettled?()
    }

    /// Searches again after an option changed.
    func optionsChanged() {
        guard let text = results?.query.text ?? (bar.isOpen ? bar.text : nil) else { return }
        session.clear()
        find(text, from: canvas?.currentPage ?? 0)
    }

    /// Ends the search and removes the highlights.
    func clear() {
        workers.cancel()
        session.clear()
        bar.results.removeAll()
        bar.show(status: "", searching: false)
        canvas?.redraw()
        onSettled?()
    }

    func step(forward: Bool) {
        let (wrapped, effects) = session.step(forward: forward, from: canvas?.currentPage, visible: visiblePages)
        if wrapped { bar.showWrapped(forward: forward) }
        shown(effects)
    }

    /// Makes match `ordinal` (from 1, document order) the current one.
    func choose(_ ordinal: Int) { shown(session.choose(ordinal, visible: visiblePages)) }

    /// Ends the search threads; the characters caret mode read go to the text store.
    func stop() {
        workers.stop()
        stored?.keepLearnedCharacters()
    }

    /// For `--snapshot`'s report (`SearchSession.summary`).
    var summary: String? { session.summary }

    /// True when nothing is pending that would change what the window shows.
    var isSettled: Bool { session.isSettled(visible: visiblePages) }

    private var visiblePages: Range<Int> { canvas?.visiblePages ?? 0..<0 }

    private func received(_ event: SearchWorkers<RemoteDocument>.Event) {
        // Mutated in place: a copy would copy the per-page arrays on every event.
        guard let generation = results?.generation else { return }
        switch event {
        case .pages(generation, let pages):
            let effects = session.received(pages, generation: generation, visible: visiblePages)
            // In page order: a row's place counts the matches of every page before it,
            // which the session already holds (a batch may wrap from the last page to the first).
            for page in pages.sorted(by: { $0.page < $1.page }) where !page.contexts.isEmpty {
                let before = session.results!.ordinal(of: .init(page: page.page, index: 0)) - 1
                let label = self.label(page.page)
                bar.results.insert(page.contexts.map { SearchResultsList.row(label: label, context: $0) }, at: before)
            }
            perform(effects)
            if let otherPane { perform(session.visibleChanged(otherPane.visiblePages)) }
            if !effects.isEmpty { canvas?.redraw() }
        case .areas(generation, let page, let areas):
            perform(session.received(areas: areas, onPage: page, generation: generation))
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

    /// After the reader moved the current match: its effects, the count and the marks.
    private func shown(_ effects: [SearchSession.Effect]) {
        perform(effects)
        updateStatus()
        canvas?.redraw()
    }

    private func perform(_ effects: [SearchSession.Effect]) {
        for effect in effects {
            switch effect {
            case .showPage(let page): canvas?.show(page: page, recording: true)
            case .askAreas(let page, let generation): workers.requestAreas(page: page, generation: generation)
            case .reveal(let area, let page): canvas?.reveal(area, onPage: page)
            case .selectRow(let ordinal): bar.results.select(ordinal)
            }
        }
    }

    private func updateStatus() {
        guard let results else { return }
        traceShown()
        let searching = !results.isComplete
        bar.show(status: results.status, searching: searching, spoken: results.spokenStatus)
        let progress = session.progress
        if progress != shownProgress {
            shownProgress = progress
            if let progress {
                // xgettext:no-c-format
                gtk_widget_set_tooltip_text(bar.widget, tr("Searched {percent} % of the pages", ["percent": String(progress)]))
            } else {
                gtk_widget_set_tooltip_text(bar.widget, nil)
            }
        }
    }
    private var shownProgress: Int?
    /// `QUIRE_TRACE_SEARCH=1`: what the search shows is printed as it changes.
    private let trace: Bool
    private var tracedLine: String?
    private var tracedSources: Int?

    private func traceShown() {
        guard trace, let summary, let query = results?.query.text else { return }
        let line = "search “\(query)”: \(summary), \(bar.results.count) rows"
        if line != tracedLine { printError(line) }
        tracedLine = line
        // Where the text came from, once a query is complete: the text store, or helpers' reads
        // (not a line of the search's state, which tests read as the last such line).
        if results?.isComplete == true, tracedSources != results?.generation {
            tracedSources = results?.generation
            printError("search text for “\(query)”: text store \(stored?.read.rawValue ?? "none"), "
                       + "\(RemoteDocument.textReads.load(ordering: .relaxed)) pages read by helpers")
        }
    }

}

extension DocumentSearch: PageOverlay {
    /// The areas of the page's matches, the current one marked as such.
    func marks(onPage page: Int) -> [PageMark] { session.highlights(onPage: page)?.marks ?? [] }
}

/// The find bar's options, as the window's actions hold them.
struct SearchOptions {
    var caseSensitive: Bool
    var wholeWords: Bool
    var regex: Bool
}
