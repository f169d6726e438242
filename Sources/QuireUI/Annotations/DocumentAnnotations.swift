import CAdwaita
import CGtk
import Foundation
import QuireEngine
import QuireRemote

/// The reader's markups and form values on the document shown: markups made from the
/// selection (Ctrl+H and the context menu), values by `DocumentForms`; undone and redone
/// together (`AnnotationEdits`), drawn over the pages until they
/// are saved, and saved by Ctrl+S into the file (`DocumentSaving`, on a thread: the window
/// stays live). Quire's own save is not taken for a change on disk (`onSaved` lets the
/// file watch adopt the new file).
@MainActor
final class DocumentAnnotations {
    private unowned let canvas: PageCanvas
    private let file: DocumentFile
    /// Where Ctrl+S writes: the file opened; nil for a document that is not a local file.
    private let path: String?
    private(set) var edits = AnnotationEdits()
    private var saving = false
    /// Whether there are changes not saved, after each change and save.
    var onModifiedChanged: ((Bool) -> Void)?
    /// A message for the reader (a failed save, nothing selected).
    var onNotice: ((String) -> Void)?
    /// The file on disk is now Quire's own save.
    var onSaved: (() -> Void)?
    /// The markups changed (one made, changed, removed; an undo or redo).
    var onMarkupsChanged: (() -> Void)?
    /// The pages that show these form widgets (the form's, `DocumentForms`), to draw again
    /// when their values change.
    var pagesOfFields: ((_ ids: Set<Int>) -> [Int])?

    /// The file's own annotations on the pages in view and around (`PageObjects`): a click
    /// chooses one, and Delete deletes it.
    private var fileMarks: [Int: [FileAnnotation]] = [:]
    /// The file's annotation the reader clicked, when it is not one of the reader's markups.
    private(set) var chosenInFile: FileAnnotation.Ref?

    init(canvas: PageCanvas, file: DocumentFile, path: String?, objects: PageObjects) {
        self.canvas = canvas
        self.file = file
        self.path = path
        // A click on a markup chooses it (and opens a note); elsewhere it goes on to the links.
        canvas.takeClicks { [unowned self] point in self.click(at: point) }
        objects.onAnnotations = { [unowned self] page, read in self.fileMarks[page] = read }
    }

    /// The file's annotation under `point` of `page`, not deleted, the last drawn first.
    private func fileMark(onPage page: Int, at point: Point) -> FileAnnotation? {
        fileMarks[page]?.last { read in
            // Where the reader moved it, if they did.
            let area = edits.reshapedInFile[read.ref] ?? read.area
            return !edits.removedFromFile.contains(read.ref) && point.x >= area.x - 1 && point.x <= area.maxX + 1
                && point.y >= area.y - 1 && point.y <= area.maxY + 1
        }.flatMap { fileAnnotation($0.ref) }
    }

    /// Chooses what the Annotations pane's row names, as a click on it would.
    func choose(_ source: AnnotationList.Source) {
        switch source {
        case .reader(let id): (chosen, chosenInFile) = (id, nil)
        case .file(let ref): (chosen, chosenInFile) = (nil, ref)
        }
        canvas.redraw()
    }

    var isModified: Bool { edits.isModified }

    /// Marks the selected text as `kind`, one markup per page it covers.
    func mark(_ kind: Markup.Kind, from selection: DocumentSelection) {
        guard !selection.isEmpty else {
            onNotice?(tr("Select some text first"))
            return
        }
        let author = Self.author, now = Date().timeIntervalSince1970, colour = Settings.shared.markupColours.colour(for: kind)
        let cut = (selection.selection?.pages.count ?? 0) > DocumentSelection.pageLimit
        selection.markedText { [weak self] pages in
            guard let self else { return }
            guard !pages.isEmpty else {
                self.onNotice?(tr("There is no text in the selection to mark"))
                return
            }
            let before = self.edits.isModified
            // One step, whatever the pages: one Undo takes the action back.
            self.edits.add(kind: kind, colour: colour, pieces: pages.map { ($0.page, $0.areas, $0.text) }, author: author, created: now)
            selection.clear()
            self.changed(wasModified: before)
            if cut { self.onNotice?(tr("Only the first {count} pages of the selection were marked", ["count": String(DocumentSelection.pageLimit)])) }
        }
    }

