import QuireEngine
import QuireImage
import QuireWire
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A render slot's helper process, as `RenderWorkers` sees a renderer. The policy:
///  1. One helper per slot, one render at a time each, made by the zygote on first use.
///  2. A render gets `renderSeconds` (20 s; `QUIRE_RENDER_SECONDS` for tests) in all;
///     past that, or when the helper ends or breaks the protocol, the helper is ended,
///     the tile fails with the reason, and the next tile gets a new helper.
///  3. Past `restartLimit` failed helpers on one document, across its slots, no more are
///     made: every later tile fails, saying so, and what is on screen stays. A helper
///     ended at its time is not counted: the watchdog already bounds what it costs, and
///     the reader may ask for the page again at a lower resolution (`LowerResolution`).
///  4. Nothing a helper says is believed unchecked: its pixel size must be the tile's
///     (`RenderReplyCheck`), its answers must be to the question asked.
///  5. A tile cairo has not drawn within `RasterizerChoice.cairoPatience` is drawn again
///     with Splash by a new helper (the old one ended, not counted as a fault), which has
///     the whole watchdog (`Rasterizer`, rule 4).
///  6. A render abandoned from another thread (its tile is no longer wanted) shuts the
///     helper's channel, so the render wakes at once, ends the helper and throws
///     `RenderFailure.abandoned`; the helper did not fail, so the document is not charged
///     for it (3), and the next tile gets a new helper.
public final class RemoteRenderer: PageRendering {
    public typealias Picture = PageImage

    public static let restartLimit = 6
    /// The watchdog: `file.watchdogs.render`.
    var renderSeconds: Double { file.watchdogs.render }

    private let file: DocumentFile
    private let zygote: Zygote
    private(set) var helper: (pid: pid_t, channel: Channel)? // read by the tests, which watch its process
    private var nextID: UInt32 = 0
    public private(set) var lastRenderSeconds: Double?
    /// How long the helper's clock says the last render's drawing took: the rest of its
    /// round trip is the price of another process (`quire-bench` reports it).
    public private(set) var lastDrawSeconds: Double?
    /// Which rasterizer drew the last picture, as its helper says (`quire-bench` counts them).
    public private(set) var lastRasterizer: Rasterizer?
    /// Questions the last render took: 1 with memory sent along, 2 when it was asked for.
    private(set) var lastRenderQuestions = 0
    /// Renders asked of helpers (read by the tests).
    private(set) var rendersAsked = 0
    /// The helper was made but has not yet said it opened the document: it opens while
    /// the window does other things (the first view's renderer is made while the
    /// document helper still opens), and is waited for at the first tile.
    private var awaitingReady = false
    /// The revision of the reader's form values the helper has been sent (0: none, the
    /// document as opened); a new helper is sent them before its first tile.
    private var sentFormRevision = 0
    private let inProgress = RenderInProgress()
    public var abandoning: (any RenderAbandoning)? { inProgress }
    /// The first view's tile drawn before the view asked for it (`FirstViewPrediction`):
    /// given at once when it is asked for, dropped when another tile is asked first.
    private var ahead: (tile: TileKey, picture: PageImage)?

    /// Makes the helper, which starts opening the document at once; its answer is read at
    /// the first render.
    public init(file: DocumentFile) throws {
        guard let zygote = Zygote.shared else { throw RenderFailure(tr("no helper processes: the zygote did not start")) }
        self.file = file
        self.zygote = zygote
        try start()
    }

    deinit { if let helper { zygote.end(helper.pid) } }

    private func start() throws {
        guard file.faults.total < Self.restartLimit else {
            throw RenderFailure(tr("Quire stopped drawing this document: its helper processes failed {count} times", ["count": String(Self.restartLimit)]))
        }
        LaunchTrace.mark("render helper asked for")
        helper = try zygote.spawn(.renderer, document: file.descriptor, displayPath: file.displayPath, password: file.password)
        awaitingReady = true
        sentFormRevision = 0
    }

    /// Waits for a new helper's first answer: that it opened the document.
    private func ready() throws {
        guard awaitingReady, let made = helper else { return }
        awaitingReady = false
        let reply: HelperReply
        do { reply = try HelperReply(made.channel.receive(within: renderSeconds).bytes) } catch {
            throw broken(tr("the helper did not open the document: {reason}", ["reason": "\(error)"]))
        }
        switch reply {
        case .ready: LaunchTrace.mark("render helper ready")
        case .openFailed(let reason): throw broken(reason)
        default: throw broken(tr("the helper answered out of turn"))
        }
    }

