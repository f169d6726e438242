import CAdwaita
import CGtk
import CShim
import QuireEngine
import QuireRemote

/// The reader's bookmarks and marks on the document shown, by the engine's rules
/// (`MarkedPlaces`, `MarkKeys`): Ctrl+D bookmarks the place shown and opens its name to be
/// typed; the Bookmarks pane goes to, renames and deletes; `m` and `'` on the canvas set
/// and follow letter marks. Each change is handed on (`onChanged`) to be remembered.
@MainActor
final class DocumentBookmarks {
    private(set) var places: MarkedPlaces
    private unowned let canvas: PageCanvas
    private let view: BookmarksView
    private let file: DocumentFile
    private let labelOf: (Int) -> String
    private var keys = MarkKeys()
    /// The outline, for default names: the sidebar's once read, else read here when needed.
    private var outline: OutlineTree?
    private var outlineRead = false
    private var waitingForOutline: [@MainActor () -> Void] = []
    /// The name being typed for a bookmark.
    private var naming: NamePopover?
    /// The sidebar's outline, when it has read it.
    var knownOutline: () -> OutlineTree? = { nil }
    /// Called after each change, for the places to be remembered.
    var onChanged: (() -> Void)?
    var onNotice: ((String) -> Void)?

    init(places: MarkedPlaces, canvas: PageCanvas, file: DocumentFile, view: BookmarksView, labelOf: @escaping (Int) -> String) {
        self.places = places
        self.canvas = canvas
        self.file = file
        self.view = view
        self.labelOf = labelOf
        view.onChosen = { [unowned self] bookmark in
            self.canvas.go(to: bookmark.place)
        }
        view.onRename = { [unowned self] bookmark, list, area in
            _ = NamePopover(title: tr("Rename Bookmark"), name: bookmark.name, over: list, pointingAt: area) { [unowned self] ending in
                if case .taken(let name) = ending { self.change { $0.rename(bookmark.id, to: name, time: Self.now) } }
                self.view.focusSelection()
            }
        }
        view.onDelete = { [unowned self] bookmark in
            self.change { $0.remove(bookmark.id, time: Self.now) }
        }
        showInPane()
    }

    /// Ctrl+D: opens the name of a bookmark of the place shown to be typed, its section's
    /// title proposed (a place already bookmarked: that bookmark's name, to rename). The
    /// bookmark is made when the name closes, unless Escape cancels it.
    func add() {
        let place = canvas.place
        let top = canvas.readingPoint.page == place.page ? canvas.readingPoint.top : 0
        withOutline { [unowned self] in
            if let bookmark = self.places.bookmark(at: place) { return self.name(bookmark) }
            guard !self.places.isFull else {
                self.onNotice?(tr("A document keeps at most {count} bookmarks: delete one to add another", ["count": String(MarkedPlaces.bookmarkLimit)]))
                return
            }
            let proposed = MarkedPlaces.defaultName(page: place.page, top: top, outline: self.outline, label: self.labelOf(place.page))
            self.ask(name: proposed) { [unowned self] ending in
                let name: String
                switch ending {
                case .cancelled: return
                case .dismissed: name = proposed
                case .taken(let typed): name = MarkedPlaces.cleaned(typed) ?? proposed
                }
                if self.places.bookmark(at: place) == nil { self.change { _ = $0.add(at: place, name: name, time: Self.now) } }
            }
        }
    }

    /// The name of `bookmark`, to rename it: Enter takes it.
    private func name(_ bookmark: Bookmark) {
        ask(name: bookmark.name) { [unowned self] ending in
            if case .taken(let name) = ending { self.change { $0.rename(bookmark.id, to: name, time: Self.now) } }
        }
    }

    /// A name in a popover at the top of the view.
    private func ask(name: String, then ended: @escaping @MainActor (NamePopover.Ending) -> Void) {
        naming?.close()
        let width = Int32(gtk_widget_get_width(canvas.canvasWidget))
        naming = NamePopover(title: tr("Bookmark"), name: name, over: canvas.canvasWidget,
                             pointingAt: GdkRectangle(x: width / 2, y: 4, width: 1, height: 1)) { [weak self] ending in
            ended(ending)
            self?.naming = nil
            self?.canvas.grabFocus()
        }
    }

    /// Runs `body` once the outline is known (the sidebar's, or read here by a helper of
    /// its own; none when it cannot be read). A name typed into an entry must start
    /// from the section's title: replacing it there after the entry took the focus loses
    /// the selection that typing replaces.
    private func withOutline(_ body: @escaping @MainActor () -> Void) {
        if outline == nil { outline = knownOutline() }
        if outline != nil || outlineRead { return body() }
        waitingForOutline.append(body)
        guard waitingForOutline.count == 1 else { return }
        let file = self.file
        startThread {
            let tree = (try? RemoteDocument(file: file))?.outline()
            MainLoop.invoke { [weak self] in
                guard let self else { return }
                self.outline = self.outline ?? tree
                self.outlineRead = true
                let waiting = self.waitingForOutline
                self.waitingForOutline = []
                waiting.forEach { $0() }
            }
        }
    }

    /// A key on the canvas: true when it was a mark's key (`m`, `'` and what follows).
    func keyPressed(_ keyval: UInt32, control: Bool) -> Bool {
        switch keys.press(Self.key(keyval, control: control)) {
        case .notTaken: return false
        case .taken: return true
        case .set(let letter):
            let place = canvas.place
            change { $0.setMark(letter, at: place, time: Self.now) }
            onNotice?(tr("Mark {letter} set on page {page}", ["letter": String(letter), "page": labelOf(place.page)]))
        case .go(let letter):
            if let place = places.mark(letter) { canvas.go(to: place) } else { onNotice?(tr("No mark {letter} in this document", ["letter": String(letter)])) }
        }
        return true
    }

    /// Takes in the places as the store now has them: another Quire's changes.
    func adopt(_ remembered: MarkedPlaces) {
        let merged = places.merged(with: remembered)
        guard merged != places else { return }
        places = merged
        showInPane()
    }

    /// Page labels arrived: the pane shows them.
    func labelsChanged() { showInPane() }

    private func change(_ edit: (inout MarkedPlaces) -> Void) {
        let before = places
        edit(&places)
        guard places != before else { return }
        showInPane()
        onChanged?()
    }

    private func showInPane() { view.show(places.bookmarks, labelOf: labelOf) }

    private static var now: Double { Double(g_get_real_time()) / 1_000_000 }

    /// A GDK key as the mark machine reads it.
    private static func key(_ keyval: UInt32, control: Bool) -> MarkKeys.Key {
        if control { return .other }
        if Int32(keyval) == GDK_KEY_Escape { return .escape }
        // Shift_L … Hyper_R, and ISO_Lock … ISO_Level5_Lock (AltGr among them).
        if (0xFFE1...0xFFEE).contains(keyval) || (0xFE01...0xFE0F).contains(keyval) { return .modifier }
        guard let scalar = Unicode.Scalar(gdk_keyval_to_unicode(keyval)), scalar.value != 0 else { return .other }
        return .character(Character(scalar))
    }
}
