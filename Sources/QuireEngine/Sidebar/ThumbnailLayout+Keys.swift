/// Where a key moves the thumbnails' current page, in the grid as laid out: Left and Right
/// a page, Up and Down a row (the same column), Home and End the first and the last page;
/// never past either end.
extension ThumbnailLayout {
    public enum Move: Sendable {
        case previous, next, rowUp, rowDown, first, last
    }

    public func page(from page: Int, moving move: Move) -> Int {
        guard pageCount > 0 else { return 0 }
        let target = switch move {
        case .previous: page - 1
        case .next: page + 1
        case .rowUp: page - columns
        case .rowDown: page + columns
        case .first: 0
        case .last: pageCount - 1
        }
        return min(max(target, 0), pageCount - 1)
    }
}
