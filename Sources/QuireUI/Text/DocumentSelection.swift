import CAdwaita
import CGtk
import CShim
import QuireRemote
import QuireEngine

/// Text selection on the canvas, by the engine's rules (`SelectionSession`): this turns
/// presses, drags and Ctrl+A into its calls, asks poppler for the areas and the text on a
/// thread of its own (`DocumentWorker`), and puts copied text on the clipboard, or on the
/// primary selection when the press ends.
@MainActor
final class DocumentSelection {
    /// The pane the reader selects in (a split view has two; `take`).
    private unowned var canvas: PageCanvas
    /// Its document helper; caret mode reads the pages' characters through it too.
    let worker: DocumentWorker
    private var session = SelectionSession()
    var selection: TextSelection? { session.selection }
    /// Called with the number of characters put on the clipboard.
    var onCopied: ((Int) -> Void)?
    /// A press of the primary button handled (presses, where, whether Shift extended):
    /// caret mode puts its caret there.
    var onPressed: ((Int, Point, Bool) -> Void)?

    /// Takes the canvas's presses, drags, Ctrl+C, Ctrl+A and Escape.
    init(canvas: PageCanvas, file: DocumentFile) {
        self.canvas = canvas
        worker = DocumentWorker(file: file)
        listen(to: canvas, caret: true)
    }

    func stop() { worker.stop() }

    /// A split view's second pane selects too: one selection, made in either pane and drawn
    /// in both, whose areas are read for the pages each shows. Caret mode stays the first
    /// pane's. `release` gives the pane back before it closes.
    func take(_ pane: PageCanvas) {
        let first = canvas
        listen(to: pane, caret: false)
        release = { [unowned self, unowned first, unowned pane] in if self.canvas === pane { self.canvas = first } }
    }

    /// Takes `pane`'s presses, drags, Ctrl+C, Ctrl+A and Escape: the pane they come from is
    /// the one selected in; `caret` hears of the presses.
    private func listen(to pane: PageCanvas, caret: Bool) {
        func inPane(_ body: @escaping @MainActor () -> Void) -> @MainActor () -> Void {
            { [unowned self, unowned pane] in
                self.canvas = pane
                body()
            }
        }
        pane.onPrimaryPress = { [unowned self, unowned pane] presses, point, extending in
            self.canvas = pane
            self.press(at: point, presses: presses, extending: extending)
            if caret { self.onPressed?(presses, point, extending) }
        }
        pane.onPrimaryDrag = { [unowned self, unowned pane] point in
            self.canvas = pane
            self.drag(to: point)
        }
        pane.onPrimaryRelease = inPane { [unowned self] in self.released() }
        pane.onCopyRequested = inPane { [unowned self] in self.copy() }
        pane.onSelectAllRequested = inPane { [unowned self] in self.selectAll() }
        pane.onEscape = { [unowned self] in
            defer { self.clear() }
            return !self.isEmpty
        }
        pane.watchVisiblePages { [weak self, weak pane] visible in
            guard let self, let pane else { return }
            self.requestAreas(visible: visible, sizes: pane.documentSizes)
        }
    }

    /// Gives the second pane back (`take`): the first selects again.
    private(set) var release: @MainActor () -> Void = {}

    var isEmpty: Bool { session.isEmpty }

    /// A press at `point` (view coordinates): starts a selection there, or extends the
    /// current one with Shift. Returns false when there is no page under the pointer.
    @discardableResult
    func press(at point: Point, presses: Int, extending: Bool) -> Bool {
        let here = canvas.pagePoint(atView: point).map { PagePoint(page: $0.page, point: $0.point) }
        if session.press(at: here, presses: presses, extending: extending) { changed() }
        return here != nil
    }

    /// The pointer moved to `point` while pressed.
    func drag(to point: Point) {
        let here = canvas.pagePoint(nearView: point).map { PagePoint(page: $0.page, point: $0.point) }
        if session.drag(to: here) { changed() }
    }

