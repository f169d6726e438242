import CAdwaita
import CGtk
import CShim
import QuireEngine

/// Asks the reader what becomes of annotations not yet saved before they would be lost
/// (closing the window, quitting, reloading, opening another document): a small modal
/// window, as GNOME's editors ask, with the safe choice by default (Return) and Escape
/// as Cancel.
@MainActor
final class UnsavedChanges {
    enum Choice { case save, discard, cancel }

    private static var open: [ObjectIdentifier: UnsavedChanges] = [:]
    private let window: Window
    private let answer: (Choice) -> Void
    private var answered = false

    /// Asks over `parent`; `answer` is called once, with the reader's choice.
    /// `save` nil offers no saving (only discarding, or cancelling as `cancel` says).
    static func ask(over parent: UnsafeMutablePointer<GtkWidget>, title: String, detail: String,
                    save: String? = tr("Save"), discard: String = tr("Discard"), cancel: String = tr("Cancel"), _ answer: @escaping (Choice) -> Void) {
        let question = UnsavedChanges(parent: parent, title: title, detail: detail, save: save, discard: discard, cancel: cancel, answer: answer)
        open[ObjectIdentifier(question)] = question
    }

    private init(parent: UnsafeMutablePointer<GtkWidget>, title: String, detail: String, save: String?, discard: String,
                 cancel: String, answer: @escaping (Choice) -> Void) {
        self.answer = answer
        window = Window(gtk_window_new())
        window.title = tr("Unsaved Changes")
        window.setModal(over: Window(parent))
        gtk_window_set_resizable(window.window, 0)
        let column = Box.column(spacing: 12)
        for margin in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom, gtk_widget_set_margin_start, gtk_widget_set_margin_end] {
            margin(column.widget, 24)
        }
        let heading = Label(title, wrap: true)
        heading.addCSSClass("title-3")
        heading.setMaxWidth(chars: 40)
        heading.centreLines()
        column.append(heading)
        let body = Label(detail, wrap: true)
        body.setMaxWidth(chars: 46)
        body.centreLines()
        column.append(body)
        let buttons = Box.row(spacing: 12)
        gtk_widget_set_halign(buttons.widget, GTK_ALIGN_CENTER)
        gtk_widget_set_margin_top(buttons.widget, 12)
        func button(_ label: String, _ choice: Choice, style: String?) -> UnsafeMutablePointer<GtkWidget> {
            let made = quire_mnemonic_button_new(label)!
            if let style { gtk_widget_add_css_class(made, style) }
            Signal.connect(made, "clicked") { [unowned self] in self.choose(choice) }
            buttons.append(made)
            return made
        }
        let cancelling = button("_" + cancel, .cancel, style: nil)
        _ = button("_" + discard, .discard, style: "destructive-action")
        // The default is what loses nothing: saving, or else keeping things as they are.
        let safe = save.map { button("_" + $0, .save, style: "suggested-action") } ?? cancelling
        column.append(buttons)
        window.setChild(column.widget)
        gtk_window_set_default_widget(window.window, safe)
        let keys = gtk_event_controller_key_new()!
        Signal.connectKeyPressed(keys) { [unowned self] keyval, _ in
            guard keyval == UInt32(GDK_KEY_Escape) else { return false }
            self.choose(.cancel)
            return true
        }
        gtk_widget_add_controller(window.widget, keys)
        Signal.connectCloseRequest(window.widget) { [unowned self] in
            self.choose(.cancel)
            return true
        }
        window.present()
        gtk_widget_grab_focus(safe)
    }

    /// The question goes at once; it is destroyed and the answer acted on once the event
    /// that chose is over: a click's gesture still runs on the button (and the window under
    /// it) after the handler, so destroying them inside it, and the document window with
    /// them on Discard, left GTK disconnecting signals from freed objects.
    private func choose(_ choice: Choice) {
        guard !answered else { return }
        answered = true
        gtk_widget_set_visible(window.widget, 0)
        MainLoop.invoke { [self] in
            window.destroy()
            Self.open[ObjectIdentifier(self)] = nil
            answer(choice)
        }
    }
}
