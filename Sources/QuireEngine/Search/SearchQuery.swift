/// What the reader searches for, with the options of the search bar.
public struct SearchQuery: Hashable, Sendable {
    public var text: String
    /// Off by default; off also ignores diacritics ("cafe" finds "café" and "café" finds "cafe").
    public var caseSensitive: Bool
    public var wholeWords: Bool
    /// The text is a regular expression (`RegexPattern`), matched over the text as
    /// `FoldedText` gives it.
    public var regex: Bool

    public init(_ text: String, caseSensitive: Bool = false, wholeWords: Bool = false, regex: Bool = false) {
        self.text = text
        self.caseSensitive = caseSensitive
        self.wholeWords = wholeWords
        self.regex = regex
    }

    /// Blank queries search nothing.
    public var isBlank: Bool { text.unicodeScalars.allSatisfy { $0.properties.isWhitespace } }
}
