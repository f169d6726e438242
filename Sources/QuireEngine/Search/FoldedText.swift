/// A page's text as a regular expression sees it, with the place each unit came from, so
/// that Find's regular expressions match what its plain queries do:
///  1. Without Match Case, diacritics are gone (the base letter stays; case is PCRE2's
///     to ignore); with it, every unit is kept.
///  2. A hyphen that ends a line inside a word goes with its line break ("hyphen-⏎ated"
///     reads "hyphenated").
///  3. Every run of spaces and line breaks is one space, so a phrase spans lines.
struct FoldedText {
    private(set) var units: [UInt16] = []
    /// The page text's unit each of `units` came from.
    private(set) var origins: [Int] = []

    init(_ text: [UInt16], caseSensitive: Bool) {
        units.reserveCapacity(text.count)
        origins.reserveCapacity(text.count)
        var index = 0
        while index < text.count {
            let unit = text[index]
            if TextFold.isSpace(unit) || unit == TextFold.newline {
                if units.last != TextFold.space { append(TextFold.space, from: index) }
                index += 1
                continue
            }
            if TextFold.isHyphen(unit), index + 1 < text.count, text[index + 1] == TextFold.newline,
               index > 0, TextFold.isWordCharacter(text[index - 1]), index + 2 < text.count, TextFold.isWordCharacter(text[index + 2]) {
                index += 2
                continue
            }
            let folded = caseSensitive ? unit : TextFold.base(unit)
            if folded != TextFold.ignored { append(folded, from: index) }
            index += 1
        }
    }

    private mutating func append(_ unit: UInt16, from origin: Int) {
        units.append(unit)
        origins.append(origin)
    }

    /// The page text's range of `range` of `units`.
    func original(_ range: Range<Int>) -> Range<Int> { origins[range.lowerBound]..<(origins[range.upperBound - 1] + 1) }
}
