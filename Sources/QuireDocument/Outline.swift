import CPoppler

/// One entry of the document's outline (bookmarks).
public struct OutlineItem: Equatable, Sendable {
    public var title: String
    /// Zero-based target page; nil when the entry's target is missing or broken.
    public var page: Int?
    public var children: [OutlineItem]

    public init(title: String, page: Int?, children: [OutlineItem] = []) {
        self.title = title; self.page = page; self.children = children
    }
}

extension Document {
    /// The outline as a tree; empty when the document has none.
    public func outline() -> [OutlineItem] {
        guard let iterator = poppler_index_iter_new(document) else { return [] }
        defer { poppler_index_iter_free(iterator) }
        return outlineLevel(iterator)
    }

    private func outlineLevel(_ iterator: OpaquePointer) -> [OutlineItem] {
        var items: [OutlineItem] = []
        repeat {
            guard let action = poppler_index_iter_get_action(iterator) else { continue }
            defer { poppler_action_free(action) }
            let title = action.pointee.any.title.map { String(cString: $0) } ?? ""
            var item = OutlineItem(title: title, page: target(of: action)?.page)
            if let child = poppler_index_iter_get_child(iterator) {
                item.children = outlineLevel(child)
                poppler_index_iter_free(child)
            }
            items.append(item)
        } while poppler_index_iter_next(iterator) != 0
        return items
    }
}
