import CGtk
import Foundation
import QuireEngine

/// Reads the picture the reader chose for a stamp: checked first (`StampPictureCheck`),
/// decoded by GDK (PNG or JPEG; a damaged or truncated file is refused), scaled down to
/// `StampPicture.sideLimit` a side, and taken as cairo's premultiplied ARGB32 pixels.
@MainActor
enum StampPictureReader {
    static func read(_ path: String) -> Result<StampPicture, StampPictureCheck.Failure> {
        guard let handle = FileHandle(forReadingAtPath: path) else { return .failure(.notAPicture) }
        defer { try? handle.close() }
        let size = (try? handle.seekToEnd()).map { Int($0) } ?? 0
        try? handle.seek(toOffset: 0)
        let head = (try? handle.read(upToCount: 65536)).map { [UInt8]($0) } ?? []
        if let failure = StampPictureCheck.check(size: size, head: head) { return .failure(failure) }
        try? handle.seek(toOffset: 0)
        guard let data = try? handle.readToEnd(), data.count <= StampPictureCheck.fileLimit else { return .failure(.tooLarge) }
        let bytes = data.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(bytes) }
        var error: UnsafeMutablePointer<GError>?
        guard let texture = gdk_texture_new_from_bytes(bytes, &error) else {
            if let error { g_error_free(error) }
            return .failure(.notAPicture)
        }
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        let width = Int(gdk_texture_get_width(texture)), height = Int(gdk_texture_get_height(texture))
        guard width > 0, height > 0, width * height <= StampPictureCheck.pixelLimit else { return .failure(.tooManyPixels) }
        let whole = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        defer { cairo_surface_destroy(whole) }
        cairo_surface_flush(whole)
        gdk_texture_download(texture, cairo_image_surface_get_data(whole), gsize(cairo_image_surface_get_stride(whole)))
        cairo_surface_mark_dirty(whole)
        let kept = StampPictureCheck.keptSize(width: width, height: height)
        let scaled = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(kept.width), Int32(kept.height))!
        defer { cairo_surface_destroy(scaled) }
        let cr = cairo_create(scaled)!
        cairo_scale(cr, Double(kept.width) / Double(width), Double(kept.height) / Double(height))
        cairo_set_source_surface(cr, whole, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_paint(cr)
        cairo_destroy(cr)
        cairo_surface_flush(scaled)
        let stride = Int(cairo_image_surface_get_stride(scaled)), row = kept.width * 4
        guard let source = cairo_image_surface_get_data(scaled) else { return .failure(.notAPicture) }
        var pixels = [UInt8](repeating: 0, count: row * kept.height)
        pixels.withUnsafeMutableBufferPointer { target in
            for y in 0..<kept.height { (target.baseAddress! + y * row).update(from: source + y * stride, count: row) }
        }
        return StampPicture(width: kept.width, height: kept.height, pixels: pixels).map { .success($0) } ?? .failure(.notAPicture)
    }
}
