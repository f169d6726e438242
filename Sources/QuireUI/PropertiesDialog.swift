import CGtk
import CShim
import QuireRemote
import QuireEngine

/// Alt+Return: the document's properties in a small modal window over the document window,
/// closed with Escape. A General page (metadata, format, sizes) and a Fonts page. Both are
/// read on a thread of the dialog's own, with its own document, so that the main thread
/// never waits on poppler: the general rows arrive within milliseconds, the fonts once
/// every page has been scanned (seconds on a big book; closing the dialog stops the scan).
///
/// `QUIRE_PROPERTIES_REPORT=FILE` writes what the dialog's labels show to FILE, one
/// "Label: value" line each (fonts as "Font: …"), whenever they change: what the window
/// tests read.
@MainActor
final class PropertiesDialog {
    private let window: UnsafeMutablePointer<GtkWidget>
    private let grid: UnsafeMutablePointer<GtkWidget>
    private let fontList: UnsafeMutablePointer<GtkWidget>
    private let fontStatus: UnsafeMutablePointer<GtkWidget>
    private var worker: DocumentWorker?
    private var values: [(label: UnsafeMutablePointer<GtkWidget>, value: UnsafeMutablePointer<GtkWidget>)] = []
    private var fonts: [String] = []
    private static var open: [ObjectIdentifier: PropertiesDialog] = [:]
    private let reportPath: String?

    /// Shows the properties of the document of `source` over `parent`.
    /// With `report` (`QUIRE_PROPERTIES_REPORT`, for tests), what it shows is written there too.
    static func present(file: DocumentFile, parent: UnsafeMutablePointer<GtkWidget>, reportingTo report: String?) {
        let dialog = PropertiesDialog(parent: parent, report: report)
        open[ObjectIdentifier(dialog)] = dialog
        dialog.read(file)
        gtk_window_present(quire_window(dialog.window))
    }

