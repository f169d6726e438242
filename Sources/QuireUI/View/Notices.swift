import CAdwaita
import CGtk
import CShim
import QuireEngine

/// A short message over the bottom of the document for a few seconds (a refused link, a
/// version that could not be read, a page that failed), as an Adwaita toast: one at a time,
/// a new message taking the place of the one shown.
/// libadwaita 1.2 crashes (a freed toast unreferenced in its hide animation) when a toast is
/// dismissed and another added while they animate, as three pages failing at once did: so
/// a toast shown is retitled rather than replaced, and its time is kept here (timeout 0).
@MainActor
final class Notices {
    private let overlay: Adw.ToastOverlay
    /// The toast overlay, holding the window's content.
    var widget: UnsafeMutablePointer<GtkWidget> { overlay.widget }
    /// The toast on screen, with a reference of ours, until it is dismissed.
    private var shown: Adw.Toast?
    private var timer: UInt32 = 0
    private static let seconds = 5.0

    init(over content: UnsafeMutablePointer<GtkWidget>) {
        overlay = Adw.ToastOverlay(child: content)
    }

    isolated deinit {
        if timer != 0 { g_source_remove(timer) }
        if let shown { g_object_unref(shown.gobject) }
    }

    /// Shows `text`, in place of any notice shown, for a few seconds.
    func show(_ text: String) {
        // libadwaita 1.2 reads a toast's title as Pango markup: the text (a file's name, a
        // link's address) is escaped so that it shows as it is and cannot fail to parse.
        let escaped = g_markup_escape_text(text, -1)!
        defer { g_free(escaped) }
        if let shown {
            shown.setTitle(markup: String(cString: escaped))
        } else {
            let toast = Adw.Toast(markup: String(cString: escaped))
            toast.setTimeout(seconds: 0)
            g_object_ref(toast.gobject)
            shown = toast
            // The close button, or `hide`.
            Signal.connect(toast, "dismissed") { [weak self] in self?.dismissed(toast) }
            overlay.add(toast)
        }
        // Read in the window's tree by its words; GTK 4.8 cannot announce it (no showing
        // events, and its role is fixed by libadwaita).
        quire_toast_name(overlay.widget, text, tr("Dismiss"))
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
        shown?.dismiss()
    }

    private func dismissed(_ toast: Adw.Toast) {
        guard shown == toast else { return }
        shown = nil
        // Not while libadwaita emits the signal: on the next turn.
        let object = toast.gobject
        MainLoop.invoke { g_object_unref(object) }
    }
}
