import CAdwaita
import CGtk
import CShim
import Foundation
import QuireEngine

/// A text field's editor in place: an entry (a text view for a multi-line field) laid
/// over the field on the canvas, in the field's text size at the zoom, turned with the
/// page. Enter (in a single line), Tab and a click elsewhere take what was typed; Escape
/// leaves the field as it was.
@MainActor
final class FieldEditor {
    enum Ending { case taken(String), cancelled }
    enum Key { case tab(backwards: Bool), enter, escape }

    let field: FormField
    private let widget: UnsafeMutablePointer<GtkWidget>
    private let input: UnsafeMutablePointer<GtkWidget> // the entry or the text view
    private let style = GObjectRef(taking: gtk_css_provider_new()!)
    private let multiline: Bool
    private var ended = false
    /// Hears how it ended (once), and the key that ended it.
    private let done: (Ending, Key?) -> Void

    init(_ field: FormField, text: String, done: @escaping (Ending, Key?) -> Void) {
        self.field = field
        self.done = done
        guard case .text(let multiline, let password, let maxLength) = field.kind else {
            preconditionFailure("a text editor for a field that takes no text")
        }
        self.multiline = multiline
        if multiline {
            input = gtk_text_view_new()
            gtk_text_view_set_wrap_mode(quire_text_view(input), GTK_WRAP_WORD_CHAR)
            gtk_text_buffer_set_text(gtk_text_view_get_buffer(quire_text_view(input)), text, -1)
            widget = gtk_scrolled_window_new()
            gtk_scrolled_window_set_child(quire_scrolled_window(widget), input)
            gtk_scrolled_window_set_policy(quire_scrolled_window(widget), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        } else {
            input = gtk_entry_new()
            gtk_entry_set_has_frame(quire_entry(input), 0)
            if maxLength > 0 { gtk_entry_set_max_length(quire_entry(input), Int32(clamping: maxLength)) }
            if password { gtk_entry_set_visibility(quire_entry(input), 0) }
            gtk_editable_set_text(quire_editable(input), text)
            widget = input
        }
        // Paper-coloured with a blue edge, as a field being filled in looks in other viewers.
        StyleSheet.add("""
            .quire-field, .quire-field text, textview.quire-field > text { background: #fffffa; color: black; border-radius: 0; box-shadow: none; }
            entry.quire-field, scrolledwindow.quire-field { outline: 1px solid #3584e4; outline-offset: 0; }
            """)
        for part in [widget, input] {
            gtk_widget_add_css_class(part, "quire-field")
            gtk_style_context_add_provider(gtk_widget_get_style_context(part), style.opaque,
                                           UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        }
        if !field.label.isEmpty { gtk_widget_set_tooltip_text(widget, field.label) }
        // The editor stands for the field drawn under it: it takes the field's name.
        setAccessibleName(input, ControlNames.formField(name: field.name, label: field.label))
        let keys = gtk_event_controller_key_new()!
        // Before the entry's own handling: Tab would otherwise move GTK's focus.
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        Signal.connectKeyPressed(keys) { [unowned self] keyval, modifiers in
            let shift = modifiers.rawValue & GDK_SHIFT_MASK.rawValue != 0
            switch Int32(keyval) {
            case GDK_KEY_Tab, GDK_KEY_ISO_Left_Tab, GDK_KEY_KP_Tab: self.end(.taken(self.text), key: .tab(backwards: shift || Int32(keyval) == GDK_KEY_ISO_Left_Tab))
            case GDK_KEY_Escape: self.end(.cancelled, key: .escape)
            // In a multi-line field, Enter is a new line; Ctrl+Enter takes the text.
            case GDK_KEY_Return where !multiline || modifiers.rawValue & GDK_CONTROL_MASK.rawValue != 0,
                 GDK_KEY_KP_Enter where !multiline || modifiers.rawValue & GDK_CONTROL_MASK.rawValue != 0:
                self.end(.taken(self.text), key: .enter)
            default: return false
            }
            return true
        }
        gtk_widget_add_controller(input, keys)
        // A click elsewhere takes the text.
        Signal.whenFocusLeaves(input) { [weak self] in
            guard let self, !self.ended else { return }
            self.end(.taken(self.text), key: nil)
        }
    }

    /// Lays it over its field (again, after a zoom or turn) and gives it the keyboard.
    func show(on canvas: PageCanvas) {
        let perPoint = canvas.place(widget, over: field.area, onPage: field.page, textTurn: field.pageTurn)
        let across = field.pageTurn.isQuarterTurn ? field.area.width : field.area.height
        // The document's size (poppler-glib 22.12 never tells it), else one the field's
        // height holds, at most 12 points (a multi-line field's: a reading size).
        let points: Double = if field.fontSize > 0 { field.fontSize } else if case .text(true, _, _) = field.kind { 10 } else {
            min(max((across - 2) * 0.75, 4), 12)
        }
        let pixels = max(1, points * perPoint)
        let rules = ".quire-field { font-size: \(String(format: "%.2f", pixels))px; min-height: 0; padding: 0 \(Int(max(1, perPoint * 1.5)))px; }"
        gtk_css_provider_load_from_data(style.raw.assumingMemoryBound(to: GtkCssProvider.self), rules, -1)
        if gtk_widget_has_focus(input) == 0 { gtk_widget_grab_focus(input) }
    }

    var text: String {
        if multiline { return NoteEditor.text(in: input) }
        return String(cString: gtk_editable_get_text(quire_editable(input)))
    }

    /// Ends it, taking what was typed (the document goes, or another field is focused).
    func close() {
        guard !ended else { return }
        end(.taken(text), key: nil)
    }

    private func end(_ ending: Ending, key: Key?) {
        guard !ended else { return }
        ended = true
        done(ending, key)
        // Not while its own signal runs.
        let widget = self.widget
        MainLoop.invoke { gtk_widget_unparent(widget) }
    }
}
