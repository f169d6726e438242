/// A selection line by line (a triple press) on one page, read from the page's characters
/// so that the lines lit and the lines copied are the same ones. The rules:
///  1. The lines are the page's visual lines (`PageCharacters.lines`); a point stands for
///     the line nearest it (`PageCharacters.line(nearest:)`).
///  2. A point above and left of all the lines' areas stands for the first line, one below
///     and right of all of them for the last: the corners a selection that runs on past the
///     page hands it (`TextSelection.span`).
///  3. Selected are the lines from the start's to the end's in reading order, whichever
///     comes first.
///  4. Text that does not run across the page (`PageCharacters.runsAcross`: a page turned
///     a quarter) is not chosen from: its lines are not found by their areas.
///  5. A line is lit as one area (`PageCharacters.area(ofLine:)`, not its extent); its text
///     is its characters, one line of text for each.
public struct LineSelection: Sendable {
    /// The selected lines, indices into `PageCharacters.lines`.
    public let lines: ClosedRange<Int>
    private let characters: PageCharacters

    /// The lines from the one `start` stands for to the one `end` stands for; nil for a
    /// page without text, or whose text does not run across.
    public init?(from start: Point, to end: Point, in characters: PageCharacters) {
        guard characters.runsAcross, let first = Self.line(at: start, in: characters), let last = Self.line(at: end, in: characters) else { return nil }
        lines = min(first, last)...max(first, last)
        self.characters = characters
    }

    /// One area a line, in points from the page's top-left.
    public var areas: [Rect] { lines.map(characters.area(ofLine:)) }

    /// The lines' text, a line break between two.
    public var text: String {
        lines.map { String(String.UnicodeScalarView(characters.scalars[characters.lines[$0]])) }.joined(separator: "\n")
    }

    private static func line(at point: Point, in characters: PageCharacters) -> Int? {
        guard let first = characters.lines.indices.first, let last = characters.lines.indices.last else { return nil }
        let areas = characters.lines.indices.map(characters.area(ofLine:))
        if point.x <= areas.map(\.x).min()!, point.y <= areas.map(\.y).min()! { return first }
        if point.x >= areas.map(\.maxX).max()!, point.y >= areas.map(\.maxY).max()! { return last }
        return characters.line(nearest: point)
    }
}
