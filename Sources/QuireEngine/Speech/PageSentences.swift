/// A page's text cut into sentences to be read aloud, from its characters (`PageCharacters`),
/// line by line in reading order. The rules:
///  1. A sentence ends after . ! ? … (and CJK 。！？) followed by a space, a line's end or
///     the text's end, with the closing quotes and brackets after them; CJK marks end it
///     whatever follows. A full stop does not end it after a common abbreviation ("e.g.",
///     "Fig.", "Dr.") or a single letter (an initial); inside a number (3.14) nothing
///     follows it that could.
///  2. A line break inside a sentence is read as a space; a hyphen at a line's end before
///     a lower-case letter joins the word ("hyphen-" "ated" reads "hyphenated").
///  3. A line without end punctuation (a heading) ends its sentence when a blank gap
///     follows it: more than `gapLines` of its height down to the next line.
///  4. A sentence longer than `longest` characters is cut at the last space before that
///     (a page-long run without punctuation is read in pieces).
///  5. Each sentence keeps its characters' range on the page, so that it can be lit: one
///     rectangle per line piece (`rects`).
public struct PageSentences: Sendable {
    public struct Sentence: Equatable, Sendable {
        /// The characters, from the first to past the last (line breaks between included).
        public var range: Range<Int>
        /// What is said.
        public var text: String
    }

    public static let longest = 300
    public static let gapLines = 0.8
    /// Lower-cased words (dots inside kept) a full stop does not end a sentence after.
    static let abbreviations: Set<String> = [
        "e.g", "i.e", "cf", "vs", "fig", "figs", "eq", "eqs", "ref", "refs", "sec", "ch", "chap", "no", "nos", "vol", "pp",
        "dr", "mr", "mrs", "ms", "prof", "st", "jr", "sr", "al", "approx", "dept", "resp", "viz", "ca", "p",
    ]

    public let sentences: [Sentence]

    public init(_ characters: PageCharacters) {
        sentences = Self.cut(characters)
    }

    /// The rectangles lighting `range` on the page: one per line piece, the spaces at its
    /// ends left out.
    public static func rects(of range: Range<Int>, in characters: PageCharacters) -> [Rect] {
        characters.lines.compactMap { line in
            let piece = line.clamped(to: range)
            let shown = piece.filter { !characters.scalars[$0].properties.isWhitespace }
            guard let first = shown.first, let last = shown.last else { return nil }
            let boxes = characters.boxes[first...last]
            let left = boxes.map(\.x).min()!, top = boxes.map(\.y).min()!
            return Rect(x: left, y: top, width: boxes.map(\.maxX).max()! - left, height: boxes.map(\.maxY).max()! - top)
        }
    }

    /// The sentence holding character `index`, or the first after it.
    public func sentence(from index: Int) -> Int? {
        sentences.firstIndex { $0.range.upperBound > index }
    }

    private static func cut(_ characters: PageCharacters) -> [Sentence] {
        let scalars = characters.scalars
        var sentences: [Sentence] = []
        // What is said so far, each scalar with the page character it stands for (a line
        // break read as a space stands for the break).
        var pending: [(scalar: Unicode.Scalar, index: Int)] = []
        func close(count: Int? = nil) {
            let said = pending.prefix(count ?? pending.count)
            pending.removeFirst(said.count)
            while pending.first?.scalar.properties.isWhitespace == true { pending.removeFirst() }
            let shown = said.filter { !$0.scalar.properties.isWhitespace }
            guard let first = shown.first, let last = shown.last else { return }
            var text = String.UnicodeScalarView()
            text.append(contentsOf: said.map(\.scalar))
            sentences.append(Sentence(range: first.index..<last.index + 1, text: String(text).trimmingSpaces))
        }
        func add(_ scalar: Unicode.Scalar, for index: Int) {
            if pending.isEmpty, scalar.properties.isWhitespace { return }
            pending.append((scalar, index))
            // Rule 4: the part up to the last space is said; the rest starts the next one.
            if pending.count >= longest { close(count: pending.lastIndex { $0.scalar == " " }.map { $0 + 1 } ?? pending.count) }
        }
        let lines = characters.lines
        for (number, line) in lines.enumerated() {
            var index = line.lowerBound
            while index < line.upperBound {
                add(scalars[index], for: index)
                if let after = endOfSentence(at: index, in: line, scalars) {
                    for closing in index + 1..<after { add(scalars[closing], for: closing) }
                    close()
                    index = after
                } else {
                    index += 1
                }
            }
            guard let last = pending.last else { continue }
            if number + 1 < lines.count, !gapFollows(line: number, in: characters) {
                // Rule 2: joined to the next line.
                if "-\u{2010}\u{AD}".unicodeScalars.contains(last.scalar), scalars[lines[number + 1].lowerBound].properties.isLowercase {
                    pending.removeLast()
                } else if !last.scalar.properties.isWhitespace {
                    pending.append((" ", line.upperBound))
                }
            } else {
                close()
            }
        }
        close()
        return sentences
    }

    /// Where the sentence ends if the character at `index` ends it (rule 1): past the
    /// closing marks after it; nil if it does not.
    private static func endOfSentence(at index: Int, in line: Range<Int>, _ scalars: [Unicode.Scalar]) -> Int? {
        let scalar = scalars[index]
        if "。！？".unicodeScalars.contains(scalar) { return closingEnd(after: index, in: line, scalars) }
        guard ".!?…".unicodeScalars.contains(scalar) else { return nil }
        let after = closingEnd(after: index, in: line, scalars)
        guard after == line.upperBound || scalars[after].properties.isWhitespace else { return nil }
        // Of several marks ("?!", "..."), the last ends it.
        if after > index + 1, ".!?…".unicodeScalars.contains(scalars[index + 1]) { return nil }
        if scalar == "." {
            var from = index
            while from > line.lowerBound, scalars[from - 1].properties.isAlphabetic || scalars[from - 1] == "." { from -= 1 }
            let word = String(String.UnicodeScalarView(scalars[from..<index])).lowercased()
            if abbreviations.contains(word) || (word.unicodeScalars.count == 1 && word.unicodeScalars.first!.properties.isAlphabetic) { return nil }
        }
        return after
    }

    private static func closingEnd(after index: Int, in line: Range<Int>, _ scalars: [Unicode.Scalar]) -> Int {
        var after = index + 1
        while after < line.upperBound, ")]}\"'’”»」』）".unicodeScalars.contains(scalars[after]) { after += 1 }
        return after
    }

    /// Rule 3: whether more than `gapLines` of line `line`'s height lies blank below it.
    private static func gapFollows(line: Int, in characters: PageCharacters) -> Bool {
        guard line + 1 < characters.lines.count else { return true }
        let here = characters.area(ofLine: line), next = characters.area(ofLine: line + 1)
        let height = max(here.height, next.height)
        return height > 0 && next.y - here.maxY > gapLines * height
    }

}

