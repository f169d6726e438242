/// The paper a print job goes on, as the print dialog's page setup gives it: its size in
/// portrait and the margins the printer cannot print on: a sheet of it, lying as
/// `PrintLayout` turns it, and the area of that sheet its pages are placed on.
public struct PrintPaper: Equatable, Sendable {
    public var size: Size
    public var top: Double, left: Double, bottom: Double, right: Double

    public init(size: Size, top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.size = size
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }

    /// A4 without margins: for a paper whose numbers make no sense.
    public static let fallback = PrintPaper(size: Size(width: 595.28, height: 841.89))

    /// A sheet of this paper lying portrait or landscape, and its printable area on it.
    public func printableArea(landscape: Bool) -> (sheet: Size, area: Rect) {
        let paper = isSane ? self : Self.fallback
        let portrait = Size(width: min(paper.size.width, paper.size.height), height: max(paper.size.width, paper.size.height))
        let sheet = landscape ? Size(width: portrait.height, height: portrait.width) : portrait
        // The margins turn with the sheet: what was the top edge is now the left one.
        let (top, left, bottom, right) = landscape ? (paper.right, paper.top, paper.left, paper.bottom) : (paper.top, paper.left, paper.bottom, paper.right)
        return (sheet, Rect(x: left, y: top, width: sheet.width - left - right, height: sheet.height - top - bottom))
    }

    private var isSane: Bool {
        let sides = [size.width, size.height]
        let margins = [top, left, bottom, right]
        guard sides.allSatisfy({ $0.isFinite && $0 >= 36 && $0 <= 14_400 }),
              margins.allSatisfy({ $0.isFinite && $0 >= 0 }) else { return false }
        let short = min(size.width, size.height)
        return max(top + bottom, left + right) < short / 2
    }
}
