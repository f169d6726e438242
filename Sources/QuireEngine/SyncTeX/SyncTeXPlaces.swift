/// What SyncTeX's answers become: a place marked on a page (forward search, from the
/// editor's line to the PDF) or a line of a source file (inverse search, Ctrl+click). The
/// SyncTeX file lies beside the PDF and is as untrusted as the PDF: its parser runs in a
/// helper process, and nothing it says is believed unchecked. The policy:
///  1. Every record is checked: a page from 1 to the document's page count, finite
///     coordinates and sizes, a line from 1; a box is clipped to its page (a box wholly off
///     its page is dropped), an input name must be non-empty, without NUL, at most
///     `longestName` bytes.
///  2. Forward: SyncTeX lists the boxes of the line asked (or of the nearest line that
///     has boxes), those on pages nearest the page in view first. The page of the first
///     valid box wins; every valid box on that page is marked once (at most `markLimit`),
///     from its baseline up by its height and down by its depth, at least `thinnest`
///     points wide and tall (glue has no width, a rule no height). The first box is the
///     one the view reveals.
///  3. Inverse: SyncTeX lists the records under the point, nearest first: the first valid
///     one wins. A relative input name is taken from the PDF's folder (where the TeX run
///     wrote the SyncTeX file), and its `/./` steps (pdfTeX writes `/home/a/./thesis.tex`)
///     are left out; a column below 1 (SyncTeX's -1) is unknown.
///  4. The source named for a forward search is tried as written (made absolute by the
///     command line), then relative to the PDF's folder (how pdfTeX writes inputs below
///     it, `./chapter.tex`), then by its last component alone.
public enum SyncTeXPlaces {
    public static let markLimit = 64
    public static let thinnest = 2.0
    public static let longestName = 4096

    /// A box as SyncTeX gives it: its zero-based page, its left edge and baseline in points
    /// from the page's top-left, and its width, height and depth in points.
    public struct Box: Equatable, Sendable {
        public var page: Int
        public var x: Double, baseline: Double, width: Double, height: Double, depth: Double

        public init(page: Int, x: Double, baseline: Double, width: Double, height: Double, depth: Double) {
            (self.page, self.x, self.baseline, self.width, self.height, self.depth) = (page, x, baseline, width, height, depth)
        }
    }

    /// A place in a source file as SyncTeX gives it.
    public struct Source: Equatable, Sendable {
        public var input: String
        public var line: Int
        public var column: Int

        public init(input: String, line: Int, column: Int) {
            (self.input, self.line, self.column) = (input, line, column)
        }
    }

    /// Where a forward search lands: a page, the areas to mark on it (points from its
    /// top-left), the first to bring into view.
    public struct Mark: Equatable, Sendable {
        public let page: Int
        public let areas: [Rect]
        public var shown: Rect { areas[0] }
    }

    /// A place to open in the editor: a file, its line from 1, its column from 1 if known.
    public struct Place: Equatable, Sendable {
        public let input: String
        public let line: Int
        public let column: Int?

        public init(input: String, line: Int, column: Int?) {
            (self.input, self.line, self.column) = (input, line, column)
        }
    }

    /// The mark for `boxes` in a document of pages `pageSizes`; nil when no box is valid.
    public static func mark(_ boxes: [Box], pageSizes: [Size]) -> Mark? {
        let areas = boxes.compactMap { box in area(of: box, pageSizes: pageSizes).map { (box.page, $0) } }
        guard let page = areas.first?.0 else { return nil }
        // The output routine's boxes (a page number) come more than once for the line that ended a page.
        let onPage = areas.filter { $0.0 == page }.map(\.1).reduce(into: [Rect]()) { unique, area in
            if !unique.contains(area) { unique.append(area) }
        }
        return Mark(page: page, areas: Array(onPage.prefix(markLimit)))
    }

    private static func area(of box: Box, pageSizes: [Size]) -> Rect? {
        guard pageSizes.indices.contains(box.page),
              [box.x, box.baseline, box.width, box.height, box.depth].allSatisfy(\.isFinite) else { return nil }
        let page = pageSizes[box.page]
        // A right-to-left box has a negative width; a depth may be negative too.
        var left = min(box.x, box.x + box.width), right = max(box.x, box.x + box.width)
        var top = min(box.baseline - box.height, box.baseline + box.depth), bottom = max(box.baseline - box.height, box.baseline + box.depth)
        if right - left < thinnest { right = left + thinnest }
        if bottom - top < thinnest { top = bottom - thinnest }
        left = max(left, 0); top = max(top, 0)
        right = min(right, page.width); bottom = min(bottom, page.height)
        guard right > left, bottom > top else { return nil }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The place to open for `sources`, the PDF being at `pdfPath`; nil when none is valid.
    public static func place(_ sources: [Source], pdfPath: String) -> Place? {
        guard let source = sources.first(where: { $0.line >= 1 && isName($0.input) }) else { return nil }
        let input = (source.input.hasPrefix("/") ? source.input : folder(of: pdfPath) + "/" + source.input)
            .split(separator: "/", omittingEmptySubsequences: false).filter { $0 != "." }.joined(separator: "/")
        return Place(input: input, line: source.line, column: source.column >= 1 ? source.column : nil)
    }

    /// The names to try, in order, for the source `input` of the PDF at `pdfPath`.
    public static func inputNames(for input: String, pdfPath: String) -> [String] {
        var names = [input]
        let folder = folder(of: pdfPath) + "/"
        if input.hasPrefix(folder) { names.append("./" + input.dropFirst(folder.count)) }
        if let last = input.split(separator: "/").last.map(String.init) { names.append(last) }
        return names.reduce(into: []) { unique, name in if !unique.contains(name) && isName(name) { unique.append(name) } }
    }

    /// The names SyncTeX's file has beside the PDF at `pdfPath` (`doc.pdf`: `doc.synctex.gz`
    /// or `doc.synctex`), to tell a person which is missing.
    public static func fileNames(forPDF pdfPath: String) -> [String] {
        let name = pdfPath.split(separator: "/").last.map(String.init) ?? pdfPath
        let stem = name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
        return [stem + ".synctex.gz", stem + ".synctex"]
    }

    private static func isName(_ name: String) -> Bool {
        !name.isEmpty && !name.contains("\0") && name.utf8.count <= longestName
    }

    private static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "" : String(path[..<slash])
    }
}
