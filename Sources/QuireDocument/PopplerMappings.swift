import CPoppler

/// poppler-glib's page mappings (lists of structs, each naming an object the list owns),
/// read as Swift arrays.
extension Document {
    /// The items of a GList of `T`s, copied, in its order: valid while the list is.
    static func items<T>(of list: UnsafeMutablePointer<GList>?, as type: T.Type) -> [T] {
        var items: [T] = []
        var node = list
        while let current = node {
            if let data = current.pointee.data { items.append(data.assumingMemoryBound(to: T.self).pointee) }
            node = current.pointee.next
        }
        return items
    }

    /// `body` with the page's annotation mapping, every annotation in the page's /Annots
    /// order (areas turned as the page displays, from the bottom); the annotations are the
    /// mapping's, released after `body`.
    static func withAnnotMapping<T>(_ page: OpaquePointer, _ body: ([PopplerAnnotMapping]) -> T) -> T {
        let mapping = poppler_page_get_annot_mapping(page)
        defer { if let mapping { poppler_page_free_annot_mapping(mapping) } }
        return body(items(of: mapping, as: PopplerAnnotMapping.self))
    }
}
