import CAdwaita
import CGtk
import QuireEngine
import QuireRemote

/// Caret mode (F7), by the engine's rules (`Caret`): a text cursor on the page that the
/// arrows, Home and End move (Ctrl: by words), Shift selecting from its anchor through
/// `DocumentSelection`, so that the selection is drawn and copied as one made with the
/// pointer; a press puts the caret there. F7 asks nothing: it switches the mode, as the
/// check mark in the view menu shows; F7 or Escape leaves it.
/// Pages' characters are read through the selection's document helper and kept
/// (`PageCharactersReader`); a
/// move that needs a page not read yet waits for it, and the keys pressed meanwhile wait
/// behind it, in order.
@MainActor
final class DocumentCaret {
    private unowned let canvas: PageCanvas
    private unowned let selection: DocumentSelection
    private let pages: PageCharactersReader
    private var caret: Caret?
    private var waiting: [(move: CaretMove, extending: Bool)] = []
    /// Where the caret goes once the page's characters are read.
    private enum Start {
        case firstText(page: Int, top: Double)
        case pressed(page: Int, point: Point)
    }
    private var start: Start?
    private var bar: (page: Int, rect: Rect)?
    /// The anchor's page, kept out of the cache's reach while Shift selects far from it.
    private var anchorPage: (page: Int, characters: PageCharacters)?
    private(set) var isOn = false
    /// The most keys kept waiting for a page's characters.
    static let waitingLimit = 256
    /// Hears caret mode start and end.
    var onModeChanged: ((Bool) -> Void)?

    /// Takes the canvas's caret keys, and presses while the mode is on.
    init(canvas: PageCanvas, selection: DocumentSelection, stored: TextStoreSlot? = nil, trace: Bool = false) {
        self.canvas = canvas
        self.selection = selection
        pages = PageCharactersReader(worker: selection.worker, canvas: canvas, stored: stored, trace: trace)
        pages.arrived = { [unowned self] _ in self.pageArrived() }
        canvas.onCaretKey = { [unowned self] keyval, control, shift in self.key(keyval, control: control, shift: shift) }
        canvas.accessiblePages?.onReaderMovedCaret = { [unowned self] place in self.readerPlaced(place) }
        selection.onPressed = { [unowned self, unowned canvas] presses, point, extending in
            if self.isOn, presses == 1, !extending, let here = canvas.pagePoint(atView: point) {
                self.begin(at: .pressed(page: here.page, point: here.point))
            }
        }
    }

    /// Leaves caret mode; the helper is the selection's, which stops it.
    func stop() { leave() }

    /// A scan's page was recognised: its characters are read again, and a caret on it finds its words.
    func pageRecognised(_ page: Int) {
        pages.forget(page)
        if isOn, caret?.place.page == page { pages.read(page) }
    }

    func toggle() { if isOn { leave() } else { enter() } }

    /// Starts caret mode at the first text in view.
    func enter() {
        guard !isOn else { return }
        isOn = true
        onModeChanged?(true)
        let top = canvas.pagePoint(nearView: Point(x: canvas.viewportSize.width / 2, y: 0))
        begin(at: .firstText(page: top?.page ?? canvas.currentPage, top: top?.point.y ?? 0))
    }

    /// Ends caret mode; what it selected stays selected.
    func leave() {
        guard isOn else { return }
        isOn = false
        caret = nil
        waiting = []
        start = nil
        bar = nil
        anchorPage = nil
        canvas.accessiblePages?.caretEnded()
        onModeChanged?(false)
        canvas.redraw()
    }

    private func begin(at start: Start) {
        caret = nil
        bar = nil
        waiting = []
        self.start = start
        placeCaret()
    }

