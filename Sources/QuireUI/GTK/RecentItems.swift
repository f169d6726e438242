import CGtk

/// The items of a GtkRecentManager, each a GtkRecentInfo (a boxed value Swift sees as
/// opaque), held for the time of a body and freed after it.
@MainActor
enum RecentItems {
    /// Runs `body` with the items of `manager` (nil: it has none to give).
    @discardableResult
    static func withItems<R>(of manager: UnsafeMutablePointer<GtkRecentManager>, _ body: ([OpaquePointer]) -> R) -> R? {
        guard let list = gtk_recent_manager_get_items(manager) else { return nil }
        defer { g_list_free_full(list) { gtk_recent_info_unref(OpaquePointer($0)) } }
        var items: [OpaquePointer] = []
        var node: UnsafeMutablePointer<GList>? = list
        while let current = node {
            items.append(OpaquePointer(current.pointee.data))
            node = current.pointee.next
        }
        return body(items)
    }
}
