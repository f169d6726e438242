import PDFWriter
#if canImport(Glibc)
import Glibc
#endif

// Writes Quire's user guide, the sample document `quire` opens when given no file:
//   swift run quire-make-guide data/quire-guide.pdf
// Text, an outline, internal links from the contents page, a web link, and landscape
// pages (the keyboard shortcuts), so that a first look at Quire shows what it does.
// The same sources give the same bytes: the creation date is SOURCE_DATE_EPOCH's, or fixed.

let output = CommandLine.arguments.dropFirst().first ?? "data/quire-guide.pdf"
let writer = PDFWriter(path: output)
let margin = 72.0
let bodySize = 12.0, leading = 17.0
/// Where a page's words end: the footer's link and number are below.
let bottomMargin = 96.0

/// Breaks `text` into lines no wider than `width` points.
@MainActor func wrapped(_ text: String, width: Double, size: Double = bodySize, bold: Bool = false) -> [String] {
    var lines: [String] = [], line = ""
    for word in text.split(separator: " ") {
        let candidate = line.isEmpty ? String(word) : line + " " + word
        if !line.isEmpty && writer.textWidth(candidate, size: size, bold: bold) > width {
            lines.append(line)
            line = String(word)
        } else {
            line = candidate
        }
    }
    return line.isEmpty ? lines : lines + [line]
}

/// The creation date: SOURCE_DATE_EPOCH's (reproducible-builds.org), else the day this
/// guide's words last changed.
var creationDate: String {
    guard let text = getenv("SOURCE_DATE_EPOCH").map({ String(cString: $0) }), var seconds = time_t(text) else {
        return "2026-12-06T00:00:00Z"
    }
    var parts = tm()
    gmtime_r(&seconds, &parts)
    var buffer = [CChar](repeating: 0, count: 32)
    let length = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%SZ", &parts)
    return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

writer.setTitle("Quire User Guide")
writer.setMetadata(.created, creationDate)

// Contents page: a title and one link per section.
writer.beginPage(label: "i")
writer.text("Quire", x: margin, y: 140, size: 48, bold: true)
writer.text("User Guide", x: margin, y: 180, size: 24, gray: 0.35)
writer.text("Contents", x: margin, y: 240, size: 18, bold: true)
for (index, section) in sections.enumerated() {
    let y = 280 + Double(index) * 26
    let line = "\(index + 1).  \(section.title)"
    writer.text(line, x: margin, y: y, size: 14, gray: 0.1)
    writer.link(toAnchor: "section-\(index + 1)", x: margin, y: y - 14, width: writer.textWidth(line, size: 14), height: 18)
}
writer.box(x: margin, y: 720, width: 468, height: 1, red: 0.7, green: 0.7, blue: 0.7)
let site = "https://example.com/quire"
writer.text("Web: \(site)", x: margin, y: 745, size: 11, gray: 0.35)
writer.link(uri: site, x: margin, y: 734, width: writer.textWidth("Web: \(site)", size: 11), height: 14)
writer.anchor("contents")
writer.outline("Contents", page: 0)

/// The body pages, numbered from 1; a section longer than a page goes on to the next.
@MainActor struct BodyPages {
    var number = 0
    var y = 0.0
    var size = (width: 612.0, height: 792.0)

    mutating func begin(_ section: Section) {
        size = section.landscape ? (792, 612) : (612, 792)
        number += 1
        writer.beginPage(width: size.width, height: size.height, label: String(number))
        writer.box(x: 0, y: 0, width: size.width, height: 8, red: 0.11, green: 0.44, blue: 0.85)
        writer.text("Back to contents", x: margin, y: size.height - 60, size: 11, gray: 0.3)
        writer.link(toAnchor: "contents", x: margin, y: size.height - 72, width: writer.textWidth("Back to contents", size: 11), height: 14)
        writer.text(String(number), x: size.width / 2, y: size.height - 36, size: 10, gray: 0.4)
        y = 80
    }

    /// Makes room for `height` more points, on a new page of `section` when this one is full.
    mutating func room(_ height: Double, in section: Section) {
        if y + height > size.height - bottomMargin { begin(section) }
    }

    var textWidth: Double { size.width - 2 * margin }
}

var pages = BodyPages()
for (index, section) in sections.enumerated() {
    pages.begin(section)
    writer.anchor("section-\(index + 1)")
    writer.outline(section.title, page: pages.number)
    writer.text("\(index + 1)  \(section.title)", x: margin, y: 120, size: 26, bold: true)
    pages.y = 170
    for block in section.blocks {
        switch block {
        case .paragraph(let text):
            for line in wrapped(text, width: pages.textWidth) {
                pages.room(leading, in: section)
                writer.text(line, x: margin, y: pages.y, size: bodySize, gray: 0.1)
                pages.y += leading
            }
            pages.y += 8
        case .keys(let title, let rows):
            let keyWidth = 0.36 * pages.textWidth, gap = 16.0, size = 11.0, rowLeading = 15.0
            let cells = rows.map { (keys: wrapped($0.keys, width: keyWidth, size: size, bold: true),
                                    action: wrapped($0.action, width: pages.textWidth - keyWidth - gap, size: size)) }
            let heights = cells.map { Double(max($0.keys.count, $0.action.count)) * rowLeading + 3 }
            // A table starts on a new page when it would not fit below, but would on a page of its own.
            let height = 2 * leading + heights.reduce(0, +)
            if height <= pages.size.height - bottomMargin - 80 { pages.room(height, in: section) }
            pages.room(2 * leading + heights[0], in: section)
            pages.y += 6
            writer.text(title, x: margin, y: pages.y, size: 14, bold: true, gray: 0.1)
            pages.y += leading + 4
            for (cell, rowHeight) in zip(cells, heights) {
                pages.room(rowHeight, in: section)
                for (line, text) in cell.keys.enumerated() {
                    writer.text(text, x: margin, y: pages.y + Double(line) * rowLeading, size: size, bold: true, gray: 0.1)
                }
                for (line, text) in cell.action.enumerated() {
                    writer.text(text, x: margin + keyWidth + gap, y: pages.y + Double(line) * rowLeading, size: size, gray: 0.1)
                }
                pages.y += rowHeight
            }
        }
    }
}
writer.finish()
print("wrote \(output): \(writer.pageCount) pages")
