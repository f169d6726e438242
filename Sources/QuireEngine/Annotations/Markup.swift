/// An annotation the reader made: a text markup over selected text (a highlight,
/// underline, strike-out or squiggly line, over the selected words' areas, one
/// quadrilateral each) or a note (its one area the note's icon, its text the note's), in
/// a colour, in points from the top-left of the page as it displays (as `PageMark`s are),
/// with an author and a time. Written into the file only when saved (`AnnotationEdits`).
public struct Markup: Hashable, Sendable, Identifiable {
    public enum Kind: UInt8, CaseIterable, Sendable {
        case highlight = 1, underline, strikeOut, squiggly, note
        /// Drawn on the page (`Drawing`): ink, a text box, a line or arrow, a rectangle, an ellipse, a stamp.
        case ink, freeText, line, square, circle, stamp

        /// Whether it is drawn (it has a `Drawing`) rather than laid over text or pinned as a note.
        public var isDrawn: Bool { rawValue >= Kind.ink.rawValue }
    }

    /// A note's icon: a square this many points wide, its corner where the reader placed it.
    public static let noteSide = 20.0

    /// The few colours offered, as readers pick them in other viewers: light markers to
    /// lay under words, and inks deep enough for a line to read on paper (`MarkupColours`).
    public enum Colour: UInt8, CaseIterable, Sendable {
        case yellow = 1, green, blue, pink, red
        case redInk, blueInk, greenInk, purpleInk

        /// Its name in menus and actions ("yellow").
        public var name: String { "\(self)" }
        public static func named(_ name: String) -> Colour? { allCases.first { $0.name == name } }

        /// Its name as a menu item shows it ("Yellow"), in the reader's language.
        public var title: String {
            switch self {
            case .yellow: tr("Yellow")
            case .green: tr("Green")
            case .blue: tr("Blue")
            case .pink: tr("Pink")
            case .red, .redInk: tr("Red")
            case .blueInk: tr("Blue")
            case .greenInk: tr("Green")
            case .purpleInk: tr("Purple")
            }
        }

        /// Red, green and blue, 0…1, as a list.
        public var rgb: [Double] { [components.red, components.green, components.blue] }

        /// Red, green and blue, 0…1.
        public var components: (red: Double, green: Double, blue: Double) {
            switch self {
            case .yellow: (1, 0.89, 0.2)
            case .green: (0.45, 0.85, 0.35)
            case .blue: (0.4, 0.7, 1)
            case .pink: (1, 0.55, 0.8)
            case .red: (0.95, 0.25, 0.2)
            case .redInk: (0.85, 0.12, 0.1)
            case .blueInk: (0.15, 0.4, 0.9)
            case .greenInk: (0.1, 0.5, 0.15)
            case .purpleInk: (0.55, 0.2, 0.75)
            }
        }
    }

    /// Unique in its document's edits; not written into the file.
    public let id: Int
    public let page: Int
    public var kind: Kind
    public var colour: Colour
    /// The marked words' areas; a note's icon; a drawing's bounds (`Drawing.bounds`).
    public internal(set) var areas: [Rect]
    /// What a drawn kind draws; nil for text markups and notes.
    public internal(set) var drawing: Drawing?
    /// The marked text, or the note's (a text box's words): the file's /Contents, unless `comment` is written.
    public var text: String
    /// A note the reader attached to a text markup: its /Contents in the file, as other
    /// viewers show a highlight's comment; empty for none.
    public var comment: String = ""
    public let author: String
    /// Seconds since 1970, UTC.
    public let created: Double

    public init(id: Int, page: Int, kind: Kind, colour: Colour, areas: [Rect], text: String, author: String, created: Double) {
        self.id = id; self.page = page; self.kind = kind; self.colour = colour
        self.areas = areas; self.text = text; self.author = author; self.created = created
    }

    /// A drawn markup: its kind the drawing's, its one area the drawing's bounds.
    public init(id: Int, page: Int, drawing: Drawing, colour: Colour, text: String = "", author: String, created: Double) {
        let drawing = drawing.bounded()
        self.init(id: id, page: page, kind: drawing.kind, colour: colour, areas: [drawing.bounds], text: text, author: author, created: created)
        self.drawing = drawing
    }

    /// How many areas one markup takes, and how long its text and author may be: a
    /// selection over a whole page of a dense document stays under both.
    public static let areaLimit = 4096
    public static let textLimit = 65536
}
