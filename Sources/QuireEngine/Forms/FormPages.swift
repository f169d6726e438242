/// The form fields of the pages read so far, and what the reader's clicks and keys do to
/// them. The policy:
///  1. A page's widgets are read once (they are few and small) and kept while the
///     document is open; a page is asked for when it comes into view.
///  2. A click on a fillable widget takes it: a check box turns over, a radio button
///     turns on and the others of its group off (a button already on stays on), a text
///     field or a choice is focused for editing. Read-only fields, push buttons and
///     signatures take no click (a push button would run its action; Quire runs none).
///  3. Tab and Shift+Tab go through the fillable widgets in the document's order (page by
///     page, each page's in its annotation order), from the focused one, or from the
///     first on the page shown when none is; past the last they come round to the first.
///  4. A widget's value is the reader's (`AnnotationEdits.fieldValues`) where there is
///     one, else the document's.
public struct FormPages: Sendable {
    private var pages: [Int: [FormField]] = [:]

    public init() {}

    public subscript(page: Int) -> [FormField]? { pages[page] }
    public var readPages: [Int] { pages.keys.sorted() }
    public var isEmpty: Bool { pages.values.allSatisfy(\.isEmpty) }

    /// Keeps a page's widgets as read (at most `FormField.perPageLimit`, on that page only).
    public mutating func received(_ fields: [FormField], forPage page: Int) {
        pages[page] = Array(fields.filter { $0.page == page }.prefix(FormField.perPageLimit))
    }

    public func field(id: Int) -> FormField? {
        for fields in pages.values { if let found = fields.first(where: { $0.id == id }) { return found } }
        return nil
    }

    /// The widget under `point` of `page`, the last drawn first where they overlap.
    public func field(onPage page: Int, at point: Point) -> FormField? {
        pages[page]?.last { field in
            point.x >= field.area.x && point.x <= field.area.maxX && point.y >= field.area.y && point.y <= field.area.maxY
        }
    }

    public static func value(of field: FormField, in edits: [Int: FormValue]) -> FormValue { edits[field.id] ?? field.value }

    /// What a click (or Space) on `field` changes, as values by id: empty for a text field
    /// or a choice (those are edited, rule 2) and for what is not fillable.
    public func toggled(_ field: FormField, in edits: [Int: FormValue]) -> [FieldValue] {
        guard field.isFillable else { return [] }
        switch field.kind {
        case .checkBox:
            let on = Self.value(of: field, in: edits) == .on(true)
            return [FieldValue(id: field.id, value: .on(!on))]
        case .radio:
            guard Self.value(of: field, in: edits) != .on(true) else { return [] }
            let others = pages.values.joined().filter { $0.kind == .radio && $0.name == field.name && $0.id != field.id }
                .filter { Self.value(of: $0, in: edits) == .on(true) }
            // Off first, then on: the helpers apply them in this order.
            return others.map { FieldValue(id: $0.id, value: .on(false)) } + [FieldValue(id: field.id, value: .on(true))]
        default:
            return []
        }
    }

    /// The fillable widget Tab (or Shift+Tab, `backwards`) goes to from `current` (rule 3);
    /// from `page`'s first (or last) when nothing is focused. Nil when none is read.
    public func next(after current: Int?, backwards: Bool = false, fromPage page: Int = 0) -> FormField? {
        let order = pages.keys.sorted().flatMap { pages[$0]!.filter(\.isFillable) }
        guard !order.isEmpty else { return nil }
        if let current, let at = order.firstIndex(where: { $0.id == current }) {
            return order[(at + (backwards ? order.count - 1 : 1)) % order.count]
        }
        if backwards { return order.last { $0.page <= page } ?? order.last }
        return order.first { $0.page >= page } ?? order.first
    }
}
