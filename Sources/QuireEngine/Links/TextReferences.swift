/// References written in the text that are not links — "Figure 3", "Fig. 2.4", "Table 1",
/// "Section 4.2", "§ 4.2", "Eq. (7)", "Theorem 2.1", "[12]", and their German forms
/// ("Abbildung 0.1", "Satz 3.4") — and where they point, found through the document's
/// text. The policy:
///  1. A reference is a known word (or its abbreviation) and a number (`1`, `2.4`, `3a`,
///     `(7)`), or a bracketed citation, each number of "[3, 12]" its own reference.
///  2. Its target is the line that starts a caption, a statement or a bibliography entry
///     (its number, then a capital: the authors) with the same word family and number — "Figure 3:" and "Fig. 3." before a bare
///     "Figure 3 " at a line's start (which may be a sentence that begins with it); an
///     equation's number ending a line; a section's heading in the outline, else a line
///     starting with its number and a word that is not a table of contents' line (no
///     leader dots, no page number ending it).
///  3. Captions, statements, equations and sections are looked for from the referring page
///     to the end, then from the start; bibliography entries from the end backwards. The
///     referring line itself is never its own target.
///  4. Lines are read bounded (`longestLine`), and at most `longestSearch` pages are read
///     for one reference: a reference in a 5,000-page book costs a bounded walk.
///  5. A part not found is looked for in its whole: "Abbildung 1.8a" (a sub-figure) as
///     "Abbildung 1.8", "Beispiel 20.8" (an item) as "Beispiel 20"; not for equations and
///     citations, whose numbers have no parts.
public struct TextReference: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case figure, table, section, equation, citation
        /// Theorem, lemma, definition…: the family's first word, lowercased.
        case statement(String)
    }

    public let kind: Kind
    /// The number as written, without brackets: "3", "2.4", "7", "12".
    public let label: String
    /// Where it is in its line, in characters.
    public let range: Range<Int>

    public static let longestLine = 400
    public static let longestSearch = 2_000

    /// The references written in `line`.
    public static func find(inLine line: String) -> [TextReference] {
        let characters = Array(line.prefix(longestLine))
        var found: [TextReference] = []
        var index = 0
        while index < characters.count {
            if characters[index] == "[", let (items, end) = citations(in: characters, from: index) {
                found += items
                index = end
                continue
            }
            if isWordStart(characters, index), let (reference, end) = named(in: characters, from: index) {
                found.append(reference)
                index = end
                continue
            }
            index += 1
        }
        return found
    }

    /// Words and the kind they name; abbreviations end with their full stop.
    private static let words: [(String, Kind)] = [
        ("figures", .figure), ("figure", .figure), ("figs.", .figure), ("fig.", .figure), ("abbildungen", .figure),
        ("abbildung", .figure), ("abb.", .figure),
        ("tables", .table), ("table", .table), ("tab.", .table), ("tabellen", .table), ("tabelle", .table),
        ("sections", .section), ("section", .section), ("sect.", .section), ("sec.", .section), ("§", .section),
        ("abschnitt", .section), ("chapter", .section), ("chap.", .section), ("kapitel", .section),
        ("equations", .equation), ("equation", .equation), ("eqs.", .equation), ("eq.", .equation), ("gleichung", .equation),
        ("theorem", .statement("theorem")), ("thm.", .statement("theorem")), ("lemma", .statement("lemma")),
        ("definition", .statement("definition")), ("def.", .statement("definition")),
        ("proposition", .statement("proposition")), ("prop.", .statement("proposition")),
        ("corollary", .statement("corollary")), ("cor.", .statement("corollary")), ("korollar", .statement("korollar")),
        ("satz", .statement("satz")), ("remark", .statement("remark")), ("bemerkung", .statement("bemerkung")),
        ("example", .statement("example")), ("beispiel", .statement("beispiel")),
        ("algorithm", .statement("algorithm")), ("alg.", .statement("algorithm")),
    ]

    /// The words of each kind, for matching a target line.
    static func words(of kind: Kind) -> [String] { words.filter { $0.1 == kind }.map(\.0) }

    private static func isWordStart(_ characters: [Character], _ index: Int) -> Bool {
        index == 0 || !(characters[index - 1].isLetter || characters[index - 1].isNumber)
    }

    /// A word of `words`, spaces (a no-break space too), and a number.
    private static func named(in characters: [Character], from start: Int) -> (TextReference, Int)? {
        for (word, kind) in words {
            let count = word.count
            guard start + count <= characters.count,
                  String(characters[start..<start + count]).lowercased() == word else { continue }
            var index = start + count
            // "Figures" must not be the start of "Figuresque": a whole word (abbreviations end in their stop).
            if !word.hasSuffix("."), word != "§", index < characters.count, characters[index].isLetter { continue }
            while index < characters.count, characters[index].isWhitespace { index += 1 }
            guard let (label, end) = number(in: characters, from: index) else { continue }
            return (TextReference(kind: kind, label: label, range: start..<end), end)
        }
        return nil
    }

    /// "2.4", "3a", "(7)" from `start`; a trailing full stop is the sentence's.
    static func number(in characters: [Character], from start: Int) -> (String, Int)? {
        var index = start
        let bracketed = index < characters.count && characters[index] == "("
        if bracketed { index += 1 }
        let first = index
        while index < characters.count, characters[index].isASCII, characters[index].isNumber
            || (characters[index] == "." && index + 1 < characters.count && characters[index + 1].isASCII && characters[index + 1].isNumber
                && index > first) {
            index += 1
        }
        guard index > first, index - first <= 16 else { return nil }
        if index < characters.count, characters[index].isLowercase, characters[index].isASCII,
           index + 1 >= characters.count || !characters[index + 1].isLetter {
            index += 1
        }
        let label = String(characters[first..<index])
        if bracketed {
            guard index < characters.count, characters[index] == ")" else { return nil }
            index += 1
        }
        return (label, index)
    }

    /// "[12]", "[3, 12]", "[4–6]": each number its own reference.
    private static func citations(in characters: [Character], from start: Int) -> ([TextReference], Int)? {
        var index = start + 1
        var items: [TextReference] = []
        while index < characters.count, characters[index] != "]" {
            let first = index
            while index < characters.count, characters[index].isASCII, characters[index].isNumber { index += 1 }
            guard index > first, index - first <= 5 else { return nil }
            items.append(TextReference(kind: .citation, label: String(characters[first..<index]), range: first..<index))
            while index < characters.count, [",", " ", "–", "-", ";"].contains(characters[index]) { index += 1 }
        }
        guard index < characters.count, !items.isEmpty else { return nil }
        return (items, index + 1)
    }
}

