/// A scanned page's recognised words written into the PDF as an invisible text layer ("Save
/// with Recognised Text"), so that other readers find, select and copy them (as OCRmyPDF's
/// and Tesseract's own PDFs do). The policy:
///  1. Only when the reader asks: a recognised page's words are never written otherwise
///     (`Recognition`).
///  2. Each word is drawn invisible (text render mode 3) over where it was read: its box's
///     height is the font size, its baseline the box's bottom, and it is stretched (Tz by
///     the text matrix) to the box's width, so a selection in another reader covers the
///     printed word.
///  3. The font is a glyphless Type 0 font with Identity-H codes that are the characters'
///     UTF-16 units and a ToUnicode map of each code to itself: any script, no glyph
///     needed. Characters outside the Basic Multilingual Plane become U+FFFD.
///  4. The content is written in the page's displayed space (origin at the bottom-left of
///     the page as shown, its /Rotate and crop box applied); the helper sets the matrix that
///     takes it to the page's own space.
///  5. Bounded: at most `Recognition.wordLimit` words a page of `Recognition.wordLength`
///     characters (as recognition keeps them); a word without a real box is left out.
public enum TextLayer {
    /// One recognised page's words, in points from the top-left of the page as displayed.
    public struct Page: Equatable, Sendable {
        public let page: Int
        public let words: [RecognisedWord]
        public init(page: Int, words: [RecognisedWord]) { self.page = page; self.words = words }
    }

    /// The name the layer's font has in the page's resources.
    public static let fontName = "QuireOCR"
    /// Every glyph's width, thousandths of the font size (the font's /DW).
    public static let glyphWidth = 500.0

    /// The page's content drawing `words` (boxes in points from the top-left of a page of
    /// `pageHeight` points as displayed), rule 2.
    public static func content(_ words: [RecognisedWord], pageHeight: Double) -> [UInt8] {
        var out = "BT\n3 Tr\n/\(fontName) 1 Tf\n"
        for word in words.prefix(Recognition.wordLimit) {
            let units = codes(word.text)
            let box = word.box
            guard !units.isEmpty, [box.x, box.y, box.width, box.height, pageHeight].allSatisfy(\.isFinite), box.width > 0, box.height > 0 else { continue }
            let natural = Double(units.count) * glyphWidth / 1000
            let stretch = box.width / natural
            out += "\(number(stretch)) 0 0 \(number(box.height)) \(number(box.x)) \(number(pageHeight - box.maxY)) Tm <"
            out += units.map { hex($0) }.joined() + "> Tj\n"
        }
        out += "ET\n"
        return Array(out.utf8)
    }

    /// A word's codes (rule 3).
    static func codes(_ text: String) -> [UInt16] {
        text.unicodeScalars.prefix(Recognition.wordLength).map { $0.value <= 0xFFFF && !(0xD800...0xDFFF).contains($0.value) ? UInt16($0.value) : 0xFFFD }
    }

    /// The ToUnicode map (rule 3): every code to the character it is.
    public static let toUnicode = Array("""
        /CIDInit /ProcSet findresource begin
        12 dict begin
        begincmap
        /CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def
        /CMapName /Adobe-Identity-UCS def
        /CMapType 2 def
        1 begincodespacerange
        <0000> <FFFF>
        endcodespacerange
        1 beginbfrange
        <0000> <FFFF> <0000>
        endbfrange
        endcmap
        CMapName currentdict /CMap defineresource pop
        end
        end

        """.utf8)

    private static func hex(_ unit: UInt16) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(unit >> 12)], digits[Int(unit >> 8 & 15)], digits[Int(unit >> 4 & 15)], digits[Int(unit & 15)]])
    }

    /// A number as PDF writes it: at most four decimals, no exponent.
    private static func number(_ value: Double) -> String {
        let tenThousandths = Int((min(max(value, -1e9), 1e9) * 10_000).rounded())
        let whole = tenThousandths.magnitude / 10_000, fraction = tenThousandths.magnitude % 10_000
        var text = (tenThousandths < 0 ? "-" : "") + String(whole)
        if fraction > 0 {
            var digits = String(fraction)
            digits = String(repeating: "0", count: 4 - digits.count) + digits
            while digits.hasSuffix("0") { digits.removeLast() }
            text += "." + digits
        }
        return text
    }
}
