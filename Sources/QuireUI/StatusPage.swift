import CGtk
import CShim

/// A centred page with an icon, a headline, an explanation and optional widgets below:
/// what the window shows instead of a document (errors, the welcome page, the password prompt).
@MainActor
struct StatusPage {
    let widget: UnsafeMutablePointer<GtkWidget>
    private let box: UnsafeMutablePointer<GtkWidget>
    private let title: UnsafeMutablePointer<GtkWidget>
    private let message: UnsafeMutablePointer<GtkWidget>

    init(icon: String) {
        box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)
        gtk_widget_set_valign(box, GTK_ALIGN_CENTER)
        gtk_widget_set_halign(box, GTK_ALIGN_CENTER)
        gtk_widget_set_margin_start(box, 36)
        gtk_widget_set_margin_end(box, 36)
        let image = gtk_image_new_from_icon_name(icon)!
        gtk_image_set_pixel_size(quire_image(image), 96)
        gtk_widget_add_css_class(image, "dim-label")
        title = gtk_label_new(nil)
        gtk_widget_add_css_class(title, "title-1")
        gtk_label_set_wrap(quire_label(title), 1)
        gtk_label_set_justify(quire_label(title), GTK_JUSTIFY_CENTER)
        message = gtk_label_new(nil)
        gtk_label_set_wrap(quire_label(message), 1)
        gtk_label_set_max_width_chars(quire_label(message), 60)
        gtk_label_set_justify(quire_label(message), GTK_JUSTIFY_CENTER)
        gtk_label_set_selectable(quire_label(message), 1)
        gtk_widget_set_focusable(message, 0) // else it takes focus and shows all its text selected
        for child in [image, title, message] { gtk_box_append(quire_box(box), child) }
        widget = box
    }

    func set(title text: String, message body: String) {
        gtk_label_set_text(quire_label(title), text)
        gtk_label_set_text(quire_label(message), body)
    }

    func append(_ child: UnsafeMutablePointer<GtkWidget>) {
        gtk_box_append(quire_box(box), child)
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
