import CAdwaita
import CGtk
import CShim
import QuireEngine
import QuireRemote

/// SyncTeX in a document's window: a forward search (from the editor's line) reveals its
/// place and marks it for a moment (`FadingMark`); Ctrl+click on a page runs the editor
/// command at the source line under the pointer. The SyncTeX file is read by a helper
/// process (`RemoteSyncTeX`) on a thread of its own; what it says becomes places on the
/// page, or a line of a file, by `SyncTeXPlaces`'s rules. A missing or broken file, or
/// no editor command, is a notice.
@MainActor
final class DocumentSyncTeX: PageOverlay {
    private unowned let canvas: PageCanvas
    private let file: DocumentFile
    /// Made at the first forward or inverse search: most documents never ask, and every
    /// window would otherwise keep an idle thread for it.
    private var started: HelperWorker<RemoteSyncTeX>?
    private var worker: HelperWorker<RemoteSyncTeX> {
        if let started { return started }
        let made = HelperWorker(open: { [file] () throws(Never) in RemoteSyncTeX(file: file) })
        started = made
        return made
    }
    /// The PDF's path, from which SyncTeX's relative names are read; nil when not a local file.
    private let pdfPath: String?
    private var fading: FadingMark?
    private var fadeTimer: UInt32 = 0
    /// A place waiting for the view to have a size before it is revealed.
    private var pending: SyncTeXPlaces.Mark?
    /// Tells the reader something (no SyncTeX file, no editor command).
    var onNotice: ((String) -> Void)?

    init(file: DocumentFile, canvas: PageCanvas, pdfPath: String?) {
        self.canvas = canvas
        self.pdfPath = pdfPath
        self.file = file
        canvas.addOverlay(self)
        canvas.watchViewMoved { [weak self] in self?.revealPending() }
        // Before the selection's and the links' gestures (capture): a Ctrl+click is ours alone.
        let click = gtk_gesture_click_new()!
        gtk_event_controller_set_propagation_phase(click, GTK_PHASE_CAPTURE)
        Signal.connectClick(click, "pressed") { [weak self] presses, x, y in
            let state = gtk_event_controller_get_current_event_state(click)
            guard presses == 1, state.rawValue & GDK_CONTROL_MASK.rawValue != 0,
                  let self, let spot = self.canvas.pagePoint(atView: Point(x: x, y: y)) else { return }
            gtk_gesture_set_state(click, GTK_EVENT_SEQUENCE_CLAIMED)
            self.inverse(page: spot.page, point: spot.point)
        }
        gtk_widget_add_controller(canvas.canvasWidget, click)
    }

    isolated deinit {
        started?.stop()
        if fadeTimer != 0 { g_source_remove(fadeTimer) }
    }

    /// Shows and marks where `position` of the source lies.
    func forward(_ position: SourcePosition) {
        guard let pdfPath else { return notice(tr("SyncTeX works with local files only.")) }
        let inputs = SyncTeXPlaces.inputNames(for: position.input, pdfPath: pdfPath)
        let nearPage = canvas.currentPage
        worker.run(key: "forward") { remote in
            let answer = Result { () throws(RemoteSyncTeX.Unavailable) in
                try remote.boxes(inputs: inputs, line: position.line, column: position.column, nearPage: nearPage)
            }
            MainLoop.invoke { [weak self] in self?.received(answer, for: position) }
        }
    }

    private func received(_ answer: Result<[SyncTeXPlaces.Box], RemoteSyncTeX.Unavailable>, for position: SourcePosition) {
        switch answer {
        case .failure(let reason): notice(reason.description)
        case .success(let boxes):
            guard let mark = SyncTeXPlaces.mark(boxes, pageSizes: canvas.documentSizes) else {
                return notice(tr("SyncTeX knows no place in this document for line {line} of {file}.", ["line": String(position.line), "file": position.input]))
            }
            pending = mark
            revealPending()
        }
    }

    /// Reveals and marks the place waiting, once the view has a size.
    private func revealPending() {
        guard let mark = pending, canvas.viewportHeight > 0 else { return }
        pending = nil
        fading = FadingMark(mark, shownAt: monotonicSeconds())
        canvas.reveal(mark.shown, onPage: mark.page)
        canvas.redraw()
        fade()
    }

    /// Redraws the mark as it fades, and ends it.
    private func fade() {
        if fadeTimer != 0 { g_source_remove(fadeTimer) }
        fadeTimer = 0
        guard let fading else { return }
        let now = monotonicSeconds()
        if fading.isOver(at: now) {
            self.fading = nil
            canvas.redraw()
            return
        }
        canvas.redraw()
        let steadyLeft = fading.shownAt + FadingMark.steadySeconds - now
        fadeTimer = MainLoop.after(seconds: steadyLeft > 0 ? steadyLeft : 1.0 / 30) { [weak self] in
            self?.fadeTimer = 0
            self?.fade()
        }
    }

    func marks(onPage page: Int) -> [PageMark] {
        guard let fading, fading.mark.page == page else { return [] }
        return [PageMark(fading.mark.areas, style: .syncTeX(opacity: fading.opacity(at: monotonicSeconds())))]
    }

    /// Ctrl+click at `point` of `page`: the editor at the source line there.
    private func inverse(page: Int, point: Point) {
        guard let pdfPath else { return notice(tr("SyncTeX works with local files only.")) }
        let command: EditorCommand
        do {
            guard let template = try Settings.shared.editorCommand() else {
                return notice(tr("Ctrl+click opens the TeX source in your editor: give Quire its command in Preferences (Ctrl+comma), or once with {example}.", ["example": "quire --synctex-editor-command 'gvim --remote +%{line} %{input}'"]))
            }
            command = try EditorCommand(template)
        } catch {
            return notice(tr("Ctrl+click cannot open the editor: {reason}", ["reason": "\(error)"]))
        }
        worker.run(key: "inverse") { remote in
            let answer = Result { () throws(RemoteSyncTeX.Unavailable) in try remote.sources(page: page, point: point) }
            MainLoop.invoke { [weak self] in
                switch answer {
                case .failure(let reason): self?.notice(reason.description)
                case .success(let sources):
                    guard let place = SyncTeXPlaces.place(sources, pdfPath: pdfPath) else {
                        self?.notice(tr("SyncTeX knows no source line at this place."))
                        return
                    }
                    if let failure = EditorLaunch.start(command.arguments(input: place.input, line: place.line, column: place.column)) {
                        self?.notice(tr("The editor could not be started: {reason}.", ["reason": "\(failure)"]))
                    }
                }
            }
        }
    }

    private func notice(_ text: String) {
        printError(text)
        onNotice?(text)
    }
}
