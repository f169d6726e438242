/// Read Aloud's order and state: what is said next, sentence by sentence (`PageSentences`),
/// and where it goes across pages. The rules:
///  1. It starts at a place (the caret's, or the selection's start: a point, the place
///     nearest it): from the word holding it to that sentence's end, then on; or at the
///     top of the view: the first sentence
///     whose first character is more than half below it.
///  2. After a page's last sentence it goes on to the next page's first, to the
///     document's end.
///  3. Pages without text are passed over with one notice for each run of them ("Page 4
///     has no text", "Pages 4 to 6 have no text"); when the rest of the document has none,
///     the notice says so (`rest`) and the reading ends.
///  4. A page's characters not read yet stop it: it says which page it needs, and is asked
///     again once that page is there.
///  5. Pausing keeps the sentence being said; resuming says it again from its start:
///     speech-dispatcher keeps a place inside a message only at index marks, which most
///     voices (and its generic module) do not send.
public struct ReadAloud: Sendable {
    public enum Start: Equatable, Sendable {
        case place(page: Int, index: Int)
        case point(page: Int, Point)
        case top(page: Int, y: Double)
    }

    /// A sentence to say, and where it is.
    public struct Utterance: Equatable, Sendable {
        public var page: Int
        public var range: Range<Int>
        public var text: String

        public init(page: Int, range: Range<Int>, text: String) {
            self.page = page
            self.range = range
            self.text = text
        }
    }

    public enum Step: Equatable, Sendable {
        case speak(Utterance)
        /// Pages without text passed over; `rest`: they run to the document's end.
        case noText(pages: ClosedRange<Int>, rest: Bool)
        /// The page whose characters must be read first.
        case needs(page: Int)
        case finished
    }

    private var start: Start?
    private var page: Int
    private var sentences: [Utterance] = []
    private var loaded: Int?
    private var nextSentence = 0
    private var blankFrom: Int?
    private let pageCount: Int
    /// The sentence said last (and, paused, to be said again).
    public private(set) var current: Utterance?
    public private(set) var isPaused = false

    public init(from start: Start, pageCount: Int) {
        self.start = start
        switch start {
        case .place(let page, _), .point(let page, _), .top(let page, _): self.page = page
        }
        self.pageCount = pageCount
    }

    /// What to do next, `characters` giving each page's characters (nil: not read yet).
    public mutating func next(characters: (Int) -> PageCharacters?) -> Step {
        isPaused = false
        while page < pageCount {
            if loaded != page {
                guard let found = characters(page) else { return .needs(page: page) }
                load(found)
            }
            if nextSentence < sentences.count {
                if let blank = blankFrom {
                    blankFrom = nil
                    return .noText(pages: blank...page - 1, rest: false)
                }
                current = sentences[nextSentence]
                nextSentence += 1
                return .speak(current!)
            }
            if sentences.isEmpty, blankFrom == nil { blankFrom = page }
            page += 1
        }
        current = nil
        if let blank = blankFrom {
            blankFrom = nil
            return .noText(pages: blank...pageCount - 1, rest: true)
        }
        return .finished
    }

    /// Rule 3's notice, said and shown, the pages named by their labels.
    public static func notice(_ pages: ClosedRange<Int>, rest: Bool, labelOf: (Int) -> String) -> String {
        if rest, pages.lowerBound == 0 { return tr("This document has no text to read aloud: its pages may be scanned pictures.") }
        if rest { return tr("The pages from {page} on have no text to read aloud.", ["page": labelOf(pages.lowerBound)]) }
        if pages.count == 1 { return tr("Page {page} has no text.", ["page": labelOf(pages.lowerBound)]) }
        return tr("Pages {first} to {last} have no text.", ["first": labelOf(pages.lowerBound), "last": labelOf(pages.upperBound)])
    }

    /// Rule 5: the sentence being said is kept to be said again.
    public mutating func pause() { isPaused = current != nil }

    /// The sentence to say again on resuming.
    public mutating func resume() -> Utterance? {
        isPaused = false
        return current
    }

    private mutating func load(_ characters: PageCharacters) {
        let cut = PageSentences(characters)
        loaded = page
        nextSentence = 0
        sentences = cut.sentences.map { Utterance(page: page, range: $0.range, text: $0.text) }
        if case .point(let startPage, let point)? = start, startPage == page {
            start = Caret.place(nearest: point, onPage: page, in: characters).map { .place(page: page, index: $0.index) }
        }
        switch start {
        case .place(let startPage, let index)? where startPage == page:
            guard let first = cut.sentence(from: index) else { break }
            nextSentence = first
            let from = wordStart(index, in: characters)
            if sentences[first].range.contains(from), from > sentences[first].range.lowerBound {
                sentences[first] = trimmed(sentences[first], from: from, characters)
            }
        case .top(let startPage, let y)? where startPage == page:
            nextSentence = cut.sentences.firstIndex { characters.boxes[$0.range.lowerBound].midY > y } ?? cut.sentences.count
        default:
            break
        }
        start = nil
    }

    private func wordStart(_ index: Int, in characters: PageCharacters) -> Int {
        var from = min(index, characters.count)
        while from > 0, from < characters.count, characters.isWordCharacter(from - 1), characters.isWordCharacter(from) { from -= 1 }
        return from
    }

    /// The part of `sentence` from character `from`: the sentence's text cut there again.
    private func trimmed(_ sentence: Utterance, from: Int, _ characters: PageCharacters) -> Utterance {
        let part = PageCharacters(text: String(String.UnicodeScalarView(characters.scalars[from..<sentence.range.upperBound])),
                                  boxes: Array(characters.boxes[from..<sentence.range.upperBound]), pageSize: characters.pageSize)
        let text = part.map { PageSentences($0).sentences.map(\.text).joined(separator: " ") } ?? sentence.text
        return Utterance(page: sentence.page, range: from..<sentence.range.upperBound, text: text)
    }
}
