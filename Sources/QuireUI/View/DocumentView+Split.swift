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

    /// The page entry, zoom label and Back / Forward follow `pane` while it has the focus.
    func chromeFollows(_ pane: PageCanvas) {
        pane.onCurrentPageChanged = { [unowned self, unowned pane] page in
            if self.focusedCanvas === pane { self.chrome?.pageEntry.show(page: page, of: pane.pageCount) }
        }
        pane.onHistoryChanged = { [unowned self, unowned pane] back, forward in
            if self.focusedCanvas === pane { self.chrome?.updateHistoryButtons(back: back, forward: forward) }
        }
        pane.onZoomChanged = { [unowned self, unowned pane] percent in
            if self.focusedCanvas === pane { self.chrome?.updateZoomLabel(percent) }
        }
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
        panes.onFocusChanged = { [unowned self] in
            self.showPane()
            self.chrome?.updateArrangementStates()
        }
        panes.onSettled = { [unowned self] in self.chrome?.checkSettled() }
        panes.onPaneMade = { [unowned self] pane in self.chromeFollows(pane) }
        panes.onNotice = { text in notices.show(text) }
        panes.openURI = openURI
        self.panes = panes
    }
}
