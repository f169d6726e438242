import CGtk
import Foundation
import QuireEngine

/// Paints a drawing the reader made over its page, as it will be saved: ink as
/// round-capped strokes, a line with an open arrow head, a rectangle or ellipse outlined
/// and filled, a text box's words in Sans at its size, a standard stamp's title in a
/// rounded frame, a picture stamp's picture. Cairo draws in the page's points: the page's
/// place, the zoom and the reader's turn are one matrix, so what is drawn turns and scales
/// with the page.
@MainActor
final class DrawingPainter {
    /// Pictures of picture stamps, made once (`StampSurface`), by their pixels' storage
    /// (hashing megabytes of pixels every frame would cost more than drawing them). The
    /// picture is kept with its surface, so its storage is not reused while it is a key.
    private var pictures: [Int: (picture: StampPicture, surface: StampSurface)] = [:]
    private static let picturesKept = 8

    /// Paints `drawing` in `colour` (its `text`, a text box's) on the page whose whole view
    /// rectangle is `page` (points `size`, the reader's `rotation`).
    func paint(_ drawing: Drawing, colour: Markup.Colour, text: String, _ snapshot: OpaquePointer, page: Rect, size: Size, rotation: Rotation,
               area: Rect) {
        var bounds = graphene_rect_t(origin: .init(x: Float(area.x), y: Float(area.y)), size: .init(width: Float(area.width), height: Float(area.height)))
        guard area.width > 0, area.height > 0, let cr = gtk_snapshot_append_cairo(snapshot, &bounds) else { return }
        defer { cairo_destroy(cr) }
        var matrix = Self.matrix(page: page, size: size, rotation: rotation)
        cairo_transform(cr, &matrix)
        let (red, green, blue) = colour.components
        cairo_set_source_rgb(cr, red, green, blue)
        cairo_set_line_width(cr, drawing.width)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        switch drawing.shape {
        case .ink(let strokes):
            for stroke in strokes {
                guard let first = stroke.first else { continue }
                cairo_move_to(cr, first.x, first.y)
                // A single point is a dot: a zero-length round-capped line.
                if stroke.count == 1 { cairo_line_to(cr, first.x, first.y) }
                for point in stroke.dropFirst() { cairo_line_to(cr, point.x, point.y) }
                cairo_stroke(cr)
            }
        case .line(let from, let to, let arrow):
            cairo_move_to(cr, from.x, from.y)
            cairo_line_to(cr, to.x, to.y)
            if arrow { Self.arrowHead(cr, from: from, to: to, width: drawing.width) }
            cairo_stroke(cr)
        case .rectangle(let frame):
            cairo_rectangle(cr, frame.x, frame.y, frame.width, frame.height)
            Self.fillAndStroke(cr, drawing.fill)
        case .ellipse(let frame):
            guard frame.width > 0, frame.height > 0 else { return }
            cairo_save(cr)
            cairo_translate(cr, frame.midX, frame.midY)
            cairo_scale(cr, frame.width / 2, frame.height / 2)
            cairo_arc(cr, 0, 0, 1, 0, 2 * Double.pi)
            cairo_restore(cr)
            Self.fillAndStroke(cr, drawing.fill)
        case .textBox(let frame):
            Self.write(text, in: frame, size: drawing.fontSize, cr)
        case .stamp(let frame, .standard(let stamp)):
            Self.standardStamp(stamp.title.uppercased(), in: frame, cr)
        case .stamp(let frame, .picture(let picture)):
            let key = picture.pixels.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }
            let surface = pictures[key]?.surface ?? StampSurface(picture)
            if pictures[key] == nil {
                if pictures.count >= Self.picturesKept { pictures = [:] }
                pictures[key] = (picture, surface)
            }
            cairo_translate(cr, frame.x, frame.y)
            cairo_scale(cr, frame.width / Double(picture.width), frame.height / Double(picture.height))
            cairo_set_source_surface(cr, surface.surface, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
            cairo_paint(cr)
        }
    }

    /// From page points to view pixels: the page's view rectangle, the scale, the turn
    /// (`CanvasModel.contentRect`'s mapping as a matrix).
    static func matrix(page: Rect, size: Size, rotation: Rotation) -> cairo_matrix_t {
        var matrix = cairo_matrix_t()
        let across = rotation.isQuarterTurn ? page.height : page.width
        let s = across / max(size.width, 0.001)
        switch rotation {
        case .none: cairo_matrix_init(&matrix, s, 0, 0, s, page.x, page.y)
        case .quarter: cairo_matrix_init(&matrix, 0, s, -s, 0, page.x + size.height * s, page.y)
        case .half: cairo_matrix_init(&matrix, -s, 0, 0, -s, page.x + size.width * s, page.y + size.height * s)
        case .threeQuarters: cairo_matrix_init(&matrix, 0, -s, s, 0, page.x, page.y + size.width * s)
        }
        return matrix
    }

