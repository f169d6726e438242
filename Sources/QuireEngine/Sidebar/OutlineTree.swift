/// Where an outline entry leads: a page, and the distance of the destination from the
/// page's top in points (as the document displays the page) when the entry gives one.
public struct OutlineTarget: Hashable, Sendable {
    public var page: Int
    public var top: Double?
    public init(page: Int, top: Double? = nil) { self.page = page; self.top = top }
}

/// The document's outline (bookmarks), flattened in document order: each entry knows its
/// depth, its parent and where its subtree ends, so that the tree costs a few arrays
/// whatever its size and depth. The UI shows it as an expandable tree; the engine answers
/// which entry the reader is in and which entry a typed text finds.
public struct OutlineTree: Sendable {
    public struct Entry: Hashable, Sendable {
        public var title: String
        /// Nil when the entry's destination is missing or broken: shown, but inert.
        public var target: OutlineTarget?
        public var depth: Int
        public init(title: String, target: OutlineTarget?, depth: Int) {
            self.title = title; self.target = target; self.depth = depth
        }
    }

    public let entries: [Entry]
    /// parents[i]: the entry that holds entry i, nil at the top level.
    public let parents: [Int?]
    /// subtreeEnds[i]: one past the last descendant of entry i.
    private let subtreeEnds: [Int]
    /// Entries with a target, ordered by where they lead (then document order).
    private let byTarget: [Int]
    /// Whether the document asks for the entry's children to show at first.
    public let initiallyOpen: [Bool]

    /// `entries` in document order (a parent before its children, each child one deeper).
    /// A depth that skips levels is taken as one level deeper than the entry before.
    public init(_ entries: [Entry], open: [Bool] = []) {
        initiallyOpen = entries.indices.map { $0 < open.count && open[$0] }
        var fixed = entries
        var parents = [Int?](repeating: nil, count: entries.count)
        var ends = Array(0..<entries.count).map { $0 + 1 }
        var open: [Int] = [] // the current chain of ancestors
        for index in fixed.indices {
            fixed[index].depth = min(max(fixed[index].depth, 0), open.count)
            while open.count > fixed[index].depth { ends[open.removeLast()] = index }
            parents[index] = open.last
            open.append(index)
        }
        for index in open { ends[index] = fixed.count }
        self.entries = fixed
        self.parents = parents
        subtreeEnds = ends
        byTarget = fixed.indices.filter { fixed[$0].target != nil }.sorted { a, b in
            let x = fixed[a].target!, y = fixed[b].target!
            if x.page != y.page { return x.page < y.page }
            if (x.top ?? 0) != (y.top ?? 0) { return (x.top ?? 0) < (y.top ?? 0) }
            return a < b
        }
    }

    public var isEmpty: Bool { entries.isEmpty }
    public var count: Int { entries.count }

    /// The entries directly under `parent` (the top level for nil), in order.
    public func children(of parent: Int?) -> [Int] {
        var result: [Int] = []
        var index = parent.map { $0 + 1 } ?? 0
        let end = parent.map { subtreeEnds[$0] } ?? entries.count
        while index < end {
            result.append(index)
            index = subtreeEnds[index]
        }
        return result
    }

    public func hasChildren(_ index: Int) -> Bool { subtreeEnds[index] > index + 1 }

    /// Rows the sidebar looks at, from the top, for entries to open at first: a huge open
    /// outline would hold the main thread for seconds; the rest opens by hand.
    public static let rowsOpenedAtStart = 2_000

    /// Whether the sidebar shows `entry` open at first: the document asks for it, or it is
    /// the lone entry at the top (a book's title over its chapters); never at the last
    /// level shown with `depthLimit` levels, whose subtrees hang flat under it.
    public func opensAtStart(_ entry: Int, depthLimit: Int) -> Bool {
        guard entries.indices.contains(entry), entries[entry].depth < depthLimit - 1 else { return false }
        return initiallyOpen[entry] || (entry == 0 && subtreeEnds[0] == entries.count)
    }

    /// The entries under `parent` as shown with at most `depthLimit` levels of nesting:
    /// below the last level, a whole subtree hangs flat, in document order, under its
    /// ancestor there (a hostile outline 10,000 levels deep would otherwise ask for a
    /// sidebar 10,000 indents wide).
    public func children(of parent: Int?, depthLimit: Int) -> [Int] {
        guard let parent else { return children(of: nil) }
        let depth = entries[parent].depth
        if depth < depthLimit - 1 { return children(of: parent) }
        return depth == depthLimit - 1 ? Array((parent + 1)..<subtreeEnds[parent]) : []
    }

    /// The entry `index` is shown under with at most `depthLimit` levels.
    public func parent(of index: Int, depthLimit: Int) -> Int? {
        var parent = parents[index]
        while let current = parent, entries[current].depth > depthLimit - 1 { parent = parents[current] }
        return parent
    }

    /// The chain from the top level down to `index`'s parent.
    public func ancestors(of index: Int) -> [Int] {
        var chain: [Int] = []
        var current = parents[index]
        while let parent = current {
            chain.append(parent)
            current = parents[parent]
        }
        return chain.reversed()
    }

    /// The entry of the section that holds the point `top` points down `page`: the one
    /// leading furthest on without passing it (of several leading to the same place, the
    /// last, the deepest as outlines are written). Nil before the first entry's target.
    public func section(page: Int, top: Double) -> Int? {
        var low = 0, high = byTarget.count
        while low < high {
            let middle = (low + high) / 2
            let target = entries[byTarget[middle]].target!
            if target.page < page || (target.page == page && (target.top ?? 0) <= top) {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low > 0 ? byTarget[low - 1] : nil
    }

    /// The first entry after `start` (from the first when nil), wrapping around, whose title
    /// contains `text`, ignoring case and diacritics; `start` itself comes last.
    public func find(_ text: String, after start: Int?) -> Int? {
        let needle = Self.folded(text)
        guard !needle.isEmpty, !entries.isEmpty else { return nil }
        let first = start.map { $0 + 1 } ?? 0
        for offset in 0..<entries.count {
            let index = (first + offset) % entries.count
            if Self.folded(entries[index].title).containsRun(needle) { return index }
        }
        return nil
    }

    /// The first entry before `end` (from the last when nil), wrapping around, whose title
    /// contains `text`, as `find(_:after:)` looks forward; `end` itself comes last.
    public func find(_ text: String, before end: Int?) -> Int? {
        let needle = Self.folded(text)
        guard !needle.isEmpty, !entries.isEmpty else { return nil }
        let last = (end ?? entries.count) - 1 + entries.count
        for offset in 0..<entries.count {
            let index = (last - offset) % entries.count
            if Self.folded(entries[index].title).containsRun(needle) { return index }
        }
        return nil
    }

    private static func folded(_ text: String) -> [UInt16] {
        TextFold.normalized(text).map(TextFold.insensitive).filter { $0 != TextFold.ignored }
    }
}

private extension Array where Element: Equatable {
    /// Whether `needle` occurs as a contiguous run.
    func containsRun(_ needle: [Element]) -> Bool {
        guard needle.count <= count else { return false }
        return (0...(count - needle.count)).contains { start in
            self[start..<(start + needle.count)].elementsEqual(needle)
        }
    }
}
