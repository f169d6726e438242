import CCairo
import CSplash
import QuireEngine
import QuireImage
#if canImport(Glibc)
import Glibc
#endif

/// A document's pages as poppler's Splash rasterizer draws them, over the same bytes as
/// its `Document` (the descriptor the helper was given, mapped read-only, never read by
/// path: a confined helper cannot open paths). Which pages Splash draws is the window's
/// choice (`Rasterizer`); this only draws them. Splash decodes a page's images a band at
/// a time into the picture's scale, where cairo holds each at full resolution first (an
/// upright image it would shrink whole is shrunk onto the page a row at a time, to the same
/// pixels: `streamed_image.cpp`); it draws straight into the picture's memory
/// (`drawn_in_place.cpp`), left grey when the page is (drawn grey from the start when
/// nothing on it is coloured: `SplashColourMode`).
public final class SplashPages {
    private let document: OpaquePointer // csplash_document, owned
    private let mapping: UnsafeMutableRawPointer?
    private let length: Int
    /// The `Document` whose own objects a borrowed handle draws: kept while it draws them.
    private let lender: Document?

    /// Maps the file at `descriptor` and opens it; nil when it cannot be (empty, more than
    /// 2 GiB, a password that does not open it).
    public init?(descriptor: Int32, password: String?) {
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_size > 0, status.st_size <= Int(Int32.max) else { return nil }
        length = Int(status.st_size)
        guard let mapped = mmap(nil, length, PROT_READ, MAP_PRIVATE, descriptor, 0), mapped != MAP_FAILED else { return nil }
        guard let opened = csplash_open(mapped.assumingMemoryBound(to: CChar.self), length, password) else {
            munmap(mapped, length)
            return nil
        }
        mapping = mapped
        document = opened
        lender = nil
    }

    /// Splash over `lender`'s own document, found through `annotation`, one of its
    /// PopplerAnnots (`Document.splashPagesOfItsOwn`).
    init?(borrowing annotation: UnsafeMutableRawPointer, from lender: Document) {
        guard let borrowed = csplash_borrow(annotation) else { return nil }
        document = borrowed
        mapping = nil
        length = 0
        self.lender = lender
    }

    deinit {
        csplash_close(document)
        if let mapping { munmap(mapping, length) }
    }

    /// How many images Splash has read through zlib in this process (`inflating_output.hpp`).
    public static var zlibImages: Int { Int(csplash_zlib_images()) }
    /// How many images were shrunk onto their page a row at a time in this process
    /// (`streamed_image.cpp`), not whole first.
    public static var streamedImages: Int { Int(csplash_streamed_images()) }
    /// How many pages Splash has drawn straight into their picture in this process
    /// (`drawn_in_place.cpp`), not into a bitmap of its own copied there.
    public static var pagesDrawnInPlace: Int { Int(csplash_pages_drawn_in_place()) }

    /// What page `index` paints with (`csplash_page_inks`): a pass over its content and
    /// annotations that draws nothing and decodes no image.
    public func inks(page index: Int) -> PageInks {
        PageInks(rawValue: csplash_page_inks(document, Int32(index)))
    }

    /// How a page came out of Splash.
    enum Drawing: Equatable {
        case colour
        /// Drawn in colour and found grey.
        case foundGrey
        /// Drawn grey from the start (`SplashColourMode.grey`).
        case greyFromStart
    }

    /// Draws `region` (device pixels of the page at `scale`, turned by `rotation`) of page
    /// `index` into `surface`, a cairo ARGB32 image surface of the region's size; with
    /// `greyAllowed`, a picture of greys only is written as A8 rows of
    /// `PageImage.greyStride` bytes instead, and a page of greys only (`mode`, else
    /// `SplashColourMode`'s rule over its `inks`) is drawn grey from the start;
    /// `splashScalesImages`: no image streamed onto the page; `drawnApart`: drawn into a
    /// bitmap of Splash's own and copied (the same pixels, both for comparing).
    /// How it came out, or nil when it failed.
    func draw(page index: Int, scale: Double, rotation: Rotation, region: (x: Int, y: Int, width: Int, height: Int), into surface: OpaquePointer,
              greyAllowed: Bool = false, mode: SplashColourMode? = nil, splashScalesImages: Bool = false, drawnApart: Bool = false) -> Drawing? {
        guard let pixels = cairo_image_surface_get_data(surface) else { return nil }
        cairo_surface_flush(surface)
        let greyStride = greyAllowed ? PageImage.greyStride(region.width) : 0
        let grey = greyAllowed && (mode ?? SplashColourMode(for: inks(page: index))) == .grey
        let drawn = csplash_render(document, Int32(index), scale * 72, Int32(rotation.rawValue / 90), Int32(region.x), Int32(region.y),
                                   Int32(region.width), Int32(region.height), pixels, Int(cairo_image_surface_get_stride(surface)), greyStride,
                                   (grey ? CSPLASH_GREY_FROM_START : 0) | (splashScalesImages ? CSPLASH_SPLASH_SCALES_IMAGES : 0)
                                    | (drawnApart ? CSPLASH_DRAW_APART : 0))
        cairo_surface_mark_dirty(surface)
        switch drawn {
        case 0: return .colour
        case 1: return .foundGrey
        case 2: return .greyFromStart
        default: return nil
        }
    }
}
