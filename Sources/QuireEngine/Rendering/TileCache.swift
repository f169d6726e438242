/// Rendered pictures within a byte budget. Policy: a picture on screen is never evicted;
/// otherwise the one farthest from the view goes first (the caller says how far each is).
public struct TileCache<Picture: RenderedPicture>: Sendable {
    public private(set) var budget: Int
    public private(set) var byteCount = 0
    private var pictures: [TileKey: Picture] = [:]

    public init(budget: Int) { self.budget = budget }

    public var count: Int { pictures.count }
    public var keys: Dictionary<TileKey, Picture>.Keys { pictures.keys }

    public subscript(key: TileKey) -> Picture? { pictures[key] }

    /// The whole-page picture of `key`'s page and rotation whose scale is nearest `key`'s,
    /// for drawing scaled until the sharp one arrives.
    public func nearestPicture(to key: TileKey) -> (key: TileKey, picture: Picture)? {
        pictures.filter { $0.key.page == key.page && $0.key.rotation == key.rotation && $0.key.cell == nil }
            .min { abs($0.key.scale - key.scale) < abs($1.key.scale - key.scale) }
            .map { ($0.key, $0.value) }
    }

    /// Adds a picture, then evicts until within budget. `distance` tells how far a
    /// picture is from the view, nil for one on screen (never evicted).
    public mutating func insert(_ picture: Picture, for key: TileKey, distance: (TileKey) -> Double?) {
        if let old = pictures.updateValue(picture, forKey: key) { byteCount -= old.byteCount }
        byteCount += picture.byteCount
        evict(distance: distance)
    }

    /// Adds a picture, sparing the pages in `visible` and evicting by distance in pages.
    public mutating func insert(_ picture: Picture, for key: TileKey, visible: Range<Int>) {
        insert(picture, for: key) { Self.distance(ofPage: $0.page, from: visible) }
    }

    /// How many pages `page` is from `pages`: nil inside them, infinite when there are none.
    public static func distance(ofPage page: Int, from pages: Range<Int>) -> Double? {
        if pages.isEmpty { return .infinity }
        if pages.contains(page) { return nil }
        return Double(page < pages.lowerBound ? pages.lowerBound - page : page - (pages.upperBound - 1))
    }

    /// A new budget (a split view's panes share the window's): a smaller one evicts at
    /// once, by `distance` as `insert` does.
    public mutating func setBudget(_ budget: Int, distance: (TileKey) -> Double?) {
        self.budget = budget
        evict(distance: distance)
    }

    /// Drops pictures beyond the budget, farthest first, never one on screen.
    public mutating func evict(distance: (TileKey) -> Double?) {
        guard byteCount > budget else { return }
        let candidates = pictures.keys.compactMap { key in distance(key).map { (key, $0) } }
            .sorted { $0.1 > $1.1 }
        for (key, _) in candidates where byteCount > budget {
            byteCount -= pictures.removeValue(forKey: key)!.byteCount
        }
    }

    /// Drops every picture except those `keep` says to keep, whatever the budget.
    public mutating func evictAll(except keep: (TileKey) -> Bool) {
        for key in pictures.keys where !keep(key) {
            byteCount -= pictures.removeValue(forKey: key)!.byteCount
        }
    }

    /// Removes the pictures of `key`'s page superseded by it after a zoom or turn: every
    /// other whole-page picture when it is one; cells of other scales when it is a cell
    /// (whole-page pictures stay, to show under cells still missing).
    public mutating func removeOthers(of kept: TileKey) {
        for key in pictures.keys where key.page == kept.page && key != kept
            && (kept.cell == nil || (key.cell != nil && (key.scale != kept.scale || key.rotation != kept.rotation))) {
            byteCount -= pictures.removeValue(forKey: key)!.byteCount
        }
    }
}
