import CGtk
import QuireEngine

extension PageCanvas {
    /// On a page that could not be drawn: "This page could not be drawn" and the reason,
    /// centred in its top part, grey on the paper, so the reader sees a failure where a
    /// blank page would look like an empty one.
    func drawFailure(_ reason: String, in bounds: graphene_rect_t, _ snapshot: OpaquePointer, widget: UnsafeMutablePointer<GtkWidget>) {
        let margin: Float = 24
        let width = bounds.size.width - 2 * margin
        guard width > 40, bounds.size.height > 80 else { return }
        let escaped = g_markup_escape_text(reason, -1)!
        defer { g_free(escaped) }
        let markup = "<b>This page could not be drawn</b>\n<small>\(String(cString: escaped))</small>"
        owning(gtk_widget_create_pango_layout(widget, nil)!) { text in
            pango_layout_set_markup(text, markup, -1)
            pango_layout_set_width(text, Int32(saturating: Double(width) * Double(PANGO_SCALE)))
            pango_layout_set_alignment(text, PANGO_ALIGN_CENTER)
            pango_layout_set_wrap(text, PANGO_WRAP_WORD_CHAR)
            var origin = graphene_point_t(x: bounds.origin.x + margin, y: bounds.origin.y + min(bounds.size.height / 4, 120))
            gtk_snapshot_save(snapshot)
            gtk_snapshot_translate(snapshot, &origin)
            var grey = GdkRGBA(red: 0.35, green: 0.35, blue: 0.35, alpha: 1)
            gtk_snapshot_append_layout(snapshot, text, &grey)
            gtk_snapshot_restore(snapshot)
        }
    }

    /// The dark grey behind "Drawing page N…" (`SlowPages`): the window tests look for it.
    static let stillDrawingGrey = GdkRGBA(red: 0.25, green: 0.25, blue: 0.25, alpha: 1)

    /// On a page waiting long for its picture: "Drawing page N…", white on a dark pill at
    /// the top of the page's part in view, over whatever stands in for the page.
    func drawStillDrawing(page: Int, in bounds: graphene_rect_t, viewHeight: Float, _ snapshot: OpaquePointer,
                          widget: UnsafeMutablePointer<GtkWidget>) {
        owning(gtk_widget_create_pango_layout(widget, "Drawing page \(page + 1)…")!) { text in
            var ink = PangoRectangle(), logical = PangoRectangle()
            pango_layout_get_pixel_extents(text, &ink, &logical)
            let padding: (x: Float, y: Float) = (12, 6)
            let width = Float(logical.width) + 2 * padding.x, height = Float(logical.height) + 2 * padding.y
            guard bounds.size.width > width + 8, bounds.size.height > height + 8 else { return }
            let top = min(max(bounds.origin.y, 0) + 16, min(bounds.origin.y + bounds.size.height, viewHeight) - height - 8)
            guard top >= bounds.origin.y else { return }
            var pill = graphene_rect_t(origin: .init(x: bounds.origin.x + (bounds.size.width - width) / 2, y: top),
                                       size: .init(width: width, height: height))
            var rounded = GskRoundedRect()
            gsk_rounded_rect_init_from_rect(&rounded, &pill, height / 2)
            gtk_snapshot_push_rounded_clip(snapshot, &rounded)
            var grey = Self.stillDrawingGrey
            gtk_snapshot_append_color(snapshot, &grey, &pill)
            gtk_snapshot_pop(snapshot)
            var origin = graphene_point_t(x: pill.origin.x + padding.x, y: pill.origin.y + padding.y)
            gtk_snapshot_save(snapshot)
            gtk_snapshot_translate(snapshot, &origin)
            var white = GdkRGBA(red: 1, green: 1, blue: 1, alpha: 1)
            gtk_snapshot_append_layout(snapshot, text, &white)
            gtk_snapshot_restore(snapshot)
        }
    }
}