    /// An open head at `to`: two strokes back from it, three widths and four points long (`Drawing.bounds`'s reach).
    private static func arrowHead(_ cr: OpaquePointer, from: Point, to: Point, width: Double) {
        let angle = atan2(to.y - from.y, to.x - from.x), length = width * 3 + 4
        for side in [-1.0, 1.0] {
            let turned = angle + Double.pi - side * Double.pi / 6
            cairo_move_to(cr, to.x, to.y)
            cairo_line_to(cr, to.x + length * cos(turned), to.y + length * sin(turned))
        }
    }

    private static func fillAndStroke(_ cr: OpaquePointer, _ fill: Markup.Colour?) {
        if let fill {
            let (red, green, blue) = fill.components
            cairo_save(cr)
            cairo_set_source_rgb(cr, red, green, blue)
            cairo_fill_preserve(cr)
            cairo_restore(cr)
        }
        cairo_stroke(cr)
    }

    /// A text box's words, wrapped to its width from its top-left, two points in.
    private static func write(_ text: String, in frame: Rect, size: Double, _ cr: OpaquePointer) {
        guard !text.isEmpty else { return }
        cairo_save(cr)
        cairo_rectangle(cr, frame.x, frame.y, frame.width, frame.height)
        cairo_clip(cr)
        let layout = Self.layout(cr, text, size: size, bold: false)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        pango_layout_set_width(layout, Int32(clamping: Int(max(frame.width - 4, 1) * Double(PANGO_SCALE))))
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        cairo_move_to(cr, frame.x + 2, frame.y + 2)
        pango_cairo_show_layout(cr, layout)
        cairo_restore(cr)
    }

    /// A standard stamp: its title in bold capitals, as large as fits, in a rounded frame.
    private static func standardStamp(_ title: String, in frame: Rect, _ cr: OpaquePointer) {
        guard frame.width > 0, frame.height > 0 else { return }
        let line = max(min(frame.width, frame.height) * 0.06, 1), radius = min(frame.width, frame.height) * 0.2
        let inset = Rect(x: frame.x + line / 2, y: frame.y + line / 2, width: frame.width - line, height: frame.height - line)
        cairo_new_sub_path(cr)
        cairo_arc(cr, inset.maxX - radius, inset.y + radius, radius, -Double.pi / 2, 0)
        cairo_arc(cr, inset.maxX - radius, inset.maxY - radius, radius, 0, Double.pi / 2)
        cairo_arc(cr, inset.x + radius, inset.maxY - radius, radius, Double.pi / 2, Double.pi)
        cairo_arc(cr, inset.x + radius, inset.y + radius, radius, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cr)
        cairo_set_line_width(cr, line)
        cairo_stroke(cr)
        let layout = Self.layout(cr, title, size: 10, bold: true)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        let width = Double(logical.width) / Double(PANGO_SCALE), height = Double(logical.height) / Double(PANGO_SCALE)
        guard width > 0, height > 0 else { return }
        let fit = min((frame.width - 4 * line - 2 * radius * 0.3) / width, frame.height * 0.7 / height)
        cairo_save(cr)
        cairo_translate(cr, frame.midX - width * fit / 2, frame.midY - height * fit / 2)
        cairo_scale(cr, fit, fit)
        cairo_move_to(cr, 0, 0)
        pango_cairo_show_layout(cr, layout)
        cairo_restore(cr)
    }

    /// A layout of `text` in Sans, `size` points (the page's points: the matrix scales them).
    private static func layout(_ cr: OpaquePointer, _ text: String, size: Double, bold: Bool) -> OpaquePointer {
        let layout = pango_cairo_create_layout(cr)!
        let font = pango_font_description_from_string(bold ? "Sans Bold" : "Sans")
        pango_font_description_set_absolute_size(font, size * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, font)
        pango_font_description_free(font)
        pango_layout_set_text(layout, text, -1)
        return layout
    }
}

/// A picture stamp's pixels as a cairo surface (ARGB32, premultiplied, as they come); the
/// only owner of the surface.
final class StampSurface {
    let surface: OpaquePointer

    init(_ picture: StampPicture) {
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(picture.width), Int32(picture.height))
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface)), row = picture.width * 4
        if let data = cairo_image_surface_get_data(surface) {
            picture.pixels.withUnsafeBytes { source in
                for y in 0..<picture.height { (data + y * stride).update(from: source.baseAddress!.assumingMemoryBound(to: UInt8.self) + y * row, count: row) }
            }
        }
        cairo_surface_mark_dirty(surface)
    }

    deinit { cairo_surface_destroy(surface) }
}
