import CPoppler
import QuireEngine

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
