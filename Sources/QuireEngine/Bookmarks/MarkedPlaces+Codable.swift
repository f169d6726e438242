/// Marked places as `documents.json` holds them:
/// `{"bookmarks":[{"id","name","page","fraction","changed","removed"?}],"marks":{"a":{"page","fraction","changed"}}}`.
/// The file is untrusted: reading never fails, and takes only what is within the limits.
/// A bookmark or mark that is not one (a field missing or of the wrong type, a page out of
/// range, a number that is not finite, a key that is not one letter) is left out; names are
/// cleaned and clipped; at most a few times the limits are even looked at, and the result
/// holds the latest within them.
extension MarkedPlaces: Codable {
    /// Pages beyond this are no page of a document Quire opens.
    static let pageLimit = 10_000_000
    /// How many array elements or marks reading looks at before ignoring the rest.
    static let readLimit = 4 * (bookmarkLimit + removedLimit)

    private enum Keys: String, CodingKey { case bookmarks, marks }
    private enum PlaceKeys: String, CodingKey { case id, name, page, fraction, changed, removed }
    private struct Letter: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: Decoder) {
        self.init()
        guard let container = try? decoder.container(keyedBy: Keys.self) else { return }
        var read: [Bookmark] = []
        if var list = try? container.nestedUnkeyedContainer(forKey: .bookmarks) {
            while !list.isAtEnd, list.currentIndex < Self.readLimit {
                let before = list.currentIndex
                if let item = try? list.nestedContainer(keyedBy: PlaceKeys.self) {
                    if let bookmark = Self.bookmark(item) { read.append(bookmark) }
                } else {
                    // Not an object: stepped over.
                    _ = try? list.decode(Skipped.self)
                }
                guard list.currentIndex > before else { break }
            }
        }
        var byID: [String: Bookmark] = [:]
        for bookmark in read where bookmark.changed > byID[bookmark.id]?.changed ?? -.infinity { byID[bookmark.id] = bookmark }
        entries = Self.bounded(Array(byID.values))
        if let marks = try? container.nestedContainer(keyedBy: Letter.self, forKey: .marks) {
            for key in marks.allKeys.prefix(Self.readLimit) {
                guard key.stringValue.count == 1, let letter = key.stringValue.first, Self.isMarkLetter(letter),
                      let item = try? marks.nestedContainer(keyedBy: PlaceKeys.self, forKey: key),
                      let place = Self.place(item), let changed = Self.number(item, .changed) else { continue }
                self.marks[letter] = Mark(place: place, changed: changed)
            }
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        var list = container.nestedUnkeyedContainer(forKey: .bookmarks)
        for bookmark in entries {
            var item = list.nestedContainer(keyedBy: PlaceKeys.self)
            try item.encode(bookmark.id, forKey: .id)
            try item.encode(bookmark.name, forKey: .name)
            try Self.encode(bookmark.place, changed: bookmark.changed, into: &item)
            if bookmark.removed { try item.encode(true, forKey: .removed) }
        }
        var letters = container.nestedContainer(keyedBy: Letter.self, forKey: .marks)
        for (letter, mark) in marks {
            var item = letters.nestedContainer(keyedBy: PlaceKeys.self, forKey: Letter(stringValue: String(letter)))
            try Self.encode(mark.place, changed: mark.changed, into: &item)
        }
    }

    private static func encode(_ place: ViewPlace, changed: Double, into item: inout KeyedEncodingContainer<PlaceKeys>) throws {
        try item.encode(place.page, forKey: .page)
        try item.encode(place.fraction, forKey: .fraction)
        try item.encode(changed, forKey: .changed)
    }

    private static func bookmark(_ item: KeyedDecodingContainer<PlaceKeys>) -> Bookmark? {
        guard let id = try? item.decode(String.self, forKey: .id), !id.isEmpty, id.utf8.count <= 40,
              let name = (try? item.decode(String.self, forKey: .name)).flatMap(cleaned),
              let place = place(item), let changed = number(item, .changed) else { return nil }
        let removed = (try? item.decodeIfPresent(Bool.self, forKey: .removed)) ?? false
        return Bookmark(id: id, name: name, place: place, changed: changed, removed: removed == true)
    }

    private static func place(_ item: KeyedDecodingContainer<PlaceKeys>) -> ViewPlace? {
        guard let page = try? item.decode(Int.self, forKey: .page), (0..<pageLimit).contains(page),
              let fraction = number(item, .fraction) else { return nil }
        return ViewPlace(page: page, fraction: min(max(fraction, 0), 1))
    }

    private static func number(_ item: KeyedDecodingContainer<PlaceKeys>, _ key: PlaceKeys) -> Double? {
        guard let value = try? item.decode(Double.self, forKey: key), value.isFinite else { return nil }
        return value
    }

    /// Any JSON value, read only to get past it.
    private struct Skipped: Decodable {
        init(from decoder: Decoder) {}
    }
}
