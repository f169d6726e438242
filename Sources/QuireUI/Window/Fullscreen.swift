import CAdwaita
import CGtk
import CShim
import QuireEngine

/// Fullscreen (F11) and the Escape key that leaves it. The action's state follows the
/// window's real state (`notify::fullscreened`): the window manager may refuse, or end
/// fullscreen by itself, and F11 then does what the window shows it needs.
extension DocumentWindow {
    func addFullscreenAction() {
        Self.removeFullscreenFrame()
        Actions.addToggle("fullscreen", to: window) { [unowned self] in self.setFullscreen(!self.isFullscreen) }
        Signal.connect(window, "notify::fullscreened") { [unowned self] (_: UnsafeMutableRawPointer?) in
            Actions.setState("fullscreen", of: self.window, self.isFullscreen)
            self.placeHeader()
        }
        // Bubbling: only an Escape that nothing inside the window used (the find entry,
        // the page entry, a selection on the page) reaches the window.
        let keys = gtk_event_controller_key_new()!
        Signal.connectKeyPressed(keys) { [unowned self] keyval, modifiers in
            let modifierMask = GDK_CONTROL_MASK.rawValue | GDK_SHIFT_MASK.rawValue | GDK_ALT_MASK.rawValue
            guard Int32(keyval) == GDK_KEY_Escape, modifiers.rawValue & modifierMask == 0 else { return false }
            return self.escapeUnused()
        }
        gtk_widget_add_controller(window, keys)
    }

    /// Without a compositor GTK 4.8 draws windows with a solid frame ("solid-csd") and
    /// keeps it when fullscreen: a light line around a presentation's black.
    private static func removeFullscreenFrame() {
        StyleSheet.add("window.solid-csd.fullscreen { padding: 0; border: none; box-shadow: none; }")
    }

    var isFullscreen: Bool { Window(window).isFullscreen }

    /// Fullscreen, the header bar shows when the pointer reaches for it; in a
    /// presentation, never.
    func placeHeader() {
        headerReveal.place(reveals: isFullscreen && !(presentation?.isActive ?? false))
    }

    func setFullscreen(_ on: Bool) { Window(window).setFullscreen(on) }

    /// Escape peels one layer: a document being opened or asking for its password, the
    /// find bar if open, else fullscreen.
    private func escapeUnused() -> Bool {
        if giveUpOpening() { return true }
        if searchBar.isOpen {
            searchBar.close()
            return true
        }
        guard isFullscreen else { return false }
        setFullscreen(false)
        return true
    }
}

/// The header bar in fullscreen (`FullscreenChrome`). It is the top of the window's
/// content, not a title bar (GTK hides a title bar in fullscreen, and moving one again
/// re-realizes the whole window): while fullscreen it moves into a revealer over the top,
/// and back after (or for a presentation, which shows none).
@MainActor
final class HeaderReveal {
    /// The header bar over the content, the revealer over both: what the window holds.
    let widget: UnsafeMutablePointer<GtkWidget>
    private let column = Box.column()
    private let revealer = Revealer(transition: GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN)
    private let header: UnsafeMutablePointer<GtkWidget>
    private var chrome = FullscreenChrome()
    private var hideTimer: UInt32?
    /// Whether the header bar is in the revealer (else at the top of the column).
    private var revealing = false
    /// A menu of the header bar open, or its page entry typing: it stays.
    var isBusy: () -> Bool = { false }
    /// Where the pointer last moved in fullscreen (window pixels from the top).
    private var lastY: Double?

    init(header: UnsafeMutablePointer<GtkWidget>, window: UnsafeMutablePointer<GtkWidget>) {
        self.header = header
        let overlay = Overlay()
        widget = overlay.widget
        column.append(header)
        overlay.setChild(column.widget)
        gtk_widget_set_valign(revealer.widget, GTK_ALIGN_START)
        overlay.addOverlay(revealer.widget)
        // The window (an AdwApplicationWindow) has no title bar of its own: this header bar is it.
        let motion = gtk_event_controller_motion_new()!
        gtk_event_controller_set_propagation_phase(motion, GTK_PHASE_CAPTURE)
        Signal.connect(motion, "motion") { [unowned self] (_: Double, y: Double) -> Bool in
            self.pointerMoved(toY: y)
            return false
        }
        gtk_widget_add_controller(window, motion)
    }

    /// The window's content, under the header bar.
    func setContent(_ content: UnsafeMutablePointer<GtkWidget>) {
        gtk_widget_set_vexpand(content, 1)
        column.append(content)
    }

    /// Shows or hides the header bar for good (a presentation).
    func setVisible(_ visible: Bool) { gtk_widget_set_visible(header, visible ? 1 : 0) }

    /// Puts the header bar where it belongs: over the top in fullscreen (`reveals`), else
    /// at the top of the window.
    func place(reveals: Bool) {
        guard reveals != revealing else { return }
        revealing = reveals
        chrome.reset()
        lastY = nil
        cancelHide()
        // Held while it moves: out of its old parent, it would go.
        owning(g_object_ref(header)) { _ in
            // Fullscreen, F11 or Escape leaves: the window's own buttons would only mislead.
            Adw.HeaderBar(header).showTitleButtons(!reveals)
            if reveals {
                column.remove(header)
                revealer.reveal(false)
                revealer.setChild(header)
            } else {
                revealer.setChild(nil)
                column.prepend(header)
            }
        }
    }

    /// A key uses the header bar (Ctrl+L): in fullscreen it comes down.
    func reach() {
        guard revealing else { return }
        apply(chrome.reached())
    }

    /// What kept the header bar busy is over (its page entry done with): it goes as the
    /// pointer, where it last was, says.
    func settle() {
        guard revealing else { return }
        pointerMoved(toY: lastY ?? .infinity)
    }

    private func pointerMoved(toY y: Double) {
        guard revealing else { return }
        lastY = y
        let height = Double(gtk_widget_get_height(header))
        apply(chrome.pointer(atY: y, headerHeight: height, busy: isBusy()))
    }

    private func apply(_ change: FullscreenChrome.Header) {
        switch change {
        case .show:
            revealer.reveal(true)
        case .hideSoon:
            hideTimer = MainLoop.after(seconds: FullscreenChrome.hideDelay) { [weak self] in
                guard let self else { return }
                self.hideTimer = nil
                if self.chrome.hideDue(busy: self.isBusy()) { self.revealer.reveal(false) }
            }
        case .stay:
            cancelHide()
        case .unchanged:
            break
        }
    }

    private func cancelHide() {
        if let hideTimer { g_source_remove(hideTimer) }
        hideTimer = nil
    }
}