    /// The reader chose to lose what is not saved: every markup goes, and nothing asks again.
    func discard() {
        let before = edits.isModified, old = edits
        edits = AnnotationEdits()
        chosen = nil
        chosenInFile = nil
        changed(wasModified: before)
        drawnChanged(from: old)
    }

    /// Takes over the changes made on another opening of the same bytes (a version kept
    /// over a change on disk): drawn, undone and saved as before.
    func adopt(_ carried: AnnotationEdits) {
        let before = edits.isModified, old = edits
        edits = carried
        changed(wasModified: before)
        drawnChanged(from: old)
    }

    /// Sets form widgets' values, as one step to undo.
    func setFields(_ values: [FieldValue]) {
        step { edits in
            edits.setFields(values)
            return true
        }
    }

    func undo() { step { $0.undo() } }
    func redo() { step { $0.redo() } }

    /// The markup the reader clicked, to recolour or delete; nil when none is.
    private(set) var chosen: Int?
    /// A drawing being dragged (`DrawingEditing`): painted in place of its markup's until the release.
    var live: (id: Int, drawing: Drawing)? { didSet { canvas.redraw() } }
    /// The file's annotation being dragged, where the pointer has it (its frame shows there
    /// until the release; the helpers then draw it in its new place).
    var liveInFile: (ref: FileAnnotation.Ref, area: Rect)? { didSet { canvas.redraw() } }

    /// Markups not drawn for now: those an eraser's drag is taking, a text box being typed in.
    var hidden: Set<Int> = [] { didSet { if hidden != oldValue { canvas.redraw() } } }

    /// Adds what the reader drew (`DrawingTools`), one step; nil when it draws nothing.
    @discardableResult
    func add(page: Int, drawing: Drawing, colour: Markup.Colour, text: String = "") -> Markup? {
        let before = edits.isModified
        let made = edits.add(page: page, drawing: drawing, colour: colour, text: text, author: Self.author, created: Date().timeIntervalSince1970)
        if made != nil { changed(wasModified: before) }
        return made
    }

    /// Removes what one drag of the eraser took, as one step.
    func erase(_ ids: [Int]) {
        if let chosen, ids.contains(chosen) { self.chosen = nil }
        step { edits in
            edits.remove(ids: ids)
            return true
        }
    }

    /// A text box's words typed again; a box left empty is removed.
    func retext(id: Int, to text: String) {
        if text.isEmpty, chosen == id { chosen = nil }
        step { edits in
            if text.isEmpty { edits.remove(id: id) } else { edits.setText(id: id, to: text) }
            return true
        }
    }

    /// A click at `point` (view coordinates): on a markup, chooses it (and returns true),
    /// and on a note opens its text; on one of the file's annotations, chooses it (and
    /// returns false, for a link under it); elsewhere, chooses none.
    func click(at point: Point, editing: Bool = true) -> Bool {
        let spot = canvas.pagePoint(atView: point)
        let hit = spot.flatMap { edits.markup(onPage: $0.page, at: $0.point) }
        let inFile = hit == nil ? spot.flatMap { fileMark(onPage: $0.page, at: $0.point) }?.ref : nil
        if hit?.id != chosen || inFile != chosenInFile {
            chosen = hit?.id
            chosenInFile = inFile
            canvas.redraw()
        }
        if editing, let hit, hit.kind == .note { editText(of: hit) }
        // The file's annotation is chosen, and the click goes on: a highlighted link still leads.
        return hit != nil
    }