    private init(parent: UnsafeMutablePointer<GtkWidget>, report: String?) {
        reportPath = report
        window = gtk_window_new()
        gtk_window_set_title(quire_window(window), "Properties")
        gtk_window_set_transient_for(quire_window(window), quire_window(parent))
        gtk_window_set_modal(quire_window(window), 1)
        gtk_window_set_destroy_with_parent(quire_window(window), 1)
        gtk_window_set_default_size(quire_window(window), 560, 540)
        let escape = gtk_shortcut_controller_new()!
        gtk_shortcut_controller_add_shortcut(escape,
                                             gtk_shortcut_new(gtk_keyval_trigger_new(UInt32(GDK_KEY_Escape), GdkModifierType(rawValue: 0)),
                                                              gtk_named_action_new("window.close")))
        gtk_widget_add_controller(window, escape)

        let stack = gtk_stack_new()!
        let header = gtk_header_bar_new()!
        let switcher = gtk_stack_switcher_new()!
        gtk_stack_switcher_set_stack(OpaquePointer(switcher), OpaquePointer(stack))
        gtk_header_bar_set_title_widget(quire_header_bar(header), switcher)
        gtk_window_set_titlebar(quire_window(window), header)

        grid = gtk_grid_new()
        gtk_grid_set_column_spacing(quire_grid(grid), 18)
        gtk_grid_set_row_spacing(quire_grid(grid), 8)
        Self.setMargins(grid, 24)
        gtk_stack_add_titled(quire_stack(stack), Self.scrolled(grid), "general", "General")

        let fontBox = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8)!
        Self.setMargins(fontBox, 24)
        fontStatus = gtk_label_new("Reading the pages for fonts…")
        gtk_widget_add_css_class(fontStatus, "dim-label")
        gtk_label_set_xalign(quire_label(fontStatus), 0)
        fontList = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)
        gtk_box_append(quire_box(fontBox), fontStatus)
        gtk_box_append(quire_box(fontBox), fontList)
        gtk_stack_add_titled(quire_stack(stack), Self.scrolled(fontBox), "fonts", "Fonts")
        gtk_window_set_child(quire_window(window), stack)
        Signal.connect(window, "destroy") { [unowned self] in
            self.worker?.stop()
            Self.open[ObjectIdentifier(self)] = nil
        }
    }

    private func read(_ file: DocumentFile) {
        let worker = DocumentWorker(file: file) { [weak self] error in
            MainLoop.invoke { self?.readFailed(error.message) }
        }
        self.worker = worker
        worker.run { [weak self] document in
            guard let properties = document.properties() else {
                MainLoop.invoke { self?.readFailed("its reader failed") }
                return
            }
            MainLoop.invoke { self?.show(properties.rows) }
            // Stopping ends the helper (and so the walk) with the worker's document.
            if let fonts = document.fonts(), !worker.isStopped { MainLoop.invoke { self?.show(fonts: fonts) } }
        }
    }

    private func show(_ rows: [(label: String, value: String)]) {
        for (index, row) in rows.enumerated() {
            let label = gtk_label_new(row.label)!
            gtk_widget_add_css_class(label, "dim-label")
            gtk_label_set_xalign(quire_label(label), 1)
            gtk_label_set_yalign(quire_label(label), 0)
            let value = Self.valueLabel(row.value)
            gtk_grid_attach(quire_grid(grid), label, 0, Int32(index), 1, 1)
            gtk_grid_attach(quire_grid(grid), value, 1, Int32(index), 1, 1)
            values.append((label, value))
        }
        report()
    }

    private func show(fonts found: [DocumentFont]) {
        fonts = found.map(PropertyText.font)
        gtk_label_set_text(quire_label(fontStatus), PropertyText.fontCount(found.count))
        for font in fonts { gtk_box_append(quire_box(fontList), Self.valueLabel(font)) }
        report()
    }

    /// A document that can no longer be read (deleted or replaced since it was opened).
    private func readFailed(_ message: String) {
        gtk_grid_attach(quire_grid(grid), Self.valueLabel(message), 0, 0, 2, 1)
        gtk_label_set_text(quire_label(fontStatus), "")
    }

    /// Writes what the labels show, for the window tests.
    private func report() {
        guard let path = reportPath else { return }
        func text(_ label: UnsafeMutablePointer<GtkWidget>) -> String { String(cString: gtk_label_get_text(quire_label(label))) }
        var lines = values.map { "\(text($0.label)): \(text($0.value))" }
        lines += fonts.map { "Font: \($0)" }
        let contents = lines.joined(separator: "\n") + "\n"
        if g_file_set_contents(path, contents, -1, nil) == 0 { printError("cannot write \(path)") }
    }

    private static func valueLabel(_ text: String) -> UnsafeMutablePointer<GtkWidget> {
        let label = gtk_label_new(text)!
        gtk_label_set_xalign(quire_label(label), 0)
        gtk_label_set_wrap(quire_label(label), 1)
        gtk_label_set_wrap_mode(quire_label(label), PANGO_WRAP_WORD_CHAR)
        gtk_label_set_max_width_chars(quire_label(label), 48)
        gtk_label_set_selectable(quire_label(label), 1)
        gtk_widget_set_focusable(label, 0) // else the first takes focus and shows its text selected
        gtk_widget_set_hexpand(label, 1)
        return label
    }

    private static func scrolled(_ child: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(quire_scrolled_window(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(quire_scrolled_window(scrolled), child)
        gtk_widget_set_vexpand(scrolled, 1)
        return scrolled
    }

    private static func setMargins(_ widget: UnsafeMutablePointer<GtkWidget>, _ margin: Int32) {
        gtk_widget_set_margin_start(widget, margin)
        gtk_widget_set_margin_end(widget, margin)
        gtk_widget_set_margin_top(widget, margin)
        gtk_widget_set_margin_bottom(widget, margin)
    }
}
