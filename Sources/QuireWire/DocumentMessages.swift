import QuireEngine

/// What the window asks a document helper: everything of a document but its pixels (page
/// sizes, labels, text, search areas, selection, links, outline, properties, fonts). One
/// question at a time, each answered by one `DocumentReply`; both travel as whole
/// messages (`Channel.sendWhole`), which may be longer than one packet.
public enum DocumentRequest: Equatable, Sendable {
    case pageSizes(first: Int, count: Int)
    case pageLabels(first: Int, count: Int)
    case text(page: Int)
    case matchAreas(SearchQuery, page: Int)
    case links(page: Int)
    case outline
    case properties
    case fonts
    case selectionAreas(TextSelection.Span, style: TextSelection.Style)
    case selectedText(TextSelection)
    /// A printout of `sheets` (each its pages, in order) on `paper` laid out by `layout`, as
    /// a PDF: answered with `printChunk`s and then `printed` (the pages) or `printFailed`.
    /// What is on screen is printed: the reader's markups and changes, saved or not (`content`).
    case print(sheets: [[Int]], paper: PrintPaper, layout: PrintLayout, content: PrintContent = PrintContent())
    case formFields(page: Int)
    case annotations(page: Int)
    /// The page's text with one box per character (caret mode).
    case characters(page: Int)

    /// The most page sizes one question asks for.
    public static let sizesPerRequest = 4096
    /// The most page labels one question asks for.
    public static let labelsPerRequest = 1024
    public static let queryLimit = 4096

    public var bytes: [UInt8] {
        var out = WireWriter()
        switch self {
        case .pageSizes(let first, let count): out.u8(1); out.int(first); out.int(count)
        case .pageLabels(let first, let count): out.u8(3); out.int(first); out.int(count)
        case .text(let page): out.u8(5); out.int(page)
        case .matchAreas(let query, let page):
            out.u8(6); out.string(query.text, limit: Self.queryLimit); out.bool(query.caseSensitive); out.bool(query.wholeWords); out.int(page)
        case .links(let page): out.u8(7); out.int(page)
        case .outline: out.u8(8)
        case .properties: out.u8(9)
        case .fonts: out.u8(10)
        case .selectionAreas(let span, let style): out.u8(11); out.span(span); out.style(style)
        case .selectedText(let selection):
            out.u8(12)
            for point in [selection.anchor, selection.head] { out.int(point.page); out.point(point.point) }
            out.style(selection.style)
        case .print(let sheets, let paper, let layout, let content):
            out.u8(13); out.list(sheets) { sheet, pages in sheet.list(pages) { $0.int($1) } }
            out.size(paper.size); out.f64(paper.top); out.f64(paper.left); out.f64(paper.bottom); out.f64(paper.right)
            out.int(layout.pagesPerSheet); out.int(layout.order.rawValue); out.f64(layout.scale)
            out.markups(content.markups); out.changes(content.changes); out.bool(content.annotations)
        case .formFields(let page): out.u8(14); out.int(page)
        case .annotations(let page): out.u8(15); out.int(page)
        case .characters(let page): out.u8(16); out.int(page)
        }
        return out.bytes
    }

    public init(_ bytes: [UInt8]) throws(WireError) {
        var input = WireReader(bytes)
        switch try input.u8() {
        case 1: self = .pageSizes(first: try input.int(), count: try input.int())
        case 3: self = .pageLabels(first: try input.int(), count: try input.int())
        case 5: self = .text(page: try input.int())
        case 6:
            let text = try input.string(limit: Self.queryLimit), caseSensitive = try input.bool(), whole = try input.bool()
            self = .matchAreas(SearchQuery(text, caseSensitive: caseSensitive, wholeWords: whole), page: try input.int())
        case 7: self = .links(page: try input.int())
        case 8: self = .outline
        case 9: self = .properties
        case 10: self = .fonts
        case 11: self = .selectionAreas(try input.span(), style: try input.style())
        case 12:
            let anchor = PagePoint(page: try input.int(), point: try input.point())
            let head = PagePoint(page: try input.int(), point: try input.point())
            self = .selectedText(TextSelection(anchor: anchor, head: head, style: try input.style()))
        case 13:
            let sheets = try input.list(limit: Int(Int32.max), least: 8) { (sheet: inout WireReader) throws(WireError) in
                try sheet.list(limit: PrintLayout.pagesPerSheetChoices.max()!, least: 8) { (r: inout WireReader) throws(WireError) in try r.int() }
            }
            let size = try input.size()
            let paper = PrintPaper(size: size, top: try input.f64(), left: try input.f64(), bottom: try input.f64(), right: try input.f64())
            let perSheet = try input.int(), order = try input.int(), scale = try input.f64()
            guard let order = PrintLayout.Order(rawValue: order) else { throw .badValue("a page order of \(order)") }
            self = .print(sheets: sheets, paper: paper, layout: PrintLayout(pagesPerSheet: perSheet, order: order, scale: scale),
                          content: PrintContent(markups: try input.markups(), changes: try input.changes(), annotations: try input.bool()))
        case 14: self = .formFields(page: try input.int())
        case 15: self = .annotations(page: try input.int())
        case 16: self = .characters(page: try input.int())
        case let other: throw .unknownMessage(other)
        }
        try input.finish()
    }
}