    /// Puts the caret where `start` says, once its page is read; a page without text passes
    /// the first text on to the next page.
    private func placeCaret() {
        switch start {
        case .firstText(let page, let top)?:
            guard let characters = characters(onPage: page) else { return }
            if let place = Caret.firstPlace(onPage: page, at: top, in: characters) {
                placed(at: place)
            } else {
                start = page + 1 < canvas.pageCount ? .firstText(page: page + 1, top: 0) : nil
                placeCaret()
            }
        case .pressed(let page, let point)?:
            guard let characters = characters(onPage: page) else { return }
            start = nil
            if let place = Caret.place(nearest: point, onPage: page, in: characters) { placed(at: place) }
        case nil:
            break
        }
    }

    private func placed(at place: CaretPlace) {
        start = nil
        caret = Caret(at: place)
        moved(selecting: false)
        makeWaitingMoves()
    }

    /// The screen reader put the caret at `place` (on the page it follows): it goes there,
    /// and what was selected is no longer.
    private func readerPlaced(_ place: CaretPlace) {
        guard isOn, start == nil, place != caret?.place else { return }
        waiting = []
        caret = Caret(at: place)
        moved(selecting: true)
    }

    private func key(_ keyval: UInt32, control: Bool, shift: Bool) -> Bool {
        guard isOn else { return false }
        let move: CaretMove
        switch Int32(keyval) {
        case GDK_KEY_Escape where !control && !shift:
            leave()
            return true
        case GDK_KEY_Left, GDK_KEY_KP_Left: move = control ? .wordLeft : .left
        case GDK_KEY_Right, GDK_KEY_KP_Right: move = control ? .wordRight : .right
        case GDK_KEY_Up, GDK_KEY_KP_Up: move = .up
        case GDK_KEY_Down, GDK_KEY_KP_Down: move = .down
        case GDK_KEY_Home, GDK_KEY_KP_Home: move = .lineStart
        case GDK_KEY_End, GDK_KEY_KP_End: move = .lineEnd
        default: return false
        }
        // Without text to stand in, the keys do nothing (and do not pile up).
        guard caret != nil || start != nil, waiting.count < Self.waitingLimit else { return true }
        waiting.append((move, shift))
        makeWaitingMoves()
        return true
    }

    /// Makes the moves waiting, in order, until one needs a page not read yet.
    private func makeWaitingMoves() {
        while var moving = caret, let next = waiting.first {
            let outcome = moving.move(next.move, extending: next.extending, pageCount: canvas.pageCount) { self.pages.characters(onPage: $0) }
            if case .needs(let page) = outcome { return pages.read(page) }
            waiting.removeFirst()
            caret = moving
            if outcome == .moved { moved(selecting: true) }
        }
    }

    /// The caret moved: its bar is drawn and kept in view; a key's move also selects from the
    /// anchor (or clears the selection).
    private func moved(selecting: Bool) {
        guard let caret else { return }
        let here = pages.characters(onPage: caret.place.page)
        if !caret.isSelecting { anchorPage = here.map { (caret.place.page, $0) } }
        if selecting {
            let anchor = anchorPage
            selection.select(caret.selection { page in page == anchor?.page ? anchor?.characters : self.pages.characters(onPage: page) })
        }
        bar = here.flatMap(caret.bar).map { (caret.place.page, $0) }
        if let here { canvas.accessiblePages?.caretMoved(caret, characters: here) }
        if let bar { canvas.reveal(bar.rect, onPage: bar.page, recording: false) }
        canvas.redraw()
    }

    /// The page's characters when read; else nil, and they are asked for.
    private func characters(onPage page: Int) -> PageCharacters? {
        if let found = pages.characters(onPage: page) { return found }
        pages.read(page)
        return nil
    }

    /// A page's characters came: the caret is placed, or the moves waiting for it are made.
    private func pageArrived() {
        guard isOn else { return }
        if start != nil { placeCaret() } else { makeWaitingMoves() }
    }
}

extension DocumentCaret: PageOverlay {
    /// The caret's bar, on its page, while the mode is on.
    func marks(onPage page: Int) -> [PageMark] {
        guard isOn, let bar, bar.page == page else { return [] }
        return [PageMark([bar.rect], style: .caret)]
    }
}
