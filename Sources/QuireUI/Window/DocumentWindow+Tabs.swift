import QuireEngine
#if canImport(Glibc)
import Glibc
#endif

/// The window's tabs: opening one, choosing one, closing them (asking first about what
/// would be lost), their titles, and what the last session keeps of them.
extension DocumentWindow {
    /// Opens a path or URI in a new tab, chosen.
    func openInNewTab(_ argument: String) {
        tabs.add(DocumentView(host: self, states: states)).open(argument)
    }

    /// Ctrl+Shift+F: the search across the documents of the text store; a match chosen
    /// there opens in a tab (the one showing its document, if one does) at that match.
    func findEverywhere() {
        let store = TextStore(budget: max(Settings.shared.preferences.textStoreMiB, 1) << 20)
        StoreSearchWindow.present(over: Window(window), store: store, trace: configuration.tracesSearch,
                                  options: { [weak self] in self?.searchOptions ?? SearchOptions(caseSensitive: false, wholeWords: false, regex: false) },
                                  chosen: { [weak self] path, text, match in self?.open(path, at: match, finding: text) })
    }

    private func open(_ path: String, at match: SearchResults.Match, finding text: String) {
        let view = tabs.views.first { $0.documentPath.flatMap { realpathOf($0) } == path }
            ?? (isEmpty ? self.view : tabs.add(DocumentView(host: self, states: states)))
        tabs.choose(view)
        view.find(text, at: match)
        if view.documentPath.flatMap({ realpathOf($0) }) != path { view.open(path) }
    }

    /// Chooses the first tab whose document's path `names`; false when none does.
    func chooseTab(where names: (String?) -> Bool) -> Bool {
        guard let view = tabs.views.first(where: { names($0.documentPath) }) else { return false }
        tabs.choose(view)
        return true
    }

    /// The window's tabs as the last session keeps them; nil when none shows a local file.
    var sessionWindow: LastSession.Window? {
        if tabs.isClosing { return keptSession }
        let ordered = tabs.ordered
        var window = LastSession.window(tabs: ordered.map(\.documentPath), chosen: ordered.firstIndex { $0 === view } ?? 0)
        window?.geometry = geometry
        return window
    }

    /// Quit's question for this window: each tab with unsaved changes is chosen and asks
    /// in turn; `done(true)` once nothing would be lost by closing them all, `done(false)`
    /// if the reader cancels or a save fails. Closes nothing.
    func settleUnsaved(_ done: @escaping @MainActor (Bool) -> Void) {
        func settle(_ remaining: ArraySlice<DocumentView>) {
            guard let view = remaining.first else { return done(true) }
            tabs.choose(view)
            view.settleUnsaved { closing in if closing { settle(remaining.dropFirst()) } else { done(false) } }
        }
        settle(tabs.views.filter(\.hasUnsavedChanges)[...])
    }

    /// Closes every tab and the window, remembering where each document was left.
    func closeAll() {
        tabs.views.forEach { $0.rememberState() }
        destroy()
    }

    /// The window goes: what its tabs showed is kept for the session first, and the tabs no
    /// longer follow their pages, which the window's widgets take away with them.
    func closing() {
        keptSession = sessionWindow
        keptGeometry = geometry ?? keptGeometry
        tabs.isClosing = true
    }

    func destroy() {
        closing()
        toplevel.destroy()
    }

    /// Ctrl+W: closes the chosen tab (asking first about unsaved changes), the window with
    /// its last tab.
    func close() {
        let closing = view
        if closing.keepingUnsaved(then: { [unowned self] in self.close() }) { return }
        closing.rememberState()
        if tabs.views.count == 1 { return destroy() }
        tabs.close(closing)
    }

    /// A view's title (the document's, marked while it has unsaved changes) is its tab's,
    /// and the window's while it is the one chosen.
    func viewTitleChanged(_ view: DocumentView) {
        tabs.setTitle(view.title, of: view)
        if isCurrent(view) { toplevel.title = view.title }
    }

    /// Another tab is chosen: the chrome follows its view.
    func tabChosen() {
        view.showChrome()
        if !view.searchBar.isOpen { canvas?.grabFocus() }
    }
}

/// `path` with its links resolved, as the text store names documents.
private func realpathOf(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
}
