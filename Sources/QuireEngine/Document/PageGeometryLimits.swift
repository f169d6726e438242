/// What page geometry from a document the engine accepts. The policy:
///  1. A page side is usable when it is finite and 0 < side ≤ `largestSide` (144,000 points).
///  2. A document page with any other side is unusable: it is laid out at a stand-in size
///     (its document's first page's, when that one is usable, else Letter), never
///     rendered, and drawn as blank paper; `problem(with:)` says why, in words.
///  3. Whatever size reaches a layout is clamped side by side into `smallestSide …
///     largestSide` (NaN taking Letter's side), so that no adapter's mistake can reach
///     the integer conversions.
///  4. An area on a page (a link, a match, a selection) is clipped to the page; one with a
///     non-finite edge, or with nothing left, is dropped. A place on a page (a
///     destination's top) is clamped into it; a non-finite one means the page's top.
///
/// Why 144,000: PDF's largest page is 14,400 units a side. /UserUnit may make a unit
/// larger, but poppler reports sizes in default units without it (a /UserUnit 1e30 page
/// comes back Letter), so from poppler a number past 14,400 is already out of the
/// specification; producers overshoot a little (Illustrator's artboards reach 16,383
/// points), and ten times the limit leaves room for them. At that side the integers the
/// engine derives stay small: 6,400 % on a 4× screen is 144,000 × 85.3 × 4 ≈ 4.9e7 device
/// pixels, far inside the 32-bit sides cairo and GTK take.
public enum PageGeometryLimits {
    public static let largestSide = 144_000.0
    /// The least side a layout takes: under a point, a page is not a pixel at 100 %.
    public static let smallestSide = 1.0
    public static let letter = Size(width: 612, height: 792)

    /// Why a page of `size` points cannot be shown ("its size, … , is not one any paper
    /// has"), or nil when it can.
    public static func problem(with size: Size) -> String? {
        let sides = [size.width, size.height]
        guard sides.allSatisfy({ $0.isFinite && $0 > 0 && $0 <= largestSide }) else {
            return "its size, \(size.width) × \(size.height) points, is not one any paper has"
        }
        return nil
    }

    /// The size a document page is laid out at: its own when usable, else `standIn`
    /// (the document's first page), else Letter.
    public static func shownSize(_ size: Size, standIn: () -> Size) -> Size {
        guard problem(with: size) != nil else { return size }
        let first = standIn()
        return problem(with: first) == nil ? first : letter
    }

    /// `size` with each side clamped into what a layout takes.
    public static func clamped(_ size: Size) -> Size {
        func side(_ value: Double, _ fallback: Double) -> Double {
            value.isNaN ? fallback : min(max(value, smallestSide), largestSide)
        }
        return Size(width: side(size.width, letter.width), height: side(size.height, letter.height))
    }

    /// `rect` (its corners in either order) clipped to a page of `size`, or nil when it has
    /// a non-finite edge or no area left.
    public static func area(_ rect: Rect, onPageOf size: Size) -> Rect? {
        let xs = [rect.x, rect.maxX], ys = [rect.y, rect.maxY]
        guard (xs + ys).allSatisfy(\.isFinite) else { return nil }
        let corrected = Rect(x: xs.min()!, y: ys.min()!, width: abs(rect.width), height: abs(rect.height))
        let clipped = corrected.intersection(Rect(x: 0, y: 0, width: size.width, height: size.height))
        return clipped.isEmpty ? nil : clipped
    }

    /// A distance from the top of a page `height` points tall, clamped into the page; nil
    /// (the page's top) when it is not a number.
    public static func top(_ top: Double, onPageOf height: Double) -> Double? {
        guard top.isFinite else { return nil }
        return min(max(top, 0), height)
    }
}