/// A document helper's answers. Nothing in them is believed until `DocumentReplyCheck`
/// has seen it.
public enum DocumentReply: Equatable, Sendable {
    /// The first answer: the document opened (and its first view was read through).
    case opened(DocumentSummary)
    /// The first answer when it did not open; the path is the window's to put in.
    case openFailed(DocumentError)
    case sizes([Size])
    case text(String?)
    /// Page labels, nil where a page has none beyond its number.
    case labels([String?])
    case areaGroups([[Rect]])
    case rects([Rect])
    case links([Link])
    case outline([OutlineTree.Entry], open: [Bool])
    case properties(DocumentProperties)
    case fonts([DocumentFont])
    /// The next bytes of a printout's PDF.
    case printChunk([UInt8])
    case printed(pages: Int)
    case printFailed(reason: String)
    case formFields([FormField])
    case annotations([FileAnnotation])
    /// A page's text and a box per character of it (at most `PageCharacters.limit`).
    case characters(String, boxes: [Rect])

    public var bytes: [UInt8] {
        var out = WireWriter()
        switch self {
        case .opened(let summary):
            out.u8(1); out.int(summary.pageCount); out.optionalString(summary.title, limit: WireLimit.line)
            out.optionalString(summary.permanentID, limit: 64); out.size(summary.firstPageSize)
            out.optionalString(summary.language, limit: DocumentSummary.languageLimit)
        case .openFailed(let error): out.u8(2); out.documentError(error)
        case .sizes(let sizes): out.u8(3); out.list(sizes) { $0.size($1) }
        case .text(let text): out.u8(4); out.optionalString(text, limit: WireLimit.text)
        case .labels(let labels): out.u8(5); out.list(labels) { $0.optionalString($1, limit: WireLimit.line) }
        case .areaGroups(let groups): out.u8(6); out.list(groups) { $0.rects($1) }
        case .rects(let rects): out.u8(7); out.rects(rects)
        case .links(let links): out.u8(8); out.list(links) { $0.link($1) }
        case .outline(let entries, let open):
            out.u8(9); out.int(entries.count)
            for (index, entry) in entries.enumerated() { out.outlineEntry(entry, open: index < open.count && open[index]) }
        case .properties(let properties): out.u8(10); out.properties(properties)
        case .fonts(let fonts): out.u8(11); out.list(fonts) { $0.font($1) }
        case .printChunk(let bytes): out.u8(12); out.int(bytes.count); out.raw(bytes)
        case .printed(let pages): out.u8(13); out.int(pages)
        case .printFailed(let reason): out.u8(14); out.string(reason, limit: HelperReply.reasonLimit)
        case .formFields(let fields): out.u8(15); out.list(fields) { $0.formField($1) }
        case .annotations(let annotations): out.u8(16); out.list(annotations) { $0.fileAnnotation($1) }
        case .characters(let text, let boxes): out.u8(17); out.string(text, limit: WireLimit.pageCharacters); out.rects(boxes)
        }
        return out.bytes
    }

