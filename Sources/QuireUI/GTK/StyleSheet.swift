import CAdwaita
import CGtk
import CShim

/// CSS rules Quire lays over GTK's theme, for the whole display, each once per run.
@MainActor
enum StyleSheet {
    private static var added: Set<String> = []

    static func add(_ rules: String) {
        guard !added.contains(rules), let display = gdk_display_get_default() else { return }
        added.insert(rules)
        owning(gtk_css_provider_new()!) { style in
            gtk_css_provider_load_from_data(style, rules, -1)
            gtk_style_context_add_provider_for_display(display, style.opaque, UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        }
    }
}
