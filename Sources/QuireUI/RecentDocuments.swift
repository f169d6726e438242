import CGtk
import CShim

/// The desktop's recent files (GtkRecentManager), so that Quire's documents appear in the
/// file manager's "Recent" and the file chooser, and theirs in Quire's "Open Recent" menu:
/// the ten PDF documents used last that still exist, newest first.
@MainActor
final class RecentDocuments {
    /// Items open `app.open-recent` with the document's URI.
    let menu: OpaquePointer // GMenu, owned for the application's life
    private let manager: UnsafeMutablePointer<GtkRecentManager> // the default one, not owned
    static let shown = 10

    init() {
        menu = g_menu_new()
        manager = gtk_recent_manager_get_default()!
        rebuild()
        Signal.connect(UnsafeMutableRawPointer(manager), "changed") { [unowned self] in self.rebuild() }
    }

    /// The group of the documents Quire opened (as opposed to files it printed).
    private static let openedGroup = "quire-opened"

    /// Records that `path` was opened, with its type given so that GIO need not guess it.
    func add(path: String) {
        guard let uri = g_filename_to_uri(path, nil, nil) else { return }
        defer { g_free(uri) }
        var groups: [UnsafeMutablePointer<CChar>?] = [strdup(Self.openedGroup), nil]
        defer { free(groups[0]) }
        "application/pdf".withCString { type in
            "Quire".withCString { name in
                "quire %u".withCString { exec in
                    groups.withUnsafeMutableBufferPointer { groups in
                        var data = GtkRecentData(display_name: nil, description: nil, mime_type: UnsafeMutablePointer(mutating: type),
                                                 app_name: UnsafeMutablePointer(mutating: name), app_exec: UnsafeMutablePointer(mutating: exec),
                                                 groups: groups.baseAddress, is_private: 0)
                        _ = gtk_recent_manager_add_full(manager, uri, &data)
                    }
                }
            }
        }
    }

    /// Files printed to in this run: GTK's file printer adds each to the recent files once
    /// it has written it (later than the print job's end, after a file query).
    private static var printed: Set<String> = []

    /// A file printed to is not a document opened: out of the recent files, unless Quire
    /// opened it.
    static func forgetPrinted(_ uri: String) {
        printed.insert(uri)
        if let manager = gtk_recent_manager_get_default() { removePrinted(from: manager) }
    }

    /// Listed by a Quire but not as opened: a file it printed to (in a run that ended
    /// before it could take the file out again).
    private static func isPrintedByQuire(_ info: OpaquePointer?) -> Bool {
        guard gtk_recent_info_has_group(info, openedGroup) == 0 else { return false }
        return gtk_recent_info_has_application(info, "Quire") != 0 || g_get_prgname().map { gtk_recent_info_has_application(info, $0) != 0 } == true
    }

    private static func removePrinted(from manager: UnsafeMutablePointer<GtkRecentManager>) {
        for uri in printed {
            guard let info = gtk_recent_manager_lookup_item(manager, uri, nil) else { continue }
            defer { gtk_recent_info_unref(info) }
            if gtk_recent_info_has_group(info, openedGroup) == 0 { _ = gtk_recent_manager_remove_item(manager, uri, nil) }
        }
    }

    private func rebuild() {
        Self.removePrinted(from: manager)
        g_menu_remove_all(menu)
        guard let items = gtk_recent_manager_get_items(manager) else { return }
        defer { g_list_free_full(items) { gtk_recent_info_unref(OpaquePointer($0)) } }
        var documents: [(uri: String, name: String, modified: Int)] = []
        var node: UnsafeMutablePointer<GList>? = items
        while let current = node {
            let info = OpaquePointer(current.pointee.data)
            node = current.pointee.next
            guard let type = gtk_recent_info_get_mime_type(info), String(cString: type) == "application/pdf",
                  gtk_recent_info_is_local(info) != 0, gtk_recent_info_exists(info) != 0, !Self.isPrintedByQuire(info) else { continue }
            let modified = gtk_recent_info_get_modified(info).map { g_date_time_to_unix($0) } ?? 0
            documents.append((String(cString: gtk_recent_info_get_uri(info)), String(cString: gtk_recent_info_get_display_name(info)), modified))
        }
        for document in documents.sorted(by: { $0.modified > $1.modified }).prefix(Self.shown) {
            let item = g_menu_item_new(document.name, nil)!
            g_menu_item_set_action_and_target_value(item, "app.open-recent", g_variant_new_string(document.uri))
            g_menu_append_item(menu, item)
            g_object_unref(UnsafeMutableRawPointer(item))
        }
    }
}
