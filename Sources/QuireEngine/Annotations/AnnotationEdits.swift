/// The reader's changes to a document's annotations and form fields, as one history that
/// undoes and redoes. The policy:
///  1. Every change (a markup or note added, removed, recoloured, its kind or text
///     changed; the markups one action makes over several pages together; a field's
///     value set, a radio group's buttons together; one of the file's own annotations
///     deleted or recoloured) is one step;
///     Undo takes back the last step, Redo does it again; a new change after an undo
///     drops the steps undone.
///  2. The document is modified when what it shows differs from what was last saved:
///     undoing back to the saved state is unmodified again; a save marks the state saved.
///  3. A save writes `markups` and `fieldValues`, all of them, into the document as it was opened (the
///     bytes the window holds, not the file on disk, which the save replaced): saving
///     again after removing one leaves it out, with no need to edit the saved file.
///  4. Steps on markups that are gone (a stale id) change nothing and are not recorded.
///  5. What a save wrote is what the file holds (`written`), even when the reader changed
///     something while it was written: a markup is saved when the file holds it as it is.
///  6. A drawing (`Drawing`) is a markup too: made, moved, resized, restyled and erased each as
///     one step; a drawing with nothing to draw is not made, and a change that would leave
///     nothing is not taken.
public struct AnnotationEdits: Equatable, Sendable {
    public private(set) var markups: [Markup] = []
    /// The reader's values of form widgets, by `FormField.id`; a widget not here has the
    /// document's own.
    public private(set) var fieldValues: [Int: FormValue] = [:]
    /// The file's own annotations the reader deleted, and those recoloured.
    public private(set) var removedFromFile: Set<FileAnnotation.Ref> = []
    public private(set) var recolouredInFile: [FileAnnotation.Ref: Markup.Colour] = [:]
    /// The file's own annotations the reader moved or resized: their new areas.
    public private(set) var reshapedInFile: [FileAnnotation.Ref: Rect] = [:]
    /// What a save writes: the markups, the fields' values, the file's annotations left out.
    public struct Content: Equatable, Sendable {
        public let markups: [Markup]
        public let fieldValues: [Int: FormValue]
        public var removedFromFile: Set<FileAnnotation.Ref> = []
        public var recolouredInFile: [FileAnnotation.Ref: Markup.Colour] = [:]
        public var reshapedInFile: [FileAnnotation.Ref: Rect] = [:]
        /// No change: what a file holds of the reader's before any save.
        public static let none = Content(markups: [], fieldValues: [:])
    }
    public var content: Content {
        Content(markups: markups, fieldValues: fieldValues, removedFromFile: removedFromFile, recolouredInFile: recolouredInFile,
                reshapedInFile: reshapedInFile)
    }
    /// What the file holds of the reader's changes: the content last saved (rule 5).
    public private(set) var written = Content.none

    /// What the helpers are to draw and the save to write of the document's own objects.
    public var documentChanges: DocumentChanges {
        DocumentChanges(fields: FieldValue.ordered(fieldValues), removed: removedFromFile.sorted(),
                        recoloured: recolouredInFile.sorted { $0.key < $1.key }.map { DocumentChanges.Recolouring(ref: $0.key, colour: $0.value) },
                        reshaped: reshapedInFile.sorted { $0.key < $1.key }.map { DocumentChanges.Reshaping(ref: $0.key, area: $0.value) })
    }

    private struct FieldChange: Equatable, Sendable {
        let id: Int
        let from: FormValue?
        let to: FormValue
    }
    private enum Step: Equatable, Sendable {
        case add([Markup])
        case remove(Markup, at: Int)
        case change(from: Markup, to: Markup)
        case fields([FieldChange])
        case removeFromFile(FileAnnotation.Ref)
        case recolourInFile(FileAnnotation.Ref, from: Markup.Colour?, to: Markup.Colour)
        /// Several markups taken at once (an eraser's drag), each where it was, in order.
        case removeAll([Markup], at: [Int])
        case reshapeInFile(FileAnnotation.Ref, from: Rect?, to: Rect)
    }
    private var steps: [Step] = []
    /// Steps done (the rest of `steps` are undone, to redo).
    private var done = 0
    /// `done` when last saved; nil when that state can no longer be reached by undo or redo.
    private var saved: Int? = 0
    private var nextID = 1

    public init() {}

    public var isModified: Bool { saved != done }
    public var canUndo: Bool { done > 0 }
    public var canRedo: Bool { done < steps.count }

