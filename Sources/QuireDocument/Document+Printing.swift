import CCairo
import CPoppler
import QuireEngine

extension Document {
    /// Draws page `index` into `cairo` (a print context's) through poppler's print
    /// rendering: vector output, annotations as printed, no paper-white fill. The page is
    /// placed by `placement` on the printable area and clipped to its own box. A page that
    /// is not shown is refused.
    public func print(page index: Int, into cairo: OpaquePointer, at placement: PrintPlacement) throws {
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

extension Document {
    /// Writes a printout of `pages` on `paper` as a PDF, through `write` (which returns
    /// false to stop): each page on its own sheet, turned for a landscape page, drawn by
    /// poppler's print rendering (vector, annotations as printed). A page that is not
    /// shown or cannot be loaded fails the printout: a sheet missing from the middle of
    /// a printout is worse than none.
    public func printPDF(_ pages: [Int], on paper: PrintPaper, write: @escaping ([UInt8]) -> Bool) throws {
        final class Sink {
            let write: ([UInt8]) -> Bool
            var stopped = false
            init(_ write: @escaping ([UInt8]) -> Bool) { self.write = write }
        }
        let sink = Sink(write)
        let context = Unmanaged.passUnretained(sink).toOpaque()
        let first = paper.sheet(for: pages.first.map { pageSize(at: $0) } ?? PageGeometryLimits.letter).size
        guard let surface = cairo_pdf_surface_create_for_stream({ closure, data, length in
            let sink = Unmanaged<Sink>.fromOpaque(closure!).takeUnretainedValue()
            guard !sink.stopped, let data else { return CAIRO_STATUS_WRITE_ERROR }
            if !sink.write(Array(UnsafeBufferPointer(start: data, count: Int(length)))) { sink.stopped = true }
            return sink.stopped ? CAIRO_STATUS_WRITE_ERROR : CAIRO_STATUS_SUCCESS
        }, context, first.width, first.height) else { throw RenderFailure("cairo cannot make a PDF") }
        defer { withExtendedLifetime(sink) { cairo_surface_destroy(surface) } }
        let cairo = cairo_create(surface)!
        defer { cairo_destroy(cairo) }
        for page in pages {
            guard !sink.stopped else { throw RenderFailure("printing was stopped") }
            let (sheet, placement) = paper.sheet(for: pageSize(at: page))
            cairo_pdf_surface_set_size(surface, sheet.width, sheet.height)
            do {
                try print(page: page, into: cairo, at: placement)
            } catch {
                throw RenderFailure("page \(page + 1) could not be printed: \(error)")
            }
            cairo_show_page(cairo)
        }
        cairo_surface_finish(surface)
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, !sink.stopped else {
            throw RenderFailure("the printout could not be written")
        }
    }
}
