/// What a printout shows besides the pages: the reader's markups and changes to the
/// document as the screen shows them (saved or not), and whether annotations are printed at
/// all (`Preferences` rule 6: form fields' values are printed either way).
public struct PrintContent: Equatable, Sendable {
    public var markups: [Markup]
    public var changes: DocumentChanges
    public var annotations: Bool

    public init(markups: [Markup] = [], changes: DocumentChanges = DocumentChanges(), annotations: Bool = true) {
        self.markups = markups
        self.changes = changes
        self.annotations = annotations
    }

    /// Whether the document is changed before it is printed.
    public var changesDocument: Bool { !markups.isEmpty || changes != DocumentChanges() }
}
