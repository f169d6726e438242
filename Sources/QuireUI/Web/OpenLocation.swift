import CAdwaita
import CGtk
import CShim
import QuireEngine

/// Open Location (Ctrl+Shift+L, and atop Open Recent): a small modal window with one entry
/// for a pasted or typed address (a web address, a path or a file: URI); Enter or Open
/// opens it, Escape or Cancel does not.
@MainActor
final class OpenLocation {
    private static var open: [ObjectIdentifier: OpenLocation] = [:]
    private let window: Window
    private let entry = Editable(gtk_entry_new())
    private let opening: (String) -> Void
    private var answered = false

    /// Asks over `parent` (or alone, without a window); `opening` gets the text to open.
    static func ask(over parent: UnsafeMutablePointer<GtkWidget>?, _ opening: @escaping (String) -> Void) {
        let question = OpenLocation(parent: parent, opening: opening)
        open[ObjectIdentifier(question)] = question
    }

    private init(parent: UnsafeMutablePointer<GtkWidget>?, opening: @escaping (String) -> Void) {
        self.opening = opening
        window = Window(gtk_window_new())
        window.title = tr("Open Location")
        if let parent { window.setModal(over: Window(parent)) }
        gtk_window_set_resizable(window.window, 0)
        let column = Box.column(spacing: 12)
        for margin in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom, gtk_widget_set_margin_start, gtk_widget_set_margin_end] {
            margin(column.widget, 24)
        }
        let heading = Label(tr("Enter the address of a PDF document"), xalign: 0)
        heading.addCSSClass("heading")
        column.append(heading)
        entry.setWidth(chars: 48)
        gtk_entry_set_placeholder_text(quire_entry(entry.widget), "https://")
        gtk_entry_set_input_purpose(quire_entry(entry.widget), GTK_INPUT_PURPOSE_URL)
        entry.setAccessibleName(tr("Address"))
        column.append(entry)
        let buttons = Box.row(spacing: 12)
        gtk_widget_set_halign(buttons.widget, GTK_ALIGN_END)
        let cancel = quire_mnemonic_button_new(tr("_Cancel"))!
        let openButton = quire_mnemonic_button_new(tr("_Open"))!
        gtk_widget_add_css_class(openButton, "suggested-action")
        buttons.append(cancel)
        buttons.append(openButton)
        column.append(buttons)
        window.setChild(column.widget)
        gtk_window_set_default_widget(window.window, openButton)
        gtk_entry_set_activates_default(quire_entry(entry.widget), 1)
        gtk_widget_set_sensitive(openButton, 0)
        Signal.connect(entry.widget, "changed") { [unowned self] in
            gtk_widget_set_sensitive(openButton, self.text.isEmpty ? 0 : 1)
        }
        Signal.connect(openButton, "clicked") { [unowned self] in self.finish(opening: true) }
        Signal.connect(cancel, "clicked") { [unowned self] in self.finish(opening: false) }
        let keys = gtk_event_controller_key_new()!
        Signal.connectKeyPressed(keys) { [unowned self] keyval, _ in
            guard keyval == UInt32(GDK_KEY_Escape) else { return false }
            self.finish(opening: false)
            return true
        }
        gtk_widget_add_controller(window.widget, keys)
        Signal.connectCloseRequest(window.widget) { [unowned self] in
            self.finish(opening: false)
            return true
        }
        window.present()
        gtk_widget_grab_focus(entry.widget)
    }

    /// The entry's text without the spaces and line ends a paste brings along.
    private var text: String {
        String(entry.text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }

    /// As `UnsavedChanges` does: the window goes once the event that ended it is over.
    private func finish(opening chosen: Bool) {
        guard !answered, !chosen || !text.isEmpty else { return }
        answered = true
        let text = self.text
        gtk_widget_set_visible(window.widget, 0)
        MainLoop.invoke { [self] in
            window.destroy()
            Self.open[ObjectIdentifier(self)] = nil
            if chosen { opening(text) }
        }
    }
}
