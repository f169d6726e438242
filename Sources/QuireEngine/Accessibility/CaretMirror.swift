/// How caret mode's caret (F7) reaches a screen reader, on GTK 4.8 where only a text view
/// sends caret and selection events (INTEROP.md). The rules:
///  1. The caret's page is mirrored into a read-only text view holding that page's
///     characters as caret mode reads them (`PageCharacters`): a caret place's index is the
///     text's offset, both counting Unicode scalars.
///  2. Two text views take turns: when the caret crosses into another page, the one not in
///     use takes that page and the focus, so that the screen reader names the page it
///     enters; on the same page the caret only moves.
///  3. The selection shown on the caret's page runs from the anchor when it is on that page,
///     else from the page's start (the anchor before it) or its end (after it).
///  4. An offset the screen reader sets on the node is a caret place on the node's page
///     (clamped to its text); the mirror's own settings are not taken back as the reader's.
public struct CaretMirror: Sendable {
    /// The text views that take turns (rule 2).
    public static let nodeCount = 2

    /// The page each node holds (nil: none yet), and the node in use.
    public private(set) var pages: [Int?] = Array(repeating: nil, count: nodeCount)
    public private(set) var current: Int?

    public init() {}

    /// The page the caret is mirrored on.
    public var page: Int? { current.flatMap { pages[$0] } }

    /// The node that shows `page`; `isNew` when it must take the page's text and the focus.
    public mutating func show(page: Int) -> (node: Int, isNew: Bool) {
        if let current, pages[current] == page { return (current, false) }
        let next = current.map { ($0 + 1) % Self.nodeCount } ?? 0
        pages[next] = page
        current = next
        return (next, true)
    }

    /// Caret mode ended: no node holds a page.
    public mutating func end() {
        pages = Array(repeating: nil, count: Self.nodeCount)
        current = nil
    }

    /// The text a node holds for `characters`: their scalars, one offset each (rule 1).
    public static func text(of characters: PageCharacters) -> String {
        String(String.UnicodeScalarView(characters.scalars))
    }

    /// The node's cursor and selection bound for `caret` on its page of `count` characters
    /// (rule 3).
    public static func offsets(of caret: Caret, count: Int) -> (cursor: Int, bound: Int) {
        let page = caret.place.page
        let bound = caret.anchor.page == page ? caret.anchor.index : caret.anchor.page < page ? 0 : count
        return (clamped(caret.place.index, count), clamped(bound, count))
    }

    /// The caret place the reader set at `offset` on `page` of `count` characters (rule 4).
    public static func place(offset: Int, onPage page: Int, count: Int) -> CaretPlace {
        CaretPlace(page: page, index: clamped(offset, count))
    }

    private static func clamped(_ offset: Int, _ count: Int) -> Int { min(max(offset, 0), count) }
}
