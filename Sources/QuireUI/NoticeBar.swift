import CGtk
import CShim

/// A short message sliding over the bottom of the document for a few seconds (a refused
/// link, a version that could not be read, a page that failed): it never takes the
/// pointer or the keys from the page under it.
@MainActor
final class NoticeBar {
    /// The revealer, to lay over the document.
    let widget: UnsafeMutablePointer<GtkWidget>
    private let label = Label(wrap: true)
    private var timer: UInt32 = 0
    private static let seconds = 5.0

    init() {
        widget = gtk_revealer_new()
        label.setMaxWidth(chars: 70)
        let box = Box.row()
        box.addCSSClass("app-notification")
        box.append(label)
        gtk_revealer_set_transition_type(OpaquePointer(widget), GTK_REVEALER_TRANSITION_TYPE_SLIDE_UP)
        gtk_revealer_set_child(OpaquePointer(widget), box.widget)
        gtk_widget_set_halign(widget, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(widget, GTK_ALIGN_END)
        gtk_widget_set_margin_bottom(widget, 24)
        gtk_widget_set_can_target(widget, 0)
    }

    isolated deinit {
        if timer != 0 { g_source_remove(timer) }
    }

    /// Shows `text`, in place of any notice shown, for a few seconds.
    func show(_ text: String) {
        label.text = text
        gtk_revealer_set_reveal_child(OpaquePointer(widget), 1)
        if timer != 0 { g_source_remove(timer) }
        timer = MainLoop.after(seconds: Self.seconds) { [weak self] in
            guard let self else { return }
            self.timer = 0
            gtk_revealer_set_reveal_child(OpaquePointer(self.widget), 0)
        }
    }

    func hide() {
        if timer != 0 { g_source_remove(timer) }
        timer = 0
        gtk_revealer_set_reveal_child(OpaquePointer(widget), 0)
    }
}
