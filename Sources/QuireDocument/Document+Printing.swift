import CCairo
import CPoppler
import QuireEngine

extension Document {
    /// Draws page `index` into `cairo` (a print context's) through poppler's print
    /// rendering: vector output, annotations as printed, no paper-white fill. The page is
    /// placed by `placement` on the printable area and clipped to its own box. Like any
    /// rendering, never on the user-interface thread; a page that is not shown is refused.
    public func print(page index: Int, into cairo: OpaquePointer, at placement: PrintPlacement) throws {
        try RenderingGuard.check()
        if let problem = pageProblem(at: index) { throw RenderFailure(problem) }
        let size = pageSize(at: index)
        cairo_save(cairo)
        defer { cairo_restore(cairo) }
        cairo_translate(cairo, placement.x, placement.y)
        cairo_scale(cairo, placement.scale, placement.scale)
        cairo_rectangle(cairo, 0, 0, size.width, size.height)
        cairo_clip(cairo)
        let drawn: Bool? = withPage(index) { page in
            poppler_page_render_for_printing(page, cairo)
            return true
        }
        guard drawn == true else { throw RenderFailure("page \(index + 1) cannot be loaded") }
    }
}
