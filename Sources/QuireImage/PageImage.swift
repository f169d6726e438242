import CCairo
import QuireEngine

/// A rendered page picture: a cairo ARGB32 image surface, premultiplied, in device pixels.
/// Immutable once rendering returns, which is what makes it safe to hand to another thread.
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

    /// A picture over `width` × `height` ARGB32 pixels at `address` (rows of `width` × 4
    /// bytes), which `keeper` keeps mapped; nil when cairo refuses the size.
    public convenience init?(pixelsAt address: UnsafeMutableRawPointer, width: Int, height: Int, keeper: any AnyObject & Sendable,
                             revision: Int = 0) {
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)))
        guard stride == width * 4,
              let surface = cairo_image_surface_create_for_data(address.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                                                                Int32(width), Int32(height), Int32(stride)) else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            return nil
        }
        self.init(taking: surface, keeper: keeper, revision: revision)
    }

    deinit { cairo_surface_destroy(surface) }

    public var byteCount: Int { Int(cairo_image_surface_get_stride(surface)) * height }

    /// The pixel at (x, y) as 0xAARRGGBB (premultiplied), for tests and checks.
    public func pixel(x: Int, y: Int) -> UInt32 {
        precondition(x >= 0 && x < width && y >= 0 && y < height)
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        return UnsafeRawPointer(data + y * stride).load(fromByteOffset: x * 4, as: UInt32.self)
    }

    /// Writes the picture as a PNG file.
    public func writePNG(to path: String) -> Bool {
        cairo_surface_write_to_png(surface, path) == CAIRO_STATUS_SUCCESS
    }
}
