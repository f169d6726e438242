import CCairo
import QuireEngine

/// A rendered page picture: a cairo image surface in device pixels, ARGB32 premultiplied,
/// or, for a grey page (`isGrey`), A8 whose alpha is the grey (0 black, 255 white): a
/// quarter of the memory. Always drawn opaque (`drawOpaque`), never as a cairo source
/// of its own, which would read an A8 picture as a mask. Immutable once rendering
/// returns, which is what makes it safe to hand to another thread.
public final class PageImage: RenderedPicture, @unchecked Sendable {
    /// The cairo surface, owned. Callers may read and reference it but never draw into it.
    public let surface: OpaquePointer
    public let width: Int
    public let height: Int

    /// What holds the surface's pixels when cairo does not (shared memory), kept as long
    /// as the surface.
    private let keeper: (any AnyObject & Sendable)?
    /// The document's contents it shows (`RenderedPicture.revision`).
    public let revision: Int

    /// Takes over `surface`, which holds its pixels or whose pixels `keeper` holds.
    public init(taking surface: OpaquePointer, keeper: (any AnyObject & Sendable)? = nil, revision: Int = 0) {
        self.surface = surface
        self.keeper = keeper
        self.revision = revision
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
    }

    /// A picture over `width` × `height` pixels at `address`, ARGB32 (rows of `width` × 4
    /// bytes) or, when `grey`, A8 (rows of `greyStride(width)` bytes), which `keeper`
    /// keeps mapped; nil when cairo refuses the size.
    public convenience init?(pixelsAt address: UnsafeMutableRawPointer, width: Int, height: Int, grey: Bool = false,
                             keeper: any AnyObject & Sendable, revision: Int = 0) {
        let format = grey ? CAIRO_FORMAT_A8 : CAIRO_FORMAT_ARGB32
        let stride = Int(cairo_format_stride_for_width(format, Int32(width)))
        guard grey || stride == width * 4,
              let surface = cairo_image_surface_create_for_data(address.assumingMemoryBound(to: UInt8.self), format,
                                                                Int32(width), Int32(height), Int32(stride)) else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            return nil
        }
        self.init(taking: surface, keeper: keeper, revision: revision)
    }

    deinit { cairo_surface_destroy(surface) }

    /// Four bytes a pixel (`RenderedPicture.byteCount`): what the picture counts against
    /// the cache's budget, whatever it takes (`memoryBytes`).
    public var byteCount: Int { width * height * 4 }

    /// The bytes its pixels take.
    public var memoryBytes: Int { Int(cairo_image_surface_get_stride(surface)) * height }

    /// Whether it holds one grey byte a pixel (A8).
    public var isGrey: Bool { cairo_image_surface_get_format(surface) == CAIRO_FORMAT_A8 }

    /// The bytes of a grey picture's row `width` pixels wide: cairo's A8 stride.
    public static func greyStride(_ width: Int) -> Int { Int(cairo_format_stride_for_width(CAIRO_FORMAT_A8, Int32(width))) }

    /// The pixel at (x, y) as 0xAARRGGBB (premultiplied), for tests and checks.
    public func pixel(x: Int, y: Int) -> UInt32 {
        precondition(x >= 0 && x < width && y >= 0 && y < height)
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        if isGrey {
            let grey = UInt32(data[y * stride + x])
            return 0xFF00_0000 | grey << 16 | grey << 8 | grey
        }
        return UnsafeRawPointer(data + y * stride).load(fromByteOffset: x * 4, as: UInt32.self)
    }

    /// Paints the picture opaque at the origin of `context`'s user space, its pixels
    /// filtered by `filter` where they are scaled.
    public func drawOpaque(in context: OpaquePointer, filter: cairo_filter_t = CAIRO_FILTER_GOOD) {
        if isGrey, filter != CAIRO_FILTER_NEAREST, filter != CAIRO_FILTER_FAST, isEnlarged(in: context),
           drawEnlargedGrey(in: context, filter: filter) {
            return
        }
        if isGrey {
            // White where the grey is, over black: the grey itself.
            cairo_save(context)
            cairo_rectangle(context, 0, 0, Double(width), Double(height))
            cairo_clip(context)
            cairo_set_source_rgb(context, 0, 0, 0)
            cairo_paint(context)
            cairo_set_source_rgb(context, 1, 1, 1)
            // Over the black just painted, OVER lays the same grey as the caller's SOURCE
            // would, in one pass (pixman's solid-through-A8 path) where SOURCE through a
            // mask is cairo's two-pass blend: a window's every frame while pages move.
            cairo_set_operator(context, CAIRO_OPERATOR_OVER)
            let mask = cairo_pattern_create_for_surface(surface)!
            cairo_pattern_set_filter(mask, filter)
            cairo_pattern_set_extend(mask, CAIRO_EXTEND_PAD)
            cairo_mask(context, mask)
            cairo_pattern_destroy(mask)
            cairo_restore(context)
        } else {
            cairo_set_source_surface(context, surface, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(context), filter)
            cairo_paint(context)
        }
    }

    /// Whether `context` draws the picture's pixels larger than its own.
    private func isEnlarged(in context: OpaquePointer) -> Bool {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(context, &matrix)
        return abs(matrix.xx) > 1 || abs(matrix.yy) > 1
    }

    /// A grey picture enlarged (a stand-in while the sharp one is drawn: a zoom, a window
    /// resized) as four-byte pixels of the part in view: pixman filters an enlarged A8
    /// mask without a fast path, 11 ms for a 1,590 × 1,143 view from a picture at 0.55 of
    /// its scale, 4.6 with the copy made; a frame of a zoom's. (Shrunk, the copy is dearer
    /// than it saves: 47 ms against 33 at 0.6.) False when the copy cannot be made.
    private func drawEnlargedGrey(in context: OpaquePointer, filter: cairo_filter_t) -> Bool {
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_clip_extents(context, &x1, &y1, &x2, &y2)
        // A pixel more on each side: the filter reads its neighbours.
        func clamped(_ value: Double, _ limit: Int) -> Int {
            value.isFinite ? Int(min(max(value, 0), Double(limit))) : 0
        }
        let left = clamped(x1.rounded(.down) - 1, width), top = clamped(y1.rounded(.down) - 1, height)
        let right = clamped(x2.rounded(.up) + 1, width), bottom = clamped(y2.rounded(.up) + 1, height)
        guard right > left, bottom > top else { return true } // nothing of it in view
        // Pixel for pixel, the mask has its fast path.
        guard let part = Self.joined(width: right - left, height: bottom - top, from: [(self, -left, -top)]) else { return false }
        cairo_save(context)
        cairo_rectangle(context, 0, 0, Double(width), Double(height))
        cairo_clip(context)
        cairo_set_source_surface(context, part.surface, Double(left), Double(top))
        cairo_pattern_set_filter(cairo_get_source(context), filter)
        // Its edge pixels repeated, not faded to nothing: the copy is opaque, as the picture.
        cairo_pattern_set_extend(cairo_get_source(context), CAIRO_EXTEND_PAD)
        cairo_paint(context)
        cairo_restore(context)
        return true
    }

    /// The picture as ARGB32 (itself when it is), for what reads only that: PNG.
    public func opaque() -> PageImage? {
        guard isGrey else { return self }
        return Self.joined(width: width, height: height, from: [(self, 0, 0)])
    }

    /// Writes the picture as a PNG file.
    public func writePNG(to path: String) -> Bool {
        guard let opaque = opaque() else { return false }
        return cairo_surface_write_to_png(opaque.surface, path) == CAIRO_STATUS_SUCCESS
    }

    /// Turns the `width` × `height` ARGB32 pixels at `address` into grey ones in place
    /// (A8 rows of `greyStride(width)` bytes from `address` on) when every pixel is an
    /// opaque grey; returns whether it did. Only the bytes of the grey picture are
    /// meaningful after. Otherwise the pixels are left as they were.
    /// One pass, a row at a time: each row is checked, then turned grey while it is still
    /// in the cache (a 1,590×2,057 page in the helper: 2.5 ms, where a pass to check and
    /// one to turn took 3.5). A row with colour ends it: the rows already turned grey are
    /// turned back, last first, each pixel exactly the opaque grey it was.
    public static func makeGrey(at address: UnsafeMutableRawPointer, width: Int, height: Int) -> Bool {
        guard width > 0, height > 0 else { return true }
        let pixels = address.assumingMemoryBound(to: UInt32.self)
        let bytes = address.assumingMemoryBound(to: UInt8.self)
        let stride = greyStride(width)
        // Each grey row lands at or before the pixels it comes from, and after every
        // earlier row's: forwards, in place, it never overwrites a pixel not yet read.
        for y in 0..<height {
            let source = pixels + y * width
            var other: UInt32 = 0
            for x in 0..<width { // no branch inside: the compiler vectorises it
                let pixel = source[x], blue = pixel & 0xFF
                other |= (pixel >> 24 ^ 0xFF) | ((pixel >> 16) & 0xFF ^ blue) | ((pixel >> 8) & 0xFF ^ blue)
            }
            guard other == 0 else {
                restore(rows: y, at: address, width: width)
                return false
            }
            let row = bytes + y * stride
            for x in 0..<width { row[x] = UInt8(truncatingIfNeeded: source[x]) }
            for x in width..<stride { row[x] = 0xFF }
        }
        return true
    }

    /// Turns the first `rows` grey rows back into the opaque ARGB32 pixels they came from,
    /// last row first and each row from its end, so no grey byte is overwritten unread.
    private static func restore(rows: Int, at address: UnsafeMutableRawPointer, width: Int) {
        let pixels = address.assumingMemoryBound(to: UInt32.self)
        let bytes = address.assumingMemoryBound(to: UInt8.self)
        let rowBytes = greyStride(width)
        for y in stride(from: rows - 1, through: 0, by: -1) {
            let row = bytes + y * rowBytes, target = pixels + y * width
            for x in stride(from: width - 1, through: 0, by: -1) {
                let grey = UInt32(row[x])
                target[x] = 0xFF00_0000 | grey << 16 | grey << 8 | grey
            }
        }
    }
}
