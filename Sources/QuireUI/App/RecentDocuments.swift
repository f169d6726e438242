import CAdwaita
import CGtk
import CShim
import QuireEngine

/// The desktop's recent files (GtkRecentManager), so that Quire's documents appear in the
/// file manager's "Recent" and the file chooser, and theirs in Quire's "Open Recent" menu:
/// the ten PDF documents used last that still exist, newest first. A file GTK's Print to
/// File wrote is listed by GTK under this program's name ("quire") but never by Quire as
/// opened ("Quire"): it is not a document read, so it is taken out of the recent files.
@MainActor
final class RecentDocuments {
    /// Open Location… over the documents, whose items open `app.open-recent` with the
    /// document's URI (a web document's is its address).
    let menu: OpaquePointer // GMenu, owned for the application's life
    /// The documents' section of `menu`, rebuilt when the recent files change.
    private let documentItems: OpaquePointer
    private let manager: UnsafeMutablePointer<GtkRecentManager> // the default one, not owned
    static let shown = 10

    init() {
        let menu = g_menu_new()!
        // Here rather than in the main menu's first section, whose items' places the
        // keyboard and the tests count on.
        owning(g_menu_new()!) { location in
            g_menu_append(location, tr("Open _Location…"), "app.open-location")
            g_menu_append_section(menu, nil, quire_menu_model(location.gobject))
        }
        self.menu = menu
        documentItems = g_menu_new()
        g_menu_append_section(menu, nil, quire_menu_model(documentItems.gobject))
        manager = gtk_recent_manager_get_default()!
        rebuild()
        Signal.connect(manager, "changed") { [unowned self] in self.rebuild() }
    }

    /// Records that `path` was opened, with its type given so that GIO need not guess it.
    /// A web document is recorded by its address.
    func add(path: String) {
        if WebAddress(path) != nil { return add(uri: path) }
        guard let uri = g_filename_to_uri(path, nil, nil) else { return }
        defer { g_free(uri) }
        add(uri: String(cString: uri))
    }

    private func add(uri: String) {
        "application/pdf".withCString { type in
            Self.appName.withCString { name in
                "quire %u".withCString { exec in
                    var data = GtkRecentData(display_name: nil, description: nil, mime_type: UnsafeMutablePointer(mutating: type),
                                             app_name: UnsafeMutablePointer(mutating: name), app_exec: UnsafeMutablePointer(mutating: exec),
                                             groups: nil, is_private: 0)
                    _ = gtk_recent_manager_add_full(manager, uri, &data)
                }
            }
        }
    }

    /// The name Quire lists the documents it opened under; GTK lists what it writes under
    /// the program's name.
    private static let appName = "Quire"

    private static func isPrintedByQuire(_ info: OpaquePointer?) -> Bool {
        guard gtk_recent_info_has_application(info, appName) == 0, let program = g_get_prgname() else { return false }
        return gtk_recent_info_has_application(info, program) != 0
    }

    private func rebuild() {
        g_menu_remove_all(documentItems)
        var documents: [(uri: String, name: String, modified: Int)] = []
        RecentItems.withItems(of: manager) { items in
            for info in items {
                if Self.isPrintedByQuire(info) {
                    // Its removal comes back here through "changed", with nothing left to remove.
                    _ = gtk_recent_manager_remove_item(manager, gtk_recent_info_get_uri(info), nil)
                    continue
                }
                guard let type = gtk_recent_info_get_mime_type(info), String(cString: type) == "application/pdf",
                      (gtk_recent_info_is_local(info) != 0 && gtk_recent_info_exists(info) != 0)
                        || WebAddress(String(cString: gtk_recent_info_get_uri(info))) != nil else { continue }
                let modified = gtk_recent_info_get_modified(info).map { g_date_time_to_unix($0) } ?? 0
                documents.append((String(cString: gtk_recent_info_get_uri(info)), String(cString: gtk_recent_info_get_display_name(info)), modified))
            }
        }
        for document in documents.sorted(by: { $0.modified > $1.modified }).prefix(Self.shown) {
            owning(g_menu_item_new(document.name, nil)!) { item in
                g_menu_item_set_action_and_target_value(item, "app.open-recent", g_variant_new_string(document.uri))
                g_menu_append_item(documentItems, item)
            }
        }
    }
}
