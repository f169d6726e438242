/// What a screen reader is told of the search: nothing while pages are still being searched
/// (the count changes every few milliseconds and would be spoken over itself), then the
/// count once it settles, with the word the bar leaves out: "7 of 312 matches".
extension SearchResults {
    public var spokenStatus: String? {
        guard isComplete else { return nil }
        guard let ordinal = currentOrdinal, pagesUnreadable == 0 else { return status }
        // Translators: spoken by a screen reader once the search is done: "7 of 312 matches".
        return trn("{current} of {total} match", "{current} of {total} matches", total, ["current": String(ordinal), "total": String(total)])
    }
}
