/// The text cursor of caret mode (F7), and how it moves. The rules:
///  1. Left/Right move a character; at a line's end Right goes to the next line's start,
///     at its start Left to the previous line's end.
///  2. Word Right skips what is not a word (line ends count as such), then the word: it
///     stops at the word's end. Word Left skips back to a word's start.
///  3. Up/Down go to the line above or below, to the place nearest the goal x: the x the
///     caret had when it last moved across (kept through Up/Down, even over short lines).
///  4. Line Start/End go to the line's ends.
///  5. Past a page's first or last line, the caret goes on to the previous or next page with
///     text; pages without any are passed over. At the document's ends it stays.
///  6. A page's characters not read yet stop the move: it says which page it needs, and is
///     made again once that page is there.
///  7. A move with Shift extends the selection from the anchor, which stays; any other
///     move or placing takes the anchor along (nothing selected).
public struct Caret: Hashable, Sendable {
    public private(set) var place: CaretPlace
    public private(set) var anchor: CaretPlace
    private var goalX: Double?

    public init(at place: CaretPlace) {
        self.place = place
        anchor = place
    }

    /// What a move did.
    public enum Outcome: Equatable, Sendable {
        case moved
        /// Nothing changed: this page's characters must be read first.
        case needs(page: Int)
        /// Nothing to move to.
        case stays
    }

    /// Whether text is selected: the anchor is not where the caret is.
    public var isSelecting: Bool { anchor != place }

    /// Makes `move` over `pageCount` pages, whose characters `characters` gives (nil for a
    /// page not read yet).
    public mutating func move(_ move: CaretMove, extending: Bool, pageCount: Int,
                              characters: (Int) -> PageCharacters?) -> Outcome {
        withoutActuallyEscaping(characters) { characters in
            make(move, extending: extending, walk: CaretWalk(pageCount: pageCount, characters: characters))
        }
    }

    private mutating func make(_ move: CaretMove, extending: Bool, walk: CaretWalk) -> Outcome {
        guard let here = walk.located(place) else { return .needs(page: place.page) }
        let goal = goalX ?? walk.x(of: here)
        let outcome: CaretWalk.Step
        switch move {
        case .right: outcome = walk.next(after: here)
        case .left: outcome = walk.previous(before: here)
        case .wordRight: outcome = walk.wordEnd(after: here)
        case .wordLeft: outcome = walk.wordStart(before: here)
        case .down: outcome = walk.line(after: here, nearest: goal)
        case .up: outcome = walk.line(before: here, nearest: goal)
        case .lineStart: outcome = walk.end(ofLineOf: here, forward: false)
        case .lineEnd: outcome = walk.end(ofLineOf: here, forward: true)
        }
        switch outcome {
        case .needs(let page): return .needs(page: page)
        case .end: return .stays
        case .at(let spot):
            place = spot.place
            if !extending { anchor = place }
            goalX = move == .up || move == .down ? goal : nil
            return .moved
        }
    }

    /// Puts the caret (and the anchor) at `place`.
    public mutating func place(at place: CaretPlace) {
        self.place = place
        anchor = place
        goalX = nil
    }

    /// The first place on `page` at or below `top` (points from the page's top): its first
    /// line there, else its first line; nil when the page has no text.
    public static func firstPlace(onPage page: Int, at top: Double, in characters: PageCharacters) -> CaretPlace? {
        let line = characters.lines.indices.first { characters.extent(ofLine: $0).top >= top } ?? characters.lines.indices.first
        return line.map { CaretPlace(page: page, index: characters.lines[$0].lowerBound) }
    }

    /// The place nearest `point` on `page`: on the line under it (or the nearest line), the
    /// place nearest across. Nil when the page has no text.
    public static func place(nearest point: Point, onPage page: Int, in characters: PageCharacters) -> CaretPlace? {
        guard let line = characters.line(nearest: point) else { return nil }
        return CaretPlace(page: page, index: CaretWalk.nearest(point.x, inLine: line, of: characters))
    }

    /// The caret's bar on its page (points from the page's top-left): as tall as its line,
    /// a fourteenth of that wide, at least a point; nil when the page's characters are not known.
    public func bar(in characters: PageCharacters) -> Rect? {
        guard let line = characters.line(holding: place.index) else { return nil }
        let (top, bottom) = characters.extent(ofLine: line)
        let width = max((bottom - top) / 14, 1)
        return Rect(x: characters.x(ofPlace: place.index, inLine: line) - width / 2, y: top, width: width, height: bottom - top)
    }

    /// The selection from the anchor to the caret, as points poppler selects glyph by glyph
    /// between (each place's x, its line's middle); nil when nothing is selected or a page's
    /// characters are not known.
    public func selection(characters: (Int) -> PageCharacters?) -> TextSelection? {
        guard isSelecting else { return nil }
        func point(_ place: CaretPlace) -> PagePoint? {
            guard let page = characters(place.page), let line = page.line(holding: place.index) else { return nil }
            let (top, bottom) = page.extent(ofLine: line)
            return PagePoint(page: place.page, point: Point(x: page.x(ofPlace: place.index, inLine: line), y: (top + bottom) / 2))
        }
        guard let anchor = point(anchor), let head = point(place) else { return nil }
        return TextSelection(anchor: anchor, head: head, style: .glyph)
    }
}

