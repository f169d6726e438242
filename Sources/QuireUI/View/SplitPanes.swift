import CAdwaita
import CGtk
import CShim
import QuireEngine
import QuireRemote

/// A split view of one document: a second pane beside the first (or under it), each with
/// its own place, zoom and history, over the same document. The second pane shares the
/// first's render threads and helpers (`DocumentThreads`), half of its picture budget, and
/// the marks drawn over the pages (search, selection, annotations, form values): one set
/// of overlays, drawn in both (`PageCanvas.twin` redraws both). It has its own links and
/// previews. Keys, zoom and the window's actions go to the pane with the focus, and the
/// header bar's page entry and zoom follow it. With no split, the first pane is alone in
/// the paned, at no cost.
@MainActor
final class SplitPanes {
    /// What the second pane shares with the first.
    struct Shared {
        let document: RemoteDocument
        let threads: DocumentThreads
        /// The view's whole picture budget, halved between the panes while split.
        let budget: Int
        /// Drawn over the pages in both panes, in this order.
        let overlays: [PageOverlay]
        let search: DocumentSearch
        let selection: DocumentSelection
        let links: DocumentLinks
        let tracePreviews: Bool
    }

    let widget: UnsafeMutablePointer<GtkWidget>
    private let paned = Paned(GTK_ORIENTATION_HORIZONTAL)
    let first: PageCanvas
    private let shared: Shared
    private(set) var second: PageCanvas?
    private var secondLinks: DocumentLinks?
    /// The pane the reader is in: the keys, the actions and the chrome follow it.
    private(set) var focused: PageCanvas
    /// The pane with the focus changed: the chrome shows its page, zoom and history.
    var onFocusChanged: (() -> Void)?
    /// Says something to the reader (a refused link in the second pane).
    var onNotice: ((String) -> Void)?
    /// A second pane was made: the chrome is to follow it while it has the focus.
    var onPaneMade: ((PageCanvas) -> Void)?
    /// The second pane has every picture it shows (for `--snapshot`).
    var onSettled: (() -> Void)?
    /// Hands an address to the desktop (a web link in the second pane).
    var openURI: ((String) -> Bool)?

    init(first: PageCanvas, shared: Shared) {
        self.first = first
        self.shared = shared
        focused = first
        widget = paned.widget
        paned.keepChildrenWhole()
        paned.setStart(first.widget)
        paned.setAccessibleName(tr("Document panes"))
        watchFocus(of: first)
        shared.links.followInOtherPane = { [unowned self] target, shift, fromPreview in
            self.follow(target, shift: shift, fromPreview: fromPreview, in: self.other(than: first))
        }
    }

    var isOpen: Bool { second != nil }

    /// For `--snapshot`'s report: "split=side-by-side panes=3/60,41/60", nil when closed.
    var summary: String? {
        guard let second, let state else { return nil }
        return "split=\(state.orientation.rawValue) panes=\(first.currentPage + 1)/\(first.pageCount),\(second.currentPage + 1)/\(second.pageCount)"
    }

    /// The split as it is, to remember with the document; nil when closed.
    var state: DocumentState.Split? {
        guard let second else { return nil }
        let orientation: DocumentState.Split.Orientation = paned.orientation == GTK_ORIENTATION_HORIZONTAL ? .sideBySide : .stacked
        return DocumentState.Split(place: second.place, zoom: second.zoomMode, orientation: orientation)
    }