    public func markups(onPage page: Int) -> [Markup] { markups.filter { $0.page == page } }

    /// The markup under `point` of `page` (points, as its areas), the latest made first
    /// where they overlap; a point within `slack` of an area counts.
    public func markup(onPage page: Int, at point: Point, slack: Double = 1) -> Markup? {
        markups.last { markup in
            guard markup.page == page else { return false }
            // A drawing by what it draws: a stroke where it passes, not its whole box.
            if let drawing = markup.drawing { return drawing.hits(point, slack: max(slack, 3)) }
            return markup.areas.contains { area in
                point.x >= area.x - slack && point.x <= area.maxX + slack && point.y >= area.y - slack && point.y <= area.maxY + slack
            }
        }
    }

    /// Adds a markup (its id given here); returns it.
    @discardableResult
    public mutating func add(page: Int, kind: Markup.Kind, colour: Markup.Colour, areas: [Rect], text: String,
                             author: String, created: Double) -> Markup {
        add(kind: kind, colour: colour, pieces: [(page, areas, text)], author: author, created: created)[0]
    }

    /// Adds the markups one action makes (a selection over several pages: one a page) as
    /// one step, so that one Undo takes them all back; returns them.
    @discardableResult
    public mutating func add(kind: Markup.Kind, colour: Markup.Colour, pieces: [(page: Int, areas: [Rect], text: String)],
                             author: String, created: Double) -> [Markup] {
        let made = pieces.map { piece in
            defer { nextID += 1 }
            return Markup(id: nextID, page: piece.page, kind: kind, colour: colour, areas: Array(piece.areas.prefix(Markup.areaLimit)),
                          text: String(piece.text.prefix(Markup.textLimit)), author: String(author.prefix(256)), created: created)
        }
        if !made.isEmpty { record(.add(made)) }
        return made
    }

    /// Adds what the reader drew (rule 6); nil when it draws nothing.
    @discardableResult
    public mutating func add(page: Int, drawing: Drawing, colour: Markup.Colour, text: String = "", author: String, created: Double) -> Markup? {
        let drawing = drawing.bounded()
        guard drawing.isVisible else { return nil }
        defer { nextID += 1 }
        let made = Markup(id: nextID, page: page, drawing: drawing, colour: colour, text: String(text.prefix(Markup.textLimit)),
                          author: String(author.prefix(256)), created: created)
        record(.add([made]))
        return made
    }

    /// Gives a drawn markup a new drawing of the same kind (moved, resized, another width,
    /// fill or font size), as one step (rule 6).
    public mutating func reshape(id: Int, to drawing: Drawing) {
        let drawing = drawing.bounded()
        guard drawing.isVisible else { return }
        change(id) { markup in
            guard markup.drawing != nil, markup.kind == drawing.kind else { return }
            markup.drawing = drawing
            markup.areas = [drawing.bounds]
        }
    }

    public mutating func remove(id: Int) {
        guard let index = markups.firstIndex(where: { $0.id == id }) else { return }
        record(.remove(markups[index], at: index))
    }

    /// Removes the markups of `ids` as one step (what one drag of the eraser takes);
    /// nothing is recorded when none is there.
    public mutating func remove(ids: [Int]) {
        let found = markups.indices.filter { ids.contains(markups[$0].id) }
        guard !found.isEmpty else { return }
        record(.removeAll(found.map { markups[$0] }, at: found))
    }

    public mutating func recolour(id: Int, to colour: Markup.Colour) {
        change(id) { $0.colour = colour }
    }

    /// A note's text (or a markup's /Contents), bounded as `add` bounds it.
    public mutating func setText(id: Int, to text: String) {
        change(id) { $0.text = String(text.prefix(Markup.textLimit)) }
    }

    /// The note attached to a text markup, bounded as texts are.
    public mutating func setComment(id: Int, to comment: String) {
        change(id) { $0.comment = String(comment.prefix(Markup.textLimit)) }
    }

    /// A text markup's kind (a highlight made an underline); drawn kinds keep theirs.
    public mutating func setKind(id: Int, to kind: Markup.Kind) {
        change(id) { markup in
            guard !markup.kind.isDrawn, !kind.isDrawn else { return }
            markup.kind = kind
        }
    }

