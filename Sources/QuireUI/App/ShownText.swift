import CAdwaita
import CGtk
import CShim

/// The words a window shows, read back from its widgets, for `--snapshot`'s report under
/// `QUIRE_REPORT_SHOWN_TEXT=1`: a test of the translations then compares strings, not
/// pixels. A line each, in the widget tree's order:
/// `shown title "…"`, `shown label "…"` (every label on screen, followed by `shown cut "…"`
/// when it is too narrow for its text and ends in "…"), `shown tooltip "…"`
/// (every widget on screen that has one) and `shown menu "…"` (every item of the menus
/// of the menu buttons on screen, their sections and submenus included).
@MainActor
enum ShownText {
    static func lines(of window: UnsafeMutablePointer<GtkWidget>) -> [String] {
        var lines: [String] = []
        if let title = gtk_window_get_title(quire_window(window)) { lines.append(line("title", String(cString: title))) }
        visit(window, into: &lines)
        return lines
    }

    private static func visit(_ widget: UnsafeMutablePointer<GtkWidget>, into lines: inout [String]) {
        guard gtk_widget_get_mapped(widget) != 0 else { return }
        if quire_is_label(widget) != 0, let text = gtk_label_get_text(quire_label(widget)), text.pointee != 0 {
            lines.append(line("label", String(cString: text)))
            if pango_layout_is_ellipsized(gtk_label_get_layout(quire_label(widget))) != 0 { lines.append(line("cut", String(cString: text))) }
        }
        if let tooltip = gtk_widget_get_tooltip_text(widget) { lines.append(line("tooltip", String(cString: tooltip))) }
        if quire_is_menu_button(widget) != 0, let model = MenuButton(widget).menu {
            items(of: model, into: &lines)
        }
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            visit(current, into: &lines)
            child = gtk_widget_get_next_sibling(current)
        }
    }

    private static func items(of model: UnsafeMutablePointer<GMenuModel>, into lines: inout [String]) {
        for index in 0..<g_menu_model_get_n_items(model) {
            if let label = g_menu_model_get_item_attribute_value(model, index, "label", nil) {
                lines.append(line("menu", String(cString: g_variant_get_string(label, nil))))
                g_variant_unref(label)
            }
            for link in ["section", "submenu"] {
                if let linked = g_menu_model_get_item_link(model, index, link) {
                    items(of: linked, into: &lines)
                    g_object_unref(linked)
                }
            }
        }
    }

    private static func line(_ kind: String, _ text: String) -> String {
        "shown \(kind) \"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n") + "\""
    }
}
