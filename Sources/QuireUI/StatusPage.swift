import CGtk
import CShim

/// A centred page with an icon, a headline, an explanation and optional widgets below:
/// what the window shows instead of a document (errors, the welcome page, the password prompt).
@MainActor
struct StatusPage {
    let widget: UnsafeMutablePointer<GtkWidget>
    private let box = Box.column(spacing: 12)
    private let title = Label(wrap: true)
    private let message = Label(wrap: true)

    init(icon: String) {
        gtk_widget_set_valign(box.widget, GTK_ALIGN_CENTER)
        gtk_widget_set_halign(box.widget, GTK_ALIGN_CENTER)
        gtk_widget_set_margin_start(box.widget, 36)
        gtk_widget_set_margin_end(box.widget, 36)
        let image = gtk_image_new_from_icon_name(icon)!
        gtk_image_set_pixel_size(quire_image(image), 96)
        gtk_widget_add_css_class(image, "dim-label")
        title.addCSSClass("title-1")
        title.centreLines()
        message.setMaxWidth(chars: 60)
        message.centreLines()
        message.makeSelectable()
        gtk_widget_set_focusable(message.widget, 0) // else it takes focus and shows all its text selected
        box.append(image)
        box.append(title)
        box.append(message)
        widget = box.widget
    }

    func set(title text: String, message body: String) {
        title.text = text
        message.text = body
    }

    func append(_ child: UnsafeMutablePointer<GtkWidget>) {
        box.append(child)
    }

    /// A button with a label that runs `action` when clicked.
    static func button(_ label: String, suggested: Bool = false, _ action: @escaping @MainActor () -> Void) -> UnsafeMutablePointer<GtkWidget> {
        let button = gtk_button_new_with_mnemonic(label)!
        gtk_widget_set_halign(button, GTK_ALIGN_CENTER)
        if suggested { gtk_widget_add_css_class(button, "suggested-action") }
        Signal.connect(button, "clicked", action)
        return button
    }
}
