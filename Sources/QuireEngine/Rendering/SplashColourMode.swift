/// Which of Splash's colour modes draws a page, from what a pass over the page's content
/// and annotations found (`PageInks`). The policy:
///  1. Grey from the start (Splash's Mono8) for a page with nothing but grey on it: fills,
///     strokes and images in one grey channel (DeviceGray, CalGray, a one-channel ICC
///     profile), no shading, no transparency group, soft mask or blend mode. Splash then
///     converts and scales one channel of its images where it would four (a JBIG2 or CCITT
///     scan's 1-bit image too: Splash scales images only in the picture's own mode); the
///     picture is today's, pixel for pixel.
///  2. Colour (XBGR8, kept grey afterwards when it comes out grey) for every other page:
///     any colour space but grey, even one that paints grey (`0.5 0.5 0.5 rg`), a shading,
///     transparency, or a page the pass could not read. When unsure, today's path.
///  3. Never Mono1: it draws without anti-aliasing, a different picture.
public enum SplashColourMode: Sendable, Equatable {
    case colour
    case grey

    public init(for inks: PageInks) {
        self = inks.isDisjoint(with: [.colour, .shading, .transparency, .unread]) ? .grey : .colour
    }
}

/// What a page paints with, as a pass over its content found it.
public struct PageInks: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// A fill, stroke or image in a colour space other than one grey channel.
    public static let colour = PageInks(rawValue: 1)
    public static let shading = PageInks(rawValue: 2)
    /// A transparency group, a soft mask or a blend mode other than Normal.
    public static let transparency = PageInks(rawValue: 4)
    /// An image of grey levels (more than one bit).
    public static let greyImage = PageInks(rawValue: 8)
    /// A one-bit image or an image mask.
    public static let bilevelImage = PageInks(rawValue: 16)
    /// An image read by a JBIG2 or CCITT decoder.
    public static let bilevelCodec = PageInks(rawValue: 32)
    /// The page could not be read.
    public static let unread = PageInks(rawValue: 64)
}