/// Where a `TextReference` points: a line of a page, and how to find it there (the text to
/// search for on that page, and which of its matches it is).
public struct ReferenceTarget: Equatable, Sendable {
    public let page: Int
    public let line: String
    /// What to search for on the page: the line's opening ("Figure 3:", "[12]") or, for an
    /// equation, its number "(7)".
    public let query: String
    /// Matches of `query` on the page before this one (case-insensitive, in reading order).
    public let occurrence: Int
    /// An outline entry's place, when the outline named it (no search needed).
    public let top: Double?

    public init(page: Int, line: String, query: String, occurrence: Int, top: Double? = nil) {
        self.page = page; self.line = line; self.query = query; self.occurrence = occurrence; self.top = top
    }

    /// The target of `reference`, written on `page` in `line`; `text` gives a page's text
    /// (nil when it cannot be read), `outline` the outline's entries in order.
    public static func find(_ reference: TextReference, from page: Int, line referring: String, pageCount: Int,
                            outline: [OutlineTree.Entry] = [],
                            text: (Int) -> String?) -> ReferenceTarget? {
        guard pageCount > 0 else { return nil }
        let hasParts = reference.kind != .citation && reference.kind != .equation
        let labels = Array(sequence(first: reference.label) { hasParts ? whole(of: $0) : nil }.prefix(4))
        if reference.kind == .section {
            for label in labels {
                if let entry = outline.first(where: { $0.target != nil && Self.isHeading($0.title, of: label) }),
                   let target = entry.target, (0..<pageCount).contains(target.page) {
                    return ReferenceTarget(page: target.page, line: entry.title, query: entry.title, occurrence: 0, top: target.top)
                }
            }
        }
        let from = min(max(page, 0), pageCount - 1)
        let order: [Int] = if reference.kind == .citation {
            Array((0..<pageCount).reversed())
        } else {
            Array(from..<pageCount) + Array(0..<from)
        }
        let pages = order.prefix(TextReference.longestSearch)
        // Strong forms first over every page, then weak ones: "Figure 3:" far away beats
        // "Figure 3 shows" next door; and the whole's strong form beats the part's weak one.
        var texts: [Int: [String]] = [:]
        for strength in [Strength.strong, .weak] {
            if strength == .weak && reference.kind == .equation { break }
            for label in labels {
                let wanted = TextReference(kind: reference.kind, label: label, range: reference.range)
                for candidate in pages {
                    if texts[candidate] == nil { texts[candidate] = lines(of: text(candidate) ?? "") }
                    let pageLines = texts[candidate] ?? []
                    for (number, line) in pageLines.enumerated() where !(candidate == from && line == referring) {
                        guard let query = opening(of: line, for: wanted, strength) else { continue }
                        let before = pageLines[..<number].reduce(0) { $0 + occurrences(of: query, in: $1) }
                        return ReferenceTarget(page: candidate, line: line, query: query, occurrence: before)
                    }
                }
            }
        }
        return nil
    }

