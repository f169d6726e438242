import CCairo
import CPoppler
import QuireEngine

extension Document {
    /// Draws page `index` into `cairo` (a print context's) through poppler's print
    /// rendering: vector output, annotations as printed (without `annotations`, only form
    /// fields'), no paper-white fill. The page is placed by `placement` on the printable
    /// area and clipped to its own box, and to `cell` when given (its place on a sheet of
    /// several). A page that is not shown is refused.
    public func print(page index: Int, into cairo: OpaquePointer, at placement: PrintPlacement, within cell: Rect? = nil,
                      annotations: Bool = true) throws {
        if let problem = pageProblem(at: index) { throw RenderFailure(problem) }
        let size = pageSize(at: index)
        cairo_save(cairo)
        defer { cairo_restore(cairo) }
        if let cell {
            cairo_rectangle(cairo, cell.x, cell.y, cell.width, cell.height)
            cairo_clip(cairo)
        }
        cairo_translate(cairo, placement.x, placement.y)
        cairo_scale(cairo, placement.scale, placement.scale)
        cairo_rectangle(cairo, 0, 0, size.width, size.height)
        cairo_clip(cairo)
        let drawn: Bool? = withPage(index) { page in
            poppler_page_render_for_printing_with_options(page, cairo, annotations ? POPPLER_PRINT_ALL : POPPLER_PRINT_DOCUMENT)
            return true
        }
        guard drawn == true else { throw RenderFailure("page \(index + 1) cannot be loaded") }
    }
}

extension Document {
    /// Writes a printout of `sheets` (their pages, in their places' order) on `paper`, laid
    /// out by `layout`, as a PDF through `write` (which returns false to stop), drawn by
    /// poppler's print rendering (vector, annotations as printed unless not `annotations`). A page that is not shown
    /// or cannot be loaded fails the printout: a sheet missing from the middle of a printout
    /// is worse than none.
    public func printPDF(_ sheets: [[Int]], on paper: PrintPaper, layout: PrintLayout = .single, annotations: Bool = true,
                         write: @escaping ([UInt8]) -> Bool) throws {
        final class Sink {
            let write: ([UInt8]) -> Bool
            var stopped = false
            init(_ write: @escaping ([UInt8]) -> Bool) { self.write = write }
        }
        let sink = Sink(write)
        let context = Unmanaged.passUnretained(sink).toOpaque()
        func sheet(_ pages: [Int]) -> PrintLayout.Sheet { layout.sheet(for: pages.map { pageSize(at: $0) }, on: paper) }
        let first = sheet(sheets.first ?? []).size
        guard let surface = cairo_pdf_surface_create_for_stream({ closure, data, length in
            let sink = Unmanaged<Sink>.fromOpaque(closure!).takeUnretainedValue()
            guard !sink.stopped, let data else { return CAIRO_STATUS_WRITE_ERROR }
            if !sink.write(Array(UnsafeBufferPointer(start: data, count: Int(length)))) { sink.stopped = true }
            return sink.stopped ? CAIRO_STATUS_WRITE_ERROR : CAIRO_STATUS_SUCCESS
        }, context, first.width, first.height) else { throw RenderFailure("cairo cannot make a PDF") }
        defer { withExtendedLifetime(sink) { cairo_surface_destroy(surface) } }
        let cairo = cairo_create(surface)!
        defer { cairo_destroy(cairo) }
        for pages in sheets {
            guard !sink.stopped else { throw RenderFailure("printing was stopped") }
            let laid = sheet(pages)
            cairo_pdf_surface_set_size(surface, laid.size.width, laid.size.height)
            for (page, placed) in zip(pages, laid.pages) {
                do {
                    try print(page: page, into: cairo, at: placed.placement, within: placed.cell, annotations: annotations)
                } catch {
                    throw RenderFailure("page \(page + 1) could not be printed: \(error)")
                }
            }
            cairo_show_page(cairo)
        }
        cairo_surface_finish(surface)
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, !sink.stopped else {
            throw RenderFailure("the printout could not be written")
        }
    }
}
