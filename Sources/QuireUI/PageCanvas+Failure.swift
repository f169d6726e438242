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
        let text = gtk_widget_create_pango_layout(widget, nil)!
        defer { g_object_unref(UnsafeMutableRawPointer(text)) }
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