    /// "1.8a" → "1.8", "20.8" → "20", "3" → nil.
    static func whole(of label: String) -> String? {
        if let last = label.last, last.isLetter { return String(label.dropLast()) }
        guard let dot = label.lastIndex(of: ".") else { return nil }
        return String(label[..<dot])
    }

    private enum Strength { case strong, weak }

    static func lines(of text: String) -> [String] {
        text.split(whereSeparator: \.isNewline).map { String($0.prefix(TextReference.longestLine)).trimmingSpaces }
    }

    /// The part of `line` that makes it `reference`'s target, or nil.
    private static func opening(of line: String, for reference: TextReference, _ strength: Strength) -> String? {
        switch reference.kind {
        case .citation:
            // An entry names its authors: "[12] B. Writer"; "[12] is cited" is a sentence.
            let opening = "[\(reference.label)]"
            guard line.hasPrefix(opening) else { return nil }
            let strong = line.dropFirst(opening.count).drop(while: \.isWhitespace).first?.isUppercase ?? false
            return (strength == .strong) == strong ? opening : nil
        case .equation:
            let number = "(\(reference.label))"
            return line.hasSuffix(number) && line.count > number.count ? number : nil
        case .section:
            guard strength == .strong, isHeading(line, of: reference.label), !isContentsLine(line) else { return nil }
            return String(line.prefix(reference.label.count + 1 + min(20, line.count - reference.label.count - 1)))
        case .figure, .table, .statement:
            let lowered = line.lowercased()
            for word in TextReference.words(of: reference.kind) {
                for space in [" ", "\u{A0}", ""] {
                    let opening = word + space + reference.label
                    guard lowered.hasPrefix(opening) else { continue }
                    let rest = line.dropFirst(opening.count)
                    guard let next = rest.first else { return strength == .strong && isStatement(reference) ? String(line.prefix(opening.count)) : nil }
                    if next == ":" || next == "." && !(rest.dropFirst().first?.isNumber ?? false) {
                        return strength == .strong ? String(line.prefix(opening.count + 1)) : nil
                    }
                    if next.isWhitespace || next == "(" {
                        // A statement's heading ("Definition 8 (Metrik)", "Theorem 2 Let X…") is strong; a
                        // sentence that begins with it ("Theorem 2 shows…") and a caption's bare form are weak.
                        let following = rest.drop(while: \.isWhitespace).first
                        let heading = following.map { $0 == "(" || $0.isUppercase || !$0.isLetter } ?? true
                        let strong = isStatement(reference) && heading && !isContentsLine(line)
                        return (strength == .strong) == strong ? String(line.prefix(opening.count)) : nil
                    }
                }
            }
            return nil
        }
    }

    private static func isStatement(_ reference: TextReference) -> Bool {
        if case .statement = reference.kind { true } else { false }
    }

    /// "4.2 Weitere Eigenschaften": the number, a space, then a letter.
    static func isHeading(_ line: String, of label: String) -> Bool {
        guard line.hasPrefix(label) else { return false }
        let rest = line.dropFirst(label.count)
        guard let space = rest.first, space.isWhitespace else { return false }
        return rest.drop(while: \.isWhitespace).first?.isLetter ?? false
    }

    /// A table of contents' line: leader dots, or a page number ending a long line.
    static func isContentsLine(_ line: String) -> Bool {
        if line.contains(". . .") || line.contains("....") || line.contains("…") { return true }
        let words = line.split(separator: " ")
        return words.count > 2 && (words.last?.allSatisfy(\.isNumber) ?? false)
    }

    static func occurrences(of query: String, in line: String) -> Int {
        let haystack = line.lowercased(), needle = query.lowercased()
        guard !needle.isEmpty else { return 0 }
        var count = 0
        var rest = haystack[...]
        while let found = rest.range(of: needle) {
            count += 1
            rest = rest[found.upperBound...]
        }
        return count
    }
}