    /// Places a note with its corner at `point` (view coordinates) on the page there, and
    /// opens it for its text. Nothing when the point is not on a page.
    func addNote(at point: Point) {
        guard let (page, at) = canvas.pagePoint(atView: point), canvas.documentSizes.indices.contains(page) else { return }
        let size = canvas.documentSizes[page], side = Markup.noteSide
        let area = Rect(x: min(max(at.x, 0), max(size.width - side, 0)), y: min(max(at.y, 0), max(size.height - side, 0)), width: side, height: side)
        let before = edits.isModified
        let note = edits.add(page: page, kind: .note, colour: Settings.shared.markupColours.colour(for: .note), areas: [area], text: "", author: Self.author,
                             created: Date().timeIntervalSince1970)
        chosen = note.id
        changed(wasModified: before)
        editText(of: note)
    }

    /// A popover beside the note with its text, taken when the popover closes (Escape, a
    /// click elsewhere): one step to undo.
    private func editText(of note: Markup) {
        guard let area = note.areas.first else { return }
        NoteEditor.open(text: note.text, over: canvas.canvasWidget, pointingAt: canvas.viewRect(of: area, onPage: note.page)) { [weak self] text in
            guard let self else { return }
            let before = self.edits.isModified
            self.edits.setText(id: note.id, to: text)
            self.changed(wasModified: before)
        }
    }

    /// The tooltip over the markup at `point` of `page`: a note's text, else the kind of
    /// markup; with who made it.
    func describe(page: Int, point: Point) -> String? {
        if let markup = edits.markup(onPage: page, at: point) {
            let note = markup.kind == .note ? markup.text : markup.comment
            return Self.tooltip(AnnotationList.name(markup.kind), isNote: markup.kind == .note, text: note, author: markup.author)
        }
        guard let mark = fileMark(onPage: page, at: point) else { return nil }
        return Self.tooltip(AnnotationList.name(mark.kind), isNote: mark.kind == .note, text: mark.text, author: mark.author)
    }

    /// A note's text, or the kind of mark and its text; then who made it.
    private static func tooltip(_ kind: String, isNote: Bool, text: String, author: String) -> String {
        let said = String(text.prefix(500))
        let what = said.isEmpty ? kind : isNote ? said : kind + ": " + said
        return author.isEmpty ? what : "\(what)\n— \(author)"
    }

    /// Deletes the chosen markup (or the file's annotation chosen); false when none is chosen.
    func deleteChosen() -> Bool {
        if let ref = chosenInFile {
            chosenInFile = nil
            step { edits in
                edits.removeFromFile(ref)
                return true
            }
            return true
        }
        guard let chosen else { return false }
        self.chosen = nil
        step { edits in
            edits.remove(id: chosen)
            return true
        }
        return true
    }

    /// Opens the chosen markup's note (its /Contents, the words it marks until the reader
    /// writes one): a note attached to a highlight, as other viewers show it in a pop-up.
    func editChosenNote() {
        guard let markup = edits.markups.first(where: { $0.id == chosen }) else { return }
        guard markup.kind != .note else { return editText(of: markup) }
        guard let area = markup.areas.first else { return }
        NoteEditor.open(text: markup.comment, over: canvas.canvasWidget, pointingAt: canvas.viewRect(of: area, onPage: markup.page)) { [weak self] text in
            self?.step { edits in
                edits.setComment(id: markup.id, to: text)
                return true
            }
        }
    }

    var chosenColour: Markup.Colour? { edits.markups.first { $0.id == chosen }?.colour }

    /// The colours the chosen markup's kind offers (`MarkupColours`); none without one.
    var chosenColours: [Markup.Colour] {
        if let markup = edits.markups.first(where: { $0.id == chosen }) { return MarkupColours.offered(for: markup.kind) }
        return chosenFileKind.map(MarkupColours.offered(forFile:)) ?? []
    }

