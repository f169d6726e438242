import QuireDocument
import QuireEngine
import QuireImage
import QuireRemote
import Synchronization

/// A render slot as the bench sees it: forwards to a helper process (`RemoteRenderer`) or
/// to an in-process `Document`, and records each tile's round trip, the time from asking
/// for a tile to holding its pixels, as the canvas waits for it; through a helper, also
/// the round trip less the helper's own drawing time: what another process costs a tile.
final class TimedRenderer: PageRendering {
    private let renderTile: (TileKey) throws -> PageImage
    private let largeImages: (Int) -> Bool
    private let drawSeconds: () -> Double?
    private let cpuSeconds: () -> Double?
    private let drawnWith: () -> Rasterizer?
    let abandoning: (any RenderAbandoning)?
    private let roundTrips: RoundTrips
    private var readBack: UInt32 = 0 // kept, so that the reads of `touch` are not optimised away

    init(_ document: Document, recordingInto roundTrips: RoundTrips) {
        renderTile = document.render
        largeImages = document.hasLargeImages(page:)
        drawSeconds = { nil }
        cpuSeconds = { nil }
        drawnWith = { .cairo }
        abandoning = document.abandoning
        self.roundTrips = roundTrips
    }

    init(_ helper: RemoteRenderer, recordingInto roundTrips: RoundTrips) {
        renderTile = helper.render
        largeImages = helper.hasLargeImages(page:)
        drawSeconds = { helper.lastDrawSeconds }
        cpuSeconds = { helper.lastRenderSeconds }
        drawnWith = { helper.lastRasterizer }
        abandoning = helper.abandoning
        self.roundTrips = roundTrips
    }

    /// A tile that fails counts too: the canvas waited for its answer all the same.
    func render(_ tile: TileKey) throws -> PageImage {
        let start = Clock.now
        let picture: PageImage
        do {
            picture = try renderTile(tile)
        } catch {
            roundTrips.record(Clock.ms(since: start), overhead: nil, splash: false)
            throw error
        }
        let roundTrip = Clock.ms(since: start)
        roundTrips.record(roundTrip, overhead: drawSeconds().map { max(0, roundTrip - $0 * 1000) }, splash: drawnWith() == .splash)
        touch(picture)
        return picture
    }

    /// A helper's pixels are shared memory that no process has touched since the helper
    /// let go of them, so no process's PSS counts them until the window draws them. The
    /// bench draws nothing: it reads a pixel in every page of memory instead, as drawing
    /// does (in-process pictures are resident already).
    private func touch(_ picture: PageImage) {
        let rowBytes = picture.memoryBytes / max(picture.height, 1), pixelBytes = picture.isGrey ? 1 : 4
        for offset in stride(from: 0, to: picture.memoryBytes, by: 4096) {
            readBack ^= picture.pixel(x: min(offset % rowBytes / pixelBytes, picture.width - 1), y: offset / rowBytes)
        }
    }

    func hasLargeImages(page: Int) -> Bool { largeImages(page) }

    /// The helper's time, as the workers take it from the renderer itself: without it they
    /// would time this thread's wait and never see a slow page (nor turn to one at a time).
    var lastRenderSeconds: Double? { cpuSeconds() }
}

/// Every tile's round trip in ms, from whichever render thread timed it, and of those
/// drawn by a helper, the part not spent drawing; and how many Splash drew.
final class RoundTrips: Sendable {
    private let times = Mutex<(all: [Double], overheads: [Double], splash: Int)>(([], [], 0))

    func record(_ ms: Double, overhead: Double?, splash: Bool) {
        times.withLock {
            $0.all.append(ms)
            if let overhead { $0.overheads.append(overhead) }
            if splash { $0.splash += 1 }
        }
    }
    var all: [Double] { times.withLock { $0.all } }
    var overheads: [Double] { times.withLock { $0.overheads } }
    var splash: Int { times.withLock { $0.splash } }
}
