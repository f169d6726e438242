import CAdwaita
import CGtk
import CShim
import QuireEngine

/// The window's actions in one table (their keys are `WindowMenus.accelerators`), and their
/// states following the view: the arrangement's check marks, Fit Width or Fit Page, Back
/// and Forward. Night mode, fullscreen, presentation and the shortcuts window add their own.
extension DocumentWindow {
    private enum Kind {
        case plain(@MainActor () -> Void)
        case toggle(initial: Bool, @MainActor () -> Void)
        case choice(initial: String, @MainActor (String) -> Void)
    }

    /// Name, whether it acts on the document shown (insensitive without one), what it does.
    private var table: [(String, onDocument: Bool, Kind)] {
        func onCanvas(_ perform: @escaping @MainActor (PageCanvas) -> Void) -> Kind {
            .plain { [unowned self] in if let canvas = self.canvas { perform(canvas) } }
        }
        func arranging(_ change: @escaping @MainActor (PageLayout.Arrangement) -> PageLayout.Arrangement) -> Kind {
            .toggle(initial: false) { [unowned self] in
                guard let canvas = self.canvas else { return }
                canvas.setArrangement(change(canvas.arrangement))
                self.updateArrangementStates()
            }
        }
        /// Marks the selected text.
        func marking(_ kind: Markup.Kind) -> Kind {
            .plain { [unowned self] in if let selection = self.selection { self.annotations?.mark(kind, from: selection) } }
        }
        /// A search option: it toggles, and the search is made again.
        func searchOption(_ name: String) -> Kind {
            .toggle(initial: false) { [unowned self] in
                Actions.setState(name, of: self.window, !Actions.state(name, of: self.window))
                self.search?.optionsChanged()
            }
        }
        return [
            ("zoom-in", true, onCanvas { $0.zoom(steps: 1) }),
            ("zoom-out", true, onCanvas { $0.zoom(steps: -1) }),
            ("zoom-reset", true, onCanvas { $0.setZoom(.percent(100)) }),
            ("fit", true, .choice(initial: "none") { [unowned self] mode in
                self.canvas?.setZoom(mode == "page" ? .fitPage : mode == "ink" ? .fitInk : .fitWidth)
                self.updateFitState()
            }),
            ("rotate-left", true, onCanvas { $0.rotate(clockwise: false) }),
            ("rotate-right", true, onCanvas { $0.rotate(clockwise: true) }),
            ("go-to-page", true, onCanvas { [unowned self] _ in
                self.headerReveal.reach()
                self.pageEntry.focus()
            }),
            ("find", true, onCanvas { [unowned self] _ in self.searchBar.open() }),
            // Typing in the outline's find, Ctrl+G and Ctrl+Shift+G step through its entries.
            ("find-next", true, onCanvas { [unowned self] _ in
                if self.sidebar.outline?.stepFind(forward: true) != true { self.search?.step(forward: true) }
            }),
            ("find-previous", true, onCanvas { [unowned self] _ in
                if self.sidebar.outline?.stepFind(forward: false) != true { self.search?.step(forward: false) }
            }),
            ("find-case-sensitive", true, searchOption("find-case-sensitive")),
            ("find-whole-words", true, searchOption("find-whole-words")),
            ("find-regex", true, searchOption("find-regex")),
            ("find-everywhere", false, .plain { [unowned self] in self.findEverywhere() }),
            ("copy", true, onCanvas { [unowned self] _ in self.selection?.copy() }),
            ("highlight", true, marking(.highlight)),
            ("underline", true, marking(.underline)),
            ("strike-out", true, marking(.strikeOut)),
            ("squiggly", true, marking(.squiggly)),
            ("edit-annotation-note", true, .plain { [unowned self] in self.annotations?.editChosenNote() }),
            ("add-note", true, onCanvas { [unowned self] canvas in self.annotations?.addNote(at: canvas.pointerPosition) }),
            ("delete-annotation", true, .plain { [unowned self] in _ = self.annotations?.deleteChosen() }),
            // The drawn signature's dialog; saved, the next click on a page places it.
            ("place-signature", true, .plain { [unowned self] in
                guard let editing = self.view.drawingEditing else { return }
                SignatureDialog.present(over: self.window, onNotice: { [weak editing] in editing?.onNotice?($0) }) { [weak editing] in editing?.place($0) }
            }),
            ("annotation-colour", true, .choice(initial: "yellow") { [unowned self] name in
                if let colour = Markup.Colour.named(name) { self.annotations?.recolourChosen(colour) }
            }),
            // Enabled while there is something to save (`saveableChanged`).
            ("save", false, .plain { [unowned self] in self.annotations?.save() }),
            ("save-as", true, .plain { [unowned self] in self.annotations?.saveAs() }),
            ("save-with-text", true, .plain { [unowned self] in self.annotations?.saveWithRecognisedText() }),
            ("select-all", true, onCanvas { [unowned self] _ in self.selection?.selectAll() }),
            ("caret", true, .toggle(initial: false) { [unowned self] in self.caret?.toggle() }),
            // Starts, pauses and resumes; Stop (and its Escape) is enabled while it reads.
            ("read-aloud", true, .plain { [unowned self] in self.readAloud?.toggle() }),
            ("read-aloud-stop", false, .plain { [unowned self] in self.readAloud?.stop() }),
            ("add-bookmark", true, .plain { [unowned self] in self.bookmarks?.add() }),
            // Enabled by the history once a document is shown.
            ("go-back", false, onCanvas { $0.goThroughHistory(back: true) }),
            ("go-forward", false, onCanvas { $0.goThroughHistory(back: false) }),
            ("print", true, onCanvas { [unowned self] canvas in self.printDocument(from: canvas.currentPage) }),
            ("properties", true, onCanvas { [unowned self] _ in self.showProperties() }),
            // Reloading also tries again a document that could not be opened.
            ("reload", false, .plain { [unowned self] in self.reload() }),
            ("sidebar", true, .toggle(initial: false) { [unowned self] in self.setSidebar(open: !self.sidebar.isOpen) }),
            ("split", true, .toggle(initial: false) { [unowned self] in self.view.toggleSplit() }),
            ("continuous", true, .toggle(initial: true) { [unowned self] in
                guard let canvas = self.canvas else { return }
                canvas.setContinuous(!canvas.continuous)
                self.updateArrangementStates()
            }),
            ("dual", true, arranging { $0 == .single ? .dual(oddLeft: true, rightToLeft: false) : .single }),
            ("odd-left", true, arranging {
                if case .dual(let odd, let rtl) = $0 { .dual(oddLeft: !odd, rightToLeft: rtl) } else { .dual(oddLeft: false, rightToLeft: false) }
            }),
            ("right-to-left", true, arranging {
                if case .dual(let odd, let rtl) = $0 { .dual(oddLeft: odd, rightToLeft: !rtl) } else { .dual(oddLeft: true, rightToLeft: true) }
            }),
        ]
    }

