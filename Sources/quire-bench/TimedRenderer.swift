import QuireEngine
import QuireImage
import Synchronization

/// A render slot as the bench sees it: forwards to a helper process (`RemoteRenderer`) or
/// to an in-process `Document`, and records each tile's round trip, the time from asking
/// for a tile to holding its pixels, as the canvas waits for it.
final class TimedRenderer: PageRendering {
    private let renderTile: (TileKey) throws -> PageImage
    private let largeImages: (Int) -> Bool
    let abandoning: (any RenderAbandoning)?
    private let roundTrips: RoundTrips
    private var readBack: UInt32 = 0 // kept, so that the reads of `touch` are not optimised away

    init<Base: PageRendering>(_ base: Base, recordingInto roundTrips: RoundTrips) where Base.Picture == PageImage {
        renderTile = base.render
        largeImages = base.hasLargeImages(page:)
        abandoning = base.abandoning
        self.roundTrips = roundTrips
    }

    /// A tile that fails counts too: the canvas waited for its answer all the same.
    func render(_ tile: TileKey) throws -> PageImage {
        let start = Clock.now
        let picture: PageImage
        do {
            defer { roundTrips.record(Clock.ms(since: start)) }
            picture = try renderTile(tile)
        }
        touch(picture)
        return picture
    }

    /// A helper's pixels are shared memory that no process has touched since the helper
    /// let go of them, so no process's PSS counts them until the window draws them. The
    /// bench draws nothing: it reads a pixel in every page of memory instead, as drawing
    /// does (in-process pictures are resident already).
    private func touch(_ picture: PageImage) {
        let rowBytes = picture.byteCount / max(picture.height, 1)
        for offset in stride(from: 0, to: picture.byteCount, by: 4096) {
            readBack ^= picture.pixel(x: offset % rowBytes / 4, y: offset / rowBytes)
        }
    }

    func hasLargeImages(page: Int) -> Bool { largeImages(page) }
}

/// Every tile's round trip in ms, from whichever render thread timed it.
final class RoundTrips: Sendable {
    private let times = Mutex<[Double]>([])

    func record(_ ms: Double) { times.withLock { $0.append(ms) } }
    var all: [Double] { times.withLock { $0 } }
}
