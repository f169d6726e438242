/// A page's recognised words as the text features use a text page's: its text in reading
/// order, a box for each character (for selection, caret mode and screen readers), and the
/// areas a run of it covers (for Find's lights and a selection's). Tesseract boxes words,
/// not letters: a word's box is shared out among its characters by their count (a
/// proportional font's "m" is wider than its "i": a caret placed inside a word may be off
/// by a letter's part, never outside the word); the space or line break after a word is a
/// box of no width at its right edge.
public struct RecognisedPage: Sendable {
    public let words: [RecognisedWord]
    public let text: String
    public let pageSize: Size
    /// A box per Unicode scalar of `text`.
    public let boxes: [Rect]
    /// `text`'s scalars, as the boxes count them.
    private let scalars: [Unicode.Scalar]
    /// The characters for selection and caret mode; nil past `PageCharacters.limit`.
    public let characters: PageCharacters?

    public init(words: [RecognisedWord], pageSize: Size) {
        self.words = words
        self.pageSize = pageSize
        var text = "", boxes: [Rect] = []
        for word in words {
            if !text.isEmpty, let last = boxes.last {
                let separator = word.beginsBlock ? "\n\n" : word.beginsLine ? "\n" : " "
                for scalar in separator.unicodeScalars {
                    text.unicodeScalars.append(scalar)
                    boxes.append(Rect(x: last.maxX, y: last.y, width: 0, height: last.height))
                }
            }
            let scalars = Array(word.text.unicodeScalars)
            let share = word.box.width / Double(max(scalars.count, 1))
            for (index, scalar) in scalars.enumerated() {
                text.unicodeScalars.append(scalar)
                boxes.append(Rect(x: word.box.x + share * Double(index), y: word.box.y, width: share, height: word.box.height))
            }
        }
        self.text = text
        self.boxes = boxes
        scalars = Array(text.unicodeScalars)
        characters = PageCharacters(text: text, boxes: boxes, pageSize: pageSize)
    }

    /// A page recognised before, from its characters as the text store kept them: its words
    /// are its runs between spaces and line breaks, each boxed by its characters' boxes, a
    /// line break before one beginning a line, two a block.
    public init(characters text: String, boxes: [Rect], pageSize: Size) {
        var words: [RecognisedWord] = [], word = "", box: Rect?, breaks = 0
        func close() {
            if let box, !word.isEmpty {
                words.append(RecognisedWord(text: word, box: box, confidence: 100, beginsLine: breaks > 0 || words.isEmpty,
                                            beginsBlock: breaks > 1 || words.isEmpty))
                breaks = 0
            }
            word = ""
            box = nil
        }
        for (index, scalar) in text.unicodeScalars.enumerated() where index < boxes.count {
            if scalar == "\n" { close(); breaks += 1; continue }
            if scalar == " " { close(); continue }
            word.unicodeScalars.append(scalar)
            box = box.map { $0.union(boxes[index]) } ?? boxes[index]
        }
        close()
        self.init(words: words, pageSize: pageSize)
    }

    /// The characters as the text store keeps them.
    public var stored: StoredText.Characters? { StoredText.Characters(text: text, boxes: boxes) }


    /// The areas characters `range` (scalar offsets into `text`) cover: one a line, from its
    /// first covered character's left to its last's right.
    public func areas(of range: Range<Int>) -> [Rect] {
        let range = range.clamped(to: 0..<boxes.count)
        var areas: [Rect] = [], current: Rect?
        for index in range {
            if scalars[index] == "\n" {
                if let done = current { areas.append(done) }
                current = nil
                continue
            }
            current = current.map { $0.union(boxes[index]) } ?? boxes[index]
        }
        if let done = current { areas.append(done) }
        return areas.filter { $0.width > 0 }
    }

    /// The text of characters `range`.
    public func text(of range: Range<Int>) -> String {
        let range = range.clamped(to: 0..<boxes.count)
        var out = String.UnicodeScalarView()
        out.append(contentsOf: scalars[range])
        return String(out)
    }

    /// The characters a selection from `start` to `end` (points on the page) takes, as
    /// poppler's selection takes a text page's: from the place nearest the start to the place
    /// nearest the end, in reading order; grown to whole words or lines by `style`.
    public func characters(from start: Point, to end: Point, style: TextSelection.Style) -> Range<Int> {
        guard let characters, let first = place(nearest: start, characters), let last = place(nearest: end, characters) else { return 0..<0 }
        var range = min(first, last)..<max(first, last)
        switch style {
        case .glyph: break
        case .word:
            var lower = range.lowerBound, upper = range.upperBound
            while lower > 0, characters.isWordCharacter(lower - 1) { lower -= 1 }
            while upper < characters.count, characters.isWordCharacter(upper) { upper += 1 }
            range = lower..<upper
        case .line:
            let lines = characters.lines
            let lower = characters.line(holding: range.lowerBound).map { lines[$0].lowerBound } ?? range.lowerBound
            let upper = characters.line(holding: range.upperBound).map { lines[$0].upperBound } ?? range.upperBound
            range = lower..<max(lower, upper)
        }
        return range
    }

    /// The place (before a character, or after a line's last) nearest `point`.
    private func place(nearest point: Point, _ characters: PageCharacters) -> Int? {
        guard let line = characters.line(nearest: point) else { return nil }
        let range = characters.lines[line]
        return (range.lowerBound...range.upperBound).min {
            abs(characters.x(ofPlace: $0, inLine: line) - point.x) < abs(characters.x(ofPlace: $1, inLine: line) - point.x)
        }
    }

    /// The areas of each match of `matches` (ranges of `PageText(text).units`, as search
    /// finds them), one list a match. A folded character may take more units than its
    /// scalar (a ligature, a compatibility form): units are mapped to scalars by each
    /// scalar's own folding, or, should the whole fold otherwise, in proportion.
    public func areas(ofMatches matches: [Range<Int>]) -> [[Rect]] {
        var starts: [Int] = [], total = 0 // the first unit of each scalar
        for scalar in scalars {
            starts.append(total)
            total += TextFold.normalized(String(scalar)).count
        }
        let whole = PageText(text).units.count
        func scalar(atUnit unit: Int) -> Int {
            guard total == whole else { return whole == 0 ? 0 : min(scalars.count, unit * scalars.count / whole) }
            var low = 0, high = starts.count // the last scalar starting at or before `unit`
            while low < high {
                let middle = (low + high) / 2
                if starts[middle] <= unit { low = middle + 1 } else { high = middle }
            }
            return max(low - 1, 0)
        }
        return matches.map { match in
            let first = scalar(atUnit: match.lowerBound), last = scalar(atUnit: max(match.upperBound - 1, match.lowerBound))
            return areas(of: first..<(last + 1))
        }.filter { !$0.isEmpty }
    }
}
