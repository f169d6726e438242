/// A clickable area of a page and where it leads.
public struct Link: Equatable, Sendable {
    /// The area in points, y measured from the page's top (as drawn).
    public var area: Rect
    public var target: LinkTarget
    public init(area: Rect, target: LinkTarget) { self.area = area; self.target = target }
}

public enum LinkTarget: Equatable, Sendable {
    /// A place in this document: zero-based page, and the point's distance from the page top if known.
    case page(Int, top: Double?)
    /// An address as written (up to one byte past `URIPolicy.longestAddress`): not
    /// display-safe; `shownAddress` is.
    case uri(String)
    /// An action that launches a program: shown (display-safe), never executed.
    case launch(String)
    /// Anything else (JavaScript, forms, media, broken destinations): inert.
    case unsupported(String)
}

/// What following a link does. Nothing a document asks runs a program: internal links
/// move the view, web and mail addresses go to the desktop (`URIPolicy`), the rest is
/// refused with words for the reader.
public enum LinkAction: Equatable, Sendable {
    case goTo(OutlineTarget)
    case open(String)
    case refuse(String)
}

extension LinkTarget {
    public var action: LinkAction {
        switch self {
        case .page(let page, let top):
            return .goTo(OutlineTarget(page: page, top: top))
        case .uri(let uri):
            switch URIPolicy.decide(uri) {
            case .open(let allowed): return .open(allowed)
            case .refuse(let reason): return .refuse(reason)
            }
        case .launch(let program):
            return .refuse(tr("This document asks to run “{program}”. Quire never runs programs from documents.", ["program": program]))
        case .unsupported(let what):
            return .refuse(tr("This link does nothing in Quire ({what}).", ["what": what]))
        }
    }
}

extension LinkTarget {
    /// A web or mail link's address as its tooltip shows it: display-safe and bounded.
    public var shownAddress: String? {
        guard case .uri(let uri) = self else { return nil }
        return BoundedText.line(uri, limit: BoundedText.Limit.address)
    }
}
