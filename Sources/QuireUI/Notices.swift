import CAdwaita
import CGtk
import CShim

/// A short message over the bottom of the document for a few seconds (a refused link, a
/// version that could not be read, a page that failed), as an Adwaita toast: one at a time,
/// a new one replacing the one shown rather than queueing behind it.
@MainActor
final class Notices {
    /// The toast overlay, holding the window's content.
    let widget: UnsafeMutablePointer<GtkWidget>
    /// The toast shown (a reference of ours: the overlay drops its own once dismissed).
    private var shown: OpaquePointer?
    private static let seconds: UInt32 = 5

    init(over content: UnsafeMutablePointer<GtkWidget>) {
        widget = adw_toast_overlay_new()
        adw_toast_overlay_set_child(OpaquePointer(widget), content)
    }

    isolated deinit {
        if let shown { g_object_unref(UnsafeMutableRawPointer(shown)) }
    }

    /// Shows `text`, in place of any notice shown, for a few seconds.
    func show(_ text: String) {
        hide()
        // libadwaita 1.2 reads a toast's title as Pango markup: the text (a file's name, a
        // link's address) is escaped so that it shows as it is and cannot fail to parse.
        let escaped = g_markup_escape_text(text, -1)!
        let toast = adw_toast_new(escaped)!
        g_free(escaped)
        adw_toast_set_timeout(toast, Self.seconds)
        g_object_ref(UnsafeMutableRawPointer(toast))
        shown = toast
        adw_toast_overlay_add_toast(OpaquePointer(widget), toast)
    }

    /// Takes the notice shown away, if any.
    func hide() {
        guard let toast = shown else { return }
        shown = nil
        adw_toast_dismiss(toast)
        g_object_unref(UnsafeMutableRawPointer(toast))
    }

    /// The text of the notice on screen, for `--snapshot`'s report; nil without one.
    var text: String? {
        guard let shown, let title = adw_toast_get_title(shown) else { return nil }
        return String(cString: title)
    }
}
