import CAdwaita
import CGtk
import CShim

/// A short message over the bottom of the document for a few seconds (a refused link, a
/// version that could not be read, a page that failed), as an Adwaita toast: one at a time,
/// a new message taking the place of the one shown.
/// libadwaita 1.2 crashes (a freed toast unreferenced in its hide animation) when a toast is
/// dismissed and another added while they animate, as three pages failing at once did: so
/// a toast shown is retitled rather than replaced, and its time is kept here (timeout 0).
@MainActor
final class Notices {
    /// The toast overlay, holding the window's content.
    let widget: UnsafeMutablePointer<GtkWidget>
    /// The toast on screen, with a reference of ours, until it is dismissed.
    private var shown: OpaquePointer?
    private var timer: UInt32 = 0
    private static let seconds = 5.0

    init(over content: UnsafeMutablePointer<GtkWidget>) {
        widget = adw_toast_overlay_new()
        adw_toast_overlay_set_child(OpaquePointer(widget), content)
    }

    isolated deinit {
        if timer != 0 { g_source_remove(timer) }
        if let shown { g_object_unref(UnsafeMutableRawPointer(shown)) }
    }

    /// Shows `text`, in place of any notice shown, for a few seconds.
    func show(_ text: String) {
        // libadwaita 1.2 reads a toast's title as Pango markup: the text (a file's name, a
        // link's address) is escaped so that it shows as it is and cannot fail to parse.
        let escaped = g_markup_escape_text(text, -1)!
        defer { g_free(escaped) }
        if let shown {
            adw_toast_set_title(shown, escaped)
        } else {
            let toast = adw_toast_new(escaped)!
            adw_toast_set_timeout(toast, 0)
            g_object_ref(UnsafeMutableRawPointer(toast))
            shown = toast
            // The close button, or `hide`.
            Signal.connect(toast, "dismissed") { [weak self] in self?.dismissed(toast) }
            adw_toast_overlay_add_toast(OpaquePointer(widget), toast)
        }
        if timer != 0 { g_source_remove(timer) }
        timer = MainLoop.after(seconds: Self.seconds) { [weak self] in
            self?.timer = 0
            self?.hide()
        }
    }

    /// Takes the notice shown away, if any.
    func hide() {
        if timer != 0 { g_source_remove(timer) }
        timer = 0
        if let shown { adw_toast_dismiss(shown) }
    }

    private func dismissed(_ toast: OpaquePointer) {
        guard shown == toast else { return }
        shown = nil
        // Not while libadwaita emits the signal: on the next turn.
        MainLoop.invoke { g_object_unref(UnsafeMutableRawPointer(toast)) }
    }
}
