import CGtk
import CShim
import QuireDocument
import QuireEngine

/// The document's links under the pointer: a hand and a tooltip saying where a link leads
/// (the page label, or the address); a click follows it. Internal links jump (and can be
/// gone back from); web and mail addresses go to the desktop's handler; anything else
/// (other schemes, Launch actions, JavaScript) is refused, and the reader is told so.
@MainActor
final class DocumentLinks {
    private let document: Document
    private unowned let canvas: PageCanvas
    private var cache: [Int: [Link]] = [:]
    private var hovered: Link?
    /// Hands an allowed address to the desktop.
    var openURI: ((String) -> Void)?
    /// Tells the reader something (a refused link).
    var onNotice: ((String) -> Void)?

    init(document: Document, canvas: PageCanvas) {
        self.document = document
        self.canvas = canvas
    }

    private var overPage = false

    /// A hand over a link, an I-beam over the page (where text can be selected), the arrow elsewhere.
    func pointerMoved(to point: Point) {
        let link = self.link(at: point)
        let overPage = canvas.pagePoint(atView: point) != nil
        guard link != hovered || overPage != self.overPage else { return }
        hovered = link
        self.overPage = overPage
        canvas.setPointer(cursor: link != nil ? "pointer" : overPage ? "text" : nil, tooltip: link.map(describe))
    }

    /// Follows the link under `point`; returns whether there was one.
    @discardableResult
    func clicked(at point: Point) -> Bool {
        guard let link = link(at: point) else { return false }
        switch link.target.action {
        case .goTo(let target): canvas.go(to: target)
        case .open(let uri): openURI?(uri)
        case .refuse(let reason): refuse(reason)
        }
        return true
    }

    private func refuse(_ reason: String) {
        printError(reason)
        onNotice?(reason)
    }

    private func describe(_ link: Link) -> String {
        switch link.target {
        case .page(let page, _): "Go to page \(document.pageLabel(at: page))"
        case .uri: link.target.shownAddress ?? ""
        case .launch(let program): "Runs “\(program)” (Quire will not)"
        case .unsupported: "A link Quire does not follow"
        }
    }

    private func link(at point: Point) -> Link? {
        guard let (page, spot) = canvas.pagePoint(atView: point) else { return nil }
        return links(on: page).last { link in
            spot.x >= link.area.x && spot.x <= link.area.maxX && spot.y >= link.area.y && spot.y <= link.area.maxY
        }
    }

    /// A page's links, read from poppler once; a few dozen pages are kept.
    private func links(on page: Int) -> [Link] {
        if let links = cache[page] { return links }
        if cache.count >= 64 { cache.removeAll() }
        let links = document.links(at: page)
        cache[page] = links
        return links
    }
}
