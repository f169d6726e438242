import CAdwaita
import CGtk
import CShim
import QuireEngine

/// The line over a scan's pages while its text is recognised: "Recognising text: page 12
/// of 40", a bar of the pages done, and Stop. Hidden when recognition ends or is stopped.
@MainActor
final class RecognitionBar {
    private let revealer = Revealer(transition: GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN)
    private let label = Label(xalign: 0)
    private let fraction = gtk_progress_bar_new()!
    var widget: UnsafeMutablePointer<GtkWidget> { revealer.widget }
    var onStop: (() -> Void)?

    init() {
        let row = Box.row(spacing: 12)
        row.addCSSClass("toolbar")
        gtk_widget_set_hexpand(label.widget, 1)
        label.ellipsize()
        row.append(label)
        gtk_widget_set_valign(fraction, GTK_ALIGN_CENTER)
        gtk_widget_set_size_request(fraction, 120, -1)
        row.append(fraction)
        let stop = quire_mnemonic_button_new(tr("_Stop"))!
        Signal.connect(stop, "clicked") { [unowned self] in self.onStop?() }
        row.append(stop)
        revealer.setChild(row.widget)
        // Kept while this lives: the thread's last word may come after its window is gone.
        g_object_ref_sink(revealer.widget)
    }

    isolated deinit { g_object_unref(revealer.widget) }

    /// Recognising `page` (from 0) of `count`, with `done` pages looked at.
    func show(page: Int, of count: Int, done: Int) {
        label.text = Recognition.progress(page: page, of: count)
        gtk_progress_bar_set_fraction(quire_progress_bar(fraction), count > 0 ? Double(done) / Double(count) : 0)
        revealer.reveal(true)
    }

    func hide() { revealer.reveal(false) }
}