    /// Ends the helper, counts it as failed (unless the render was abandoned, which is what
    /// broke it), and gives the failure to throw.
    private func broken(_ reason: String, tooSlow: Bool = false) -> RenderFailure {
        if let helper { zygote.end(helper.pid) }
        helper = nil
        awaitingReady = false
        if inProgress.isAbandoned { return .abandoned }
        if !tooSlow { _ = file.faults.add() }
        return RenderFailure(reason, tooSlow: tooSlow)
    }

    /// cairo ran out of patience on a tile: its helper is gone, and Splash is to draw it.
    private struct CairoTooSlow: Error {}

    /// The answer to the request just sent, or a failure naming what went wrong on `page`.
    /// When `patience` ends before `seconds`, a helper still drawing then is ended and
    /// `CairoTooSlow` thrown.
    private func answer(page: Int, within seconds: Double, patience: Double? = nil, from channel: Channel) throws -> HelperReply {
        let patient = patience.map { $0 < seconds } ?? false
        do {
            return try HelperReply(channel.receive(within: patient ? patience! : seconds).bytes)
        } catch ChannelError.timedOut where patient {
            let failure = broken("stopped for Splash", tooSlow: true) // never shown: the page is drawn again
            if failure.isAbandoned { throw failure }
            throw CairoTooSlow()
        } catch ChannelError.timedOut {
            throw broken(tr("page {page} took longer than {seconds} s to draw, so Quire stopped it", ["page": String(page + 1), "seconds": "\(renderSeconds.asSeconds)"]), tooSlow: true)
        } catch ChannelError.closed {
            throw broken(tr("the process drawing page {page} ended while drawing it", ["page": String(page + 1)]))
        } catch {
            throw broken(tr("the process drawing page {page} failed: {reason}", ["page": String(page + 1), "reason": "\(error)"]))
        }
    }

    public func render(_ tile: TileKey) throws -> PageImage {
        if let drawn = ahead.take() {
            if drawn.tile == tile, drawn.picture.revision == file.changes.withLock({ $0.revision }) {
                LaunchTrace.mark("page \(tile.page + 1) at scale \(tile.scale): drawn ahead")
                return drawn.picture
            }
            LaunchTrace.mark("page \(drawn.tile.page + 1) at scale \(drawn.tile.scale) drawn ahead in vain")
        }
        inProgress.begin()
        let outcome = Result {
            do { return try renderInHelper(tile) } catch is CairoTooSlow {
                file.rasterizers.withLock { $0.cairoTooSlow(page: tile.page) }
                return try renderInHelper(tile)
            }
        }
        guard inProgress.end() else { return try outcome.get() }
        // Abandoned: its channel is shut, so the helper goes even if it answered in time.
        if let helper { zygote.end(helper.pid) }
        helper = nil
        awaitingReady = false
        if case .success(let image) = outcome { return image }
        throw RenderFailure.abandoned
    }

