/// What an eraser dragged over a page takes: every ink drawing the pointer passes over,
/// sampled every `step` points along its path so that a fast drag misses none.
public enum InkEraser {
    public static let step = 1.0
    public static let slack = 3.0

    /// The ids of the ink markups among `markups` that the eraser's move from `from` to `to` on `page` touches.
    public static func hits(_ markups: [Markup], onPage page: Int, from: Point, to: Point) -> [Int] {
        let dx = to.x - from.x, dy = to.y - from.y
        let steps = max(1, Int(((dx * dx + dy * dy).squareRoot() / step).rounded(.up)))
        let path = (0...steps).map { Point(x: from.x + dx * Double($0) / Double(steps), y: from.y + dy * Double($0) / Double(steps)) }
        return markups.compactMap { markup in
            guard markup.page == page, markup.kind == .ink, let drawing = markup.drawing,
                  path.contains(where: { drawing.hits($0, slack: slack) }) else { return nil }
            return markup.id
        }
    }
}
