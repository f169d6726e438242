import CAdwaita
import CGtk
import QuireEngine

extension PageCanvas {
    /// The blue of the tr("Draw at Lower Resolution") button (GNOME's suggested action): the
    /// window tests look for it.
    static let offerBlue = GdkRGBA(red: 0x35 / 255.0, green: 0x84 / 255.0, blue: 0xE4 / 255.0, alpha: 1)

    /// On a page that could not be drawn: tr("This page could not be drawn") and the reason,
    /// centred in its top part, grey on the paper, so the reader sees a failure where a
    /// blank page would look like an empty one; on a translucent white panel over its
    /// stand-in, if it has one. A page too slow to draw (`LowerResolution`) says so and
    /// offers a button, whose rectangle this returns: a click there takes the offer.
    func drawFailure(_ reason: String, offer: Bool, over standIn: Bool, in bounds: graphene_rect_t, _ snapshot: OpaquePointer,
                     widget: UnsafeMutablePointer<GtkWidget>) -> graphene_rect_t? {
        let margin: Float = 24
        let width = bounds.size.width - 2 * margin
        guard width > 40, bounds.size.height > 80 else { return nil }
        let escaped = g_markup_escape_text(reason, -1)!
        defer { g_free(escaped) }
        let title = offer ? tr("This page takes too long to draw") : tr("This page could not be drawn")
        let markup = "<b>\(title)</b>\n<small>\(String(cString: escaped))</small>"
        return owning(gtk_widget_create_pango_layout(widget, nil)!) { text in
            pango_layout_set_markup(text, markup, -1)
            pango_layout_set_width(text, Int32(saturating: Double(width) * Double(PANGO_SCALE)))
            pango_layout_set_alignment(text, PANGO_ALIGN_CENTER)
            pango_layout_set_wrap(text, PANGO_WRAP_WORD_CHAR)
            var ink = PangoRectangle(), logical = PangoRectangle()
            pango_layout_get_pixel_extents(text, &ink, &logical)
            let top = bounds.origin.y + min(bounds.size.height / 4, 120)
            let button = offer ? self.button(tr("Draw at Lower Resolution"), widget: widget) : nil
            let buttonGap: Float = 12
            let height = Float(logical.height) + (button.map { buttonGap + $0.height } ?? 0)
            if standIn {
                var panel = graphene_rect_t(origin: .init(x: bounds.origin.x + margin / 2, y: top - margin / 2),
                                            size: .init(width: bounds.size.width - margin, height: height + margin))
                var paper = GdkRGBA(red: 1, green: 1, blue: 1, alpha: 0.85)
                gtk_snapshot_append_color(snapshot, &paper, &panel)
            }
            var origin = graphene_point_t(x: bounds.origin.x + margin, y: top)
            gtk_snapshot_save(snapshot)
            gtk_snapshot_translate(snapshot, &origin)
            var grey = GdkRGBA(red: 0.35, green: 0.35, blue: 0.35, alpha: 1)
            gtk_snapshot_append_layout(snapshot, text, &grey)
            gtk_snapshot_restore(snapshot)
            guard let button, button.width < bounds.size.width, top + height < bounds.origin.y + bounds.size.height else { return nil }
            let area = graphene_rect_t(origin: .init(x: bounds.origin.x + (bounds.size.width - button.width) / 2,
                                                     y: top + Float(logical.height) + buttonGap),
                                       size: .init(width: button.width, height: button.height))
            button.draw(area, snapshot)
            return area
        }
    }

    /// A button drawn on the canvas (which has no widgets on its pages): white words on a
    /// rounded blue rectangle.
    private func button(_ label: String, widget: UnsafeMutablePointer<GtkWidget>) -> DrawnButton {
        let text = GObjectRef(taking: gtk_widget_create_pango_layout(widget, label)!)
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_pixel_extents(text.opaque, &ink, &logical)
        return DrawnButton(text: text, width: Float(logical.width) + 32, height: Float(logical.height) + 16)
    }

    /// The dark grey behind "Drawing page N…" (`SlowPages`): the window tests look for it.
    static let stillDrawingGrey = GdkRGBA(red: 0.25, green: 0.25, blue: 0.25, alpha: 1)

    /// On a page waiting long for its picture: "Drawing page N…", white on a dark pill at
    /// the top of the page's part in view, over whatever stands in for the page.
    func drawStillDrawing(page: Int, in bounds: graphene_rect_t, viewHeight: Float, _ snapshot: OpaquePointer,
                          widget: UnsafeMutablePointer<GtkWidget>) {
        owning(gtk_widget_create_pango_layout(widget, tr("Drawing page {page}…", ["page": String(page + 1)]))!) { text in
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

/// A button's words, measured, to draw once its place is known.
@MainActor
private struct DrawnButton {
    let text: GObjectRef // PangoLayout
    let width: Float
    let height: Float

    func draw(_ area: graphene_rect_t, _ snapshot: OpaquePointer) {
        var area = area
        var rounded = GskRoundedRect()
        gsk_rounded_rect_init_from_rect(&rounded, &area, 6)
        gtk_snapshot_push_rounded_clip(snapshot, &rounded)
        var blue = PageCanvas.offerBlue
        gtk_snapshot_append_color(snapshot, &blue, &area)
        gtk_snapshot_pop(snapshot)
        var origin = graphene_point_t(x: area.origin.x + 16, y: area.origin.y + 8)
        gtk_snapshot_save(snapshot)
        gtk_snapshot_translate(snapshot, &origin)
        var white = GdkRGBA(red: 1, green: 1, blue: 1, alpha: 1)
        gtk_snapshot_append_layout(snapshot, text.opaque, &white)
        gtk_snapshot_restore(snapshot)
    }
}