    private func renderInHelper(_ tile: TileKey) throws -> PageImage {
        // A helper that ended while idle (killed from outside, say) costs no page: it is
        // replaced before the tile is asked for.
        if !awaitingReady, let idle = helper?.channel, idle.hasSomethingWaiting { _ = broken("ended while idle") }
        if helper == nil { try start() }
        if let socket = helper?.channel.socket { inProgress.attach(socket) }
        try ready()
        guard let channel = helper?.channel else { throw RenderFailure("no helper") }
        let revision = try sendFormValues(on: channel)
        nextID &+= 1
        let id = nextID, page = tile.page
        let deadline = monotonicSeconds() + renderSeconds
        func left() -> Double { max(0, deadline - monotonicSeconds()) }
        let rasterizer = file.rasterizers.withLock { $0.rasterizer(for: page, cell: tile.cell != nil) }
        let patienceEnds = rasterizer == .cairo ? monotonicSeconds() + RasterizerChoice.cairoPatience : nil
        func patience() -> Double? { patienceEnds.map { max(0, $0 - monotonicSeconds()) } }
        let outOfTurn = tr("the process drawing page {page} answered out of turn", ["page": String(page + 1)])
        // Memory for the pixels goes with the question when the page's size is known: one
        // round trip instead of two. (Untouched pages of a memfd cost nothing.)
        let expected = expectedByteCount(of: tile)
        let offered = expected.flatMap { try? SharedPixels(byteCount: $0, from: file.pixelPool) }
        // cairo paints every pixel white first: memory given all at once costs less than a
        // page fault for each 4 KiB (a 1,590×2,057 page: 25 against 27.5 ms in the helper,
        // 1.3 ms of it here). Splash writes a grey page a quarter as large, so not for it.
        if rasterizer == .cairo, let expected { offered?.allocate(expected) }
        do { try channel.send(HelperRequest.render(id: id, tile: tile, rasterizer: rasterizer).bytes, passing: offered.map { [$0.descriptor] } ?? []) } catch {
            throw broken(tr("the process drawing pages ended"))
        }
        LaunchTrace.mark("page \(page + 1) at scale \(tile.scale) asked")
        rendersAsked += 1
        lastRenderQuestions = 1
        switch try answer(page: page, within: left(), patience: patience(), from: channel) {
        case .rendered(id, let width, let height, let seconds, let draw, let drawnWith, let grey):
            guard let offered, RenderReplyCheck.accepts(width: width, height: height, for: tile),
                  width * height * 4 <= offered.byteCount else {
                throw broken(tr("the process drawing page {page} drew {width}×{height} pixels into memory it was not given", ["page": String(page + 1), "width": String(width), "height": String(height)]))
            }
            lastRasterizer = drawnWith
            LaunchTrace.mark("page \(tile.page + 1) at scale \(tile.scale) drawn by \(drawnWith) in \(Int(draw * 1000)) ms, helper \(helper?.pid ?? 0)")
            LaunchTrace.mark("page \(tile.page + 1) at scale \(tile.scale): \(Int(seconds * 1000)) ms in the helper")
            return try picture(offered, width: width, height: height, grey: grey, seconds: seconds, draw: draw, revision: revision)
        case .needs(id, let width, let height):
            guard RenderReplyCheck.accepts(width: width, height: height, for: tile) else {
                throw broken(tr("the process drawing page {page} asked for {width}×{height} pixels", ["page": String(page + 1), "width": String(width), "height": String(height)]))
            }
            let pixels = try SharedPixels(byteCount: width * height * 4, from: file.pixelPool)
            lastRenderQuestions = 2
            do { try channel.send(HelperRequest.pixels(id: id).bytes, passing: [pixels.descriptor]) } catch {
                throw broken(tr("the process drawing page {page} ended", ["page": String(page + 1)]))
            }
            switch try answer(page: page, within: left(), patience: patience(), from: channel) {
            case .rendered(id, width, height, let seconds, let draw, let drawnWith, let grey):
                lastRasterizer = drawnWith
                return try picture(pixels, width: width, height: height, grey: grey, seconds: seconds, draw: draw, revision: revision)
            case .renderFailed(id, let reason): throw RenderFailure(reason)
            default: throw broken(outOfTurn)
            }
        case .renderFailed(id, let reason): throw RenderFailure(reason)
        default: throw broken(outOfTurn)
        }
    }

    /// The tile's pixels as a picture; the times are believed only as hints (of slowness,
    /// for the bench): a lie costs memory, not safety.
    private func picture(_ pixels: SharedPixels, width: Int, height: Int, grey: Bool, seconds: Double, draw: Double, revision: Int) throws -> PageImage {
        pixels.markReusable()
        lastRenderSeconds = seconds.isFinite ? min(max(seconds, 0), renderSeconds) : nil
        lastDrawSeconds = draw.isFinite ? min(max(draw, 0), renderSeconds) : nil
        guard let image = PageImage(pixelsAt: pixels.address, width: width, height: height, grey: grey, keeper: pixels, revision: revision) else {
            throw RenderFailure(tr("cairo refused a {width}×{height} picture", ["width": String(width), "height": String(height)]))
        }
        return image
    }

    /// Sends the reader's form values when the helper has not had these yet; returns
    /// their revision, which the picture drawn next shows.
    private func sendFormValues(on channel: Channel) throws -> Int {
        let (revision, changes) = file.changes.withLock { $0 }
        guard revision != sentFormRevision else { return revision }
        do {
            try channel.send(HelperRequest.changes(revision: revision).bytes)
            try channel.sendWhole(ChangesMessage.bytes(changes))
        } catch {
            throw broken(tr("the process drawing pages ended"))
        }
        sentFormRevision = revision
        return revision
    }