    /// Adds the table's actions to the window; returns the names of those on the document.
    func addActions() -> [String] {
        let map = window.gobject, table = self.table
        for (name, _, kind) in table {
            switch kind {
            case .plain(let perform): Actions.add(name, to: map, perform)
            case .toggle(let initial, let perform): Actions.addToggle(name, to: map, initial: initial, perform)
            case .choice(let initial, let perform): Actions.addChoice(name, to: map, initial: initial, perform)
            }
        }
        return table.filter(\.onDocument).map(\.0) + ["presentation"]
    }

    /// Actions on the document shown are insensitive without one, and so are their buttons;
    /// Back and Forward too, until the history enables them. Save waits for a change: a
    /// document just shown has none.
    func enableDocumentActions(_ enabled: Bool) {
        for name in documentActions + (enabled ? [] : ["go-back", "go-forward"]) {
            Actions.setEnabled(name, of: window, enabled)
        }
        saveableChanged(false)
        readAloudChanged(.off)
    }

    /// Stop Reading Aloud, and Escape with it, only while there is a reading to stop.
    func readAloudChanged(_ state: DocumentReadAloud.State) {
        Actions.setEnabled("read-aloud-stop", of: window, state != .off)
    }

    /// Save (the menu item, Ctrl+S) is sensitive while the document has changes not saved.
    func saveableChanged(_ modified: Bool) {
        Actions.setEnabled("save", of: window, modified)
    }

    func updateHistoryButtons(back: Bool, forward: Bool) {
        Actions.setEnabled("go-back", of: window, back)
        Actions.setEnabled("go-forward", of: window, forward)
    }

    /// The check marks follow the canvas's arrangement.
    func updateArrangementStates() {
        guard let canvas else { return }
        var states = ["dual": false, "odd-left": false, "right-to-left": false]
        if case .dual(let odd, let rtl) = canvas.arrangement { states = ["dual": true, "odd-left": odd, "right-to-left": rtl] }
        states["continuous"] = canvas.continuous
        for (name, on) in states { Actions.setState(name, of: window, on) }
    }

    /// The caret's check mark follows caret mode; while it is on, Ctrl+Left and Ctrl+Right
    /// move the caret by words (the rotations' keys reach the canvas when they are off).
    func caretModeChanged(_ on: Bool) {
        Actions.setState("caret", of: window, on)
        for name in ["rotate-left", "rotate-right"] { Actions.setEnabled(name, of: window, !on) }
    }

    /// The zoom menu marks Fit Width, Fit Page or Smart Fit while the zoom follows the window.
    func updateFitState() {
        let mode = switch canvas?.zoomMode {
        case .fitWidth: "width"
        case .fitPage: "page"
        case .fitInk: "ink"
        default: "none"
        }
        Actions.setChoice("fit", of: window, mode)
    }
}
