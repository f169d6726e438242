/// The remembered documents, one entry a path, and how two copies of them become one.
/// Policy: per path, the entry used later wins (ties keep the one already here); the
/// entry just remembered wins for its own path whatever the other copy says. Beyond a
/// capacity, the least recently used are forgotten first (ties: by path, so that every
/// process forgets the same ones), never the one just remembered. The marked places of
/// one document are never replaced but merged (`MarkedPlaces.merged`), whichever entry
/// wins: two Quires bookmarking the same document keep both's bookmarks.
struct RememberedDocuments {
    /// By path: a path holds one file at a time, so a stranger's entry there is replaced.
    private(set) var byPath: [String: DocumentStateFile.Entry] = [:]

    init(_ entries: [DocumentStateFile.Entry] = []) {
        merge(entries)
    }

    var entries: [DocumentStateFile.Entry] { Array(byPath.values) }

    /// Takes in another copy's entries, each where it was used later than this one's.
    mutating func merge(_ entries: [DocumentStateFile.Entry]) {
        for entry in entries {
            if entry.lastUsed > byPath[entry.path]?.lastUsed ?? -.infinity {
                take(entry)
            } else if let held = byPath[entry.path] {
                byPath[entry.path]?.places = Self.places(of: held, with: entry)
            }
        }
    }

    /// `entry` as its path's, whatever was there (its marked places merged in).
    mutating func remember(_ entry: DocumentStateFile.Entry) {
        take(entry)
    }

    private mutating func take(_ entry: DocumentStateFile.Entry) {
        var entry = entry
        if let held = byPath[entry.path] { entry.places = Self.places(of: entry, with: held) }
        byPath[entry.path] = entry
    }

    /// `entry`'s places, with `other`'s merged in when both are of the same document.
    private static func places(of entry: DocumentStateFile.Entry, with other: DocumentStateFile.Entry) -> MarkedPlaces? {
        guard entry.identity.isSameDocument(as: other.identity) || other.identity.isSameDocument(as: entry.identity),
              let theirs = other.places else { return entry.places }
        let merged = (entry.places ?? MarkedPlaces()).merged(with: theirs)
        return merged.isEmpty ? nil : merged
    }

    /// Drops the least recently used entries beyond `capacity`, never the one at `sparing`.
    mutating func forget(beyond capacity: Int, sparing: String? = nil) {
        guard byPath.count > capacity else { return }
        let oldestFirst = byPath.values.filter { $0.path != sparing }
            .sorted { ($0.lastUsed, $0.path) < ($1.lastUsed, $1.path) }
        for entry in oldestFirst.prefix(byPath.count - capacity) { byPath[entry.path] = nil }
    }
}