    /// `path` is the document as the window names it, for errors and properties.
    public init(_ bytes: [UInt8], path: String) throws(WireError) {
        var input = WireReader(bytes)
        switch try input.u8() {
        case 1:
            let count = try input.int(), title = try input.optionalString(limit: WireLimit.line)
            let id = try input.optionalString(limit: 64), size = try input.size()
            let language = try input.optionalString(limit: DocumentSummary.languageLimit)
            self = .opened(DocumentSummary(pageCount: count, title: title, permanentID: id, firstPageSize: size, language: language))
        case 2: self = .openFailed(try input.documentError(path: path))
        case 3: self = .sizes(try input.list(limit: DocumentRequest.sizesPerRequest, least: 16) { (r: inout WireReader) throws(WireError) in try r.size() })
        case 4: self = .text(try input.optionalString(limit: WireLimit.text))
        case 5: self = .labels(try input.list(limit: DocumentRequest.labelsPerRequest, least: 1) { (r: inout WireReader) throws(WireError) in try r.optionalString(limit: WireLimit.line) })
        case 6: self = .areaGroups(try input.list(limit: WireLimit.areas, least: 8) { (r: inout WireReader) throws(WireError) in try r.rects(limit: WireLimit.areas) })
        case 7: self = .rects(try input.rects(limit: WireLimit.areas))
        case 8: self = .links(try input.list(limit: LinkIndex.maximumLinks, least: 33) { (r: inout WireReader) throws(WireError) in try r.link() })
        case 9:
            let count = try input.count(limit: BoundedCount.outlineEntries, least: 28)
            var entries: [OutlineTree.Entry] = [], open: [Bool] = []
            entries.reserveCapacity(count)
            for _ in 0..<count {
                let (entry, isOpen) = try input.outlineEntry()
                entries.append(entry)
                open.append(isOpen)
            }
            self = .outline(entries, open: open)
        case 10: self = .properties(try input.properties(location: path))
        case 11: self = .fonts(try input.list(limit: BoundedCount.fonts, least: 11) { (r: inout WireReader) throws(WireError) in try r.font() })
        case 12: self = .printChunk(try input.raw(count: try input.count(limit: DocumentReply.printChunkLimit)))
        case 13: self = .printed(pages: try input.int())
        case 14: self = .printFailed(reason: try input.string(limit: HelperReply.reasonLimit))
        case 16:
            self = .annotations(try input.list(limit: FileAnnotation.perPageLimit, least: 60) { (r: inout WireReader) throws(WireError) in
                try r.fileAnnotation()
            })
        case 17: self = .characters(try input.string(limit: WireLimit.pageCharacters), boxes: try input.rects(limit: PageCharacters.limit))
        case 15: self = .formFields(try input.list(limit: FormField.perPageLimit, least: 60) { (r: inout WireReader) throws(WireError) in try r.formField() })
        case let other: throw .unknownMessage(other)
        }
        try input.finish()
    }
}

extension DocumentReply {
    /// The most bytes of a printout one answer carries.
    public static let printChunkLimit = 1 << 20
}

/// What the window learns of a document when it opens.
public struct DocumentSummary: Equatable, Sendable {
    public var pageCount: Int
    public var title: String?
    public var permanentID: String?
    public var firstPageSize: Size
    /// The catalog's /Lang, a BCP 47 tag ("ru", "de-AT"): the language recognition reads a scan in.
    public var language: String?
    public init(pageCount: Int, title: String?, permanentID: String?, firstPageSize: Size, language: String? = nil) {
        self.pageCount = pageCount
        self.title = title
        self.permanentID = permanentID
        self.firstPageSize = firstPageSize
        self.language = language
    }

    /// BCP 47 allows 35 characters for the tags people use.
    public static let languageLimit = 35
}

extension WireLimit {
    /// Match or selection areas in one answer: far past a page's glyphs.
    public static let areas = 1 << 20
    /// A page's text for caret mode: `PageCharacters.limit` characters of four bytes.
    public static let pageCharacters = PageCharacters.limit * 4
}

extension WireWriter {
    mutating func span(_ span: TextSelection.Span) { int(span.page); point(span.start); point(span.end) }
    mutating func style(_ style: TextSelection.Style) {
        switch style {
        case .glyph: u8(0)
        case .word: u8(1)
        case .line: u8(2)
        }
    }
}

extension WireReader {
    mutating func span() throws(WireError) -> TextSelection.Span {
        TextSelection.Span(page: try int(), start: try point(), end: try point())
    }
    mutating func style() throws(WireError) -> TextSelection.Style {
        switch try u8() {
        case 0: .glyph
        case 1: .word
        case 2: .line
        case let other: throw .badValue("a selection style of \(other)")
        }
    }
}
