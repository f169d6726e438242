/// Recognised text for pages that have none: a scan's words, read by Tesseract in a
/// recognizer helper (`RecognitionHelper`), so that Find, selection, copy, caret mode and
/// screen readers can use them as a text page's. The rules:
/// 1. A page is recognised only when it has no text of its own and is a page of images
///    (the check Splash already makes); a page with any text keeps its text.
/// 2. A page is drawn grey for recognition at 300 pixels an inch (what Tesseract is trained
///    for), fewer when that would pass `pixelLimit`: a 30,000-pixel page image is read at
///    the size recognition needs, never decoded whole into the helper.
/// 3. The languages: the document's /Lang, else the reader's locale, plus English, among
///    those installed (`RecognitionLanguages`); a preference adds others.
/// 4. One page at a time per helper, each within `pageSeconds`; a page over it, or whose
///    helper fails, is "not recognised" and the next goes on. Pages in view first, then
///    the rest of the book in order from there.
/// 5. What comes back is untrusted: at most `wordLimit` words of `wordLength` characters,
///    each box clipped to the page (a word outside it is dropped), confidences within 0–100.
public enum Recognition {
    public static let pixelsPerInch = 300.0
    /// 36 megapixels: a Letter page at 300 ppi is 8.4.
    public static let pixelLimit = 36_000_000.0
    public static let pageSeconds = 120.0
    public static let wordLimit = 20_000
    public static let wordLength = 200

    /// The scale (pixels a point) a page of `size` points is drawn at for recognition (rule 2).
    public static func scale(for size: Size) -> Double {
        let full = pixelsPerInch / 72
        let area = max(size.width, 1) * max(size.height, 1) * full * full
        return area <= pixelLimit ? full : full * (pixelLimit / area).squareRoot()
    }

    /// Whether a page with `hasText` and `isImages` is recognised (rule 1).
    public static func recognises(hasText: Bool, isImages: Bool) -> Bool { !hasText && isImages }

    /// `words` as a helper gave them, in pixels of an image drawn at `scale`, checked and put
    /// in page points (rule 5).
    public static func checked(_ words: [RecognisedWord], scale: Double, pageSize: Size) -> [RecognisedWord] {
        guard scale.isFinite, scale > 0 else { return [] }
        let page = Rect(x: 0, y: 0, width: pageSize.width, height: pageSize.height)
        return words.prefix(wordLimit).compactMap { word in
            let text = String(word.text.prefix(wordLength).filter { !$0.isWhitespace && !$0.isNewline })
            guard !text.isEmpty else { return nil }
            let box = Rect(x: word.box.x / scale, y: word.box.y / scale, width: word.box.width / scale, height: word.box.height / scale)
            guard box.x.isFinite, box.y.isFinite, box.width.isFinite, box.height.isFinite, box.width >= 0, box.height >= 0 else { return nil }
            let inside = box.intersection(page)
            guard !inside.isEmpty else { return nil }
            let confidence = word.confidence.isFinite ? min(max(word.confidence, 0), 100) : 0
            return RecognisedWord(text: text, box: inside, confidence: confidence, beginsLine: word.beginsLine, beginsBlock: word.beginsBlock)
        }
    }

    /// The page's text as recognised words read: words with spaces, a line's end as a newline,
    /// a block's as a blank line.
    public static func text(of words: [RecognisedWord]) -> String {
        var text = ""
        for word in words {
            if !text.isEmpty { text += word.beginsBlock ? "\n\n" : word.beginsLine ? "\n" : " " }
            text += word.text
        }
        return text
    }

    /// What the window says while it recognises.
    public static func progress(page: Int, of count: Int) -> String {
        tr("Recognising text: page {page} of {count}", ["page": String(page + 1), "count": String(count)])
    }
}

/// A word Tesseract read: its text and box (pixels as the helper sends it, page points once
/// `Recognition.checked`), its confidence (0–100), and where it stands in the page's reading.
public struct RecognisedWord: Equatable, Sendable {
    public var text: String
    public var box: Rect
    public var confidence: Double
    public var beginsLine: Bool
    public var beginsBlock: Bool

    public init(text: String, box: Rect, confidence: Double, beginsLine: Bool, beginsBlock: Bool) {
        self.text = text
        self.box = box
        self.confidence = confidence
        self.beginsLine = beginsLine
        self.beginsBlock = beginsBlock
    }
}
