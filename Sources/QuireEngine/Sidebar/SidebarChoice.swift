/// Which view the sidebar shows, and when it reads the outline. The rules:
/// - A view the reader chose (the switcher, `--sidebar`, the view a reload keeps) stays,
///   from one document to the next.
/// - Otherwise a document starts on its outline, and shows its thumbnails once the outline
///   turns out to be empty or unreadable. A view remembered from before opens the sidebar
///   on it without counting as a choice, so a document without an outline still gets thumbnails.
/// - The outline is read once a document, when the sidebar is open and the first view has
///   been drawn: reading a large book's outline must not compete with the first page.
public struct SidebarChoice: Sendable {
    public enum Outline: Equatable, Sendable {
        case notRead, reading
        case entries, empty, unreadable
    }

    public private(set) var chosen = false
    public private(set) var outline = Outline.notRead
    private var isOpen = false
    private var firstViewDrawn = false

    public init() {}

    /// A new document: the view to show now, if it changes (the outline, unless chosen).
    public mutating func attached() -> SidebarView? {
        outline = .notRead
        firstViewDrawn = false
        return chosen ? nil : .outline
    }

    /// The sidebar opens, on `view` when given (`chosen` unless it is only remembered).
    /// True when the outline is to be read now.
    public mutating func opened(on view: SidebarView?, chosen byReader: Bool) -> Bool {
        if view != nil && byReader { chosen = true }
        isOpen = true
        return readsOutline()
    }

    public mutating func closed() { isOpen = false }

    /// The reader switched views (not the sidebar on its own). True when the outline is to be read now.
    public mutating func switchedByReader() -> Bool {
        chosen = true
        return readsOutline()
    }

    /// The document's first view is on screen. True when the outline is to be read now.
    public mutating func drewFirstView() -> Bool {
        firstViewDrawn = true
        return readsOutline()
    }

    /// The outline was read: the view to show instead, if any (thumbnails, when there is no
    /// outline to show and the reader chose nothing).
    public mutating func outlineRead(_ read: Outline) -> SidebarView? {
        outline = read
        return read != .entries && !chosen ? .thumbnails : nil
    }

    /// Whether the outline has been read (or could not be): the outline view is complete.
    public var outlineKnown: Bool {
        switch outline {
        case .notRead, .reading: false
        case .entries, .empty, .unreadable: true
        }
    }

    private mutating func readsOutline() -> Bool {
        guard outline == .notRead, isOpen, firstViewDrawn else { return false }
        outline = .reading
        return true
    }
}