    private var chosenFileKind: FileAnnotation.Kind? {
        chosenInFile.flatMap { ref in fileMarks[ref.page]?.first { $0.ref == ref }?.kind }
    }

    /// Gives the chosen markup `colour`, which the next ones of its kind then take.
    func recolourChosen(_ colour: Markup.Colour) {
        if let ref = chosenInFile {
            if let kind = chosenFileKind.flatMap(MarkupColours.kind(ofFile:)) { Settings.shared.rememberColour(colour, for: kind) }
            return step { edits in
                edits.recolourInFile(ref, to: colour)
                return true
            }
        }
        guard let chosen else { return }
        if let kind = edits.markups.first(where: { $0.id == chosen })?.kind { Settings.shared.rememberColour(colour, for: kind) }
        step { edits in
            edits.recolour(id: chosen, to: colour)
            return true
        }
    }

    private func step(_ change: (inout AnnotationEdits) -> Bool) {
        let before = edits.isModified, old = edits
        if change(&edits) { changed(wasModified: before) }
        drawnChanged(from: old)
    }

    /// What the helpers draw of the document's own objects changed (a field's value, a
    /// file's annotation deleted or recoloured, an undo of one): they are told all of it,
    /// and the pages that changed are drawn again.
    private func drawnChanged(from old: AnnotationEdits) {
        let now = edits.documentChanges
        guard now != old.documentChanges else { return }
        func changed<Key: Hashable, Value: Equatable>(_ a: [Key: Value], _ b: [Key: Value]) -> Set<Key> {
            Set(a.keys).union(b.keys).filter { a[$0] != b[$0] }
        }
        let refs = old.removedFromFile.symmetricDifference(edits.removedFromFile)
            .union(changed(old.recolouredInFile, edits.recolouredInFile))
            .union(changed(old.reshapedInFile, edits.reshapedInFile))
        let fields = changed(old.fieldValues, edits.fieldValues)
        let pages = Set(refs.map(\.page)).union(fields.isEmpty ? [] : pagesOfFields?(fields) ?? [])
        canvas.contentChanged(pages: Array(pages), revision: file.show(now))
    }

    private func changed(wasModified: Bool) {
        canvas.redraw()
        onMarkupsChanged?()
        if edits.isModified != wasModified { onModifiedChanged?(edits.isModified) }
    }

    /// The window Save As's file chooser belongs to.
    var parent: UnsafeMutablePointer<GtkWidget>?
    /// The name Save As offers for a document that is no local file (a web document's).
    var nameToSave: String?
    /// The file written by Save As, to be shown in place of the document.
    var onSavedAs: ((String) -> Void)?

    /// Save As: writes the markups and the document into another file the reader chooses,
    /// which the window then shows (as GNOME's editors do; the file opened is left as it was).
    func saveAs() {
        let name = path.map { ($0 as NSString).lastPathComponent } ?? nameToSave ?? "annotated.pdf"
        FileChooser.choosePDFToSave(parent: parent, name: name, folder: path.map { ($0 as NSString).deletingLastPathComponent }) { [weak self] target in
            self?.save(to: target) { [weak self] written in if written { self?.onSavedAs?(target) } }
        }
    }

    /// Save with Recognised Text: Save As, with the scan's recognised pages written into the
    /// new file as invisible text (`TextLayer`), so that other readers find and copy them.
    func saveWithRecognisedText() {
        let layers = file.recognised.withLock { pages in
            pages.sorted { $0.key < $1.key }.map { TextLayer.Page(page: $0.key, words: $0.value.words) }
        }
        guard !layers.isEmpty else { return onNotice?(tr("No page of this document has recognised text to save")) ?? () }
        let name = path.map { (($0 as NSString).lastPathComponent as NSString).deletingPathExtension } ?? nameToSave.map { ($0 as NSString).deletingPathExtension } ?? "scan"
        FileChooser.choosePDFToSave(parent: parent, name: tr("{name} (with text).pdf", ["name": name]),
                                    folder: path.map { ($0 as NSString).deletingLastPathComponent }) { [weak self] target in
            self?.save(to: target, textLayers: layers) { [weak self] written in if written { self?.onSavedAs?(target) } }
        }
    }

