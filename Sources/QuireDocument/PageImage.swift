import CCairo
import QuireEngine

/// A rendered page picture: a cairo ARGB32 image surface, premultiplied, in device pixels.
/// Immutable once rendering returns, which is what makes it safe to hand to another thread.
public final class PageImage: RenderedPicture, @unchecked Sendable {
    /// The cairo surface, owned. Callers may read and reference it but never draw into it.
    public let surface: OpaquePointer
    public let width: Int
    public let height: Int

    init(taking surface: OpaquePointer) {
        self.surface = surface
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
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
