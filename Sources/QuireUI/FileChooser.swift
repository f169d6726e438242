import CGtk
import CShim

/// The desktop's file chooser (a portal where there is one), filtered to PDF documents.
@MainActor
enum FileChooser {
    static func choosePDF(parent: UnsafeMutablePointer<GtkWidget>?, _ chosen: @escaping @MainActor (String) -> Void) {
        let dialog = gtk_file_chooser_native_new("Open Document", parent.map { Window($0).window },
                                                 GTK_FILE_CHOOSER_ACTION_OPEN, "_Open", "_Cancel")!
        // A native dialog is not a widget: nothing holds it but this, until the answer.
        var kept: GObjectRef? = GObjectRef(taking: dialog)
        owning(gtk_file_filter_new()!) { filter in
            gtk_file_filter_set_name(filter, "PDF documents")
            gtk_file_filter_add_mime_type(filter, "application/pdf")
            gtk_file_filter_add_pattern(filter, "*.pdf")
            gtk_file_chooser_add_filter(quire_file_chooser(UnsafeMutableRawPointer(dialog)), filter)
        }
        Signal.connect(dialog, "response") { (response: UnsafeMutableRawPointer?) in
            // The signal's int argument arrives in the pointer's register.
            let code = Int32(truncatingIfNeeded: Int(bitPattern: response))
            if code == Int32(GTK_RESPONSE_ACCEPT.rawValue), let file = gtk_file_chooser_get_file(quire_file_chooser(UnsafeMutableRawPointer(dialog))) {
                owning(file) { file in
                    guard let path = g_file_get_path(file) else { return }
                    chosen(String(cString: path))
                    g_free(path)
                }
            }
            kept = nil
        }
        gtk_native_dialog_show(quire_native_dialog(UnsafeMutableRawPointer(dialog)))
    }
}
