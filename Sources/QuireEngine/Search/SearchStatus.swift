/// What the search bar says: where the current match is among all ("3 of 120"), that the
/// walk goes on ("…"), that nothing was found, and, when pages could not be read (their
/// helper failed on them), how many: a search never passes over pages in silence.
extension SearchResults {
    public var status: String {
        let searching = !isComplete
        var text: String
        if let ordinal = currentOrdinal {
            // Translators: the current match among all, "3 of 120"; "3 of 120…" while the search goes on.
            text = searching ? tr("{current} of {total}…", ["current": String(ordinal), "total": String(total)])
                : tr("{current} of {total}", ["current": String(ordinal), "total": String(total)])
        } else if searching {
            text = total > 0 ? trn("{count} found…", "{count} found…", total) : tr("Searching…")
        } else {
            text = total > 0 ? trn("{count} match", "{count} matches", total) : tr("No results")
        }
        guard pagesUnreadable > 0 else { return text }
        // Translators: {status} is what the search bar says otherwise ("3 of 120").
        return trn("{status} · {count} page could not be searched", "{status} · {count} pages could not be searched", pagesUnreadable, ["status": text])
    }
}
