import CAdwaita
import CGtk
import CShim
import QuireRemote
import QuireEngine
import QuireImage

/// Draws rendered pictures into a snapshot: as textures under GL renderers (cheaper
/// there), through cairo under the cairo renderer (cheaper there), in bands
/// (`PictureBands`). Keeps each picture's texture while it is drawn.
@MainActor
final class PictureDrawer {
    private var textures: [TileKey: PageTexture] = [:]
    private var useTextures: Bool?

    /// Draws `image` (the picture of `key`) filling `area`. `deviceScale` tells when the
    /// picture lands pixel for pixel, to be copied without filtering.
    func draw(_ image: PageImage, key: TileKey, in area: inout graphene_rect_t, deviceScale: Double,
              _ snapshot: OpaquePointer, widget: UnsafeMutablePointer<GtkWidget>) {
        if useTextures == nil {
            useTextures = String(cString: quire_widget_renderer_name(widget)) != "GskCairoRenderer"
        }
        if useTextures == true {
            // A key's picture is replaced when its page changed (a form value): a new texture then.
            let texture = textures[key].flatMap { $0.source === image ? $0 : nil } ?? PageTexture(image)
            textures[key] = texture
            gtk_snapshot_append_texture(snapshot, texture.texture, &area)
        } else {
            let exact = image.width == Int(saturating: area.size.width * Float(deviceScale))
            let scale = Float(deviceScale)
            let rows = Int(saturating: (area.size.height * scale).rounded())
            // In bands (`PictureBands`): the renderer replays each node into an image of its own.
            for band in PictureBands.rows(width: Int(saturating: (area.size.width * scale).rounded()), height: rows) {
                var part = graphene_rect_t(origin: .init(x: area.origin.x, y: area.origin.y + Float(band.lowerBound) / scale),
                                           size: .init(width: area.size.width, height: Float(band.count) / scale))
                let cr = gtk_snapshot_append_cairo(snapshot, &part)!
                cairo_rectangle(cr, Double(part.origin.x), Double(part.origin.y), Double(part.size.width), Double(part.size.height))
                cairo_clip(cr)
                cairo_translate(cr, Double(area.origin.x), Double(area.origin.y))
                cairo_scale(cr, Double(area.size.width) / Double(image.width), Double(area.size.height) / Double(image.height))
                // Pictures are opaque: copying is cheaper than blending.
                cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
                // Pixel for pixel needs no filter; shrinking a picture needs a good one.
                image.drawOpaque(in: cr, filter: exact ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_GOOD)
                cairo_destroy(cr)
            }
        }
    }

    /// Lets go of the textures of pictures no longer kept.
    func keepTextures(where keep: (TileKey) -> Bool) {
        textures = textures.filter { keep($0.key) }
    }
}

/// A GdkTexture over a page picture's pixels (no copy), for the GL renderer.
final class PageTexture {
    private let owned: GObjectRef
    var texture: OpaquePointer { owned.opaque }
    /// The picture it shows (kept: its pixels are the texture's).
    let source: PageImage
    init(_ image: PageImage) {
        owned = GObjectRef(taking: quire_texture_for_surface(image.surface))
        source = image
    }
}
