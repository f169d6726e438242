import QuireEngine

/// Read Aloud (Ctrl+Shift+Y), by the engine's rules (`ReadAloud`): the document said
/// sentence by sentence through speech-dispatcher (`Speaker`), from the caret in caret
/// mode, else from the selection's start, else from the first text at the top of the
/// view; the sentence being said is lit on its page and kept in view. The same key pauses
/// and resumes, Escape (or the menu) stops. The voice's rate is the preferences', read for
/// each sentence. Pages' characters are read through the selection's document helper, as
/// caret mode reads them.
@MainActor
final class DocumentReadAloud {
    enum State { case off, reading, paused }

    private unowned let canvas: PageCanvas
    private unowned let selection: DocumentSelection
    private unowned let caret: DocumentCaret
    private let pages: PageCharactersReader
    private var reading: ReadAloud?
    private var lit: (page: Int, rects: [Rect])?
    private(set) var state = State.off {
        didSet { if state != oldValue { onStateChanged?(state) } }
    }
    var onStateChanged: ((State) -> Void)?
    var onNotice: ((String) -> Void)?

    init(canvas: PageCanvas, selection: DocumentSelection, caret: DocumentCaret, stored: TextStoreSlot? = nil) {
        self.canvas = canvas
        self.selection = selection
        self.caret = caret
        pages = PageCharactersReader(worker: selection.worker, canvas: canvas, stored: stored)
        pages.arrived = { [unowned self] _ in self.sayNext() }
    }

    /// Starts reading; while reading, pauses; paused, resumes.
    func toggle() {
        switch state {
        case .off: start()
        case .reading: pause()
        case .paused: resume()
        }
    }

    func start() {
        Speaker.shared.stop()
        pages.removeAll()
        reading = ReadAloud(from: startingPlace(), pageCount: canvas.pageCount)
        state = .reading
        sayNext()
    }

    func pause() {
        guard state == .reading else { return }
        reading?.pause()
        Speaker.shared.stop()
        state = .paused
    }

    func resume() {
        guard state == .paused, let again = reading?.resume() else { return start() }
        state = .reading
        say(again)
    }

    /// A scan's page was recognised: the next sentence on it is read from its recognised words.
    func pageRecognised(_ page: Int) { pages.forget(page) }

    func stop() {
        guard state != .off else { return }
        Speaker.shared.stop()
        reading = nil
        lit = nil
        state = .off
        canvas.redraw()
    }

    /// The caret's place (where its bar is drawn), the selection's start, or the top of the view.
    private func startingPlace() -> ReadAloud.Start {
        if caret.isOn, let bar = (0..<canvas.pageCount).lazy.compactMap({ page in self.caret.marks(onPage: page).first.map { (page, $0.rects[0]) } }).first {
            return .point(page: bar.0, Point(x: bar.1.x, y: bar.1.midY))
        }
        let sizes = canvas.documentSizes
        if let chosen = selection.selection, let page = chosen.pages.first(where: { sizes.indices.contains($0) }),
           let span = chosen.span(onPage: page, size: sizes[page]) {
            return .point(page: page, span.start)
        }
        let top = canvas.pagePoint(nearView: Point(x: canvas.viewportSize.width / 2, y: 0))
        return .top(page: top?.page ?? canvas.currentPage, y: top?.point.y ?? 0)
    }

    private func sayNext() {
        guard state == .reading, var next = reading else { return }
        let step = next.next { pages.characters(onPage: $0) }
        reading = next
        switch step {
        case .speak(let utterance):
            say(utterance)
        case .noText(let pages, let rest):
            let notice = ReadAloud.notice(pages, rest: rest, labelOf: { [unowned canvas] in canvas.labels.label(at: $0) })
            onNotice?(notice)
            lit = nil
            canvas.redraw()
            speak(notice)
        case .needs(let page):
            pages.read(page)
        case .finished:
            stop()
        }
    }

    private func say(_ utterance: ReadAloud.Utterance) {
        if let characters = pages.characters(onPage: utterance.page) {
            let rects = PageSentences.rects(of: utterance.range, in: characters)
            lit = (utterance.page, rects)
            if let first = rects.first {
                let whole = rects.dropFirst().reduce(first) { $0.union($1) }
                canvas.reveal(whole, onPage: utterance.page, recording: false)
            }
            canvas.redraw()
        }
        speak(utterance.text)
    }

    private func speak(_ text: String) {
        Speaker.shared.say(text, rate: Settings.shared.preferences.voiceRate, for: self, heard: { [weak self] event in
            guard let self, self.state == .reading else { return }
            switch event {
            case .ended: self.sayNext()
            // Cut short by another reading, or another program's speech: kept, as a pause.
            case .cancelled: self.pause()
            }
        }, failed: { [weak self] message in
            self?.onNotice?(message)
            self?.stop()
        })
    }
}

extension DocumentReadAloud: PageOverlay {
    /// The sentence being said, on its page, while reading (or paused).
    func marks(onPage page: Int) -> [PageMark] {
        guard state != .off, let lit, lit.page == page else { return [] }
        return [PageMark(lit.rects, style: .spoken)]
    }
}
