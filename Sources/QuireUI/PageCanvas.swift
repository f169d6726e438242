import CGtk
import CShim
import QuireDocument
import QuireEngine

/// The document view: a viewport-sized `QuireCanvas` in a scrolled window. It keeps the
/// layout and the picture cache, asks the render workers for what the viewport needs, and
/// draws cached pictures (scaled ones until sharp ones arrive). It never renders itself.
@MainActor
final class PageCanvas {
    let widget: UnsafeMutablePointer<GtkWidget> // the scrolled window holding the canvas
    private let canvas: OpaquePointer // QuireCanvas, owned by the scrolled window
    private let document: Document
    private var layout: PageLayout
    private var cache: TileCache<PageImage>
    private var textures: [TileKey: PageTexture] = [:]
    private var failures: [Int: String] = [:]
    private let planner = RenderPlanner()
    private var workers: RenderWorkers<Document>?
    private var generation = 0
    private var lastScrollY = 0.0
    private var pendingPage: Int?
    private var useTextures: Bool?

    /// Called with the zero-based page that shows most, whenever it changes.
    var onCurrentPageChanged: ((Int) -> Void)?
    /// Called when every visible page has its sharp picture (or failed) after a change.
    var onVisiblePagesComplete: (() -> Void)?
    private(set) var currentPage = 0

    init(document: Document, zoom: ZoomMode) {
        self.document = document
        layout = PageLayout(pageSizes: document.pageSizes(), zoom: zoom)
        cache = TileCache(budget: Self.cacheBudget())
        let scrolled = gtk_scrolled_window_new()!
        let canvasWidget = quire_canvas_new()!
        canvas = OpaquePointer(canvasWidget)
        widget = scrolled
        gtk_scrolled_window_set_child(quire_scrolled_window(scrolled), canvasWidget)
        gtk_widget_set_hexpand(scrolled, 1)
        gtk_widget_set_vexpand(scrolled, 1)

        var callbacks = QuireCanvasCallbacks(
            snapshot: { data, snapshot, width, height, x, y in
                let canvas = Unmanaged<PageCanvas>.fromOpaque(data!).takeUnretainedValue()
                MainActor.assumeIsolated { canvas.draw(snapshot!, width: width, height: height, x: x, y: y) }
            },
            resized: { data, width, height in
                let canvas = Unmanaged<PageCanvas>.fromOpaque(data!).takeUnretainedValue()
                MainActor.assumeIsolated { canvas.resize(width: Double(width), height: Double(height)) }
            },
            scrolled: { data, _, _ in
                let canvas = Unmanaged<PageCanvas>.fromOpaque(data!).takeUnretainedValue()
                MainActor.assumeIsolated { canvas.viewportChanged() }
            })
        // The canvas holds us (released when it is disposed) so callbacks never outlive us.
        quire_canvas_set_callbacks(canvas, &callbacks, Unmanaged.passRetained(self).toOpaque()) { data in
            Unmanaged<PageCanvas>.fromOpaque(data!).release()
        }
        startWorkers()
        let keys = gtk_event_controller_key_new()!
        Signal.connectKeyPressed(UnsafeMutableRawPointer(keys)) { [unowned self] keyval, modifiers in
            self.keyPressed(keyval, modifiers)
        }
        gtk_widget_add_controller(canvasWidget, keys)
    }

    var pageCount: Int { layout.pageCount }

    func grabFocus() { gtk_widget_grab_focus(UnsafeMutablePointer(canvas)) }

    /// Scrolls so that `page` starts at the top of the view, centred across when it is
    /// wider than the view (once the view has a size).
    func show(page: Int) {
        let page = min(max(page, 0), layout.pageCount - 1)
        guard layout.viewport.height > 0 else { pendingPage = page; return }
        let rect = layout.pageRect(page)
        quire_canvas_scroll_to(canvas, rect.x + rect.width / 2 - layout.viewport.width / 2, rect.y - layout.gap)
    }

