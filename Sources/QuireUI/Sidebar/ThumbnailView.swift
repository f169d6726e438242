import CAdwaita
import CGtk
import CShim
import QuireRemote
import QuireEngine

/// The thumbnail sidebar: every page as a small picture with its label, in a
/// viewport-sized `QuireCanvas` like the document's, so that 5,000 pages cost one widget
/// and a few arrays. It renders nothing itself: it tells the document canvas which pages
/// it shows, whose low-resolution pictures (the canvas's own stand-ins) are then planned
/// after the canvas's visible tiles, and draws whatever picture the canvas holds. With the
/// keys, the arrows, Home and End go to another page; a screen reader hears the current
/// page in the view's description.
@MainActor
final class ThumbnailView: CanvasContent {
    let widget: UnsafeMutablePointer<GtkWidget> // a scrolled window
    private let canvas: OpaquePointer           // QuireCanvas
    private unowned let pages: PageCanvas
    private var layout: ThumbnailLayout
    private let drawer = PictureDrawer()
    private let labelOf: (Int) -> String
    private var top = 0.0, height = 0.0
    private var scrollingDown = true
    private var mapped = false
    private(set) var current = 0
    /// Called with the page the reader clicked.
    var onChosen: ((Int) -> Void)?
    /// Called when every thumbnail in view shows its picture (or its failure).
    var onSettled: (() -> Void)?