    /// Opens the second pane: as remembered, else at the first pane's place and zoom, side
    /// by side when the view is wider than tall. The second pane takes the focus when asked
    /// (the reader opened it), not when it comes back with the document.
    func open(_ remembered: DocumentState.Split? = nil, focusing: Bool = true) {
        guard second == nil else { return }
        let width = Double(gtk_widget_get_width(widget)), height = Double(gtk_widget_get_height(widget))
        let orientation = remembered?.orientation ?? .fitting(width: width, height: height)
        paned.orientation = orientation == .sideBySide ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL
        first.setBudget(shared.budget / 2)
        let pane = PageCanvas(beside: first, threads: shared.threads, zoom: remembered?.zoomMode ?? first.zoomMode, budget: shared.budget / 2)
        second = pane
        // Laid out as the first pane, at its place unless remembered elsewhere.
        if first.rotation != pane.rotation { pane.setRotation(first.rotation) }
        if first.arrangement != pane.arrangement { pane.setArrangement(first.arrangement) }
        if first.continuous != pane.continuous { pane.setContinuous(first.continuous) }
        pane.show(place: remembered?.place ?? first.place)
        // The first pane's handlers do not depend on the pane: the document view's notices
        // and remembering, the annotations' undo. The chrome follows it while it has the focus.
        onPaneMade?(pane)
        pane.onViewMoved = first.onViewMoved
        pane.onPageFailed = first.onPageFailed
        pane.onFindRequested = first.onFindRequested
        pane.onUndoRequested = first.onUndoRequested
        pane.onRedoRequested = first.onRedoRequested
        pane.onDeleteRequested = first.onDeleteRequested
        shared.selection.take(pane)
        for overlay in shared.overlays { pane.addOverlay(overlay) }
        shared.search.mark(in: pane)
        let links = DocumentLinks(document: shared.document, canvas: pane, labelOf: { [unowned pane] in pane.labels.label(at: $0) },
                                  tracePreviews: shared.tracePreviews)
        links.onNotice = { [unowned self] text in self.onNotice?(text) }
        links.openURI = { [unowned self] uri in self.openURI?(uri) ?? false }
        links.followInOtherPane = { [unowned self] target, shift, fromPreview in
            self.follow(target, shift: shift, fromPreview: fromPreview, in: self.first)
        }
        secondLinks = links
        watchFocus(of: pane)
        paned.setEnd(pane.widget)
        let side = orientation == .sideBySide ? width : height
        if side > 0 { paned.position = Int32(side / 2) }
        pane.onSettled = { [weak self, weak links] in
            links?.start()
            self?.onSettled?()
        }
        if focusing { pane.grabFocus() }
    }

    /// Closes the second pane: the first takes the focus, the whole budget and the search.
    func close() {
        guard let pane = second else { return }
        let hadFocus = focused === pane
        secondLinks = nil
        shared.selection.release()
        second = nil
        pane.detach()
        paned.setEnd(nil)
        first.setBudget(shared.budget)
        focus(first)
        if hadFocus { first.grabFocus() }
    }

    /// While `alone` (a presentation), the pane without the focus is hidden.
    func showOnlyFocused(_ alone: Bool) {
        guard let second else { return }
        let other = focused === first ? second : first
        gtk_widget_set_visible(other.widget, alone ? 0 : 1)
    }

    /// Goes to a link's `target` in `pane` (the other one), opening the split first when
    /// it is closed, if `OtherPaneLinks` says so; false to follow it in place.
    private func follow(_ target: OutlineTarget, shift: Bool, fromPreview: Bool, in pane: PageCanvas?) -> Bool {
        guard OtherPaneLinks.opensInOtherPane(shift: shift, fromPreview: fromPreview, splitOpen: isOpen) else { return false }
        if second == nil { open(focusing: false) }
        (pane ?? second)?.go(to: target)
        return true
    }

    private func other(than pane: PageCanvas) -> PageCanvas? { pane === first ? second : first }

    private func watchFocus(of pane: PageCanvas) {
        let focus = gtk_event_controller_focus_new()!
        Signal.connect(focus, "enter") { [weak self, unowned pane] in self?.focus(pane) }
        gtk_widget_add_controller(pane.canvasWidget, focus)
    }

    private func focus(_ pane: PageCanvas) {
        guard pane !== focused else { return }
        focused = pane
        shared.search.moves(pane)
        onFocusChanged?()
    }
}
