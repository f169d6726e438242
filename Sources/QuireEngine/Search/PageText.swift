/// One page's text as search sees it: compatibility-normalised UTF-16, lines in reading
/// order separated by newlines. About two bytes a character: a dense 1,000-page book takes
/// about 12 MB, where poppler's own text objects take over 1.5 MB a page.
public struct PageText: Sendable {
    public let units: [UInt16]

    public init(_ text: String) { units = TextFold.normalized(text) }

    /// Units already normalised: the text store's, read back as they were written.
    init(normalizedUnits: [UInt16]) { units = normalizedUnits }

    public var byteCount: Int { units.count * MemoryLayout<UInt16>.stride + 64 }

    /// The line holding `range`, cut to about `width` characters around it, with the
    /// match's place in the returned text: a row of the results list. Each part is a
    /// display-safe fragment (`BoundedText`): a page's text holds what its fonts map to,
    /// controls and bidi overrides included.
    public func context(of range: Range<Int>, width: Int = 70) -> MatchContext {
        var start = range.lowerBound, end = range.upperBound
        while start > 0, units[start - 1] != TextFold.newline, range.lowerBound - start < width / 2 { start -= 1 }
        while end < units.count, units[end] != TextFold.newline, end - start < width { end += 1 }
        func text(_ part: Range<Int>) -> String {
            BoundedText.line(String(decoding: units[part], as: UTF16.self), limit: BoundedText.Limit.contextLine, trimmed: false)
        }
        return MatchContext(before: (start > 0 && units[start - 1] != TextFold.newline ? "…" : "") + text(start..<range.lowerBound),
                            match: text(range),
                            after: text(range.upperBound..<end) + (end < units.count && units[end] != TextFold.newline ? "…" : ""))
    }
}

/// A match in its line, for the results list.
public struct MatchContext: Hashable, Sendable {
    public let before: String
    public let match: String
    public let after: String
    public init(before: String, match: String, after: String) { self.before = before; self.match = match; self.after = after }
}
