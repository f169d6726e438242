/// Which of poppler's two rasterizers draws a page: cairo (through poppler-glib) or
/// Splash (poppler's own). The policy, from measurements on the corpus (1600 px wide, one
/// process, the same run):
///  1. cairo by default. On text and vector pages it is faster (the paper: 14 against
///     43 ms a page). Both draw the reader's changes (form values, deleted or recoloured
///     annotations): Splash then draws poppler-glib's own document, where they are set.
///  2. Splash for a page of images (`learn(page:hasLargeImages:)`: images cover half of
///     it): it decodes an image a band at a time into the picture's scale, where cairo
///     first holds it whole at full resolution. The 300-dpi scans: 112 against 177 ms a
///     page, 49 against 70 MB peak.
///  3. Once a page of images is met, every page not known to be otherwise is presumed to
///     be one (a scanned book is scanned throughout); pages learnt to have no large
///     images stay with cairo. A text page presumed wrongly costs about 30 ms more.
///     A page looked at before anything is drawn (the first, while the window builds
///     itself) decides itself only: a cover photo does not make a book a scan. Two such
///     pages of images (the first two) do: the book is presumed scanned from its first
///     view, and no page of it is first decoded whole by cairo.
///  4. Splash for a page cairo did not draw within `cairoPatience`: cairo's function
///     shadings are subdivided over the whole shading, not what shows (a page of one
///     took minutes and gigabytes; Splash drew it in 0.2 s). The cairo render is stopped
///     (its helper ended, not counted as a fault) and the page drawn again with Splash,
///     which then has the render watchdog's whole time.
///  5. cairo for a cell of a page (deep zoom), unless rule 4 sent the page to Splash:
///     Splash scales each image it enlarges whole into the page's scale for every cell,
///     where cairo draws only the cell's part of it (an image it shrinks is streamed onto
///     the page a row at a time: `streamed_image.cpp`). The 300-dpi scan at 1,600 %: Splash
///     2.4–3.5 s and some 900 MB a cell (its image at 12,700 by 17,900 pixels).
///  6. Splash draws a page with nothing but grey on it grey from the start, every other
///     page in colour (`SplashColourMode`).
public enum Rasterizer: UInt8, Sendable, CaseIterable {
    case cairo = 0
    case splash = 1
}

public struct RasterizerChoice: Equatable, Sendable {
    /// How long cairo may draw a tile before Splash draws it instead.
    public static let cairoPatience = 3.0

    private var imagePages: Set<Int> = []
    /// Pages of images that decide nothing of the others (rule 3).
    private var imagePagesAlone: Set<Int> = []
    private var plainPages: Set<Int> = []
    private var tooSlowForCairo: Set<Int> = []

    public init() {}

    /// The rasterizer to draw `page` with; `cell`: a cell of it at deep zoom (rule 5).
    public func rasterizer(for page: Int, cell: Bool = false) -> Rasterizer {
        if tooSlowForCairo.contains(page) { return .splash }
        if cell { return .cairo }
        if imagePages.contains(page) || imagePagesAlone.contains(page) { return .splash }
        if plainPages.contains(page) || (imagePages.isEmpty && imagePagesAlone.count < 2) { return .cairo }
        return .splash
    }

    /// What is known of `page`: whether images cover half of it; nil when never looked at.
    public func hasLargeImages(page: Int) -> Bool? {
        if imagePages.contains(page) || imagePagesAlone.contains(page) { return true }
        return plainPages.contains(page) ? false : nil
    }

    /// What a pass over `page`'s content found; `alone`: a look before anything was drawn,
    /// which decides that page only.
    public mutating func learn(page: Int, hasLargeImages: Bool, alone: Bool = false) {
        guard page >= 0 else { return }
        imagePages.remove(page)
        imagePagesAlone.remove(page)
        plainPages.remove(page)
        if !hasLargeImages {
            plainPages.insert(page)
        } else if alone {
            imagePagesAlone.insert(page)
        } else {
            imagePages.insert(page)
        }
    }

    /// cairo ran past its patience on `page`.
    public mutating func cairoTooSlow(page: Int) {
        guard page >= 0 else { return }
        tooSlowForCairo.insert(page)
    }
}
