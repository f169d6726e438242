import CAdwaita
import CGtk
import CShim
import QuireEngine

/// A text box's words typed in place: a text view laid over the box on the page, in the
/// box's colour and font size at the zoom, turned with the page (`PageCanvas.place`).
/// Escape or a click elsewhere ends it and hands over what was typed, once.
@MainActor
final class TextBoxEditor {
    let page: Int
    private(set) var frame: Rect
    private let widget: UnsafeMutablePointer<GtkWidget>
    private let view: UnsafeMutablePointer<GtkWidget>
    private let style = GObjectRef(taking: gtk_css_provider_new()!)
    private let fontSize: Double
    private let colour: Markup.Colour
    private var ended = false
    private let done: (String) -> Void

    init(page: Int, frame: Rect, text: String, fontSize: Double, colour: Markup.Colour, done: @escaping (String) -> Void) {
        self.page = page; self.frame = frame; self.fontSize = fontSize; self.colour = colour; self.done = done
        view = gtk_text_view_new()
        gtk_text_view_set_wrap_mode(quire_text_view(view), GTK_WRAP_WORD_CHAR)
        gtk_text_buffer_set_text(gtk_text_view_get_buffer(quire_text_view(view)), text, -1)
        widget = gtk_scrolled_window_new()
        gtk_scrolled_window_set_child(quire_scrolled_window(widget), view)
        gtk_scrolled_window_set_policy(quire_scrolled_window(widget), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        setAccessibleName(view, tr("Text box"))
        // Clear over the page, a dashed blue edge where the box is.
        StyleSheet.add(".quire-text-box, .quire-text-box text { background: transparent; border-radius: 0; box-shadow: none; } "
            + "scrolledwindow.quire-text-box { outline: 1px dashed #3584e4; outline-offset: 0; }")
        for part in [widget, view] {
            gtk_widget_add_css_class(part, "quire-text-box")
            gtk_style_context_add_provider(gtk_widget_get_style_context(part), style.opaque, UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        }
        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        Signal.connectKeyPressed(keys) { [unowned self] keyval, _ in
            guard Int32(keyval) == GDK_KEY_Escape else { return false }
            self.end()
            return true
        }
        gtk_widget_add_controller(view, keys)
        // A click elsewhere ends it.
        Signal.whenFocusLeaves(view) { [weak self] in
            guard let self, !self.ended else { return }
            self.end()
        }
    }

    /// Lays it over its box (again, after a zoom or turn) and gives it the keyboard.
    func show(on canvas: PageCanvas) {
        let perPoint = canvas.place(widget, over: frame, onPage: page, textTurn: .none)
        let (red, green, blue) = colour.components
        func hex(_ c: Double) -> String { String(format: "%02x", Int((c * 255).rounded())) }
        // The words where the saved box draws them: two points in, in Sans at the box's size.
        let ink = "#" + hex(red) + hex(green) + hex(blue), size = String(format: "%.2f", max(1, fontSize * perPoint))
        let rules = ".quire-text-box text { color: \(ink); font-family: Sans; font-size: \(size)px; } "
            + "textview.quire-text-box { padding: \(Int(max(1, 2 * perPoint)))px; }"
        gtk_css_provider_load_from_data(style.raw.assumingMemoryBound(to: GtkCssProvider.self), rules, -1)
        if gtk_widget_has_focus(view) == 0 { gtk_widget_grab_focus(view) }
    }

    var text: String { NoteEditor.text(in: view) }

    /// Ends it, handing over what was typed.
    func end() {
        guard !ended else { return }
        ended = true
        done(text)
        let widget = self.widget
        MainLoop.invoke { gtk_widget_unparent(widget) }
    }
}