/// A place between two characters of a page's text (`PageCharacters`): before character
/// `index`, or after the last character of its line when `index` is the line's end.
public struct CaretPlace: Hashable, Sendable {
    public var page: Int
    public var index: Int
    public init(page: Int, index: Int) { self.page = page; self.index = index }
}

/// What a key asks of the caret.
public enum CaretMove: Hashable, Sendable {
    case left, right, wordLeft, wordRight, up, down, lineStart, lineEnd
}

/// Walking the pages' lines for `Caret`: the places before and after a place, across lines
/// and pages.
struct CaretWalk {
    struct Spot {
        var place: CaretPlace
        var line: Int
        var characters: PageCharacters
    }
    enum Step {
        case at(Spot)
        case needs(Int)
        case end
    }

    let pageCount: Int
    let characters: (Int) -> PageCharacters?

    func located(_ place: CaretPlace) -> Spot? {
        guard let page = characters(place.page), let line = page.line(holding: place.index) else { return nil }
        return Spot(place: place, line: line, characters: page)
    }

    func x(of spot: Spot) -> Double { spot.characters.x(ofPlace: spot.place.index, inLine: spot.line) }

    /// The first (or, going back, last) line of the nearest page with text after (before) `page`.
    private func lineOnPage(after page: Int, forward: Bool) -> Step {
        var next = page + (forward ? 1 : -1)
        while (0..<pageCount).contains(next) {
            guard let found = characters(next) else { return .needs(next) }
            if let line = forward ? found.lines.indices.first : found.lines.indices.last {
                let range = found.lines[line]
                return .at(Spot(place: CaretPlace(page: next, index: forward ? range.lowerBound : range.upperBound), line: line, characters: found))
            }
            next += forward ? 1 : -1
        }
        return .end
    }

    /// The start of the next line (or the end of the previous one).
    private func adjacentLine(to spot: Spot, forward: Bool) -> Step {
        let line = spot.line + (forward ? 1 : -1)
        guard spot.characters.lines.indices.contains(line) else { return lineOnPage(after: spot.place.page, forward: forward) }
        let range = spot.characters.lines[line]
        return .at(Spot(place: CaretPlace(page: spot.place.page, index: forward ? range.lowerBound : range.upperBound), line: line,
                        characters: spot.characters))
    }

    /// The end (or start) of the spot's line.
    func end(ofLineOf spot: Spot, forward: Bool) -> Step {
        var moved = spot
        moved.place.index = forward ? spot.characters.lines[spot.line].upperBound : spot.characters.lines[spot.line].lowerBound
        return .at(moved)
    }

    func next(after spot: Spot) -> Step {
        guard spot.place.index < spot.characters.lines[spot.line].upperBound else { return adjacentLine(to: spot, forward: true) }
        var moved = spot
        moved.place.index += 1
        return .at(moved)
    }

    func previous(before spot: Spot) -> Step {
        guard spot.place.index > spot.characters.lines[spot.line].lowerBound else { return adjacentLine(to: spot, forward: false) }
        var moved = spot
        moved.place.index -= 1
        return .at(moved)
    }

    /// Whether the character after (before) the spot is a word's; a line's end is not.
    private func wordCharacter(at spot: Spot, forward: Bool) -> Bool {
        let range = spot.characters.lines[spot.line], index = spot.place.index
        if forward { return index < range.upperBound && spot.characters.isWordCharacter(index) }
        return index > range.lowerBound && spot.characters.isWordCharacter(index - 1)
    }

    private func word(from spot: Spot, forward: Bool) -> Step {
        var current = spot
        var inWord = false
        while true {
            let isWord = wordCharacter(at: current, forward: forward)
            if inWord && !isWord { return .at(current) }
            inWord = inWord || isWord
            switch forward ? next(after: current) : previous(before: current) {
            case .at(let moved): current = moved
            case .needs(let page): return .needs(page)
            case .end: return current.place == spot.place ? .end : .at(current)
            }
        }
    }

    func wordEnd(after spot: Spot) -> Step { word(from: spot, forward: true) }
    func wordStart(before spot: Spot) -> Step { word(from: spot, forward: false) }

    /// The place nearest `goal` across on the line after (before) the spot's.
    private func line(from spot: Spot, forward: Bool, nearest goal: Double) -> Step {
        switch adjacentLine(to: spot, forward: forward) {
        case .at(var found):
            found.place.index = Self.nearest(goal, inLine: found.line, of: found.characters)
            return .at(found)
        case let other: return other
        }
    }

    func line(after spot: Spot, nearest goal: Double) -> Step { line(from: spot, forward: true, nearest: goal) }
    func line(before spot: Spot, nearest goal: Double) -> Step { line(from: spot, forward: false, nearest: goal) }

    /// The place of `line` nearest `x` across.
    static func nearest(_ x: Double, inLine line: Int, of characters: PageCharacters) -> Int {
        let range = characters.lines[line]
        return (range.lowerBound...range.upperBound).min { abs(characters.x(ofPlace: $0, inLine: line) - x) < abs(characters.x(ofPlace: $1, inLine: line) - x) }!
    }
}