    /// Room for the tile's pixels, as the helper will size them from its page's size (a
    /// pixel of slack each way for rounding); nil while the page's size is not known.
    private func expectedByteCount(of tile: TileKey) -> Int? {
        guard let size = file.knownSize(of: tile.page) else { return nil }
        var bounded = tile
        if tile.cell == nil { bounded.scale = TileKey.boundedScale(tile.scale, for: size) }
        let pixels = bounded.pixelSize(for: size.rotated(by: tile.rotation))
        guard RenderReplyCheck.accepts(width: pixels.width, height: pixels.height, for: tile) else { return nil }
        return (pixels.width + 1) * (pixels.height + 1) * 4
    }

    public func hasLargeImages(page: Int) -> Bool { hasLargeImages(page: page, within: 5, ahead: false) }

    /// Draws `tile` now, for the view that will ask for it (`FirstViewPrediction`); a
    /// failure is left for that ask to meet again.
    func drawAhead(_ tile: TileKey) {
        ahead = nil
        guard let picture = try? render(tile) else { return }
        ahead = (tile, picture)
    }

    /// `PreparedRenderer`'s looks at the first pages, once the helper has opened the
    /// document: the second page only when the first is one of images and its look took
    /// less than `quick` seconds.
    func lookAhead(within seconds: Double, quick: Double) {
        guard (try? ready()) != nil else { return }
        let began = monotonicSeconds()
        let first = hasLargeImages(page: 0, within: seconds, ahead: true)
        LaunchTrace.mark("page 1 looked at: \(first ? "" : "no ")large images")
        guard first, monotonicSeconds() - began < quick else { return }
        let second = hasLargeImages(page: 1, within: seconds, ahead: true)
        LaunchTrace.mark("page 2 looked at: \(second ? "" : "no ")large images")
    }

    /// Whether images cover half of `page`, learnt for the rasterizer's choice (`ahead`:
    /// before anything was drawn, for that page alone); true when the helper could not say
    /// within `seconds` (it is then ended, not counted as a fault). A page looked at ahead
    /// is not looked at again when the render workers ask of it (a slow render): its
    /// answer is known, and, met in drawing, now counts for the other pages (rule 3).
    func hasLargeImages(page: Int, within seconds: Double, ahead: Bool) -> Bool {
        let known = file.rasterizers.withLock { choice -> Bool? in
            guard let known = choice.hasLargeImages(page: page) else { return nil }
            if !ahead { choice.learn(page: page, hasLargeImages: known) }
            return known
        }
        if let known { return known }
        guard (try? ready()) != nil, let channel = helper?.channel else { return true }
        nextID &+= 1
        let id = nextID
        guard (try? channel.send(HelperRequest.largeImages(id: id, page: page).bytes)) != nil,
              case .largeImages(id, let large)? = try? answer(page: page, within: seconds, from: channel) else { return true }
        file.rasterizers.withLock { $0.learn(page: page, hasLargeImages: large, alone: ahead) }
        return large
    }
}

/// The render in progress, as another thread may stop it: by shutting its helper's channel
/// (closing it under the render thread could hand its number to another file), which wakes
/// the render thread's wait and fails its sends, so that it ends the helper itself.
final class RenderInProgress: RenderAbandoning {
    private struct State {
        var rendering = false
        var abandoned = false
        var socket: Descriptor?
    }
    private let state = Mutex(State())

    /// A render starts, not yet on a helper.
    func begin() { state.withLock { $0 = State(rendering: true) } }

    /// The render uses the helper at `socket`; shut at once if it was abandoned meanwhile.
    func attach(_ socket: Descriptor) {
        state.withLock { state in
            state.socket = socket
            if state.abandoned { shutdown(socket.fd, Int32(SHUT_RDWR)) }
        }
    }

    var isAbandoned: Bool { state.withLock { $0.abandoned } }

    /// The render is over; whether it was abandoned.
    func end() -> Bool { state.withLock { state in defer { state = State() }; return state.abandoned } }

    func abandon() {
        state.withLock { state in
            guard state.rendering, !state.abandoned else { return }
            state.abandoned = true
            if let socket = state.socket { shutdown(socket.fd, Int32(SHUT_RDWR)) }
        }
    }
}

