/// An annotation the file already holds, as a document helper read it: its kind, where it
/// is (points from the top-left of the page as displayed), its colour, its text (a note's,
/// or the words a markup covers) and who made it.
public struct FileAnnotation: Hashable, Sendable {
    /// Which annotation of the file: its page, and its place in the page's /Annots (all
    /// of them, links and widgets counted), the same in every helper opening the same bytes.
    public struct Ref: Hashable, Sendable, Comparable {
        public let page: Int
        public let index: Int
        public init(page: Int, index: Int) { self.page = page; self.index = index }
        public static func < (a: Ref, b: Ref) -> Bool { (a.page, a.index) < (b.page, b.index) }
    }

    public enum Kind: UInt8, CaseIterable, Sendable {
        case note = 1, freeText, highlight, underline, squiggly, strikeOut, ink, line, square, circle, polygon, stamp,
             caret, fileAttachment, sound, other
    }

    public let page: Int
    /// Its place among the page's annotations (`Ref.index`).
    public let index: Int
    public var ref: Ref { Ref(page: page, index: index) }
    public let area: Rect
    public let kind: Kind
    /// Red, green and blue, 0…1; nil when it has none.
    public let colour: [Double]?
    public let text: String
    public let author: String

    public init(page: Int, index: Int = 0, area: Rect, kind: Kind, colour: [Double]?, text: String, author: String) {
        self.page = page; self.index = index; self.area = area; self.kind = kind
        self.colour = colour.flatMap { $0.count == 3 && $0.allSatisfy({ $0.isFinite }) ? $0.map { min(max($0, 0), 1) } : nil }
        self.text = String(text.prefix(Self.textLimit)); self.author = String(author.prefix(FormField.nameLimit))
    }

    /// A note's text in the list: a few lines' worth; the page has all of it.
    public static let textLimit = 2000
    /// The kinds the reader may move and resize (`AnnotationEdits.reshapeInFile`): what is
    /// drawn; not text markups (their words stay where they are), links or form widgets.
    public static let movableKinds: Set<Kind> = [.ink, .line, .square, .circle, .polygon, .freeText, .stamp]

    /// Annotations one page may list: past a page's worth of real markups.
    public static let perPageLimit = 4096
}

/// The Annotations pane's rows: every annotation of the document, the file's own and the
/// reader's not yet saved, in reading order. The policy:
///  1. Page by page; on a page, top to bottom, then left to right.
///  2. The file's annotations come as the pages are read (on a thread, in page order);
///     until all are, the list says how far it has read. Links, form widgets and pop-ups
///     are not annotations a reader made, and are not listed (the helper leaves them out).
///  3. The reader's markups are listed from the edits as they are now (a save makes them
///     the file's: they are then listed once, from the edits, until the file is read again).
///     A row is unsaved until the file holds it as it is listed: a markup made or changed
///     since the last save, one of the file's annotations recoloured since.
///  4. At most `limit` rows: a document with more says so.
public struct AnnotationList: Sendable {
    public enum Source: Hashable, Sendable {
        case file(FileAnnotation.Ref)
        case reader(id: Int)
    }

    public struct Row: Hashable, Sendable {
        public let source: Source
        public let page: Int
        public let area: Rect
        /// What kind, as the reader reads it ("Highlight").
        public let kind: String
        public let colour: [Double]?
        public let text: String
        public let author: String
        public let unsaved: Bool
    }

    public static let limit = 100_000

    private var file: [Int: [FileAnnotation]] = [:]
    public private(set) var pagesRead = 0
    public let pageCount: Int

    public init(pageCount: Int) { self.pageCount = max(0, pageCount) }

    public var isComplete: Bool { pagesRead >= pageCount }

    /// The file's annotations of `page`, read in page order (rule 2); another page is ignored.
    public mutating func received(_ annotations: [FileAnnotation], forPage page: Int) {
        guard page == pagesRead, page < pageCount else { return }
        let own = annotations.filter { $0.page == page }.prefix(FileAnnotation.perPageLimit)
        if !own.isEmpty { file[page] = Array(own) }
        pagesRead += 1
    }

    /// The rows (rule 1), the reader's `markups` among the file's, without those the
    /// reader deleted (`removed`), in the colours the reader gave them (`recoloured`);
    /// unsaved unless `written` (what the last save wrote) holds them so (rule 3).
    public func rows(with markups: [Markup], removed: Set<FileAnnotation.Ref> = [],
                     recoloured: [FileAnnotation.Ref: Markup.Colour] = [:],
                     written: AnnotationEdits.Content = .none) -> (rows: [Row], cut: Bool) {
        var rows: [Row] = []
        for (page, annotations) in file {
            for annotation in annotations where !removed.contains(annotation.ref) {
                rows.append(Row(source: .file(annotation.ref), page: page, area: annotation.area, kind: Self.name(annotation.kind),
                                colour: recoloured[annotation.ref]?.rgb ?? annotation.colour, text: annotation.text, author: annotation.author,
                                unsaved: recoloured[annotation.ref] != written.recolouredInFile[annotation.ref]))
            }
        }
        let saved = Set(written.markups)
        for markup in markups {
            let area = markup.areas.first ?? Rect(x: 0, y: 0, width: 0, height: 0)
            let rgb = markup.colour.components
            rows.append(Row(source: .reader(id: markup.id), page: markup.page, area: area, kind: Self.name(markup),
                            colour: [rgb.red, rgb.green, rgb.blue],
                            text: String((markup.comment.isEmpty ? markup.text : markup.comment).prefix(FileAnnotation.textLimit)),
                            author: markup.author, unsaved: !saved.contains(markup)))
        }
        rows.sort { ($0.page, $0.area.y, $0.area.x) < ($1.page, $1.area.y, $1.area.x) }
        return (Array(rows.prefix(Self.limit)), rows.count > Self.limit)
    }

    public static func name(_ kind: Markup.Kind) -> String {
        switch kind {
        case .highlight: tr("Highlight")
        case .underline: tr("Underline")
        case .strikeOut: tr("Strike-out")
        case .squiggly: tr("Squiggly underline")
        case .note: tr("Note")
        case .ink: tr("Drawing")
        case .freeText: tr("Text box")
        case .line: tr("Line")
        case .square: tr("Rectangle")
        case .circle: tr("Ellipse")
        case .stamp: tr("Stamp")
        }
    }

    public static func name(_ kind: FileAnnotation.Kind) -> String {
        switch kind {
        case .note: tr("Note")
        case .freeText: tr("Text box")
        case .highlight: tr("Highlight")
        case .underline: tr("Underline")
        case .squiggly: tr("Squiggly underline")
        case .strikeOut: tr("Strike-out")
        case .ink: tr("Drawing")
        case .line: tr("Line")
        case .square: tr("Rectangle")
        case .circle: tr("Ellipse")
        case .polygon: tr("Polygon")
        case .stamp: tr("Stamp")
        case .caret: tr("Insertion mark")
        case .fileAttachment: tr("Attached file")
        case .sound: tr("Sound")
        case .other: tr("Annotation")
        }
    }
}