    /// Writes the markups into the file, on a thread; the reader is told if it fails, and
    /// a read-only file is offered Save As. `done` learns whether it was written.
    func save(then done: @escaping @MainActor (Bool) -> Void = { _ in }) {
        guard let path else {
            onNotice?(tr("This document is not a file on this computer: choose where to save it"))
            saveAs()
            return done(false)
        }
        save(to: path, then: done)
    }

    private func save(to path: String, textLayers: [TextLayer.Page] = [], then done: @escaping @MainActor (Bool) -> Void) {
        guard !saving else { return }
        saving = true
        let content = edits.content, changes = edits.documentChanges, file = self.file, started = monotonicSeconds()
        startThread {
            let outcome = Result { () throws(DocumentSaving.Failure) in
                try DocumentSaving.save(content.markups, changes: changes, textLayers: textLayers, layerFont: textLayers.isEmpty ? [] : RemoteRecognizer.layerFont(),
                                        of: file, to: path)
            }
            let seconds = monotonicSeconds() - started
            MainLoop.invoke { [weak self] in
                self?.saved(content, outcome, seconds: seconds)
                done((try? outcome.get()) != nil)
            }
        }
    }

    private func saved(_ content: AnnotationEdits.Content, _ outcome: Result<Void, DocumentSaving.Failure>, seconds: Double) {
        saving = false
        switch outcome {
        case .success:
            printError("saved \(content.markups.count) annotations and \(content.fieldValues.count) field values (\(Int((seconds * 1000).rounded())) ms)")
            onSaved?()
            // What was saved is the state now, unless the reader changed it meanwhile; the
            // pane no longer calls what the file holds unsaved.
            let before = edits.isModified
            edits.wasSaved(content)
            onMarkupsChanged?()
            if edits.isModified != before { onModifiedChanged?(edits.isModified) }
        case .failure(let failure):
            printError("the document could not be saved: \(failure)")
            onNotice?(tr("The document could not be saved: {reason}", ["reason": "\(failure)"]))
            if failure.isReadOnly { saveAs() }
        }
    }

    /// The reader's real name, else the login name.
    private static var author: String {
        let name = g_get_real_name().map { String(cString: $0) } ?? ""
        if !name.isEmpty, name != "Unknown" { return name }
        return g_get_user_name().map { String(cString: $0) } ?? ""
    }
}

extension DocumentAnnotations: PageOverlay {
    func marks(onPage page: Int) -> [PageMark] {
        let own: [PageMark] = edits.markups(onPage: page).filter { !hidden.contains($0.id) }.map(shown).flatMap { markup -> [PageMark] in
            let style: PageMark.Style = markup.drawing.map { .drawing($0, markup.colour, text: markup.text) } ?? .markup(markup.kind, markup.colour)
            // A chosen drawing shows its frame and handles instead (`DrawingEditing`).
            return [PageMark(markup.areas, style: style)] + (markup.id == chosen && markup.drawing == nil ? [PageMark(markup.areas, style: .chosenMarkup)] : [])
        }
        // The file's chosen: tinted, unless it is drawn (it shows its frame and handles).
        guard let ref = chosenInFile, ref.page == page, let inFile = fileMarks[page]?.first(where: { $0.ref == ref }),
              !FileAnnotation.movableKinds.contains(inFile.kind) else { return own }
        return own + [PageMark([inFile.area], style: .chosenMarkup)]
    }
}

