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
        /// Drawing operators before the page's "Page N".
        public var drawing: String
        public init(entries: String, extraObjects: [String] = [], drawing: String = "") {
            self.entries = entries
            self.extraObjects = extraObjects
            self.drawing = drawing
        }
    }

    public var pages: [Page]
    public init(pages: [Page]) { self.pages = pages }

    /// Object numbers: 1 catalog, 2 page tree, 3 font, then per page its dictionary and
    /// contents (page i: 4 + 2i and 5 + 2i), then the extra objects in page order.
    public static func pageObject(_ index: Int) -> Int { 4 + 2 * index }
    public var firstExtra: Int { 4 + 2 * pages.count }

    public var bytes: Data {
        var objects = [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [\((0..<pages.count).map { "\(Self.pageObject($0)) 0 R" }.joined(separator: " "))] /Count \(pages.count) >>",
            "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        ]
        for (index, page) in pages.enumerated() {
            let content = page.drawing + "BT /F1 24 Tf 72 700 Td (Page \(index + 1)) Tj ET"
            objects.append("<< /Type /Page /Parent 2 0 R \(page.entries) /Resources << /Font << /F1 3 0 R >> >> /Contents \(Self.pageObject(index) + 1) 0 R >>")
            objects.append("<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream")
        }
        objects += pages.flatMap(\.extraObjects)
        var file = Data("%PDF-1.7\n".utf8)
        var offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(file.count)
            file += Data("\(index + 1) 0 obj\n\(object)\nendobj\n".utf8)
        }
        let table = file.count
        // Each entry is exactly 20 bytes, as the cross-reference table requires.
        file += Data("xref\n0 \(objects.count + 1)\n0000000000 65535 f \n".utf8)
        for offset in offsets { file += Data((String(repeating: "0", count: 10 - String(offset).count) + "\(offset) 00000 n \n").utf8) }
        file += Data("trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(table)\n%%EOF\n".utf8)
        return file
    }
}
