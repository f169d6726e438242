import CGtk
import CShim

/// GTK's print dialog (GtkPrintUnixDialog): printer, pages, layout and the page setup.
/// A handle, as in Widgets.swift: the dialog is a window, which GTK holds until destroyed.
@MainActor
struct PrintDialog: WidgetHandle {
    let widget: UnsafeMutablePointer<GtkWidget>
    private var dialog: OpaquePointer { widget.opaque }

    init(title: String, over parent: Window) { widget = gtk_print_unix_dialog_new(title, parent.window) }

    var window: Window { Window(widget) }
    /// Starts from `settings` (a GtkPrintSettings; the dialog keeps its own reference).
    func setSettings(_ settings: OpaquePointer) { gtk_print_unix_dialog_set_settings(dialog, settings) }
    /// The page shown now, from 0, for "Current Page".
    func setCurrentPage(_ page: Int) { gtk_print_unix_dialog_set_current_page(dialog, Int32(page)) }
    /// The paper's size and orientation in the dialog itself.
    func embedPageSetup() { gtk_print_unix_dialog_set_embed_page_setup(dialog, 1) }
    /// What the application does itself, which the dialog then offers.
    func setManualCapabilities(_ capabilities: [GtkPrintCapabilities]) {
        gtk_print_unix_dialog_set_manual_capabilities(dialog, GtkPrintCapabilities(capabilities.reduce(0) { $0 | $1.rawValue }))
    }

    var selectedPrinter: OpaquePointer? { gtk_print_unix_dialog_get_selected_printer(dialog) }
    /// The settings chosen: a new reference, the caller's.
    func chosenSettings() -> OpaquePointer? { gtk_print_unix_dialog_get_settings(dialog) }
    var pageSetup: OpaquePointer? { gtk_print_unix_dialog_get_page_setup(dialog) }
}

/// The desktop's file chooser (GtkFileChooserNative: a portal where there is one). Not a
/// widget: whoever shows it holds it until it answers.
@MainActor
struct NativeFileChooser {
    let dialog: OpaquePointer
    private var gobject: UnsafeMutableRawPointer { dialog.gobject }
    /// The GtkFileChooser it is.
    var chooser: OpaquePointer { quire_file_chooser(gobject) }

    /// A new dialog (a reference the caller owns).
    init(title: String, parent: Window?, action: GtkFileChooserAction, accept: String, cancel: String) {
        dialog = gtk_file_chooser_native_new(title, parent?.window, action, accept, cancel)
    }

    /// The file chosen, a new reference (nil: none).
    var file: OpaquePointer? { gtk_file_chooser_get_file(chooser) }
    func addFilter(_ filter: OpaquePointer) { gtk_file_chooser_add_filter(chooser, filter) }
    func show() { gtk_native_dialog_show(quire_native_dialog(gobject)) }
}
