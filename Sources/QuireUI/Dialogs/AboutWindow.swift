import CAdwaita
import CGtk
import CShim
import QuireEngine

/// About Quire (the main menu): Adwaita's about window, with this version's release notes
/// (as the metainfo says them) and the versions a bug report needs.
@MainActor
enum AboutWindow {
    static func present(over parent: UnsafeMutablePointer<GtkWidget>?) {
        let about = adw_about_window_new()!
        let window = OpaquePointer(about)
        adw_about_window_set_application_name(window, "Quire")
        gtk_window_set_title(quire_window(UnsafeMutableRawPointer(about)), tr("About Quire"))
        adw_about_window_set_application_icon(window, Application.id)
        adw_about_window_set_version(window, LaunchOptions.version)
        adw_about_window_set_developer_name(window, tr("The Quire developers"))
        adw_about_window_set_copyright(window, tr("© 2026 The Quire developers"))
        adw_about_window_set_license_type(window, GTK_LICENSE_MIT_X11)
        adw_about_window_set_comments(window, tr("A fast viewer for PDF documents: every document is read by sandboxed helper processes."))
        adw_about_window_set_release_notes_version(window, LaunchOptions.version)
        // The metainfo's release notes, whose translations are the metainfo's own.
        let notes = [tr("The first release:"), tr("Documents open in sandboxed helper processes, pixels shared with the window"),
                     tr("Search, selection, the outline, thumbnails, page labels, printing"),
                     tr("Highlights, underlines, notes and AcroForm filling, saved into the file"),
                     tr("Link and reference previews, smart fit, night mode remembered per document")].map(escaped)
        adw_about_window_set_release_notes(window, "<p>\(notes[0])</p><ul>" + notes.dropFirst().map { "<li>\($0)</li>" }.joined() + "</ul>")
        adw_about_window_set_debug_info(window, debugInfo)
        adw_about_window_set_debug_info_filename(window, "quire-debug-info.txt")
        if let parent { gtk_window_set_transient_for(quire_window(UnsafeMutableRawPointer(about)), quire_window(UnsafeMutableRawPointer(parent))) }
        gtk_window_set_modal(quire_window(UnsafeMutableRawPointer(about)), 1)
        gtk_window_present(quire_window(UnsafeMutableRawPointer(about)))
    }

    private static func escaped(_ text: String) -> String {
        let escaped = g_markup_escape_text(text, -1)!
        defer { g_free(escaped) }
        return String(cString: escaped)
    }

    /// The libraries' versions at run time and the renderer GTK chose: what a bug report asks.
    private static var debugInfo: String {
        let renderer = Environment.string("GSK_RENDERER") ?? "GTK's choice"
        return ["Quire \(LaunchOptions.version)",
                "GTK \(gtk_get_major_version()).\(gtk_get_minor_version()).\(gtk_get_micro_version())",
                "libadwaita \(adw_get_major_version()).\(adw_get_minor_version()).\(adw_get_micro_version())",
                "GSK renderer: \(renderer)"].joined(separator: "\n")
    }
}
