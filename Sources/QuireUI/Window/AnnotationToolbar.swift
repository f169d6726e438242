import CAdwaita
import CGtk
import CShim
import QuireEngine

/// The annotation toolbar under the header bar, as Evince shows its own: revealed by the
/// header bar's Annotate button (F6). The tools (Select, Pen, Eraser, Text Box, Line,
/// Arrow, Rectangle, Ellipse, a menu of stamps), then a menu of how they draw: colour,
/// width, fill, text size. Every button names a window action (`DocumentWindow.addDrawingActions`), so
/// the keys and the buttons show the same state. Built the first time it is shown: a reader
/// who never annotates pays nothing for it at launch.
@MainActor
final class AnnotationToolbar {
    private let revealer = Revealer(transition: GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN)
    var widget: UnsafeMutablePointer<GtkWidget> { revealer.widget }

    /// The tools in the toolbar's order (their keys are Ctrl+1 to Ctrl+8, Select's Escape).
    static let tools: [(DrawingTool, String)] = [
        (.select, tr("Select")), (.pen, tr("Pen")), (.eraser, tr("Eraser")), (.textBox, tr("Text Box")), (.line, tr("Line")),
        (.arrow, tr("Arrow")), (.rectangle, tr("Rectangle")), (.ellipse, tr("Ellipse")),
    ]

    init() {
        revealer.reveal(false)
    }

    private var built = false

    private func build() {
        built = true
        let bar = Box.row(spacing: 6)
        gtk_widget_add_css_class(bar.widget, "toolbar")
        let tools = Box.row()
        tools.addCSSClass("linked")
        for (index, (tool, title)) in Self.tools.enumerated() {
            let button = gtk_toggle_button_new_with_label(title)!
            gtk_actionable_set_detailed_action_name(button.opaque, "win.tool::" + tool.rawValue)
            gtk_widget_set_tooltip_text(button, index == 0 ? tr("{tool} (Escape)", ["tool": title]) : tr("{tool} (Ctrl+{number})", ["tool": title, "number": String(index)]))
            gtk_widget_set_focus_on_click(button, 0)
            tools.append(button)
        }
        let stamps = MenuButton()
        stamps.setLabel(tr("Stamp"))
        stamps.setAccessibleName(tr("Place a stamp"))
        gtk_widget_set_tooltip_text(stamps.widget, tr("Stamp (Ctrl+8)"))
        owning(g_menu_new()!) { menu in
            for stamp in StandardStamp.allCases { g_menu_append(menu, stamp.title, "win.stamp::" + stamp.rawValue) }
            owning(g_menu_new()!) { section in
                g_menu_append(section, tr("_Picture…"), "win.stamp-picture")
                g_menu_append_section(menu, nil, quire_menu_model(section.gobject))
            }
            stamps.setMenu(menu)
        }
        tools.append(stamps)
        bar.append(tools)
        // How the tools draw, in one menu: the colour, the width, the fill, the text size.
        let style = MenuButton(icon: "color-select-symbolic")
        gtk_widget_set_tooltip_text(style.widget, tr("Colour, width, fill and text size"))
        style.setAccessibleName(tr("Style"))
        owning(g_menu_new()!) { menu in
            func section(_ label: String, _ items: [(String, String)]) {
                owning(g_menu_new()!) { section in
                    for (title, action) in items { g_menu_append(section, title, action) }
                    g_menu_append_section(menu, label, quire_menu_model(section.gobject))
                }
            }
            func points(_ value: Double) -> String { tr("{points} pt", ["points": Self.number(value)]) }
            section(tr("Colour"), MarkupColours.inks.map { ($0.title, "win.drawing-colour::" + $0.name) })
            section(tr("Width"), DrawingStyle.widths.map { (points($0), "win.drawing-width::" + Self.number($0)) })
            section(tr("Shapes"), [(tr("_Fill Rectangles and Ellipses"), "win.drawing-fill")])
            section(tr("Text Size"), DrawingStyle.fontSizes.map { (points($0), "win.text-size::" + Self.number($0)) })
            style.setMenu(menu)
        }
        bar.append(style)
        for button in [stamps, style] { PopoverTooltips.keepAway(from: button) }
        // A narrow window scrolls the bar rather than growing to hold it.
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(quire_scrolled_window(scrolled), GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER)
        gtk_scrolled_window_set_propagate_natural_height(quire_scrolled_window(scrolled), 1)
        gtk_scrolled_window_set_child(quire_scrolled_window(scrolled), bar.widget)
        revealer.setChild(scrolled)
    }

    var isShown: Bool { gtk_revealer_get_reveal_child(widget.opaque) != 0 }
    func reveal(_ shown: Bool) {
        if shown, !built { build() }
        revealer.reveal(shown)
    }

    /// A width or size as its action names it: "2", "1.5".
    nonisolated static func number(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : String(value) }
}