    /// The press ended: the selection becomes the primary selection.
    func released() {
        guard session.isPrimaryCandidate else { return }
        extractText { [weak self] text in
            guard let self, !text.isEmpty else { return }
            Self.put(text, on: gtk_widget_get_primary_clipboard(self.canvas.canvasWidget))
        }
    }

    func selectAll() {
        if session.selectAll(pageSizes: canvas.documentSizes) { changed() }
    }

    func clear() {
        if session.clear() { changed() }
    }

    /// Selects what caret mode's keys selected (nil: nothing).
    func select(_ selection: TextSelection?) {
        if session.select(selection) { changed() }
    }

    /// Puts the selected text on the clipboard (read on the worker; the window stays live).
    func copy() {
        guard !isEmpty else { return }
        extractText { [weak self] text in
            guard let self else { return }
            Self.put(text, on: gtk_widget_get_clipboard(self.canvas.canvasWidget))
            self.onCopied?(text.count)
        }
    }

    /// Offers `text` as UTF-8 bytes.
    private static func put(_ text: String, on clipboard: OpaquePointer?) {
        let bytes = text.withCString { g_bytes_new($0, gsize(strlen($0))) }
        owning(gdk_content_provider_new_for_bytes("text/plain;charset=utf-8", bytes)!) { gdk_clipboard_set_content(clipboard, $0) }
        g_bytes_unref(bytes)
    }


    private func changed() {
        requestAreas()
        canvas.redraw()
    }

    private func requestAreas() { requestAreas(visible: canvas.visiblePages, sizes: canvas.documentSizes) }

    private func requestAreas(visible: Range<Int>, sizes: [Size]) {
        for request in session.requests(visible: visible, pageSizes: sizes) {
            worker.run(key: "areas \(request.span.page)") { document in
                let found = document.selectionAreas(request.span, style: request.style)
                MainLoop.invoke { [weak self] in self?.received(found, page: request.span.page, generation: request.generation) }
            }
        }
    }

    private func received(_ found: [Rect], page: Int, generation: Int) {
        if session.received(found, page: page, generation: generation) { canvas.redraw() }
    }

    /// The selection's areas and text on each of its pages (its first `pageLimit`), read
    /// on the worker: what markups are made of. Pages with no text selected are left out.
    func markedText(_ done: @escaping @MainActor ([(page: Int, areas: [Rect], text: String)]) -> Void) {
        guard let selection else { return }
        let sizes = canvas.documentSizes
        let pages = Array(selection.pages.prefix(Self.pageLimit)).filter { sizes.indices.contains($0) }
        worker.run { document in
            let found = pages.compactMap { page -> (page: Int, areas: [Rect], text: String)? in
                guard let span = selection.span(onPage: page, size: sizes[page]) else { return nil }
                let areas = document.selectionAreas(span, style: selection.style)
                guard !areas.isEmpty else { return nil }
                let onePage = TextSelection(anchor: PagePoint(page: page, point: span.start), head: PagePoint(page: page, point: span.end),
                                            style: selection.style)
                return (page, areas, document.selectedText(onePage).trimmingCharacters(in: .whitespacesAndNewlines))
            }
            MainLoop.invoke { done(found) }
        }
    }

    /// A markup covers at most this many pages of a selection (Select All on a long book).
    static let pageLimit = 50

    private func extractText(_ done: @escaping @MainActor (String) -> Void) {
        guard let selection else { return }
        worker.run { document in
            let text = document.selectedText(selection)
            MainLoop.invoke { done(text) }
        }
    }
}

extension DocumentSelection: PageOverlay {
    /// The selected text's areas on `page`.
    func marks(onPage page: Int) -> [PageMark] {
        guard let areas = session.areas(onPage: page), !areas.isEmpty else { return [] }
        return [PageMark(areas, style: .selection)]
    }
}