    /// Sets form widgets' values, in this order, as one step (a radio group's buttons
    /// change together); values equal to those already set are left out, and nothing is
    /// recorded when none is left. Values are bounded (`FormValue.bounded`).
    public mutating func setFields(_ values: [FieldValue]) {
        let changes = values.compactMap { set -> FieldChange? in
            let bounded = set.value.bounded()
            return fieldValues[set.id] == bounded ? nil : FieldChange(id: set.id, from: fieldValues[set.id], to: bounded)
        }
        guard !changes.isEmpty, changes.count <= Self.fieldsPerStep else { return }
        record(.fields(changes))
    }

    /// Deletes one of the file's own annotations (a save leaves it out); nothing when it is
    /// deleted already.
    public mutating func removeFromFile(_ ref: FileAnnotation.Ref) {
        guard !removedFromFile.contains(ref) else { return }
        record(.removeFromFile(ref))
    }

    /// Gives one of the file's own annotations another colour.
    public mutating func recolourInFile(_ ref: FileAnnotation.Ref, to colour: Markup.Colour) {
        guard recolouredInFile[ref] != colour else { return }
        record(.recolourInFile(ref, from: recolouredInFile[ref], to: colour))
    }

    /// Moves or resizes one of the file's own annotations (one another program made) onto
    /// `area` (points from the top-left of the page as displayed), as one step; an area that
    /// is not a finite rectangle of at least `Drawing.smallest` points a side is not taken.
    public mutating func reshapeInFile(_ ref: FileAnnotation.Ref, to area: Rect) {
        guard [area.x, area.y, area.width, area.height].allSatisfy({ $0.isFinite && abs($0) < 1e6 }),
              area.width >= Drawing.smallest, area.height >= Drawing.smallest, reshapedInFile[ref] != area else { return }
        record(.reshapeInFile(ref, from: reshapedInFile[ref], to: area))
    }

    /// More widgets than any one click changes (a radio group's buttons).
    public static let fieldsPerStep = FormField.perPageLimit * 4

    private mutating func change(_ id: Int, _ edit: (inout Markup) -> Void) {
        guard let old = markups.first(where: { $0.id == id }) else { return }
        var new = old
        edit(&new)
        guard new != old else { return }
        record(.change(from: old, to: new))
    }

    private mutating func record(_ step: Step) {
        if let saved, saved > done { self.saved = nil }
        steps.removeSubrange(done...)
        steps.append(step)
        apply(step)
        done += 1
    }

    /// Takes back the last change; returns whether there was one.
    @discardableResult
    public mutating func undo() -> Bool {
        guard canUndo else { return false }
        done -= 1
        revert(steps[done])
        return true
    }

    /// Does again the last change undone; returns whether there was one.
    @discardableResult
    public mutating func redo() -> Bool {
        guard canRedo else { return false }
        apply(steps[done])
        done += 1
        return true
    }

    /// `content` was written into the file: the state now is the saved one, unless it
    /// changed while the save wrote (rule 5).
    public mutating func wasSaved(_ content: Content) {
        written = content
        if content == self.content { saved = done }
    }

    /// What the edits hold now was written into the file.
    public mutating func wasSaved() { wasSaved(content) }

    private mutating func apply(_ step: Step) {
        switch step {
        case .add(let made): markups += made
        case .remove(let markup, _): markups.removeAll { $0.id == markup.id }
        case .change(_, let new): if let index = markups.firstIndex(where: { $0.id == new.id }) { markups[index] = new }
        case .fields(let changes): for change in changes { fieldValues[change.id] = change.to }
        case .removeFromFile(let ref): removedFromFile.insert(ref)
        case .recolourInFile(let ref, _, let colour): recolouredInFile[ref] = colour
        case .removeAll(let taken, _): markups.removeAll { markup in taken.contains { $0.id == markup.id } }
        case .reshapeInFile(let ref, _, let area): reshapedInFile[ref] = area
        }
    }

    private mutating func revert(_ step: Step) {
        switch step {
        case .add(let made): markups.removeAll { markup in made.contains { $0.id == markup.id } }
        case .remove(let markup, let index): markups.insert(markup, at: min(index, markups.count))
        case .change(let old, _): if let index = markups.firstIndex(where: { $0.id == old.id }) { markups[index] = old }
        case .fields(let changes): for change in changes.reversed() { fieldValues[change.id] = change.from }
        case .removeFromFile(let ref): removedFromFile.remove(ref)
        case .recolourInFile(let ref, let colour, _): recolouredInFile[ref] = colour
        case .removeAll(let taken, let indices): for (markup, index) in zip(taken, indices) { markups.insert(markup, at: min(index, markups.count)) }
        case .reshapeInFile(let ref, let area, _): reshapedInFile[ref] = area
        }
    }
}
