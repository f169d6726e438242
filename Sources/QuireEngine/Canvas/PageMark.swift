/// Areas marked over a page, in points from its top-left as displayed: what the canvas's
/// overlays (the selection, the search, the reader's markups) ask it to draw. The
/// canvas decides the colours, by style; the marks of one overlay are drawn in order, and
/// the overlays in the order they were added.
public struct PageMark: Equatable, Sendable {
    public enum Style: Equatable, Sendable {
        /// Selected text.
        case selection
        /// A search match, and the current one.
        case match, currentMatch
        /// A markup the reader made (`Markup`), not yet saved into the file.
        case markup(Markup.Kind, Markup.Colour)
        /// The markup the reader clicked, to change or delete.
        case chosenMarkup
        /// A form widget the reader can fill, and the one with the keyboard's focus.
        case formField, focusedField
        /// Where a SyncTeX forward search landed, fading out (1 whole, 0 gone).
        case syncTeX(opacity: Double)
        /// Caret mode's text cursor.
        case caret
        /// The sentence Read Aloud is saying.
        case spoken
        /// A chosen drawing's bounds, and its handles to resize it by (`DrawingHandles`).
        case drawingFrame, drawingHandle
        /// A drawing the reader made (`Drawing`), not yet saved, or being drawn: painted
        /// as it will be saved, not as a filled area.
        case drawing(Drawing, Markup.Colour, text: String)
    }

    public var rects: [Rect]
    public var style: Style

    public init(_ rects: [Rect], style: Style) {
        self.rects = rects
        self.style = style
    }
}

extension PageHighlights {
    /// The matches as marks, the current one styled as such.
    public var marks: [PageMark] {
        areas.enumerated().map { index, rects in PageMark(rects, style: index == current ? .currentMatch : .match) }
    }
}
