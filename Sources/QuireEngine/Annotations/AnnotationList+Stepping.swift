/// Going through a page's annotations by keyboard (Tab, Shift+Tab), in the Annotations
/// pane's order (`AnnotationList` rule 1: top to bottom, then left to right), and what a
/// reader's drawn markup is called in the pane and its tooltip. The policy:
///  1. Tab chooses the next annotation of the page after the one chosen, Shift+Tab the one
///     before; with none chosen, the first (or the last). Past either end, none: the key
///     goes on and the keyboard's focus leaves the page, as Tab leaves any list.
///  2. A line with a head is an arrow; a standard stamp is named with its words.
extension AnnotationList {
    /// The annotation Tab (or Shift+Tab, `backwards`) chooses among `items` of one page (rule 1).
    public static func step(from chosen: Source?, among items: [(source: Source, area: Rect)], backwards: Bool) -> Source? {
        let ordered = items.sorted { ($0.area.y, $0.area.x) < ($1.area.y, $1.area.x) }.map(\.source)
        guard let chosen, let index = ordered.firstIndex(of: chosen) else { return backwards ? ordered.last : ordered.first }
        let next = backwards ? index - 1 : index + 1
        return ordered.indices.contains(next) ? ordered[next] : nil
    }

    /// What the reader's `markup` is called (rule 2).
    public static func name(_ markup: Markup) -> String {
        switch markup.drawing?.shape {
        case .line(_, _, true): tr("Arrow")
        case .stamp(_, .standard(let stamp)): tr("Stamp: {name}", ["name": stamp.title])
        default: name(markup.kind)
        }
    }
}
