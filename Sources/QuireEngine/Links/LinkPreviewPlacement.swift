/// Where a link's preview opens, in the view's logical pixels. The policy:
///  1. Beside the link as far as the view shows it: below it when the room below holds
///     the popover, else above it when the room above does.
///  2. A link that leaves room on neither side (a figure, a slide, a title page filling the
///     view) has it by the pointer instead, on the side of the pointer with more room:
///     pointing at the link's whole rect would leave GTK no room at all (a popover of
///     negative height, drawn nowhere).
///  3. The rect pointed at is never empty and lies within the view.
public struct LinkPreviewPlacement: Equatable, Sendable {
    /// What the popover adds around the strip: its arrow, padding and caption (49 pixels
    /// down in Adwaita at the default font), with room to spare.
    public static let chromeHeight = 64.0
    /// Around the pointer, the rect pointed at: the popover's arrow clears the pointer's tip.
    public static let pointerMargin = 8.0

    /// The rect the popover points at.
    public let rect: Rect
    /// Whether it opens below the rect (else above).
    public let below: Bool

    /// The placement of a preview whose strip is `strip` (logical pixels) for a link at
    /// `link` in a view of `view`, the pointer at `pointer` (all in the view's pixels).
    public init(strip: Size, link: Rect, pointer: Point, view: Size) {
        let bounds = Rect(x: 0, y: 0, width: max(view.width, 1), height: max(view.height, 1))
        let height = strip.height + Self.chromeHeight
        let shown = link.intersection(bounds)
        if !shown.isEmpty, bounds.maxY - shown.maxY >= height {
            self.init(rect: shown, below: true)
        } else if !shown.isEmpty, shown.y >= height {
            self.init(rect: shown, below: false)
        } else {
            let x = min(max(pointer.x, 0), bounds.maxX), y = min(max(pointer.y, 0), bounds.maxY)
            let margin = Self.pointerMargin
            let around = Rect(x: x - margin, y: y - margin, width: 2 * margin, height: 2 * margin).intersection(bounds)
            self.init(rect: around, below: bounds.maxY - around.maxY >= around.y)
        }
    }

    private init(rect: Rect, below: Bool) {
        self.rect = Rect(x: rect.x, y: rect.y, width: max(rect.width, 1), height: max(rect.height, 1))
        self.below = below
    }
}
