/// Rendered pictures within a byte budget. Policy: a picture on screen is never evicted;
/// otherwise the one farthest (in pages) from the visible range goes first.
public struct TileCache<Picture: RenderedPicture>: Sendable {
    public let budget: Int
    public private(set) var byteCount = 0
    private var pictures: [TileKey: Picture] = [:]

    public init(budget: Int) { self.budget = budget }

    public var count: Int { pictures.count }
    public var keys: Dictionary<TileKey, Picture>.Keys { pictures.keys }

    public subscript(key: TileKey) -> Picture? { pictures[key] }

    /// The picture of `key`'s page and rotation whose scale is nearest `key`'s, for
    /// drawing scaled until the sharp one arrives.
    public func nearestPicture(to key: TileKey) -> (key: TileKey, picture: Picture)? {
        pictures.filter { $0.key.page == key.page && $0.key.rotation == key.rotation }
            .min { abs($0.key.scale - key.scale) < abs($1.key.scale - key.scale) }
            .map { ($0.key, $0.value) }
    }

    /// Adds a picture, then evicts until within budget, sparing pages in `visible`.
    public mutating func insert(_ picture: Picture, for key: TileKey, visible: Range<Int>) {
        if let old = pictures.updateValue(picture, forKey: key) { byteCount -= old.byteCount }
        byteCount += picture.byteCount
        evict(visible: visible)
    }

    /// Drops pictures beyond the budget, farthest from `visible` first, never one in it.
    public mutating func evict(visible: Range<Int>) {
        guard byteCount > budget else { return }
        func distance(_ page: Int) -> Int {
            page < visible.lowerBound ? visible.lowerBound - page : page - (visible.upperBound - 1)
        }
        let candidates = pictures.keys.filter { !visible.contains($0.page) }
            .sorted { distance($0.page) > distance($1.page) }
        for key in candidates where byteCount > budget {
            byteCount -= pictures.removeValue(forKey: key)!.byteCount
        }
    }

    /// Removes the pictures of `key`'s page other than `key` (superseded after a zoom or turn).
    public mutating func removeOthers(of kept: TileKey) {
        for key in pictures.keys where key.page == kept.page && key != kept {
            byteCount -= pictures.removeValue(forKey: key)!.byteCount
        }
    }
}
