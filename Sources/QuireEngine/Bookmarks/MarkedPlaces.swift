/// The places a reader marked in a document: named bookmarks (Ctrl+D) and letter marks
/// (`m` then a letter). The policy:
/// 1. A place is the page at the top of the view and how far down it the view starts
///    (`ViewPlace`, as the jump history keeps it), so it survives zoom, rotation and layout.
/// 2. A bookmark's name is the title of the outline section covering its place, else
///    "Page <label>"; a name typed is cleaned (runs of white space become one space, ends
///    trimmed) and clipped to `nameLimit` characters; an empty one leaves the name as it was.
/// 3. Bookmarks are listed in document order (page, then how far down), the older first
///    at the same place.
/// 4. One bookmark a place: bookmarking a place again finds the bookmark there. At most
///    `bookmarkLimit` bookmarks: adding one more is refused. Letter marks are a–z and
///    A–Z, one place each; setting a letter again moves it.
/// 5. Two copies (two Quires, or a window and the file) merge, never losing either's
///    changes: bookmarks by identity and letter marks by letter, the later change winning.
///    A deletion is a change: the bookmark stays as a tombstone (the latest `removedLimit`
///    of them) so that a copy made before does not bring it back.
public struct MarkedPlaces: Equatable, Sendable {
    public static let bookmarkLimit = 200
    public static let nameLimit = 100
    public static let removedLimit = 50

    /// A letter mark's place, and when it was set (seconds since 1970, the caller's clock).
    public struct Mark: Equatable, Sendable {
        public var place: ViewPlace
        public var changed: Double
        public init(place: ViewPlace, changed: Double) { self.place = place; self.changed = changed }
    }

    /// Every bookmark, the deleted ones too, in document order.
    var entries: [Bookmark] = []
    public internal(set) var marks: [Character: Mark] = [:]

    public init() {}

    /// The bookmarks, in document order.
    public var bookmarks: [Bookmark] { entries.filter { !$0.removed } }
    public var isEmpty: Bool { entries.isEmpty && marks.isEmpty }
    public var isFull: Bool { bookmarks.count >= Self.bookmarkLimit }

    public func bookmark(_ id: String) -> Bookmark? { entries.first { $0.id == id && !$0.removed } }

    /// The bookmark at exactly `place`, if any.
    public func bookmark(at place: ViewPlace) -> Bookmark? { entries.first { $0.place == place && !$0.removed } }

    /// Bookmarks `place` as `name` at `time`; nil when there are already as many as allowed.
    public mutating func add(at place: ViewPlace, name: String, time: Double) -> Bookmark? {
        guard !isFull else { return nil }
        // Microseconds: two Quires would have to add one in the same one to meet.
        var created = Int64(min(max(Self.finite(time), 0), 9e12) * 1_000_000)
        while entries.contains(where: { $0.id == String(created) }) { created += 1 }
        let bookmark = Bookmark(id: String(created), name: Self.cleaned(name) ?? tr("Bookmark"), place: place, changed: time)
        entries.append(bookmark)
        entries = Self.ordered(entries)
        return bookmark
    }

    /// Renames bookmark `id`; a name that cleans to nothing leaves it as it was.
    public mutating func rename(_ id: String, to name: String, time: Double) {
        guard let index = entries.firstIndex(where: { $0.id == id && !$0.removed }), let name = Self.cleaned(name),
              name != entries[index].name else { return }
        entries[index].name = name
        entries[index].changed = time
    }

    /// Deletes bookmark `id`, leaving a tombstone.
    public mutating func remove(_ id: String, time: Double) {
        guard let index = entries.firstIndex(where: { $0.id == id && !$0.removed }) else { return }
        entries[index].removed = true
        entries[index].changed = time
        entries = Self.bounded(entries)
    }

    /// Sets letter mark `letter` at `place`; false when `letter` is not a mark's letter.
    @discardableResult
    public mutating func setMark(_ letter: Character, at place: ViewPlace, time: Double) -> Bool {
        guard Self.isMarkLetter(letter) else { return false }
        marks[letter] = Mark(place: place, changed: time)
        return true
    }

    public func mark(_ letter: Character) -> ViewPlace? { marks[letter]?.place }

    public static func isMarkLetter(_ letter: Character) -> Bool {
        letter.isASCII && letter.isLetter
    }

    /// This copy and `other` as one: per bookmark and per letter, the later change.
    public func merged(with other: MarkedPlaces) -> MarkedPlaces {
        var byID: [String: Bookmark] = [:]
        for bookmark in entries + other.entries {
            if let held = byID[bookmark.id], held.changed >= bookmark.changed { continue }
            byID[bookmark.id] = bookmark
        }
        var result = MarkedPlaces()
        result.entries = Self.bounded(Array(byID.values))
        result.marks = marks.merging(other.marks) { mine, theirs in theirs.changed > mine.changed ? theirs : mine }
        return result
    }

    /// The name a bookmark at `top` points down `page` gets: its outline section's title,
    /// else "Page <label>".
    public static func defaultName(page: Int, top: Double, outline: OutlineTree?, label: String) -> String {
        if let outline, let section = outline.section(page: page, top: top), let title = cleaned(outline.entries[section].title) {
            return title
        }
        return cleaned(tr("Page {label}", ["label": label])) ?? tr("Page {label}", ["label": String(page + 1)])
    }

    /// `name` with runs of white space, control and invisible characters as one space,
    /// trimmed and clipped (in characters, and in code points, which a character may pile
    /// up without end); nil when nothing is left.
    public static func cleaned(_ name: String) -> String? {
        let clipped = String(String.UnicodeScalarView(name.unicodeScalars.prefix(nameLimit * 8)))
        let words = clipped.split { character in
            character.isWhitespace || character.unicodeScalars.allSatisfy { $0.properties.generalCategory == .control || $0.properties.isDefaultIgnorableCodePoint }
        }
        let joined = words.joined(separator: " ")
        guard !joined.isEmpty else { return nil }
        return String(String.UnicodeScalarView(String(joined.prefix(nameLimit)).unicodeScalars.prefix(nameLimit * 4)))
    }

    /// Within the limits (the latest changes kept), in document order.
    static func bounded(_ entries: [Bookmark]) -> [Bookmark] {
        let latestFirst = entries.sorted { ($0.changed, $0.id) > ($1.changed, $1.id) }
        let kept = latestFirst.filter { !$0.removed }.prefix(bookmarkLimit) + latestFirst.filter(\.removed).prefix(removedLimit)
        return ordered(Array(kept))
    }

    static func ordered(_ entries: [Bookmark]) -> [Bookmark] {
        entries.sorted { ($0.place.page, $0.place.fraction, $0.id.count, $0.id) < ($1.place.page, $1.place.fraction, $1.id.count, $1.id) }
    }

    static func finite(_ value: Double) -> Double { value.isFinite ? value : 0 }
}

/// A named place in a document. Its identity (`id`, from the time it was made) is what two
/// copies merge by; `changed` is when it was last renamed or deleted.
public struct Bookmark: Equatable, Sendable, Identifiable {
    public let id: String
    public var name: String
    public let place: ViewPlace
    public var changed: Double
    public var removed: Bool

    init(id: String, name: String, place: ViewPlace, changed: Double, removed: Bool = false) {
        self.id = id; self.name = name; self.place = place; self.changed = changed; self.removed = removed
    }
}