    init(pages: PageCanvas, labelOf: @escaping (Int) -> String) {
        self.pages = pages
        self.labelOf = labelOf
        layout = ThumbnailLayout(pageSizes: pages.pageSizes)
        (widget, canvas) = makeScrolledCanvas()
        let canvasWidget = UnsafeMutablePointer<GtkWidget>(canvas)
        gtk_scrolled_window_set_policy(quire_scrolled_window(widget), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_widget_set_vexpand(widget, 1)
        show(on: canvas)
        let click = gtk_gesture_click_new()!
        Signal.connectClick(click, "released") { [unowned self] presses, x, y in
            guard presses == 1, let page = self.layout.page(at: Point(x: x, y: y + self.top)) else { return }
            self.onChosen?(page)
        }
        gtk_widget_add_controller(canvasWidget, click)
        setAccessibleName(canvasWidget, tr("Thumbnails"))
        // With the keys, the arrows, Home and End go to the page beside, above or below.
        let keys = gtk_event_controller_key_new()!
        Signal.connectKeyPressed(keys) { [unowned self] keyval, _ in
            guard let move = Self.moves[Int32(keyval)] else { return false }
            let page = self.layout.page(from: self.current, moving: move)
            if page != self.current { self.onChosen?(page) }
            return true
        }
        gtk_widget_add_controller(canvasWidget, keys)
        // Hidden (another sidebar view, or the sidebar closed), it asks for nothing.
        Signal.connect(canvasWidget, "map") { [unowned self] in self.mapped = true; self.replan() }
        Signal.connect(canvasWidget, "unmap") { [unowned self] in
            self.mapped = false
            self.pages.showThumbnails(shown: 0..<0, ahead: [])
        }
    }

    private static let moves: [Int32: ThumbnailLayout.Move] = [
        GDK_KEY_Left: .previous, GDK_KEY_KP_Left: .previous, GDK_KEY_Right: .next, GDK_KEY_KP_Right: .next,
        GDK_KEY_Up: .rowUp, GDK_KEY_KP_Up: .rowUp, GDK_KEY_Down: .rowDown, GDK_KEY_KP_Down: .rowDown,
        GDK_KEY_Home: .first, GDK_KEY_KP_Home: .first, GDK_KEY_End: .last, GDK_KEY_KP_End: .last,
    ]

    /// The pages in view.
    var shownPages: Range<Int> { mapped ? layout.pages(top: top, height: height) : 0..<0 }

    /// True when the sidebar shows thumbnails and each in view has its picture or failed.
    var isSettled: Bool {
        mapped && height > 0 && shownPages.allSatisfy { pages.thumbnailPicture($0) != nil || pages.failed($0) }
    }

    /// Marks `page` as the reader's and scrolls it into view.
    func setCurrent(_ page: Int) {
        current = page
        // The pictures are drawn, not widgets: the current one is said after the name.
        quire_accessible_set_description(UnsafeMutablePointer(canvas), NodeText.name(page: page, pageCount: pages.pageCount, label: labelOf(page)))
        if height > 0, let target = layout.reveal(page, top: top, height: height) {
            quire_canvas_scroll_to(canvas, 0, target)
        }
        redraw()
    }

    /// Page sizes changed (read, or turned): lay out again, keeping the current page in view.
    func pageSizesChanged() {
        layout.setPageSizes(pages.pageSizes)
        quire_canvas_set_content_size(canvas, layout.width, layout.contentHeight)
        setCurrent(current)
        replan()
    }

    /// The document's labels were read: the captions change.
    func labelsChanged() { gtk_widget_queue_draw(UnsafeMutablePointer(canvas)) }

    /// A picture arrived for a page in view.
    func pictureArrived() {
        redraw()
        if isSettled { onSettled?() }
    }

    func redraw() { gtk_widget_queue_draw(UnsafeMutablePointer(canvas)) }

    func resize(width: Double, height: Double) {
        layout.setWidth(width)
        self.height = height
        quire_canvas_set_content_size(canvas, width, layout.contentHeight)
        top = quire_canvas_get_y(canvas)
        if let target = layout.reveal(current, top: top, height: height) { quire_canvas_scroll_to(canvas, 0, target) }
        replan()
    }

    func scrolled(to point: Point) {
        let y = point.y
        if y != top { scrollingDown = y > top }
        top = y
        replan()
    }

    private func replan() {
        guard mapped, height > 0 else { return }
        let plan = layout.plan(top: top, height: height, scrollingDown: scrollingDown)
        pages.showThumbnails(shown: plan.shown, ahead: plan.ahead)
        if isSettled { onSettled?() }
    }

    func draw(_ snapshot: OpaquePointer, width: Double, height: Double) {
        let widget = UnsafeMutablePointer<GtkWidget>(canvas)
        let scale = Double(gtk_widget_get_scale_factor(widget))
        func snap(_ value: Double) -> Float { Float((value * scale).rounded() / scale) }
        func rect(_ r: Rect, grow: Double = 0) -> graphene_rect_t {
            let left = snap(r.x - grow), top = snap(r.y - self.top - grow)
            return graphene_rect_t(origin: .init(x: left, y: top),
                                   size: .init(width: snap(r.maxX + grow) - left, height: snap(r.maxY - self.top + grow) - top))
        }
        var foreground = GdkRGBA()
        gtk_style_context_get_color(gtk_widget_get_style_context(widget), &foreground)
        let accent = GdkRGBA(red: 0.21, green: 0.52, blue: 0.89, alpha: 1)
        let edge = GdkRGBA(red: 0.6, green: 0.6, blue: 0.6, alpha: 1)
        var white = GdkRGBA(red: 1, green: 1, blue: 1, alpha: 1)
        for page in layout.pages(top: top, height: height) {
            let picture = layout.pictureRect(page)
            let isCurrent = page == current
            var frame = rect(picture, grow: isCurrent ? 3 : 1)
            var frameColour = isCurrent ? accent : edge
            gtk_snapshot_append_color(snapshot, &frameColour, &frame)
            var area = rect(picture)
            pages.night.drawing(snapshot) {
                if let (key, image) = pages.thumbnailPicture(page) {
                    drawer.draw(image, key: key, in: &area, deviceScale: scale, snapshot, widget: widget)
                } else {
                    gtk_snapshot_append_color(snapshot, &white, &area)
                }
            }
            owning(gtk_widget_create_pango_layout(widget, labelOf(page))!) { text in
                // No wider than the thumbnail's label line, however long the document's label.
                pango_layout_set_width(text, Int32(saturating: layout.labelRect(page).width * Double(PANGO_SCALE)))
                pango_layout_set_ellipsize(text, PANGO_ELLIPSIZE_END)
                var textWidth: Int32 = 0, textHeight: Int32 = 0
                pango_layout_get_pixel_size(text, &textWidth, &textHeight)
                let line = layout.labelRect(page)
                var origin = graphene_point_t(x: snap(line.x + (line.width - Double(textWidth)) / 2),
                                              y: snap(line.y - top + (line.height - Double(textHeight)) / 2 + 2))
                gtk_snapshot_save(snapshot)
                gtk_snapshot_translate(snapshot, &origin)
                var textColour = isCurrent ? accent : foreground
                gtk_snapshot_append_layout(snapshot, text, &textColour)
                gtk_snapshot_restore(snapshot)
            }
        }
        let shown = Set(layout.pages(top: top, height: height))
        drawer.keepTextures { shown.contains($0.page) }
    }
}
