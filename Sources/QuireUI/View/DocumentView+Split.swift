import QuireEngine

/// The document view split (`SplitPanes`): the pane with the focus has the window's
/// actions and chrome; Ctrl+\ opens and closes the second pane.
extension DocumentView {
    /// The pane the reader is in.
    var focusedCanvas: PageCanvas? { panes?.focused ?? canvas }

    /// The chrome shows the pane with the focus: its page, zoom and history.
    func showPane() {
        guard let chrome, let canvas = focusedCanvas else { return }
        chrome.pageEntry.show(page: canvas.currentPage, of: canvas.pageCount)
        chrome.updateZoomLabel(canvas.zoomPercent)
        let history = canvas.historyState
        chrome.updateHistoryButtons(back: history.back, forward: history.forward)
    }

    /// Opens or closes the split view (remembered with the document).
    func toggleSplit() {
        guard case .document = phase, let panes else { return }
        if panes.isOpen { panes.close() } else { panes.open() }
        if let chrome { Actions.setState("split", of: chrome.window, panes.isOpen) }
        showPane()
        rememberSoon()
    }

    /// `panes` are the view's from now on: the chrome follows their focus; `notices` tell
    /// what the second pane's links have to say, and `openURI` opens their addresses.
    func watch(_ panes: SplitPanes, notices: Notices, openURI: ((String) -> Bool)?) {
        panes.onFocusChanged = { [unowned self] in self.showPane() }
        panes.onSettled = { [unowned self] in self.chrome?.checkSettled() }
        panes.onNotice = { text in notices.show(text) }
        panes.openURI = openURI
        self.panes = panes
    }
}
