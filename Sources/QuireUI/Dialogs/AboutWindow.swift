import CAdwaita
import CGtk
import CShim
import QuireEngine

/// About Quire (the main menu): Adwaita's about window, with this version's release notes
/// (as the metainfo says them) and the versions a bug report needs.
@MainActor
enum AboutWindow {
    static func present(over parent: UnsafeMutablePointer<GtkWidget>?) {
        let about = Adw.AboutWindow()
        about.setApplication(name: "Quire", icon: Application.id, version: LaunchOptions.version)
        about.window.title = tr("About Quire")
        about.setDeveloper(name: tr("The Quire developers"), copyright: tr("© 2026 The Quire developers"), license: GTK_LICENSE_MIT_X11)
        about.setComments(tr("A fast viewer for PDF documents: every document is read by sandboxed helper processes."))
        // The metainfo's release notes, whose translations are the metainfo's own.
        let notes = [tr("The first release:"), tr("Documents open in sandboxed helper processes, pixels shared with the window"),
                     tr("Search, selection, the outline, thumbnails, page labels, printing"),
                     tr("Highlights, underlines, notes and AcroForm filling, saved into the file"),
                     tr("Link and reference previews, smart fit, night mode remembered per document")].map(escaped)
        about.setReleaseNotes("<p>\(notes[0])</p><ul>" + notes.dropFirst().map { "<li>\($0)</li>" }.joined() + "</ul>",
                              version: LaunchOptions.version)
        about.setDebugInfo(debugInfo, filename: "quire-debug-info.txt")
        if let parent { about.window.setTransient(for: Window(parent)) }
        about.window.setModal(true)
        about.window.presentDialog()
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
