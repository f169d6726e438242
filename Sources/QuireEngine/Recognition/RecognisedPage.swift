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
    }

    /// The characters for selection and caret mode; nil past `PageCharacters.limit`.
    public var characters: PageCharacters? { PageCharacters(text: text, boxes: boxes, pageSize: pageSize) }

    /// The areas characters `range` (scalar offsets into `text`) cover: one a line, from its
    /// first covered character's left to its last's right.
    public func areas(of range: Range<Int>) -> [Rect] {
        let range = range.clamped(to: 0..<boxes.count)
        let scalars = Array(text.unicodeScalars)
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
        out.append(contentsOf: Array(text.unicodeScalars)[range])
        return String(out)
    }
}
