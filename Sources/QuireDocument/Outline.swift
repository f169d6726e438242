import CPoppler
import QuireEngine

extension Document {
    /// The outline (bookmarks) in document order, its first `BoundedCount.outlineEntries`
    /// entries (a hostile file's endless outline stops there); empty when the document has
    /// none. Read with an explicit stack, so that nesting depth costs no call stack.
    public func outline() -> OutlineTree {
        guard let root = poppler_index_iter_new(document) else { return OutlineTree([]) }
        var entries: [OutlineTree.Entry] = []
        var open: [Bool] = []
        // Each level's iterator, and whether it has no entries left to read.
        var levels: [(iterator: OpaquePointer, done: Bool)] = [(root, false)]
        defer { for level in levels { poppler_index_iter_free(level.iterator) } }
        while let level = levels.last {
            if level.done || entries.count >= BoundedCount.outlineEntries {
                poppler_index_iter_free(levels.removeLast().iterator)
                continue
            }
            let iterator = level.iterator
            entries.append(entry(at: iterator, depth: levels.count - 1))
            open.append(poppler_index_iter_is_open(iterator) != 0)
            let child = poppler_index_iter_get_child(iterator)
            levels[levels.count - 1].done = poppler_index_iter_next(iterator) == 0
            if let child { levels.append((child, false)) }
        }
        return OutlineTree(entries, open: open)
    }

    private func entry(at iterator: OpaquePointer, depth: Int) -> OutlineTree.Entry {
        guard let action = poppler_index_iter_get_action(iterator) else {
            return OutlineTree.Entry(title: "", target: nil, depth: depth)
        }
        defer { poppler_action_free(action) }
        // One line, display-safe; an empty one is shown as "Untitled" by the sidebar.
        let title = PopplerText.line(action.pointee.any.title, limit: BoundedText.Limit.outlineTitle) ?? ""
        let target = self.target(of: action).map { OutlineTarget(page: $0.page, top: $0.top) }
        return OutlineTree.Entry(title: title, target: target, depth: depth)
    }
}
