import CGtk
import CShim
import QuireRemote
import QuireEngine

/// Text selection on the canvas: press and drag selects glyph by glyph, a double press
/// word by word, a triple press line by line; Shift+press extends; Ctrl+A selects all.
/// Poppler finds the selected areas and text on a thread of its own (`DocumentWorker`):
/// areas only for the pages in view, text only when copied. While new areas are on their
/// way, the old ones stay drawn. Copy puts the text on the clipboard; a selection made
/// with the pointer also becomes the primary selection (middle-click paste).
@MainActor
final class DocumentSelection {
    private unowned let canvas: PageCanvas
    private let worker: DocumentWorker
    private(set) var selection: TextSelection?
    private var generation = 0
    private var areas: [Int: [Rect]] = [:]      // this selection's areas, page by page
    private var requested: Set<Int> = []
    private var staleAreas: [Int: [Rect]] = [:] // the previous selection's, drawn until replaced
    /// The primary selection is set for selections up to this many pages (a larger one
    /// would make every drag read thousands of pages); Copy takes any size.
    static let primaryPageLimit = 20
    /// Called with the number of characters put on the clipboard.
    var onCopied: ((Int) -> Void)?

    init(canvas: PageCanvas, file: DocumentFile) {
        self.canvas = canvas
        worker = DocumentWorker(file: file)
    }

    func stop() { worker.stop() }

    var isEmpty: Bool {
        guard let selection else { return true }
        return selection.anchor == selection.head && selection.style == .glyph
    }

    /// A press at `point` (view coordinates): starts a selection there, or extends the
    /// current one with Shift. Returns false when there is no page under the pointer.
    @discardableResult
    func press(at point: Point, presses: Int, extending: Bool) -> Bool {
        guard let (page, spot) = canvas.pagePoint(atView: point) else {
            set(nil)
            return false
        }
        let here = PagePoint(page: page, point: spot)
        if extending, let current = selection {
            set(TextSelection(anchor: current.anchor, head: here, style: current.style))
        } else {
            let style: TextSelection.Style = presses >= 3 ? .line : presses == 2 ? .word : .glyph
            set(TextSelection(anchor: here, head: here, style: style))
        }
        return true
    }

    /// The pointer moved to `point` while pressed.
    func drag(to point: Point) {
        guard let current = selection, let (page, spot) = canvas.pagePoint(nearView: point) else { return }
        set(TextSelection(anchor: current.anchor, head: PagePoint(page: page, point: spot), style: current.style))
    }

    /// The press ended: the selection becomes the primary selection.
    func released() {
        guard let selection, !isEmpty, selection.pages.count <= Self.primaryPageLimit else { return }
        extractText { [weak self] text in
            guard let self, !text.isEmpty else { return }
            Self.put(text, on: gtk_widget_get_primary_clipboard(self.canvas.canvasWidget))
        }
    }

    func selectAll() {
        set(TextSelection.all(pageSizes: canvas.documentSizes))
    }

    func clear() { set(nil) }

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
        let provider = gdk_content_provider_new_for_bytes("text/plain;charset=utf-8", bytes)
        g_bytes_unref(bytes)
        gdk_clipboard_set_content(clipboard, provider)
        g_object_unref(UnsafeMutableRawPointer(provider))
    }

    /// The areas to draw on `page`, in points from its top-left as displayed.
    func areas(onPage page: Int) -> [Rect]? { areas[page] ?? staleAreas[page] }

    /// Other pages came into view: their areas are asked for.
    func visiblePagesChanged() { requestAreas() }

    private func set(_ new: TextSelection?) {
        guard new != selection else { return }
        selection = new
        generation += 1
        // The old areas stay on screen until the new ones arrive, so a drag never flickers.
        staleAreas = areas.isEmpty ? staleAreas : areas
        areas = [:]
        requested = []
        if new == nil || isEmpty { staleAreas = [:] }
        requestAreas()
        canvas.redraw()
    }

    private func requestAreas() {
        guard let selection, !isEmpty else { return }
        let sizes = canvas.documentSizes
        for page in canvas.visiblePages where selection.pages.contains(page) && !requested.contains(page) {
            guard let span = selection.span(onPage: page, size: sizes[page]) else { continue }
            requested.insert(page)
            let generation = self.generation, style = selection.style
            worker.run(key: "areas \(page)") { document in
                let found = document.selectionAreas(span, style: style)
                MainLoop.invoke { [weak self] in self?.received(found, page: page, generation: generation) }
            }
        }
    }

    private func received(_ found: [Rect], page: Int, generation: Int) {
        guard generation == self.generation else { return }
        areas[page] = found
        staleAreas[page] = nil
        canvas.redraw()
    }

    private func extractText(_ done: @escaping @MainActor (String) -> Void) {
        guard let selection else { return }
        worker.run { document in
            let text = document.selectedText(selection)
            MainLoop.invoke { done(text) }
        }
    }
}
