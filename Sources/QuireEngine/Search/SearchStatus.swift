/// What the search bar says: where the current match is among all ("3 of 120"), that the
/// walk goes on ("…"), that nothing was found, and, when pages could not be read (their
/// helper failed on them), how many: a search never passes over pages in silence.
extension SearchResults {
    public var status: String {
        let searching = !isComplete
        var text: String
        if let ordinal = currentOrdinal {
            text = "\(ordinal) of \(total)" + (searching ? "…" : "")
        } else if searching {
            text = total > 0 ? "\(total) found…" : "Searching…"
        } else {
            text = total > 0 ? "\(total) matches" : "No results"
        }
        switch pagesUnreadable {
        case 0: break
        case 1: text += " · 1 page could not be searched"
        default: text += " · \(pagesUnreadable) pages could not be searched"
        }
        return text
    }
}