    /// Reading keys the scrolled window does not bind without modifiers. Page Up/Down
    /// are left to it (they animate).
    private func keyPressed(_ keyval: UInt32, _ modifiers: GdkModifierType) -> Bool {
        let x = quire_canvas_get_x(canvas), y = quire_canvas_get_y(canvas)
        let step = 48.0, page = layout.viewport.height * 0.9
        let shift = modifiers.rawValue & GDK_SHIFT_MASK.rawValue != 0
        guard modifiers.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue) == 0 else { return false }
        switch Int32(keyval) {
        case GDK_KEY_Down, GDK_KEY_KP_Down: quire_canvas_scroll_to(canvas, x, y + step)
        case GDK_KEY_Up, GDK_KEY_KP_Up: quire_canvas_scroll_to(canvas, x, y - step)
        case GDK_KEY_Right, GDK_KEY_KP_Right: quire_canvas_scroll_to(canvas, x + step, y)
        case GDK_KEY_Left, GDK_KEY_KP_Left: quire_canvas_scroll_to(canvas, x - step, y)
        case GDK_KEY_space: quire_canvas_scroll_to(canvas, x, shift ? y - page : y + page)
        case GDK_KEY_Home, GDK_KEY_KP_Home: quire_canvas_scroll_to(canvas, x, 0)
        case GDK_KEY_End, GDK_KEY_KP_End: quire_canvas_scroll_to(canvas, x, layout.contentSize.height)
        default: return false
        }
        return true
    }

    /// Stops rendering; the window is going away.
    func close() {
        workers?.stop()
        workers = nil
    }

    /// True when every visible page shows its sharp picture or its failure.
    var visiblePagesComplete: Bool {
        guard layout.viewport.height > 0 else { return false }
        return layout.pages(in: visibleRect).allSatisfy { page in
            failures[page] != nil || cache[wantedKey(page)] != nil
        }
    }

    private var visibleRect: Rect {
        Rect(x: quire_canvas_get_x(canvas), y: quire_canvas_get_y(canvas),
             width: layout.viewport.width, height: layout.viewport.height)
    }

    private var deviceScale: Double { Double(gtk_widget_get_scale_factor(UnsafeMutablePointer(canvas))) }

    private func wantedKey(_ page: Int) -> TileKey {
        planner.tileKey(page: page, layout: layout, deviceScale: deviceScale)
    }

    private func resize(width: Double, height: Double) {
        // Keep the point at the top of the view where it is across the change of scale.
        let anchor = layout.viewport.height > 0 ? layout.anchor(atContentY: quire_canvas_get_y(canvas)) : nil
        layout.setViewport(Size(width: width, height: height))
        let content = layout.contentSize
        quire_canvas_set_content_size(canvas, content.width, content.height)
        if anchor == nil || pendingPage != nil {
            show(page: pendingPage ?? 0)
            pendingPage = nil
        } else if let anchor {
            quire_canvas_scroll_to(canvas, quire_canvas_get_x(canvas), layout.contentY(page: anchor.page, fraction: anchor.fraction))
        }
        viewportChanged()
    }

    /// Replans rendering for the new viewport and tells the window the current page.
    private func viewportChanged() {
        guard layout.viewport.height > 0 else { return }
        let visible = visibleRect
        let scrollingDown = visible.y >= lastScrollY
        lastScrollY = visible.y
        let plan = planner.plan(layout: layout, visible: visible, scrollingDown: scrollingDown,
                                deviceScale: deviceScale) { [cache, failures] key in
            cache[key] != nil || failures[key.page] != nil
        }
        generation = workers?.submit(plan.tiles, urgent: plan.urgent) ?? generation
        if let page = layout.mostVisiblePage(in: visible), page != currentPage {
            currentPage = page
            // Not now: this may run inside size allocation, where other widgets must not resize.
            MainLoop.invoke { [weak self] in
                guard let self, self.currentPage == page else { return }
                self.onCurrentPageChanged?(page)
            }
        }
        gtk_widget_queue_draw(UnsafeMutablePointer(canvas))
        if plan.tiles.isEmpty, visiblePagesComplete { onVisiblePagesComplete?() }
    }

    private func startWorkers() {
        let source = document.source
        workers = RenderWorkers(makeRenderer: { try source.open() }, deliver: { [weak self] result in
            MainLoop.invoke { self?.received(result) }
        })
    }

    private func received(_ result: RenderWorkers<Document>.Result) {
        let key = result.key
        // A picture at a scale the view no longer wants is stale: dropped.
        guard key.page < layout.pageCount, key == wantedKey(key.page) else { return }
        let visible = layout.pages(in: visibleRect)
        switch result.outcome {
        case .success(let image):
            cache.removeOtherScales(page: key.page, keeping: key.scale)
            cache.insert(image, for: key, visible: visible)
            textures = textures.filter { cache[$0.key] != nil }
        case .failure(let failure):
            failures[key.page] = failure.description
            printError("page \(key.page + 1) could not be rendered: \(failure)")
        }
        if visible.contains(key.page) { gtk_widget_queue_draw(UnsafeMutablePointer(canvas)) }
        if visiblePagesComplete { onVisiblePagesComplete?() }
    }

    private func draw(_ snapshot: OpaquePointer, width: Double, height: Double, x: Double, y: Double) {
        if useTextures == nil {
            // Textures are cheaper under GL; cairo drawing is cheaper under the cairo renderer.
            useTextures = String(cString: quire_widget_renderer_name(UnsafeMutablePointer(canvas))) != "GskCairoRenderer"
        }
        let scale = deviceScale
        func snap(_ value: Double) -> Double { (value * scale).rounded() / scale }
        var background = graphene_rect_t(origin: .init(x: 0, y: 0), size: .init(width: Float(width), height: Float(height)))
        var grey = GdkRGBA(red: 0.87, green: 0.87, blue: 0.87, alpha: 1)
        gtk_snapshot_append_color(snapshot, &grey, &background)
        let visible = Rect(x: x, y: y, width: width, height: height)
        for page in layout.pages(in: visible) {
            let rect = layout.pageRect(page)
            // Page positions relative to the view are computed in Double: floats lose pixels deep in long documents.
            let left = snap(rect.x - x), top = snap(rect.y - y)
            let right = snap(rect.maxX - x), bottom = snap(rect.maxY - y)
            var bounds = graphene_rect_t(origin: .init(x: Float(left), y: Float(top)),
                                         size: .init(width: Float(right - left), height: Float(bottom - top)))
            var frame = graphene_rect_t(origin: .init(x: bounds.origin.x - 1, y: bounds.origin.y - 1),
                                        size: .init(width: bounds.size.width + 2, height: bounds.size.height + 2))
            var edge = GdkRGBA(red: 0.6, green: 0.6, blue: 0.6, alpha: 1)
            var white = GdkRGBA(red: 1, green: 1, blue: 1, alpha: 1)
            gtk_snapshot_append_color(snapshot, &edge, &frame)
            gtk_snapshot_append_color(snapshot, &white, &bounds)
            let wanted = wantedKey(page)
            guard let (key, image) = cache[wanted].map({ (wanted, $0) }) ?? cache.nearestPicture(page: page, scale: wanted.scale) else { continue }
            if useTextures == true {
                let texture = textures[key] ?? PageTexture(image)
                textures[key] = texture
                gtk_snapshot_append_texture(snapshot, texture.texture, &bounds)
            } else {
                let cr = gtk_snapshot_append_cairo(snapshot, &bounds)!
                cairo_translate(cr, left, top)
                cairo_scale(cr, (right - left) / Double(image.width), (bottom - top) / Double(image.height))
                cairo_set_source_surface(cr, image.surface, 0, 0)
                cairo_paint(cr)
                cairo_destroy(cr)
            }
        }
    }

    /// Default picture budget: an eighth of physical memory, between 64 MiB and 1 GiB;
    /// `QUIRE_CACHE_MB` overrides it.
    private static func cacheBudget() -> Int {
        if let value = Environment.integer("QUIRE_CACHE_MB"), value > 0 { return value << 20 }
        let memory = Environment.physicalMemory()
        return min(max(memory / 8, 64 << 20), 1 << 30)
    }
}

/// A GdkTexture over a page picture's pixels (no copy), for the GL renderer.
final class PageTexture {
    let texture: OpaquePointer
    init(_ image: PageImage) { texture = quire_texture_for_surface(image.surface) }
    deinit { g_object_unref(UnsafeMutableRawPointer(texture)) }
}