/// A renderer made ahead, while the document is still being opened, so that its helper
/// opens the file at the same time as the document helper does: the first render thread
/// takes it instead of making its own. Meanwhile its helper looks at the first page for
/// large images (a pass without decoding: 1–5 ms on the corpus's text and scan pages),
/// so that a scan's first view is drawn by Splash (`Rasterizer`, rule 2) instead of
/// cairo decoding its image whole: the 300-dpi scan, 112 against 177 ms a page. When
/// the first page is one of images, and was quick to look at, the second is looked at
/// too: two make the book a scan (rule 3). (A JPX page's look decodes it: 150 ms, which
/// is not spent twice before the first view.) A first render asked for sooner waits
/// for the looks; a look past `lookSeconds` ends the helper, and the first render makes
/// another.
public final class PreparedRenderer: Sendable {
    static let lookSeconds = 0.5
    /// A look this quick did not decode the page.
    static let quickLookSeconds = 0.05
    private struct State: ~Copyable {
        var renderer: RemoteRenderer?
        var looked = false
        let quickLook: Double
        /// The first view's predicted first tile, not yet drawn.
        var ahead: TileKey?
    }
    private let state: Mutex<State>
    /// The tile `drawAhead` was asked to draw, for the render workers to count as the
    /// first thread's (apart from `state`, which a drawing holds).
    private let aheadTile = Mutex<TileKey?>(nil)
    /// Stops the renderer's render in progress (the tile drawn ahead) from another thread,
    /// without `state`, which that render holds.
    public let abandoning: (any RenderAbandoning)?

    public convenience init(file: DocumentFile) { self.init(file: file, quickLook: Self.quickLookSeconds) }

    /// `quickLook` in place of `quickLookSeconds`, for tests: on a loaded machine even a
    /// look that decodes nothing may take longer.
    init(file: DocumentFile, quickLook: Double) {
        let renderer = try? RemoteRenderer(file: file)
        abandoning = renderer?.abandoning
        state = Mutex(State(renderer: renderer, quickLook: quickLook))
        startThread { [self] in state.withLock { Self.prepare(&$0) } }
    }

    /// Draws `tile`, the first view's predicted first, once the first pages were looked
    /// at: the render thread that takes this renderer is given it at once if its first
    /// tile is that one (`FirstViewPrediction`). Drawn by a thread of its own, or by `take`
    /// if that comes first; nothing once the renderer was taken.
    public func drawAhead(_ tile: TileKey) {
        guard state.withLock({ state in
            guard state.renderer != nil else { return false }
            state.ahead = tile
            return true
        }) else { return }
        aheadTile.withLock { $0 = tile }
        startThread { [self] in state.withLock { Self.prepare(&$0) } }
    }

    /// The tile asked to be drawn ahead, if any: the render thread that takes this renderer
    /// is drawing it (`RenderWorkers`' `drawing`).
    public var drawnAhead: TileKey? { aheadTile.withLock { $0 } }

    /// The renderer, once, having looked at the first page (and drawn the tile asked for
    /// ahead); nil after (or when none could be made). Only the first render thread takes
    /// it (`RenderWorkers`' `makeFirstRenderer`): the others never wait for its drawing.
    public func take() -> RemoteRenderer? {
        state.withLock { state in
            Self.prepare(&state)
            return state.renderer.take()
        }
    }

    private static func prepare(_ state: inout State) {
        if !state.looked {
            state.looked = true
            state.renderer?.lookAhead(within: lookSeconds, quick: state.quickLook)
        }
        if let tile = state.ahead.take() { state.renderer?.drawAhead(tile) }
    }
}

/// Whether a helper's pixel size is one the window could have asked for: the tile's.
public enum RenderReplyCheck {
    public static func accepts(width: Int, height: Int, for tile: TileKey) -> Bool {
        guard width >= 1, height >= 1 else { return false }
        if tile.cell != nil { return width <= TileKey.cellSide && height <= TileKey.cellSide }
        // A whole page is bounded by `TileKey.boundedScale`: a side of `maximumSide`, and
        // `maximumPixels` in all, each rounded up by a pixel.
        let side = Int(TileKey.maximumSide) + 1
        return width <= side && height <= side && Double(width) * Double(height) <= TileKey.maximumPixels * 1.001 + Double(2 * side)
    }
}

private extension Double {
    /// "20", "2.5": seconds as a reader reads them.
    var asSeconds: String { self == rounded() ? String(Int(self)) : String(self) }
}
