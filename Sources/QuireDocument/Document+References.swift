import QuireEngine

/// The document in this process as a reference lookup's source: the benchmark's and the
/// tests' (the window's lookups read it through a document helper).
extension Document: ReferenceSource {
    public func line(at point: PagePoint) -> String { selectedText(TextSelection(anchor: point, head: point, style: .line)) }
    public func text(of page: Int) -> String? { text(at: page) }
    public func outlineEntries() -> [OutlineTree.Entry] { outline().entries }
    public func characters(onPage page: Int) -> PageCharacters? {
        characters(at: page).flatMap { PageCharacters(text: $0.text, boxes: $0.boxes, pageSize: pageSize(at: page)) }
    }
}
