/// Pages too slow to draw sharp, drawn at a lower resolution the reader chose instead of
/// not at all. The policy:
///  1. A sharp picture that ran past the render watchdog (`RenderFailure.isTooSlow`) leaves
///     its page failed, with an offer: the whole page at a quarter of that picture's
///     pixels. What makes a page that slow (a function-based shading, a huge image drawn
///     smooth) costs by the pixel, so a quarter of the pixels takes about a quarter of
///     the time.
///  2. Taking the offer caps the page's scale there: at any zoom the page is then one
///     picture at that scale at most (never cut into cells), drawn stretched to the page:
///     soft, but the page's content, where the stand-in is a thumbnail.
///  3. A capped picture too slow again makes a new offer, a quarter of its pixels again,
///     while that is still sharper than the page's low-resolution picture; past that the
///     failure stands, and says so without an offer.
///  4. Caps last as long as the canvas (the window's view of this document version); a
///     zoom or a turn keeps them, since the page costs the same at any zoom.
public struct LowerResolution: Equatable, Sendable {
    private var caps: [Int: Double] = [:]
    private var offers: [Int: Double] = [:]

    public init() {}

    /// The most device pixels per point `page` is drawn at, if the reader lowered it.
    public func cap(_ page: Int) -> Double? { caps[page] }

    /// The scale offered for `page` after a picture of it was too slow, if any.
    public func offer(_ page: Int) -> Double? { offers[page] }

    /// `key`'s render ran past the watchdog: offers a quarter of its pixels for the whole
    /// page (`pageSize` as laid out), if that is sharper than `lowResScale` (the stand-in's).
    mutating func tooSlow(_ key: TileKey, pageSize: Size, lowResScale: Double) {
        let size = PageGeometryLimits.clamped(pageSize)
        let area = size.width * size.height
        let pixels = key.pixelSize(for: size)
        let failed = Double(pixels.width) * Double(pixels.height)
        guard area > 0, failed > 0 else { return }
        let offered = (failed / 4 / area).squareRoot()
        guard offered.isFinite, offered > lowResScale else { return }
        offers[key.page] = offered
    }

    /// The reader took the offer for `page`: returns whether there was one.
    mutating func take(_ page: Int) -> Bool {
        guard let offered = offers.removeValue(forKey: page) else { return false }
        caps[page] = offered
        return true
    }
}
