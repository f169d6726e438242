import CGtk
import CShim

/// Fullscreen (F11) and the Escape key that leaves it. The action's state follows the
/// window's real state (`notify::fullscreened`): the window manager may refuse, or end
/// fullscreen by itself, and F11 then does what the window shows it needs.
extension DocumentWindow {
    func addFullscreenAction() {
        Self.removeFullscreenFrame()
        Actions.addToggle("fullscreen", to: window) { [unowned self] in self.setFullscreen(!self.isFullscreen) }
        Signal.connect(window, "notify::fullscreened") { [unowned self] (_: UnsafeMutableRawPointer?) in
            Actions.setState("fullscreen", of: self.window, self.isFullscreen)
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
