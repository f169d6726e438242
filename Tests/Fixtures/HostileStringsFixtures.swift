import Foundation

/// Strings and counts no honest PDF holds, written by hand (`HandWrittenPDF`) as valid PDF
/// that poppler 22.12 reads as it is.
public enum HostileStrings: String, CaseIterable, Sendable {
    /// A 4 MB outline title, a 1 MB page label prefix, a 2 MB link address, 4 MB of metadata.
    case hugeStrings
    /// Titles, labels and metadata with bidi overrides, controls and invisible characters.
    case spoofingStrings
    /// 150,000 outline entries.
    case manyOutlineEntries
    /// 8,000 links on one page (past 10,000, poppler maps none).
    case manyLinks
    /// 2,500 fonts on one page.
    case manyFonts

    public static let megabyte = 1 << 20
    public static let outlineEntries = 150_000
    public static let links = 8_000
    public static let fonts = 2_500
    /// The 4 MB title's start, then "x" to its end.
    public static let hugeTitleStart = "Chapter "
    public static let hugeAddressStart = "https://example.com/"

    /// The spoofing document's strings, as written and as Quire should show them.
    public static let spoofedTitles: [(written: String, shown: String)] = [
        ("Report \u{202E}fdp.exe\u{202C} final", "Report fdp.exe final"),
        ("\u{1B}[31mRed\u{7}\tline\r\nbreak\u{85}end", "[31mRed line break end"),
        ("\u{2066}\u{200B}\u{FEFF}\u{2069}", ""),
        ("pay\u{200B}pal \u{2067}\u{202D}lanoitan\u{2069}", "paypal lanoitan"),
    ]
    public static let spoofedDocumentTitle = (written: "Quarterly \u{202E}fdp.exe\u{7}", shown: "Quarterly fdp.exe")
    /// Page 2's labels start "‮A-" (roman numbers follow): shown "A-i", "A-ii".
    public static let spoofedLabelPrefix = "\u{202E}A-"

    public var hasOutline: Bool { [.hugeStrings, .spoofingStrings, .manyOutlineEntries].contains(self) }

    public var document: HandWrittenPDF {
        let letter = HandWrittenPDF.Page(entries: HostileGeometry.letterBox)
        switch self {
        case .hugeStrings:
            var first = letter
            var pdf = HandWrittenPDF(pages: [first, letter, letter])
            let link = pdf.firstExtra
            first.entries += " /Annots [\(link) 0 R]"
            first.extraObjects = ["<< /Type /Annot /Subtype /Link /Rect [72 600 300 640] /A << /S /URI /URI (\(Self.hugeAddressStart)\(String(repeating: "a", count: 2 * Self.megabyte))) >> >>"]
            pdf.pages[0] = first
            pdf.catalog = "/PageLabels << /Nums [0 << /S /D /P (\(String(repeating: "L", count: Self.megabyte))) >>] >>"
            pdf.info = "/Title (\(String(repeating: "T", count: 4 * Self.megabyte))) /Keywords (\(String(repeating: "k ", count: 2 * Self.megabyte)))"
            pdf.outline([Self.hugeTitleStart + String(repeating: "x", count: 4 * Self.megabyte), "After the huge one"], literal: true)
            return pdf
        case .spoofingStrings:
            var pdf = HandWrittenPDF(pages: [letter, letter, letter])
            pdf.catalog = "/PageLabels << /Nums [0 << /S /D >> 1 << /S /r /P \(HandWrittenPDF.textString(Self.spoofedLabelPrefix)) >>] >>"
            pdf.info = "/Title \(HandWrittenPDF.textString(Self.spoofedDocumentTitle.written)) /Subject \(HandWrittenPDF.textString("a\u{1}b\u{202E}c"))"
            pdf.outline(Self.spoofedTitles.map(\.written))
            return pdf
        case .manyOutlineEntries:
            var pdf = HandWrittenPDF(pages: [letter, letter])
            pdf.outline((1...Self.outlineEntries).map { "Entry \($0)" }, literal: true)
            return pdf
        case .manyLinks:
            var first = letter
            let start = HandWrittenPDF(pages: [first, letter]).firstExtra
            first.entries += " /Annots [\((start..<start + Self.links).map { "\($0) 0 R" }.joined(separator: " "))]"
            let second = HandWrittenPDF.pageObject(1)
            first.extraObjects = (0..<Self.links).map { index in
                let x = 20 + Double(index % 100) * 5.5, y = 100 + Double(index / 100) * 5
                return "<< /Type /Annot /Subtype /Link /Rect [\(x) \(y) \(x + 5) \(y + 4)] /Dest [\(second) 0 R /Fit] >>"
            }
            return HandWrittenPDF(pages: [first, letter])
        case .manyFonts:
            var first = letter
            let start = HandWrittenPDF(pages: [first]).firstExtra
            first.fonts = (0..<Self.fonts).map { "/G\($0) \(start + $0) 0 R" }.joined(separator: " ")
            first.extraObjects = (0..<Self.fonts).map { "<< /Type /Font /Subtype /Type1 /BaseFont /Font\($0)\u{7}Name >>" }
            return HandWrittenPDF(pages: [first])
        }
    }
}

extension HandWrittenPDF {
    /// Gives the document a flat outline of `titles`, entry i leading to page i (the last
    /// page past the end), written as literal strings (plain ASCII, no parentheses or
    /// backslashes) or as UTF-16 text strings.
    mutating func outline(_ titles: [String], literal: Bool = false) {
        let root = firstDocumentObject + documentObjects.count
        let first = root + 1, last = root + titles.count
        documentObjects.append("<< /Type /Outlines /First \(first) 0 R /Last \(last) 0 R /Count \(titles.count) >>")
        for (index, title) in titles.enumerated() {
            let number = first + index
            let page = Self.pageObject(min(index, pages.count - 1))
            var entry = "<< /Title \(literal ? "(\(title))" : Self.textString(title)) /Parent \(root) 0 R"
            if index > 0 { entry += " /Prev \(number - 1) 0 R" }
            if index < titles.count - 1 { entry += " /Next \(number + 1) 0 R" }
            documentObjects.append(entry + " /Dest [\(page) 0 R /XYZ 0 792 0] >>")
        }
        catalog += " /Outlines \(root) 0 R"
    }
}

extension Fixtures {
    /// Writes a document of `kind`'s hostile strings and returns its path.
    public func hostile(_ kind: HostileStrings) throws -> String {
        let file = path("strings-\(kind.rawValue).pdf")
        try kind.document.bytes.write(to: URL(fileURLWithPath: file))
        return file
    }
}
