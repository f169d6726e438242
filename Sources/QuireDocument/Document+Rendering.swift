import CCairo
import CPoppler
import CSplash
import QuireEngine
import QuireImage

extension Document: PageRendering {
    /// Renders the whole page for `tile` on white, in device pixels.
    public func render(_ tile: TileKey) throws -> PageImage {
        try render(page: tile.page, scale: tile.scale, rotation: tile.rotation, cell: tile.cell)
    }

    /// Renders page `index` at `scale` device pixels per point, turned by `rotation` on top
    /// of the page's own /Rotate, on a white background: the whole page, or one cell of it;
    /// with Splash when `splash` is given. A page that is not shown (`pageProblem`) is
    /// refused with the reason, unrendered.
    public func render(page index: Int, scale: Double, rotation: Rotation = .none, cell: TileKey.Cell? = nil,
                       splash: SplashPages? = nil) throws -> PageImage {
        let tile = TileKey(page: index, rotation: rotation, scale: scale, cell: cell)
        let (width, height) = try pixelSize(of: tile)
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw RenderFailure("cannot allocate a \(width)×\(height) picture")
        }
        let image = PageImage(taking: surface)
        try draw(tile, into: surface, splash: splash)
        return image
    }

    /// The pixels `tile` takes, or why its page is not rendered.
    public func pixelSize(of tile: TileKey) throws -> (width: Int, height: Int) {
        if let problem = pageProblem(at: tile.page) { throw RenderFailure(problem) }
        return bounded(tile).pixelSize(for: pageSize(at: tile.page).rotated(by: tile.rotation))
    }

    /// The tile at the scale it is drawn: a whole page asked for at a scale its real size
    /// cannot take (the layout planned with an estimate) is drawn softer, within
    /// `TileKey.boundedScale`, never as gigabytes.
    private func bounded(_ tile: TileKey) -> TileKey {
        guard tile.cell == nil else { return tile }
        var bounded = tile
        bounded.scale = TileKey.boundedScale(tile.scale, for: pageSize(at: tile.page))
        return bounded
    }

    /// Draws `tile` on white into `surface`, an ARGB32 image surface of its `pixelSize`,
    /// with Splash when `splash` is given (the caller's choice), else with cairo. With
    /// `greyAllowed`, a picture that comes out all grey is left as A8 rows of
    /// `PageImage.greyStride` bytes instead, a quarter of the memory (Splash writes it so
    /// at once, never holding it twice); returns whether it is.
    @discardableResult
    public func draw(_ tile: TileKey, into surface: OpaquePointer, splash: SplashPages? = nil, greyAllowed: Bool = false) throws -> Bool {
        let tile = bounded(tile)
        let index = tile.page, scale = tile.scale, rotation = tile.rotation
        let region = tile.pixelRect(for: pageSize(at: index).rotated(by: rotation))
        if let splash {
            guard let drawing = splash.draw(page: index, scale: scale, rotation: rotation, region: region, into: surface, greyAllowed: greyAllowed) else {
                throw RenderFailure("page \(index + 1) cannot be loaded")
            }
            return drawing != .colour
        }
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        // Only the cell's pixels are rasterised; poppler still reads the whole page.
        cairo_translate(cr, -Double(region.x), -Double(region.y))
        cairo_scale(cr, scale, scale)
        let unrotated = pageSize(at: index)
        switch rotation {
        case .none: break
        case .quarter: cairo_translate(cr, unrotated.height, 0)
        case .half: cairo_translate(cr, unrotated.width, unrotated.height)
        case .threeQuarters: cairo_translate(cr, 0, unrotated.width)
        }
        cairo_rotate(cr, Double(rotation.rawValue) * .pi / 180)
        let rendered: Bool? = withPage(index) { page in
            poppler_page_render(page, cr)
            return true
        }
        guard rendered == true else { throw RenderFailure("page \(index + 1) cannot be loaded") }
        cairo_surface_flush(surface)
        guard greyAllowed, let pixels = cairo_image_surface_get_data(surface) else { return false }
        let grey = PageImage.makeGrey(at: pixels, width: region.width, height: region.height)
        cairo_surface_mark_dirty(surface)
        return grey
    }
}

extension Document {
    /// Whether images cover half the page or more (summed): a scan, or a full-page photo.
    /// A page that reaches no image at all is told from its objects (a fraction of a
    /// millisecond); any other costs a pass over its content without drawing or decoding
    /// anything (3-5 ms on a text page, before the first view).
    public func hasLargeImages(page index: Int) -> Bool {
        if showsNoImage(page: index) { return false }
        return withPage(index) { page in
            let list = poppler_page_get_image_mapping(page)
            defer { poppler_page_free_image_mapping(list) }
            var width = 0.0, height = 0.0
            poppler_page_get_size(page, &width, &height)
            var covered = 0.0
            var node = list
            while let item = node {
                if let mapping = item.pointee.data?.assumingMemoryBound(to: PopplerImageMapping.self).pointee {
                    covered += abs((mapping.area.x2 - mapping.area.x1) * (mapping.area.y2 - mapping.area.y1))
                }
                node = item.pointee.next
            }
            return width * height > 0 && covered >= width * height / 2
        } ?? false
    }

    /// Whether the page can show no image at all: none named in any resources it reaches,
    /// no inline image in any content it runs (`named_images.cpp`, in CSplash). False when
    /// it may, or when that cannot be told quickly.
    public func showsNoImage(page index: Int) -> Bool {
        withPage(index) { csplash_page_shows_no_image(UnsafeMutableRawPointer($0)) == 1 } ?? false
    }
}
