import CAdwaita
import CGtk
import CShim
import QuireEngine

/// Ctrl+Shift+F: Find in All Documents, a window over the document window that searches
/// every document of the text store (`StoreSearch`, its rules there) as the reader types,
/// with the find bar's options. It lists each document with matches (its name, folder and
/// count), then its matches with their lines; choosing a match (Enter in the entry takes
/// the first) opens the document in a tab at that match. One such window a document window.
/// `QUIRE_TRACE_SEARCH=1` prints what it found when a query is through.
@MainActor
final class StoreSearchWindow {
    private let window = Window(gtk_window_new())
    private let entry = SearchEntry(placeholder: tr("Find in all documents"))
    private let status = Label(nil, xalign: 0)
    private let results = SearchResultsList(lines: 1, sized: false)
    private var search: StoreSearch?
    private let link = Link()
    private var generation = 0
    /// What each row opens: a document at a match (a document's own row, its first match).
    private var targets: [(path: String, match: SearchResults.Match)] = []
    private var documents = 0, matches = 0
    private var query = ""
    private let options: () -> SearchOptions
    private let trace: Bool
    /// A row was chosen: the document's path, the query and the match to show.
    var onChosen: ((String, String, SearchResults.Match) -> Void)?

    @MainActor
    final class Link {
        weak var window: StoreSearchWindow?
    }

    private static var open: [ObjectIdentifier: StoreSearchWindow] = [:]

    /// Shows the window over `parent` (brought forward if it is open already).
    static func present(over parent: Window, store: TextStore, trace: Bool, options: @escaping () -> SearchOptions,
                        chosen: @escaping (String, String, SearchResults.Match) -> Void) {
        if let shown = open.values.first(where: { gtk_window_get_transient_for($0.window.window) == parent.window }) {
            shown.window.presentDialog()
            return
        }
        let dialog = StoreSearchWindow(parent: parent, store: store, trace: trace, options: options)
        dialog.onChosen = chosen
        open[ObjectIdentifier(dialog)] = dialog
        dialog.window.presentDialog()
        gtk_widget_grab_focus(dialog.entry.widget)
    }

    private init(parent: Window, store: TextStore, trace: Bool, options: @escaping () -> SearchOptions) {
        self.options = options
        self.trace = trace
        window.title = tr("Find in All Documents")
        window.setTransient(for: parent)
        gtk_window_set_destroy_with_parent(window.window, 1)
        window.setDefaultSize(width: 640, height: 560)
        window.closesOnEscape()

        let box = Box.column(spacing: 8)
        for side in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom, gtk_widget_set_margin_start, gtk_widget_set_margin_end] {
            side(box.widget, 12)
        }
        entry.setSearchDelay(milliseconds: 150)
        entry.setAccessibleName(tr("Find in all documents"))
        status.addCSSClass("dim-label")
        status.ellipsize()
        results.setName(tr("Documents and matches"))
        box.append(entry.widget)
        box.append(status)
        box.append(results.widget)
        window.setChild(box.widget)

        link.window = self
        let link = self.link
        search = StoreSearch(store: store) { event in MainLoop.invoke { link.window?.received(event) } }
        Signal.connect(entry.widget, "search-changed") { [unowned self] in self.find(self.entry.editable.text) }
        Signal.connect(entry.widget, "activate") { [unowned self] in self.choose(row: 1) }
        results.onChosen = { [unowned self] row in self.choose(row: row) }
        Signal.connect(window.widget, "destroy") { [unowned self] in
            self.search?.stopAndWait()
            Self.open[ObjectIdentifier(self)] = nil
        }
        status.text = tr("Searches the documents whose text Quire keeps (those you opened and it read through)")
    }

    private func find(_ text: String) {
        let options = self.options()
        let query = SearchQuery(text, caseSensitive: options.caseSensitive, wholeWords: options.wholeWords, regex: options.regex)
        results.removeAll()
        targets = []
        documents = 0
        matches = 0
        self.query = text
        guard !query.isBlank else {
            search?.cancel()
            status.text = ""
            return
        }
        if query.regex, let problem = TextMatcher(query).problem {
            search?.cancel()
            status.text = tr("Not a valid pattern: {reason} (at character {place})", ["reason": problem.message, "place": String(problem.offset + 1)])
            return
        }
        generation = search?.search(query) ?? 0
        status.text = tr("Searching…")
    }

    private func received(_ event: StoreSearch.Event) {
        switch event {
        case .document(generation, let document):
            documents += 1
            matches += document.total
            let name = Self.name(of: document.path), folder = Self.folder(of: document.path)
            let heading = trn("{count} match", "{count} matches", document.total, ["count": String(document.total)])
            var rows = [SearchResultsList.Row(markup: "<b>\(SearchResultsList.escaped(name))</b>   <span alpha=\"55%\">\(SearchResultsList.escaped(folder)) · \(heading)</span>",
                                              name: "\(name), \(heading)")]
            targets.append((document.path, SearchResults.Match(page: document.matches[0].page, index: document.matches[0].index)))
            for match in document.matches {
                rows.append(SearchResultsList.row(label: "    " + tr("p. {page}", ["page": String(match.page + 1)]), context: match.context))
                targets.append((document.path, SearchResults.Match(page: match.page, index: match.index)))
            }
            results.insert(rows, at: results.count)
            status.text = trn("{count} match so far…", "{count} matches so far…", matches, ["count": String(matches)])
        case .finished(generation, let searched, _):
            status.text = documents == 0
                ? trn("No matches in {count} document", "No matches in {count} documents", searched, ["count": String(searched)])
                : trn("{count} match in {documents} of {searched} documents", "{count} matches in {documents} of {searched} documents", matches,
                      ["count": String(matches), "documents": String(documents), "searched": String(searched)])
            if trace { printError("search everywhere “\(query)”: \(matches) matches in \(documents) of \(searched) documents") }
        default:
            return // an older query's
        }
    }

    private static func name(of path: String) -> String { path.split(separator: "/").last.map(String.init) ?? path }

    private static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private func choose(row: Int) {
        guard targets.indices.contains(row - 1) else { return }
        let target = targets[row - 1]
        if trace { printError("search everywhere chose \(target.path) page \(target.match.page + 1) match \(target.match.index + 1)") }
        onChosen?(target.path, query, target.match)
        window.destroy()
    }
}
