import CCairo

/// Writes a PDF through cairo's PDF surface: pages of any size, text, filled boxes, links,
/// an outline, page labels and a title. Used for test fixtures and the bundled guide, so
/// that every document the project ships or tests against is made by the project itself.
public final class PDFWriter {
    private let surface: OpaquePointer
    private let cr: OpaquePointer
    private var pageOpen = false
    public private(set) var pageCount = 0

    /// Creates the file at `path`; nothing is complete until `finish()`.
    public init(path: String) {
        // The size given here is replaced by each page's own in `beginPage`.
        surface = cairo_pdf_surface_create(path, 612, 792)
        cr = cairo_create(surface)
    }

    deinit {
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }

    /// Sets the document's title metadata.
    public func setTitle(_ title: String) { setMetadata(.title, title) }

    public enum Metadata: Sendable {
        case title, author, subject, keywords, creator, created, modified
    }

    /// Sets a field of the document's metadata; dates in ISO 8601, "2024-03-05T14:05:00+01:00".
    public func setMetadata(_ field: Metadata, _ value: String) {
        let key: cairo_pdf_metadata_t = switch field {
        case .title: CAIRO_PDF_METADATA_TITLE
        case .author: CAIRO_PDF_METADATA_AUTHOR
        case .subject: CAIRO_PDF_METADATA_SUBJECT
        case .keywords: CAIRO_PDF_METADATA_KEYWORDS
        case .creator: CAIRO_PDF_METADATA_CREATOR
        case .created: CAIRO_PDF_METADATA_CREATE_DATE
        case .modified: CAIRO_PDF_METADATA_MOD_DATE
        }
        cairo_pdf_surface_set_metadata(surface, key, value)
    }

    /// Starts a new page of `width` × `height` points, optionally with a page label.
    public func beginPage(width: Double = 612, height: Double = 792, label: String? = nil) {
        if pageOpen { cairo_show_page(cr) }
        cairo_pdf_surface_set_size(surface, width, height)
        if let label { cairo_pdf_surface_set_page_label(surface, label) }
        pageOpen = true
        pageCount += 1
    }

    /// Draws `text` with its baseline starting at (x, y), y from the page top.
    public func text(_ text: String, x: Double, y: Double, size: Double = 12, bold: Bool = false,
                     family: String = "DejaVu Sans", gray: Double = 0) {
        cairo_select_font_face(cr, family, CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, size)
        cairo_set_source_rgb(cr, gray, gray, gray)
        cairo_move_to(cr, x, y)
        cairo_show_text(cr, text)
    }

    /// The width `text` takes at `size`, for laying out lines.
    public func textWidth(_ text: String, size: Double = 12, bold: Bool = false, family: String = "DejaVu Sans") -> Double {
        cairo_select_font_face(cr, family, CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, size)
        var extents = cairo_text_extents_t()
        cairo_text_extents(cr, text, &extents)
        return extents.x_advance
    }

    /// Fills a rectangle with an RGB colour (components 0…1).
    public func box(x: Double, y: Double, width: Double, height: Double, red: Double, green: Double, blue: Double) {
        cairo_set_source_rgb(cr, red, green, blue)
        cairo_rectangle(cr, x, y, width, height)
        cairo_fill(cr)
    }

    /// A grey-noise image of `pixels`×`pixels`, stretched over the rectangle: a scan's stand-in.
    public func image(x: Double, y: Double, width: Double, height: Double, pixels: Int = 64) {
        var grey = [UInt8](repeating: 0, count: pixels * pixels)
        for row in 0..<pixels {
            for column in 0..<pixels { grey[row * pixels + column] = UInt8((row * 37 + column * 91) % 256) }
        }
        picture(grey: grey, columns: pixels, rows: pixels, x: x, y: y, width: width, height: height)
    }

