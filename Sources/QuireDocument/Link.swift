import CPoppler
import QuireEngine

/// A clickable area of a page and where it leads.
public struct Link: Equatable, Sendable {
    /// The area in points, y measured from the page's top (as drawn).
    public var area: Rect
    public var target: LinkTarget
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

struct Destination { var page: Int; var top: Double? }

extension Document {
    /// The page's links, areas converted to top-left origin and clipped to the page (a
    /// link with nothing on the page is dropped), the first `LinkIndex.maximumLinks` of
    /// them. poppler 22.12 maps no links on a page no paper could be, as it extracts no
    /// text there.
    public func links(at index: Int) -> [Link] {
        withPage(index) { page -> [Link] in
            let size = Self.declaredSize(of: page)
            let mapping = poppler_page_get_link_mapping(page)
            defer { poppler_page_free_link_mapping(mapping) }
            var links: [Link] = []
            var node = mapping
            while let current = node, links.count < LinkIndex.maximumLinks {
                defer { node = current.pointee.next }
                guard let raw = current.pointee.data else { continue }
                let map = raw.assumingMemoryBound(to: PopplerLinkMapping.self).pointee
                // poppler measures link areas from the page bottom.
                let declared = Rect(x: map.area.x1, y: size.height - map.area.y2,
                                    width: map.area.x2 - map.area.x1, height: map.area.y2 - map.area.y1)
                guard let area = PageGeometryLimits.area(declared, onPageOf: size) else { continue }
                links.append(Link(area: area, target: linkTarget(map.action)))
            }
            return links
        } ?? []
    }

    private func linkTarget(_ action: UnsafeMutablePointer<PopplerAction>?) -> LinkTarget {
        guard let action else { return .unsupported("no action") }
        switch action.pointee.type {
        case POPPLER_ACTION_GOTO_DEST:
            guard let destination = target(of: action) else { return .unsupported("broken destination") }
            return .page(destination.page, top: destination.top)
        case POPPLER_ACTION_URI:
            // As written, for the policy to judge; one past its longest is enough to refuse.
            return .uri(PopplerText.prefix(action.pointee.uri.uri, bytes: URIPolicy.longestAddress + 1) ?? "")
        case POPPLER_ACTION_LAUNCH:
            // Never run, only quoted.
            return .launch(PopplerText.line(action.pointee.launch.file_name, limit: BoundedText.Limit.quoted) ?? "")
        default:
            return .unsupported("action type \(action.pointee.type.rawValue)")
        }
    }

    /// Resolves a go-to action's destination, named ones included.
    func target(of action: UnsafeMutablePointer<PopplerAction>) -> Destination? {
        guard action.pointee.type == POPPLER_ACTION_GOTO_DEST, var dest = action.pointee.goto_dest.dest else { return nil }
        var found: UnsafeMutablePointer<PopplerDest>?
        if dest.pointee.type == POPPLER_DEST_NAMED {
            // named_dest is an encoded byte string: handed back to poppler unchanged.
            guard let name = dest.pointee.named_dest, let resolved = poppler_document_find_dest(document, name) else { return nil }
            found = resolved
            dest = resolved
        }
        defer { if let found { poppler_dest_free(found) } }
        let page = Int(dest.pointee.page_num) - 1
        guard (0..<pageCount).contains(page) else { return nil }
        var top: Double?
        if dest.pointee.change_top != 0 {
            let height = pageSize(at: page).height
            // Destinations measure from the bottom too; a place off the page is its edge.
            top = PageGeometryLimits.top(height - dest.pointee.top, onPageOf: height)
        }
        return Destination(page: page, top: top)
    }
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
            return .refuse("This document asks to run “\(program)”. Quire never runs programs from documents.")
        case .unsupported(let what):
            return .refuse("This link does nothing in Quire (\(what)).")
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
