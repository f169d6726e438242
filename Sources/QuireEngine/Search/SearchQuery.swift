/// What the reader searches for, with the options of the search bar.
public struct SearchQuery: Hashable, Sendable {
    public var text: String
    /// Off by default; off also ignores diacritics ("cafe" finds "café" and "café" finds "cafe").
    public var caseSensitive: Bool
    public var wholeWords: Bool

    public init(_ text: String, caseSensitive: Bool = false, wholeWords: Bool = false) {
        self.text = text
        self.caseSensitive = caseSensitive
        self.wholeWords = wholeWords
    }

    /// Blank queries search nothing.
    public var isBlank: Bool { text.unicodeScalars.allSatisfy { $0.properties.isWhitespace } }
}