/// Drawings taken in hand (`DrawingEditing`): chosen, dragged, reshaped, placed; and the
/// page's annotations for Tab.
extension DocumentAnnotations {
    /// The markup as it shows: a drawing being dragged where the pointer has it.
    func shown(_ markup: Markup) -> Markup {
        guard let live, live.id == markup.id else { return markup }
        return Markup(id: markup.id, page: markup.page, drawing: live.drawing, colour: markup.colour, text: markup.text,
                      author: markup.author, created: markup.created)
    }

    /// The reader's drawing chosen, if the markup chosen is one.
    var chosenDrawing: Markup? { edits.markups.first { $0.id == chosen && $0.drawing != nil } }

    /// What is chosen: one of the reader's markups or one of the file's annotations.
    var chosenSource: AnnotationList.Source? {
        if let chosen { return .reader(id: chosen) }
        return chosenInFile.map { .file($0) }
    }

    /// The page of what is chosen.
    var chosenPage: Int? { chosenInFile?.page ?? edits.markups.first { $0.id == chosen }?.page }

    /// Chooses nothing; false when nothing was chosen.
    func unchoose() -> Bool {
        guard chosenSource != nil else { return false }
        choose(nil)
        return true
    }

    /// Chooses `source` (nil: none).
    func choose(_ source: AnnotationList.Source?) {
        guard let source else {
            (chosen, chosenInFile) = (nil, nil)
            return canvas.redraw()
        }
        choose(source)
    }

    /// Gives the drawn markup `id` a new drawing (moved, resized): one step to undo.
    func reshape(id: Int, to drawing: Drawing) {
        live = nil
        step { edits in
            edits.reshape(id: id, to: drawing)
            return true
        }
    }

    /// Adds `drawing` to `page` in `colour`, chosen: one step to undo.
    @discardableResult
    func place(_ drawing: Drawing, onPage page: Int, colour: Markup.Colour) -> Markup? {
        let before = edits.isModified
        guard let made = edits.add(page: page, drawing: drawing, colour: colour, author: Self.readerName, created: Date().timeIntervalSince1970) else { return nil }
        (chosen, chosenInFile) = (made.id, nil)
        changed(wasModified: before)
        return made
    }

    /// The annotations of `page`, the reader's and the file's not deleted, with their areas: what Tab goes through.
    func annotations(onPage page: Int) -> [(source: AnnotationList.Source, area: Rect)] {
        let own = edits.markups(onPage: page).map { (source: AnnotationList.Source.reader(id: $0.id), area: $0.areas.first ?? Rect(x: 0, y: 0, width: 0, height: 0)) }
        let file = (fileMarks[page] ?? []).filter { !edits.removedFromFile.contains($0.ref) }.map { (source: AnnotationList.Source.file($0.ref), area: $0.area) }
        return file + own
    }

    /// The file's annotation `ref`, as read for the pages around the view, where the reader
    /// moved it if they did.
    func fileAnnotation(_ ref: FileAnnotation.Ref) -> FileAnnotation? {
        guard let read = fileMarks[ref.page]?.first(where: { $0.ref == ref }) else { return nil }
        guard let area = edits.reshapedInFile[ref] else { return read }
        return FileAnnotation(page: read.page, index: read.index, area: area, kind: read.kind, colour: read.colour, text: read.text, author: read.author)
    }

    /// The file's drawn annotation chosen (ink, a line, a shape, a text box, a stamp), which
    /// can be moved and resized as the reader's drawings can; nil for another kind.
    var chosenMovableInFile: FileAnnotation? {
        chosenInFile.flatMap(fileAnnotation).flatMap { FileAnnotation.movableKinds.contains($0.kind) ? $0 : nil }
    }

    /// Moves or resizes the file's annotation `ref` to `area`: one step to undo.
    func reshapeInFile(_ ref: FileAnnotation.Ref, to area: Rect) {
        liveInFile = nil
        step { edits in
            edits.reshapeInFile(ref, to: area)
            return true
        }
    }

    /// The reader's name, as markups are signed.
    static var readerName: String { author }
}
