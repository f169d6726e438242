import CAdwaita
import CGtk
import CShim
import QuireEngine

/// The desktop's file chooser (a portal where there is one), filtered to PDF documents
/// (or pictures, for a stamp).
@MainActor
enum FileChooser {
    static func choosePDF(parent: UnsafeMutablePointer<GtkWidget>?, _ chosen: @escaping @MainActor (String) -> Void) {
        choose(parent: parent, title: tr("Open Document"), action: GTK_FILE_CHOOSER_ACTION_OPEN, accept: tr("_Open"), chosen)
    }

    /// Where Save As writes the document: `name` suggested, in `folder` to begin with.
    static func choosePDFToSave(parent: UnsafeMutablePointer<GtkWidget>?, name: String, folder: String?,
                                _ chosen: @escaping @MainActor (String) -> Void) {
        choose(parent: parent, title: tr("Save As"), action: GTK_FILE_CHOOSER_ACTION_SAVE, accept: tr("_Save"), chosen) { chooser in
            gtk_file_chooser_set_current_name(chooser, name)
            if let folder { owning(g_file_new_for_path(folder)!) { _ = gtk_file_chooser_set_current_folder(chooser, $0, nil) } }
        }
    }

    /// A PNG or JPEG picture for a stamp.
    static func choosePicture(parent: UnsafeMutablePointer<GtkWidget>?, _ chosen: @escaping @MainActor (String) -> Void) {
        choose(parent: parent, title: tr("Choose a Picture"), action: GTK_FILE_CHOOSER_ACTION_OPEN, accept: tr("_Open"),
               filter: (tr("PNG and JPEG pictures"), ["image/png", "image/jpeg"], ["*.png", "*.jpg", "*.jpeg"]), chosen)
    }

    private static func choose(parent: UnsafeMutablePointer<GtkWidget>?, title: String, action: GtkFileChooserAction, accept: String,
                               filter shown: (name: String, types: [String], patterns: [String])? = nil,
                               _ chosen: @escaping @MainActor (String) -> Void, prepare: (OpaquePointer) -> Void = { _ in }) {
        let shown = shown ?? (tr("PDF documents"), ["application/pdf"], ["*.pdf"])
        let dialog = NativeFileChooser(title: title, parent: parent.map(Window.init), action: action, accept: accept, cancel: tr("_Cancel"))
        prepare(dialog.chooser)
        // A native dialog is not a widget: nothing holds it but this, until the answer.
        var kept: GObjectRef? = GObjectRef(taking: dialog.dialog)
        owning(gtk_file_filter_new()!) { filter in
            gtk_file_filter_set_name(filter, shown.name)
            for type in shown.types { gtk_file_filter_add_mime_type(filter, type) }
            for pattern in shown.patterns { gtk_file_filter_add_pattern(filter, pattern) }
            dialog.addFilter(filter)
        }
        Signal.connect(dialog.dialog, "response") { (response: UnsafeMutableRawPointer?) in
            // The signal's int argument arrives in the pointer's register.
            let code = Int32(truncatingIfNeeded: Int(bitPattern: response))
            if code == Int32(GTK_RESPONSE_ACCEPT.rawValue), let file = dialog.file {
                owning(file) { file in
                    guard let path = g_file_get_path(file) else { return }
                    chosen(String(cString: path))
                    g_free(path)
                }
            }
            kept = nil
        }
        dialog.show()
    }
}
