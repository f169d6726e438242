import PDFWriter

// Writes Quire's user guide, the sample document `quire` opens when given no file:
//   swift run quire-make-guide data/quire-guide.pdf
// Text, an outline, internal links from the contents page, a web link, and one landscape
// page, so that a first look at Quire shows what it does.

let output = CommandLine.arguments.dropFirst().first ?? "data/quire-guide.pdf"

struct Section {
    let title: String
    let paragraphs: [String]
    var landscape = false
}

let sections: [Section] = [
    Section(title: "Opening documents", paragraphs: [
        "Double-click a PDF in your file manager, or run quire FILE.pdf. Each file opens in its own window; when Quire is already running, new files open in the same instance. Press Ctrl+O to choose a file.",
        "A file that is missing, damaged or not a PDF at all shows a clear message instead of a page, and Quire itself keeps running. An encrypted document asks for its password in the window.",
    ]),
    Section(title: "Reading", paragraphs: [
        "Pages scroll continuously. Only the pages you can see are rendered, on threads of their own, so the window never waits for a slow page; a page scrolled into view shows a quick low-resolution picture until its sharp one arrives. The header bar shows the page you are on.",
        "Pages fit the window's width at first. The zoom menu fits the width or the whole page, or shows them at their real size; Ctrl+wheel zooms around the pointer. The same menu shows pages two by two, as spreads, and turns them.",
    ]),
    Section(title: "Keyboard shortcuts", paragraphs: [
        "Ctrl+O        Open a document",
        "Ctrl+W        Close the window          Ctrl+Q       Quit Quire",
        "Page Down     Next screen               Page Up      Previous screen",
        "Space         Next screen               Shift+Space  Previous screen",
        "n, Ctrl+PgDn  Next page                 p, Ctrl+PgUp Previous page",
        "Home          First page                End          Last page",
        "Ctrl+plus     Zoom in                   Ctrl+minus   Zoom out",
        "Ctrl+0        Real size (100 %)         Ctrl+Left/Right  Rotate",
    ], landscape: true),
    Section(title: "Scripting Quire", paragraphs: [
        "quire --snapshot OUT.png FILE opens FILE in a real window, waits until every visible page is rendered, saves the window as a PNG and exits. Add --page N, --zoom MODE, --rotate DEGREES, --layout dual or --size WxH.",
        "The exit status is 0 on success and 2 when the document cannot be opened. Set QUIRE_PASSWORD for an encrypted document and QUIRE_CACHE_MB to size the picture cache.",
    ]),
    Section(title: "About Quire", paragraphs: [
        "Quire is a fast PDF viewer for the Linux desktop, written in Swift on GTK 4 and poppler.",
        "This guide was written by Quire's own PDF writer, so it is also one of Quire's test documents.",
    ]),
]

let writer = PDFWriter(path: output)

/// Breaks `text` into lines no wider than `width` points at 12 pt.
@MainActor func wrapped(_ text: String, width: Double, family: String) -> [String] {
    var lines: [String] = [], line = ""
    for word in text.split(separator: " ") {
        let candidate = line.isEmpty ? String(word) : line + " " + word
        if !line.isEmpty && writer.textWidth(candidate, size: 12, family: family) > width {
            lines.append(line)
            line = String(word)
        } else {
            line = candidate
        }
    }
    return line.isEmpty ? lines : lines + [line]
}
writer.setTitle("Quire User Guide")
let margin = 72.0

// Contents page: a title and one link per section.
writer.beginPage(label: "i")
writer.text("Quire", x: margin, y: 140, size: 48, bold: true)
writer.text("User Guide", x: margin, y: 180, size: 24, gray: 0.35)
writer.text("Contents", x: margin, y: 260, size: 18, bold: true)
for (index, section) in sections.enumerated() {
    let y = 300 + Double(index) * 28
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

for (index, section) in sections.enumerated() {
    let (width, height) = section.landscape ? (792.0, 612.0) : (612.0, 792.0)
    writer.beginPage(width: width, height: height, label: String(index + 1))
    writer.anchor("section-\(index + 1)")
    writer.box(x: 0, y: 0, width: width, height: 8, red: 0.11, green: 0.44, blue: 0.85)
    writer.text("\(index + 1)  \(section.title)", x: margin, y: 120, size: 26, bold: true)
    let family = section.landscape ? "DejaVu Sans Mono" : "DejaVu Sans"
    var y = 180.0
    for paragraph in section.paragraphs {
        // The shortcut table keeps its columns; prose is wrapped to the page.
        let lines = section.landscape ? [paragraph] : wrapped(paragraph, width: width - 2 * margin, family: family)
        for line in lines {
            writer.text(line, x: margin, y: y, size: 12, family: family, gray: 0.1)
            y += 18
        }
        y += 6
    }
    writer.text("Back to contents", x: margin, y: height - 60, size: 11, gray: 0.3)
    writer.link(toAnchor: "contents", x: margin, y: height - 72, width: writer.textWidth("Back to contents", size: 11), height: 14)
    writer.text("\(index + 1)", x: width / 2, y: height - 36, size: 10, gray: 0.4)
    writer.outline(section.title, page: index + 1)
}
writer.finish()
print("wrote \(output): \(writer.pageCount) pages")
