/// Finds a query in page text the way poppler's multi-line find does, so that counts agree
/// with poppler's: case and diacritics folded unless case-sensitive, a space in the query
/// matches a space or a line break, a hyphen at a line end inside a word is skipped, and
/// whole-word matches must not touch letters or digits. Matches do not overlap.
/// Rectangles for highlighting still come from poppler, for the pages that are shown.
/// A regular expression (`query.regex`) is matched by `RegexPattern` over `FoldedText`.
public struct TextMatcher: Sendable {
    public let query: SearchQuery
    private let units: [UInt16] // folded, runs of white space as one space, trimmed
    private let pattern: RegexPattern?
    /// Why the query's regular expression does not compile; nil when it does (or is none).
    public let problem: RegexPattern.Problem?

    public init(_ query: SearchQuery) {
        self.query = query
        if query.regex {
            units = TextFold.normalized(query.text).map { query.caseSensitive ? $0 : TextFold.base($0) }.filter { $0 != TextFold.ignored }
            do throws(RegexPattern.Problem) {
                pattern = try RegexPattern(units, caseless: !query.caseSensitive)
                problem = nil
            } catch {
                pattern = nil
                problem = error
            }
            return
        }
        pattern = nil
        problem = nil
        var folded: [UInt16] = []
        for unit in TextFold.normalized(query.text) {
            if TextFold.isSpace(unit) || unit == TextFold.newline {
                if let last = folded.last, last != TextFold.space { folded.append(TextFold.space) }
                continue
            }
            let key = query.caseSensitive ? unit : TextFold.insensitive(unit)
            if key != TextFold.ignored { folded.append(key) }
        }
        while folded.last == TextFold.space { folded.removeLast() }
        units = folded
    }

    public var isEmpty: Bool { query.regex ? pattern == nil || units.isEmpty : units.isEmpty }

    /// The matches in `text`, as ranges of its units.
    public func matches(in text: PageText) -> [Range<Int>] { search(text) ?? [] }

    /// The matches in `text`; nil when a regular expression's work on it was stopped
    /// (too costly, or `going` said the query was replaced: `RegexPattern` rule 2).
    public func search(_ text: PageText, while going: () -> Bool = { true }) -> [Range<Int>]? {
        guard let pattern else { return plainMatches(in: text) }
        let folded = FoldedText(text.units, caseSensitive: query.caseSensitive)
        guard let found = folded.units.withUnsafeBufferPointer({ pattern.matches(in: $0, while: going) }) else { return nil }
        let ranges = found.map(folded.original)
        guard query.wholeWords else { return ranges }
        return text.units.withUnsafeBufferPointer { units in ranges.filter { isWholeWord(in: units, $0) } }
    }

    private func plainMatches(in text: PageText) -> [Range<Int>] {
        guard let first = units.first else { return [] }
        let caseSensitive = query.caseSensitive
        return text.units.withUnsafeBufferPointer { text in
            var found: [Range<Int>] = []
            var index = 0
            while index < text.count {
                let unit = text[index]
                if (caseSensitive ? unit : TextFold.insensitive(unit)) == first,
                   let end = matchEnd(in: text, from: index),
                   !query.wholeWords || isWholeWord(in: text, index..<end) {
                    found.append(index..<end)
                    index = end
                } else {
                    index += 1
                }
            }
            return found
        }
    }

    private func matchEnd(in text: UnsafeBufferPointer<UInt16>, from start: Int) -> Int? {
        var at = start, next = 0
        while next < units.count {
            guard at < text.count else { return nil }
            let unit = text[at]
            let key = query.caseSensitive ? unit : TextFold.insensitive(unit)
            let wanted = units[next]
            if key == TextFold.ignored && next > 0 {
                at += 1
            } else if wanted == TextFold.space {
                guard TextFold.isSpace(unit) || unit == TextFold.newline else { return nil }
                at += 1
                next += 1
                while at < text.count, TextFold.isSpace(text[at]) || text[at] == TextFold.newline { at += 1 }
            } else if key == wanted {
                at += 1
                next += 1
            } else if next > 0, TextFold.isHyphen(unit), at + 1 < text.count, text[at + 1] == TextFold.newline {
                at += 2 // "hyphen-\nated" matches "hyphenated"
            } else {
                return nil
            }
        }
        return at
    }

    private func isWholeWord(in text: UnsafeBufferPointer<UInt16>, _ range: Range<Int>) -> Bool {
        (range.lowerBound == 0 || !TextFold.isWordCharacter(text[range.lowerBound - 1]))
            && (range.upperBound == text.count || !TextFold.isWordCharacter(text[range.upperBound]))
    }
}
