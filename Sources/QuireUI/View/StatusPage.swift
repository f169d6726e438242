import CAdwaita
import CGtk
import CShim

/// An Adwaita status page: an icon, a headline, an explanation and optional widgets below,
/// what the window shows instead of a document (errors, the welcome page, the password prompt).
@MainActor
struct StatusPage {
    private let page: Adw.StatusPage
    var widget: UnsafeMutablePointer<GtkWidget> { page.widget }
    private let box = Box.column(spacing: 12)

    init(icon: String) {
        let page = Adw.StatusPage()
        self.page = page
        // The icon is looked up when the page is first shown: the window's stack measures
        // its hidden pages too, and Adwaita's status icons are SVGs, which load librsvg
        // (6.5 MiB of the window's memory) for pages most launches never show.
        Signal.connect(page.widget, "map") { page.setIcon(named: icon) }
        gtk_widget_set_halign(box.widget, GTK_ALIGN_CENTER)
        page.setChild(box.widget)
    }

    /// The headline and the explanation, as plain text (a file's name, poppler's words).
    func set(title text: String, message body: String) {
        page.setTitle(text)
        // The description is Pango markup to libadwaita.
        let escaped = g_markup_escape_text(body, -1)!
        page.setDescription(markup: String(cString: escaped))
        g_free(escaped)
    }

    func append(_ child: UnsafeMutablePointer<GtkWidget>) {
        box.append(child)
    }

    /// A button with a label that runs `action` when clicked.
    static func button(_ label: String, suggested: Bool = false, _ action: @escaping @MainActor () -> Void) -> UnsafeMutablePointer<GtkWidget> {
        let button = quire_mnemonic_button_new(label)!
        gtk_widget_set_halign(button, GTK_ALIGN_CENTER)
        gtk_widget_add_css_class(button, "pill")
        if suggested { gtk_widget_add_css_class(button, "suggested-action") }
        Signal.connect(button, "clicked", action)
        return button
    }
}