    /// A grey picture of `columns`×`rows` pixels (a byte each, rows from the top), stretched
    /// over the rectangle: a scanned page, when it covers the page.
    public func picture(grey: [UInt8], columns: Int, rows: Int, x: Double, y: Double, width: Double, height: Double) {
        precondition(grey.count == columns * rows)
        let image = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(columns), Int32(rows))!
        defer { cairo_surface_destroy(image) }
        let stride = Int(cairo_image_surface_get_stride(image))
        let data = cairo_image_surface_get_data(image)!
        for row in 0..<rows {
            for column in 0..<columns {
                let level = UInt32(grey[row * columns + column])
                let pixel: UInt32 = (level << 16) | (level << 8) | level
                UnsafeMutableRawPointer(data + row * stride).storeBytes(of: pixel, toByteOffset: column * 4, as: UInt32.self)
            }
        }
        cairo_surface_mark_dirty(image)
        cairo_save(cr)
        cairo_translate(cr, x, y)
        cairo_scale(cr, width / Double(columns), height / Double(rows))
        cairo_set_source_surface(cr, image, 0, 0)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    /// A link over the rectangle to a web or mail address.
    public func link(uri: String, x: Double, y: Double, width: Double, height: Double) {
        tagLink("uri='\(escaped(uri))' rect=[\(x) \(y) \(width) \(height)]")
    }

    /// Names a place on the current page, `y` points from its top, for links to reach.
    public func anchor(_ name: String, y: Double = 0) {
        cairo_tag_begin(cr, CAIRO_TAG_DEST, "name='\(escaped(name))' x=0 y=\(y)")
        cairo_tag_end(cr, CAIRO_TAG_DEST)
    }

    /// A link over the rectangle to a named anchor, on any page before or after this one.
    /// (cairo 1.16 writes `page=` links without a destination, so links go through names.)
    public func link(toAnchor name: String, x: Double, y: Double, width: Double, height: Double) {
        tagLink("dest='\(escaped(name))' rect=[\(x) \(y) \(width) \(height)]")
    }

    /// Adds an outline entry pointing at `page` (zero-based) and returns its id, to be
    /// the `parent` of nested entries (0 is the root).
    @discardableResult
    public func outline(_ title: String, page: Int, top: Double = 0, parent: Int32 = 0, open: Bool = true) -> Int32 {
        let flags = open ? CAIRO_PDF_OUTLINE_FLAG_OPEN : cairo_pdf_outline_flags_t(0)
        return cairo_pdf_surface_add_outline(surface, parent, title, "page=\(page + 1) pos=[0 \(top)]", flags)
    }

    /// Adds an outline entry pointing at the named destination `name` (which may not exist:
    /// a broken entry) and returns its id.
    @discardableResult
    public func outline(_ title: String, named name: String, parent: Int32 = 0, open: Bool = true) -> Int32 {
        let flags = open ? CAIRO_PDF_OUTLINE_FLAG_OPEN : cairo_pdf_outline_flags_t(0)
        return cairo_pdf_surface_add_outline(surface, parent, title, "dest='\(escaped(name))'", flags)
    }

    /// Writes the file; the writer must not be used afterwards.
    public func finish() {
        if pageOpen { cairo_show_page(cr) }
        pageOpen = false
        cairo_surface_finish(surface)
    }

    /// Each link goes in a grouping element of no meaning (NonStruct). cairo 1.16 makes
    /// every link a structure element that its annotation and page point to, but writes
    /// the structure tree only when it holds more than links: a document of links alone
    /// refers to objects it never wrote (qpdf: "file is damaged", "object 4 0 not found").
    private func tagLink(_ attributes: String) {
        cairo_tag_begin(cr, "NonStruct", "")
        cairo_tag_begin(cr, CAIRO_TAG_LINK, attributes)
        cairo_tag_end(cr, CAIRO_TAG_LINK)
        cairo_tag_end(cr, "NonStruct")
    }

    private func escaped(_ value: String) -> String {
        value.replacingAll("\\", with: "\\\\").replacingAll("'", with: "\\'")
    }
}

extension String {
    func replacingAll(_ target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
