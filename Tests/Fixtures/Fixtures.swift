import Foundation
import PDFWriter

/// Documents the tests open, made fresh in a temporary folder by the project's own PDF
/// writer (cairo's PDF surface), and the bad inputs a viewer must survive.
public final class Fixtures {
    public let directory: URL

    public init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("quire-fixtures-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    public func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// Page sizes of `standard()` in points: letter, A4 landscape, a small card, letter.
    public static let standardSizes: [(width: Double, height: Double)] = [(612, 792), (842, 595), (300, 400), (612, 792)]
    public static let standardTitle = "Quire Test Fixture"
    /// Each page's distinctive text.
    public static func standardText(page: Int) -> String { "Fixture page \(page + 1) says hello" }
    /// The coloured box on page 1, in points from the top-left, and its colour.
    public static let boxRect = (x: 100.0, y: 300.0, width: 300.0, height: 200.0)
    public static let boxColour = (red: 0.8, green: 0.2, blue: 0.2) // exact in 8 bits: 204, 51, 51

    /// Four pages of mixed sizes with known text, an outline, an internal link and a URI link.
    public func standard(named name: String = "standard.pdf", links: Bool = true) -> String {
        let file = path(name)
        let writer = PDFWriter(path: file)
        writer.setTitle(Self.standardTitle)
        for (index, size) in Self.standardSizes.enumerated() {
            writer.beginPage(width: size.width, height: size.height, label: "p\(index + 1)")
            writer.text(Self.standardText(page: index), x: 40, y: 60, size: 18)
            if index == 2 {
                writer.anchor("third", y: 100)
                writer.text("The link from page one lands here.", x: 40, y: 124, size: 14)
            }
            if index == 0 {
                let box = Self.boxRect, colour = Self.boxColour
                writer.box(x: box.x, y: box.y, width: box.width, height: box.height,
                           red: colour.red, green: colour.green, blue: colour.blue)
                if links {
                    writer.text("Go to page three", x: 40, y: 100)
                    writer.link(toAnchor: "third", x: 40, y: 88, width: 120, height: 16)
                    writer.text("Visit example.com", x: 40, y: 130)
                    writer.link(uri: "https://example.com/quire", x: 40, y: 118, width: 120, height: 16)
                }
            }
        }
        writer.outline("Chapter One", page: 0)
        let two = writer.outline("Chapter Two", page: 1)
        writer.outline("Section Two A", page: 2, top: 50, parent: two)
        writer.outline("Chapter Three", page: 3)
        writer.finish()
        return file
    }

    /// A long document of `pages` letter pages, each saying its number.
    public func long(pages: Int, named name: String = "long.pdf") -> String {
        let file = path(name)
        let writer = PDFWriter(path: file)
        for index in 0..<pages {
            writer.beginPage()
            writer.text("Long page \(index + 1)", x: 72, y: 72, size: 24)
        }
        writer.finish()
        return file
    }

    /// The metadata `described()` sets, and the one thing each of its pages says.
    public static let describedMetadata: [(field: PDFWriter.Metadata, value: String)] = [
        (.title, "A Described Document"), (.author, "Ada Lovelace"), (.subject, "Properties under test"),
        (.keywords, "quire, metadata"), (.creator, "Quire Fixtures"),
        (.created, "2024-03-05T14:05:00+01:00"), (.modified, "2024-06-30T08:30:00+02:00"),
    ]
    public static func describedText(page: Int) -> String { "Described page \(page + 1)" }
    /// A4 in points, as cairo and most producers write it.
    public static let a4 = (width: 595.28, height: 841.89)

    /// `pages` A4 pages with every metadata field of `describedMetadata` set.
    public func described(pages: Int = 3, named name: String = "described.pdf") -> String {
        let file = path(name)
        let writer = PDFWriter(path: file)
        for (field, value) in Self.describedMetadata { writer.setMetadata(field, value) }
        for index in 0..<pages {
            writer.beginPage(width: Self.a4.width, height: Self.a4.height)
            writer.text(Self.describedText(page: index), x: 72, y: 96, size: 24)
        }
        writer.finish()
        return file
    }

    /// Entries of `outlined()` in document order: title, depth, page (nil: broken) and top.
    public static let outlinedEntries: [(title: String, depth: Int, page: Int?, top: Double)] = [
        ("Préface — 序文 ✓", 0, 0, 0),
        ("Part I", 0, 1, 0),
        ("Chapter 1", 1, 1, 200),
        ("Section 1.1", 2, 1, 400),
        ("Section 1.2", 2, 2, 300),
        ("Chapter 2 (collapsed)", 1, 3, 100),
        ("Section 2.1", 2, 3, 500),
        ("Nowhere", 1, nil, 0),
        ("Part II", 0, 4, 0),
    ]

    /// Six pages labelled i, ii, 1…4 with the nested outline of `outlinedEntries` (unicode
    /// titles, positions within pages, a collapsed entry, a broken destination), each
    /// page saying its number in big type.
    public func outlined(named name: String = "outlined.pdf") -> String {
        let file = path(name)
        let writer = PDFWriter(path: file)
        let labels = ["i", "ii", "1", "2", "3", "4"]
        for (index, label) in labels.enumerated() {
            writer.beginPage(label: label)
            writer.text("Outlined page \(index + 1)", x: 72, y: 72, size: 24)
            // Each entry's title just below the place it leads to.
            for entry in Self.outlinedEntries where entry.page == index && entry.top > 0 {
                writer.text(entry.title, x: 72, y: entry.top + 24, size: 18)
            }
        }
        var parents: [Int32] = [0]
        for entry in Self.outlinedEntries {
            parents.removeLast(parents.count - 1 - entry.depth)
            let open = !entry.title.contains("collapsed")
            let id = entry.page.map { writer.outline(entry.title, page: $0, top: entry.top, parent: parents.last!, open: open) }
                ?? writer.outline(entry.title, named: "no-such-place", parent: parents.last!, open: open)
            parents.append(id)
        }
        writer.finish()
        return file
    }

    /// `references()`: its title, the line on page 1 that names "Figure 2" without a link,
    /// and page 3's caption of that figure (page 2 holds Figure 1's, which must not be taken).
    public static let referencesTitle = "References Fixture"
    public static let referringLine = (text: "As Figure 2 shows, the box is green.", x: 40.0, y: 100.0, size: 14.0)
    public static let figureCaption = (text: "Figure 2: A green box, the second figure.", y: 330.0)
    public static let figureBox = (x: 72.0, y: 240.0, width: 200.0, height: 60.0)

    /// Four letter pages: page 1 refers to "Figure 2" in its text (no link) over the
    /// standard red box; page 2 has Figure 1's caption; page 3 a green box with Figure 2's
    /// caption below it, as papers place a figure's; page 4 lets the view take page 3's
    /// figure to its top.
    public func references(named name: String = "references.pdf") -> String {
        let file = path(name)
        let writer = PDFWriter(path: file)
        writer.setTitle(Self.referencesTitle)
        writer.beginPage()
        let line = Self.referringLine
        writer.text(line.text, x: line.x, y: line.y, size: line.size)
        let box = Self.boxRect, colour = Self.boxColour
        writer.box(x: box.x, y: box.y, width: box.width, height: box.height, red: colour.red, green: colour.green, blue: colour.blue)
        writer.beginPage()
        writer.text("Figure 1: The first figure, which is not the one meant.", x: 72, y: 330, size: 12)
        writer.beginPage()
        writer.text("Some words before the figure.", x: 72, y: 120, size: 12)
        writer.text(Self.figureCaption.text, x: 72, y: Self.figureCaption.y, size: 12)
        let figure = Self.figureBox
        writer.box(x: figure.x, y: figure.y, width: figure.width, height: figure.height, red: 0.2, green: 0.6, blue: 0.2)
        writer.beginPage()
        writer.text("The end.", x: 72, y: 120, size: 12)
        writer.finish()
        return file
    }

    /// `tableReference()`: the lines of a paragraph before and after the table, all as wide.
    public static let tableParagraph = ["The paragraph runs across the page, line by line, to its end here.",
                                        "Its lines are all as wide as this one is, from margin to margin, so.",
                                        "A third line of it runs as far as the others do, all the way across."]

    /// Two letter pages: page 1 names "Table 1" in its text (no link); page 2 has a
    /// paragraph, the caption "Table 1:" above three rows of two cells, then a paragraph.
    public func tableReference(named name: String = "table.pdf") -> String {
        let file = path(name)
        let writer = PDFWriter(path: file)
        writer.beginPage()
        writer.text("As Table 1 lists, the numbers grow.", x: 72, y: 100, size: 12)
        writer.beginPage()
        for (index, line) in Self.tableParagraph.enumerated() { writer.text(line, x: 72, y: 100 + 14 * Double(index), size: 12) }
        writer.text("Table 1: Three numbers.", x: 72, y: 200, size: 12)
        for (index, row) in [("alpha", "1.0"), ("beta", "2.5"), ("gamma", "7.25")].enumerated() {
            writer.text(row.0, x: 72, y: 230 + 20 * Double(index), size: 12)
            writer.text(row.1, x: 300, y: 230 + 20 * Double(index), size: 12)
        }
        for (index, line) in Self.tableParagraph.enumerated() { writer.text(line, x: 72, y: 320 + 14 * Double(index), size: 12) }
        writer.finish()
        return file
    }

    /// Chapters of `chapters()`, one a page after a title page that no outline entry leads to.
    public static let chapterTitles = ["Chapter 1", "Chapter 2", "Chapter 3"]

    /// A title page, then a page per chapter of `chapterTitles`, each in the outline.
    public func chapters(named name: String = "chapters.pdf") -> String {
        let file = path(name)
        let writer = PDFWriter(path: file)
        writer.beginPage()
        writer.text("The Title Page", x: 72, y: 72, size: 24)
        for (index, title) in Self.chapterTitles.enumerated() {
            writer.beginPage()
            writer.text(title, x: 72, y: 72, size: 24)
            writer.outline(title, page: index + 1)
        }
        writer.finish()
        return file
    }

    /// `pages` pages of 50 lines of text each, about 4 KB a page: enough text that copying
    /// it all goes through X11's incremental transfer (over 256 KB).
    public func dense(pages: Int, named name: String = "dense.pdf") -> String {
        let file = path(name)
        let writer = PDFWriter(path: file)
        for page in 0..<pages {
            writer.beginPage()
            for line in 0..<50 {
                writer.text("Page \(page + 1) line \(line + 1): the quick brown fox jumps over the lazy dog again.",
                            x: 40, y: 40 + Double(line) * 14.5, size: 9)
            }
        }
        writer.finish()
        return file
    }

    /// Three pages: an image over the whole page (a scan), text with a small picture, text.
    public func scanned(named name: String = "scanned.pdf") -> String {
        let file = path(name)
        let writer = PDFWriter(path: file)
        writer.beginPage()
        writer.image(x: 0, y: 0, width: 612, height: 792, pixels: 256)
        writer.beginPage()
        writer.text("A page of text with a small picture.", x: 72, y: 100)
        writer.image(x: 72, y: 200, width: 150, height: 150)
        writer.beginPage()
        writer.text("A page of text only.", x: 72, y: 100)
        writer.finish()
        return file
    }

    /// `pages` pages, each an image over the whole page: a scanned book.
    public func scannedBook(pages: Int = 3, named name: String = "scanned-book.pdf") -> String {
        let file = path(name)
        let writer = PDFWriter(path: file)
        for _ in 0..<pages {
            writer.beginPage()
            writer.image(x: 0, y: 0, width: 612, height: 792, pixels: 256)
        }
        writer.finish()
        return file
    }

    /// One Letter page filled by a function-based shading (type 1) whose matrix makes it
    /// 200 times the page each way: poppler's cairo backend subdivides the whole shading
    /// (minutes and gigabytes; its render is stopped), Splash what shows (a fraction of a
    /// second). `scale` 1 makes the same shading page-sized, which cairo draws at once.
    /// Its colours: red across, green down (a wave each across the page), blue 0.5.
    public func slowShading(scale: Int = 200, named name: String = "slow-shading.pdf") throws -> String {
        let file = path(name)
        let degrees = 0.6 * Double(scale) // per unit of the shading's domain: 360° across the page
        let function = "{ \(degrees) mul cos 2 div 0.5 add exch \(degrees) mul sin 2 div 0.5 add exch 0.5 }"
        let offset = -150 * scale + 150
        let page = HandWrittenPDF.Page(
            entries: "/MediaBox [0 0 612 792]",
            extraObjects: [
                "<< /ShadingType 1 /ColorSpace /DeviceRGB /Domain [0 612 0 792] /Matrix [\(scale) 0 0 \(scale) \(offset) \(offset)] /Function 7 0 R >>",
                "<< /FunctionType 4 /Domain [0 612 0 792] /Range [0 1 0 1 0 1] /Length \(function.utf8.count) >>\nstream\n\(function)\nendstream",
            ],
            drawing: "q /Sh1 sh Q ",
            resources: "/Shading << /Sh1 6 0 R >>")
        try HandWrittenPDF(pages: [page]).bytes.write(to: URL(fileURLWithPath: file))
        return file
    }

    /// Lines of `searchable()`, page by page, with their baselines (points from the top).
    public static let searchableLines: [[(String, Double)]] = [
        [("The quick brown fox jumps over the lazy dog.", 100),
         ("A café au lait and a cafe noir.", 130),
         ("FOXES are not a fox; foxtrot is a dance.", 160),
         ("This sentence is hyphen-", 190),
         ("ated across two lines.", 208),
         ("A match that runs across", 240),
         ("line breaks is found.", 258)],
        (0..<20).map { ("fox fox fox fox fox", 60 + Double($0) * 20) },
        [("Nothing to see here.", 100)],
        [("The last fox.", 300)],
    ]
    /// Page sizes of `searchable()`: the last one is landscape.
    public static let searchableSizes: [(width: Double, height: Double)] = [(612, 792), (612, 792), (612, 792), (792, 612)]

    /// Four pages of known text for search: case, diacritics, whole words, a hyphenated
    /// line end, a phrase across a line break, a page of 100 matches, a page of none.
    public func searchable(named name: String = "searchable.pdf") -> String {
        let file = path(name)
        let writer = PDFWriter(path: file)
        for (lines, size) in zip(Self.searchableLines, Self.searchableSizes) {
            writer.beginPage(width: size.width, height: size.height)
            for (line, y) in lines { writer.text(line, x: 72, y: y, size: 14) }
        }
        writer.finish()
        return file
    }

    /// The standard fixture encrypted with `password` by qpdf, without links: the
    /// annotations a test saves in it are its only ones.
    public func encrypted(password: String) throws -> String {
        let plain = standard(named: "plain-for-encryption.pdf", links: false)
        let file = path("encrypted.pdf")
        let status = try QPDF.run(["--encrypt", password, "owner-\(password)", "256", "--", plain, file]).status
        guard status == 0 else { throw FixtureError("qpdf failed with status \(status)") }
        return file
    }

    /// The searchable fixture with /Rotate 90 on its first page (turned by qpdf): displayed
    /// 792 wide and 612 tall, its first line running down near the right edge.
    public func searchableTurned() throws -> String {
        let file = path("turned.pdf")
        let status = try QPDF.run(["--rotate=+90:1", searchable(named: "to-turn.pdf"), file]).status
        guard status == 0 else { throw FixtureError("qpdf failed with status \(status)") }
        return file
    }

    public enum Bad: String, CaseIterable, Sendable {
        case missing, directory, empty, text, random, truncated
    }

    /// Writes one kind of bad input and returns its path.
    public func bad(_ kind: Bad) throws -> String {
        let file = path("bad-\(kind.rawValue).pdf")
        switch kind {
        case .missing:
            break
        case .directory:
            try FileManager.default.createDirectory(atPath: file, withIntermediateDirectories: true)
        case .empty:
            try Data().write(to: URL(fileURLWithPath: file))
        case .text:
            try Data("Dear reader,\nthis is a letter, not a PDF.\n".utf8).write(to: URL(fileURLWithPath: file))
        case .random:
            var generator = SystemRandomNumberGenerator()
            let bytes = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }
            try Data(bytes).write(to: URL(fileURLWithPath: file))
        case .truncated:
            let whole = try Data(contentsOf: URL(fileURLWithPath: standard(named: "whole.pdf")))
            try whole.prefix(whole.count / 3).write(to: URL(fileURLWithPath: file))
        }
        return file
    }
}

public struct FixtureError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
