/// The colour a new markup takes, kind by kind. The policy:
///  1. Each kind starts in a colour of its own that reads on white paper, by day and in
///     night mode (drawn as it is on the dark page, or turned over with the page by
///     `ColourMatrix.night` once saved): a highlight is a light marker under the words
///     (yellow), a note's icon yellow; a line is ink: an underline blue, a strike-out red,
///     a squiggly line green.
///  2. Each kind offers its own colours: markers under words (highlights, notes), inks for
///     lines (underlines, strike-outs, squiggly lines) and for what is drawn (ink, text boxes,
///     shapes, stamps), the reader's and the file's.
///  3. The colour the reader gives a markup (its context menu) is the next one of its kind;
///     the other kinds keep theirs. A colour the kind does not offer is not taken.
///  4. Remembered between runs by name, kind by kind (`stored`); a name not known keeps
///     the kind's own colour.
public struct MarkupColours: Equatable, Sendable {
    private var chosen: [Markup.Kind: Markup.Colour] = [:]

    public init() {}

    /// The colours stored (rule 4): a colour's name by a kind's (`key`).
    public init(stored: [String: String]) {
        for kind in Markup.Kind.allCases {
            if let name = stored[Self.key(kind)], let colour = Markup.Colour.named(name) { choose(colour, for: kind) }
        }
    }

    /// What is stored: the kinds the reader chose a colour for.
    public var stored: [String: String] {
        Dictionary(uniqueKeysWithValues: chosen.map { (Self.key($0.key), $0.value.name) })
    }

    /// The colour the next markup of `kind` takes (rules 1 and 3).
    public func colour(for kind: Markup.Kind) -> Markup.Colour { chosen[kind] ?? Self.standard(for: kind) }

    /// The reader gave a markup of `kind` this colour (rule 3).
    public mutating func choose(_ colour: Markup.Colour, for kind: Markup.Kind) {
        guard Self.offered(for: kind).contains(colour) else { return }
        chosen[kind] = colour
    }

    /// A kind's own colour (rule 1).
    public static func standard(for kind: Markup.Kind) -> Markup.Colour {
        switch kind {
        case .highlight, .note: .yellow
        case .underline: .blueInk
        case .strikeOut: .redInk
        case .squiggly: .greenInk
        case .ink, .freeText, .line, .square, .circle: .blueInk
        case .stamp: .redInk
        }
    }

    public static let markers: [Markup.Colour] = [.yellow, .green, .blue, .pink, .red]
    public static let inks: [Markup.Colour] = [.redInk, .blueInk, .greenInk, .purpleInk]

    /// The colours a kind offers (rule 2).
    public static func offered(for kind: Markup.Kind) -> [Markup.Colour] {
        switch kind {
        case .highlight, .note: markers
        case .underline, .strikeOut, .squiggly, .ink, .freeText, .line, .square, .circle, .stamp: inks
        }
    }

    /// The colours one of the file's annotations offers (rule 2): inks for lines, drawings
    /// and shapes, markers for the rest.
    public static func offered(forFile kind: FileAnnotation.Kind) -> [Markup.Colour] {
        switch kind {
        case .underline, .strikeOut, .squiggly, .ink, .line, .square, .circle, .polygon, .freeText, .stamp: inks
        default: markers
        }
    }

    /// The reader's kind that one of the file's annotations is, for its colour to be
    /// remembered; nil for kinds the reader does not make.
    public static func kind(ofFile kind: FileAnnotation.Kind) -> Markup.Kind? {
        switch kind {
        case .highlight: .highlight
        case .underline: .underline
        case .strikeOut: .strikeOut
        case .squiggly: .squiggly
        case .note: .note
        case .ink: .ink
        case .freeText: .freeText
        case .line: .line
        case .square: .square
        case .circle: .circle
        case .stamp: .stamp
        default: nil
        }
    }

    /// A kind's name where it is stored.
    public static func key(_ kind: Markup.Kind) -> String {
        switch kind {
        case .highlight: "highlight"
        case .underline: "underline"
        case .strikeOut: "strike-out"
        case .squiggly: "squiggly"
        case .note: "note"
        case .ink: "ink"
        case .freeText: "text-box"
        case .line: "line"
        case .square: "rectangle"
        case .circle: "ellipse"
        case .stamp: "stamp"
        }
    }
}
