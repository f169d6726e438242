import Foundation

/// A PDF written byte by byte, for geometry no PDF writer will produce: one page per
/// `Page`, each saying "Page N" in Helvetica, with a correct cross-reference table so that
/// poppler reads the numbers as written instead of reconstructing the file.
public struct HandWrittenPDF {
    public struct Page {
        /// The page dictionary's entries besides /Type, /Parent, /Resources and /Contents.
        public var entries: String
        /// Objects the page's entries refer to, from number `firstExtra` on in the file
        /// (written as "N 0 obj … endobj" by the writer).
        public var extraObjects: [String]
        /// Entries of the page's font resources besides /F1.
        public var fonts: String
        /// Drawing operators before the page's "Page N".
        public var drawing: String
        /// Resource entries besides /Font (/Shading…).
        public var resources: String
        public init(entries: String, extraObjects: [String] = [], fonts: String = "", drawing: String = "", resources: String = "") {
            self.entries = entries
            self.extraObjects = extraObjects
            self.fonts = fonts
            self.drawing = drawing
            self.resources = resources
        }
    }

    public var pages: [Page]
    /// The catalog's entries besides /Type and /Pages (/Outlines, /PageLabels…).
    public var catalog = ""
    /// The document information dictionary's entries (/Title…), if it has one.
    public var info: String?
    /// Objects the catalog and info refer to, from number `firstDocumentObject` on.
    public var documentObjects: [String] = []
    public init(pages: [Page]) { self.pages = pages }

    /// Object numbers: 1 catalog, 2 page tree, 3 font, then per page its dictionary and
    /// contents (page i: 4 + 2i and 5 + 2i), then the extra objects in page order.
    public static func pageObject(_ index: Int) -> Int { 4 + 2 * index }
    public var firstExtra: Int { 4 + 2 * pages.count }
    public var firstDocumentObject: Int { firstExtra + pages.reduce(0) { $0 + $1.extraObjects.count } }

    /// `text` as a PDF text string in UTF-16 with its byte order mark, written in hex:
    /// any character, controls and bidi overrides included.
    public static func textString(_ text: String) -> String {
        "<FEFF" + text.utf16.map { String(format: "%04X", $0) }.joined() + ">"
    }

    public var bytes: Data {
        var objects = [
            "<< /Type /Catalog /Pages 2 0 R \(catalog) >>",
            "<< /Type /Pages /Kids [\((0..<pages.count).map { "\(Self.pageObject($0)) 0 R" }.joined(separator: " "))] /Count \(pages.count) >>",
            "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        ]
        for (index, page) in pages.enumerated() {
            let content = page.drawing + "BT /F1 24 Tf 72 700 Td (Page \(index + 1)) Tj ET"
            objects.append("<< /Type /Page /Parent 2 0 R \(page.entries) /Resources << /Font << /F1 3 0 R \(page.fonts) >> \(page.resources) >> /Contents \(Self.pageObject(index) + 1) 0 R >>")
            objects.append("<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream")
        }
        objects += pages.flatMap(\.extraObjects)
        objects += documentObjects
        if let info { objects.append("<< \(info) >>") }
        let infoEntry = info == nil ? "" : " /Info \(objects.count) 0 R"
        let numbered = objects.enumerated().map { PDFObjects.Object($0.offset + 1, $0.element) }
        return Data(PDFObjects(numbered, trailer: "/Root 1 0 R\(infoEntry)").bytes())
    }
}
