/// Which of a page's links is under a point, without looking at them all. The policy:
///  1. Links come in annotation order; where links overlap, the last one wins, because a
///     PDF viewer draws later annotations over earlier ones (poppler's link mapping lists
///     them last first, and Evince takes the first of that list that contains the point).
///  2. An area is clipped to the page; one with a non-finite edge or nothing left there
///     (`PageGeometryLimits.area`) is never hit. An area includes its edges.
///  3. At most `maximumLinks` links are indexed: the last ones, drawn on top; `omitted`
///     says how many earlier ones were left out, for the reader to be told.
///
/// The index is a pyramid of grids over the links' bounding box (a loose quadtree): level
/// `l` cuts it into 2^l × 2^l cells, the finest into about as many cells as links (at most
/// 512 × 512). Each link goes into the finest level where it spans at most 2 × 2 cells,
/// so into at most 4 cells; each cell lists its links topmost first.
/// Build: O(n · levels) steps, at most 4n entries and (4^(levels) − 1) / 3 cells.
/// Query: one cell per level (at most 10), each scanned only until a link there contains
/// the point or lies below the best found; on a page of links that do not pile up, a few
/// steps per level. A pile of links partly over the point's cells costs a step each:
/// rule 3 bounds that too.
public struct LinkIndex: Sendable {
    /// A quarter of a million: a dense index page has a few thousand links, and a hostile
    /// page of 200,000 still works whole; at about 60 bytes a link in the index (its area
    /// and up to four cell entries) a page costs at most 15 MB here, plus what the caller
    /// keeps per link.
    public static let maximumLinks = 250_000
    /// 512 × 512 cells at the finest level: below that, cells on a Letter page are finer
    /// than a pixel at 100 % and only cost memory.
    static let finestLevelLimit = 9

    /// How many links at the start of the list were not indexed (rule 3).
    public let omitted: Int
    /// Steps the build took (links placed, levels tried, cells laid out): for tests.
    public let buildSteps: Int

    private let areas: [Rect?]           // clipped, by position in the given list
    // The indexed areas' bounds, as their edges (a Rect's maxX, x + width, may round
    // inside the rightmost edge); nothing is hit outside.
    private let left, top, right, bottom: Double
    private let finest: Int              // the finest level
    private let starts: [Int32]          // cell c lists entries[starts[c] ..< starts[c + 1]]
    private let entries: [Int32]         // link positions, topmost first within a cell

    /// Indexes `areas` (in annotation order, in points from the top-left of a page of
    /// `page`'s size), keeping the last `limit`.
    public init(areas given: [Rect], page: Size, limit: Int = maximumLinks) {
        let kept = max(0, min(limit, given.count))
        omitted = given.count - kept
        let first = given.count - kept
        var steps = 0
        var areas = [Rect?](repeating: nil, count: given.count)
        var left = Double.infinity, top = Double.infinity, right = -Double.infinity, bottom = -Double.infinity
        for position in first..<given.count {
            steps += 1
            guard let area = PageGeometryLimits.area(given[position], onPageOf: page) else { continue }
            areas[position] = area
            left = min(left, area.x); top = min(top, area.y)
            right = max(right, area.maxX); bottom = max(bottom, area.maxY)
        }
        self.areas = areas
        (self.left, self.top, self.right, self.bottom) = (left, top, right, bottom)
        let indexed = areas.count { $0 != nil }
        guard indexed > 0 else {
            finest = 0
            starts = [0, 0]
            entries = []
            buildSteps = steps
            return
        }
        // About one finest cell per link: 4^finest ≥ links.
        var finest = 0
        while finest < Self.finestLevelLimit && 1 << (2 * finest) < indexed { finest += 1 }
        self.finest = finest

        // Each link's level and its cells' range at that level, then a count per cell, a
        // running sum, and the fill, topmost link first.
        struct Placement { var level: Int; var columns: ClosedRange<Int>; var rows: ClosedRange<Int> }
        var placements = [Placement?](repeating: nil, count: given.count)
        var starts = [Int32](repeating: 0, count: Self.cellCount(levels: finest + 1) + 1)
        for position in first..<given.count {
            guard let area = areas[position] else { continue }
            var columns = Self.cell(area.x, from: left, to: right, cells: 1 << finest)
                ... Self.cell(area.maxX, from: left, to: right, cells: 1 << finest)
            var rows = Self.cell(area.y, from: top, to: bottom, cells: 1 << finest)
                ... Self.cell(area.maxY, from: top, to: bottom, cells: 1 << finest)
            var level = finest
            while columns.upperBound - columns.lowerBound > 1 || rows.upperBound - rows.lowerBound > 1 {
                steps += 1
                level -= 1
                columns = (columns.lowerBound >> 1)...(columns.upperBound >> 1)
                rows = (rows.lowerBound >> 1)...(rows.upperBound >> 1)
            }
            placements[position] = Placement(level: level, columns: columns, rows: rows)
            for row in rows {
                for column in columns {
                    steps += 1
                    starts[Self.cellID(level: level, row: row, column: column) + 1] += 1
                }
            }
        }
        for cell in 1..<starts.count { starts[cell] += starts[cell - 1] }
        steps += starts.count
        var next = starts
        var entries = [Int32](repeating: 0, count: Int(starts[starts.count - 1]))
        for position in (first..<given.count).reversed() {
            guard let placement = placements[position] else { continue }
            for row in placement.rows {
                for column in placement.columns {
                    steps += 1
                    let cell = Self.cellID(level: placement.level, row: row, column: column)
                    entries[Int(next[cell])] = Int32(position)
                    next[cell] += 1
                }
            }
        }
        self.starts = starts
        self.entries = entries
        buildSteps = steps
    }

    /// The position (in the list given) of the topmost link whose area contains `point`.
    public func link(at point: Point) -> Int? {
        var steps = 0
        return link(at: point, steps: &steps)
    }

    /// The same, adding to `steps` one for each cell visited and each area compared.
    public func link(at point: Point, steps: inout Int) -> Int? {
        guard !entries.isEmpty,
              point.x >= left, point.x <= right, point.y >= top, point.y <= bottom else { return nil }
        let column = Self.cell(point.x, from: left, to: right, cells: 1 << finest)
        let row = Self.cell(point.y, from: top, to: bottom, cells: 1 << finest)
        var best = -1
        for level in (0...finest).reversed() {
            steps += 1
            let shift = finest - level
            let cell = Self.cellID(level: level, row: row >> shift, column: column >> shift)
            for entry in entries[Int(starts[cell])..<Int(starts[cell + 1])] {
                let position = Int(entry)
                if position <= best { break }
                steps += 1
                if let area = areas[position],
                   point.x >= area.x, point.x <= area.maxX, point.y >= area.y, point.y <= area.maxY {
                    best = position
                    break
                }
            }
        }
        return best >= 0 ? best : nil
    }

    /// The cell along one axis holding `value`: monotonic in `value`, so a point inside an
    /// area always falls in one of the area's cells. The division before the scaling
    /// keeps it finite however small the span; the finest level's cells, shifted right,
    /// are exactly the coarser levels' (the scaling is by a power of two).
    private static func cell(_ value: Double, from origin: Double, to end: Double, cells: Int) -> Int {
        let fraction = (value - origin) / (end - origin)
        return min(max(Int(fraction * Double(cells)), 0), cells - 1)
    }

    private static func cellCount(levels: Int) -> Int { ((1 << (2 * levels)) - 1) / 3 }

    private static func cellID(level: Int, row: Int, column: Int) -> Int {
        cellCount(levels: level) + (row << level) + column
    }
}
