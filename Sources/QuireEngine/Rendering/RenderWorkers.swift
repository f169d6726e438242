#if canImport(Glibc)
import Glibc
#endif

/// Render threads sharing one queue, the current plan. Each thread owns its own
/// `PageRendering` (its own document: poppler documents must never be shared between
/// threads) and takes the next tile of the plan when it is free, so the first tiles of a
/// plan start at once even while another thread finishes older work.
/// `submit` replaces the plan; a render already running finishes and is delivered with its
/// generation, so the receiver can tell it is stale. But a render of a tile the plan no
/// longer holds that has run `slowAfter` or longer (it may go on for minutes, holding a
/// core and a helper's memory) is abandoned when its renderer can stop it (`RenderAbandoning`;
/// a helper process is ended); one not yet slow is left to finish, since most take a
/// fraction of a second and a stopped helper is replaced by one that opens the document
/// again. An abandoned render delivers nothing; a tile asked for again while its render was
/// being abandoned goes back into the plan. `stop` abandons every render in progress.
/// A render the plan left out for the same page at another rotation, or at a scale within
/// four times its own (a zoom, a window resized before the first view came, not a small
/// stand-in giving way to the sharp picture), is superseded: the new render does its work
/// again, decoding the same images, while both share the cores, so it is abandoned once it
/// has run `supersededAfter` (longer than a text page's whole render at screen size, so
/// those still finish and stand in). But before the first result is delivered, a superseded
/// render that leaves a core to the plan is left to finish: nothing is on screen, so it is
/// the soonest picture of its page (drawn scaled until the sharp one comes), while the new
/// render runs beside it. A window shown at a predicted size and then resized (a tiling
/// window manager, a harness) so costs one render, not a helper opening the document again.
/// Each result carries a sequence number; a plan submitted with `seen` (the last result
/// the receiver has taken) skips tiles delivered after it, which are on their way and would
/// otherwise be rendered twice.
/// The first `urgent` tiles of a plan (what is on screen) have the cores to themselves:
/// no thread starts a later tile while an urgent one is rendering, since prefetch work on
/// the other core would slow the tile the reader is waiting for.
/// poppler cannot stop a render, and one page may take seconds. A render running longer
/// than `slowAfter` stops counting against the cores (or as urgent): a spare thread, one
/// of `spares` beyond one a core, takes the next tile, so a slow page never starves the
/// pages in view. Threads are used lowest first, so spares (and their documents) stay
/// unused until a render is slow. The first thread makes its renderer at once; the other
/// threads of a core make theirs when the first plan comes (unless `preparesAtFirstPlan`
/// says no), so that a view resized before its first picture arrived (a window manager's
/// first configure) finds a renderer ready instead of waiting for one to open.
/// A whole page of a megapixel or more whose render took `oneAtATimeAfter` seconds of the
/// thread's time or more, at half that a megapixel or more (a text page at screen size
/// takes a fifth of that), and which has images over half its area, was decoding them (a
/// scan): each such render holds a decoded page image (35 MB for a 300-dpi page) on top
/// of the pictures, so from then on the document's tiles are rendered one at a time (slow
/// ones aside). One core keeps up with scrolling a scan at two screens a second, and the
/// peak memory drops by a decoded image. A page slow with vector figures changes nothing.
public final class RenderWorkers<Renderer: PageRendering>: Sendable {
    public struct Result: Sendable {
        public let key: TileKey
        public let generation: Int
        /// Counts deliveries: 1 for the first result, and so on.
        public let sequence: Int
        public let outcome: Swift.Result<Renderer.Picture, RenderFailure>
    }

    private struct Running {
        let thread: Int
        var urgent: Bool
        let since: Double
        var wanted = true      // the plan holds it
        var superseded = false // the plan wants its page at another scale or rotation instead
        var firstPicture = false // superseded before anything was delivered, with a core left: goes on
        var abandoned = false  // its renderer was asked to stop it
    }

    private struct State {
        var plan: [TileKey] = []
        var urgent = 0         // how many of `plan`'s first tiles are urgent
        var running: [TileKey: Running] = [:] // a new plan may ask again for these: never twice at once
        var idle: Set<Int> = [] // threads waiting for a tile, by number
        var delivered = 0
        var unseen: [TileKey: Int] = [:] // delivered, not yet taken by the receiver: their sequence
        var generation = 0
        var stopped = false
        var oneAtATime = false
        var withoutLargeImages: Set<Int> = [] // pages slow to draw for other reasons: not asked again
        var abandoners: [Int: any RenderAbandoning] = [:] // by thread, for renderers that can stop
        var version = 0          // counts changes a waiting thread must look at
        var looked: [Int: Int] = [:] // by thread: the version it last chose to wait at
        var deciding = 0         // tests in `waitUntilDecided`, woken when a thread chooses to wait
    }

    /// Renders running at once, not counting slow ones.
    public let threadCount: Int
    private let spareCount: Int
    private let slowAfter: Double
    private let supersededAfter: Double
    /// What `slowAfter` and `supersededAfter` are measured on.
    private let clock: any MonotonicClock
    private let oneAtATimeAfter: Double
    /// Asked when the first plan comes: whether the other threads of a core make their
    /// renderers then (not when the first view is of a page of images, which is drawn one
    /// at a time, and which a renderer opening beside it only slows).
    private let preparesAtFirstPlan: @Sendable () -> Bool
    private let threads = ThreadGroup()
    private let condition = Condition()
    nonisolated(unsafe) private var state = State() // guarded by `condition`

    /// Starts `threads` threads and `spares` more for when renders are slow. `makeRenderer`
    /// runs on each thread (at once on the first, with its first tile on the others), so
    /// each renderer is confined to its thread; `makeFirstRenderer`, when given, in its
    /// place on the first thread (the renderer made ahead, which the first thread alone
    /// may wait for: whichever thread ran first);
    /// `deliver` is called on the rendering thread for every finished tile. `drawing`: a
    /// tile the first thread's renderer is drawing already (the first view's, predicted:
    /// `FirstViewPrediction`), which counts from now as that thread's render, urgent until
    /// a plan says otherwise: a plan asking for it waits for it, one asking for another
    /// size of its page has the other threads draw that beside it, and one leaving it out
    /// abandons it as any render through `drawingAbandoning` (that renderer's), though
    /// the first thread is still waiting to be given the renderer: a page that hangs when
    /// drawn ahead is not waited for, and not drawn again.
    public init(threads: Int, spares: Int = 2, slowAfter: Double = 1, supersededAfter: Double = 0.05,
                oneAtATimeAfter: Double = 0.1, clock: any MonotonicClock = SystemClock(),
                preparesAtFirstPlan: @escaping @Sendable () -> Bool = { true },
                drawing: TileKey? = nil, drawingAbandoning: (any RenderAbandoning)? = nil,
                makeFirstRenderer: (@Sendable () throws -> Renderer)? = nil,
                makeRenderer: @escaping @Sendable () throws -> Renderer,
                deliver: @escaping @Sendable (Result) -> Void) {
        threadCount = max(1, threads)
        spareCount = max(0, spares)
        self.clock = clock
        self.slowAfter = slowAfter
        self.supersededAfter = min(supersededAfter, slowAfter)
        self.oneAtATimeAfter = oneAtATimeAfter
        self.preparesAtFirstPlan = preparesAtFirstPlan
        // A thread not yet started counts as idle, so that the lowest takes the first tile
        // whichever thread the system runs first.
        state.idle = Set(0..<(threadCount + max(0, spares)))
        if let drawing {
            state.running[drawing] = Running(thread: 0, urgent: true, since: clock.now)
            state.idle.remove(0)
            state.abandoners[0] = drawingAbandoning
        }
        for number in 0..<(threadCount + max(0, spares)) {
            let make = number == 0 ? makeFirstRenderer ?? makeRenderer : makeRenderer
            self.threads.start { self.run(number, drawing: number == 0 ? drawing : nil, makeRenderer: make, deliver: deliver) }
        }
    }

    /// A thread's whole life; its renderer (and document) is gone when it returns. The
    /// first thread makes its renderer at once, the other threads of a core once the first
    /// plan is submitted, and spares with their first tile: they may never be needed.
    private func run(_ number: Int, drawing: TileKey?, makeRenderer: () throws -> Renderer, deliver: (Result) -> Void) {
        var renderer: Swift.Result<Renderer, RenderFailure>?
        func make() {
            do { renderer = .success(try makeRenderer()) } catch { renderer = .failure(RenderFailure("\(error)")) }
            if case .success(let made) = renderer, let abandoning = made.abandoning {
                condition.locked { state.abandoners[number] = abandoning }
            }
        }
        // The first thread renders the first view: it opens its document at once, while
        // the main thread opens its own, instead of after the first plan. The other
        // threads of a core make theirs once the first plan is in, while the first draws:
        // a window resized before its first picture (a window manager's first configure)
        // then finds a renderer ready for the new size instead of waiting for one to open.
        if number == 0 {
            make()
        } else if number < threadCount {
            let planned = condition.locked { () -> Bool in
                while state.generation == 0 && !state.stopped { condition.wait() }
                return !state.stopped
            }
            if planned && preparesAtFirstPlan() { make() }
        }
        drain(number, first: drawing) { key, generation -> Bool in
            if renderer == nil { make() }
            let outcome: Swift.Result<Renderer.Picture, RenderFailure>
            switch renderer! {
            case .success(let made):
                let start = threadSeconds()
                do { outcome = .success(try made.render(key)) } catch let failure as RenderFailure {
                    outcome = .failure(failure)
                } catch { outcome = .failure(RenderFailure("\(error)")) }
                if case .success(let picture) = outcome, key.cell == nil,
                   isSlowToDraw(seconds: made.lastRenderSeconds ?? (threadSeconds() - start), pixels: picture.byteCount / 4) {
                    learnWhetherImages(slowPage: key.page, made)
                }
            case .failure(let failure):
                // Without a document every tile fails with the same reason.
                outcome = .failure(failure)
            }
            if case .failure(let failure) = outcome, failure.isAbandoned { return true }
            let sequence = condition.locked {
                state.delivered += 1
                state.unseen[key] = state.delivered
                return state.delivered
            }
            deliver(Result(key: key, generation: generation, sequence: sequence, outcome: outcome))
            return false
        }
    }

    /// Asks whether a page slow to draw has large images (a pass over its content: up to
    /// 70 ms for a page of many small images), once a page and only until one has.
    private func learnWhetherImages(slowPage page: Int, _ renderer: Renderer) {
        guard condition.locked({ !state.oneAtATime && !state.withoutLargeImages.contains(page) }) else { return }
        let images = renderer.hasLargeImages(page: page)
        condition.locked {
            if images { state.oneAtATime = true } else { state.withoutLargeImages.insert(page) }
        }
    }

    /// Whether a whole-page render this long for this many pixels was slow for its size
    /// (decoding images, or drawing a heavy figure).
    private func isSlowToDraw(seconds: Double, pixels: Int) -> Bool {
        pixels >= 1_000_000 && seconds >= oneAtATimeAfter && seconds / Double(pixels) * 1e6 >= oneAtATimeAfter / 2
    }

    /// Whether renders now run one at a time (a page of images was met).
    public var rendersOneAtATime: Bool { condition.locked { state.oneAtATime } }

    /// Replaces whatever was waiting with `plan`, whose first `urgent` tiles are on screen;
    /// returns its generation. `seen` is the sequence of the last result the receiver has
    /// taken (all of them when nil): tiles delivered after it are left out of the plan.
    @discardableResult
    public func submit(_ plan: [TileKey], urgent: Int, seen: Int? = nil) -> Int {
        condition.locked {
            if let seen { state.unseen = state.unseen.filter { $0.value > seen } } else { state.unseen = [:] }
            var urgent = min(max(urgent, 0), plan.count)
            var kept = plan
            if !state.unseen.isEmpty {
                kept = []
                for (index, key) in plan.enumerated() {
                    if state.unseen[key] == nil { kept.append(key) } else if index < urgent { urgent -= 1 }
                }
            }
            state.plan = kept
            state.urgent = urgent
            // What is running stays urgent only if the new view still shows it.
            let shown = Set(kept.prefix(urgent)), wanted = Set(plan)
            let coreLeft = state.running.count < threadCount
            for key in state.running.keys {
                state.running[key]?.urgent = shown.contains(key)
                state.running[key]?.wanted = wanted.contains(key)
                let superseded = plan.contains { $0.supersedes(key) } // counts only when not wanted
                state.running[key]?.superseded = superseded
                if superseded, state.delivered == 0, coreLeft { state.running[key]?.firstPicture = true }
            }
            _ = abandonUnwanted(now: clock.now)
            state.generation += 1
            state.version += 1
            condition.broadcast()
            return state.generation
        }
    }

    /// Replaces whatever was waiting with `plan`, every tile of it as urgent as the next;
    /// returns its generation.
    @discardableResult
    public func submit(_ plan: [TileKey]) -> Int { submit(plan, urgent: plan.count) }

    /// Abandons the renders of tiles the plan no longer holds that have run `slowAfter`, or
    /// `supersededAfter` when superseded (every render, once stopped); returns when the next
    /// such render still running is due. Called with the lock held, which keeps each thread on the tile it is asked to
    /// stop.
    private func abandonUnwanted(now: Double) -> Double {
        var next = Double.infinity
        for (key, running) in state.running where !running.wanted && !running.abandoned {
            guard let abandoning = state.abandoners[running.thread] else { continue }
            let after = running.superseded && !running.firstPicture ? supersededAfter : slowAfter
            if state.stopped || now - running.since >= after {
                state.running[key]?.abandoned = true
                abandoning.abandon()
            } else {
                next = min(next, running.since + after)
            }
        }
        return next
    }

    /// Waits (`seconds` at most) until every thread not rendering has looked at the latest
    /// plan and chosen to wait: what it left waiting then, it left by rule, not by chance,
    /// so a test can say nothing started without waiting on the clock. False on time-out.
    func waitUntilDecided(within seconds: Double = 10) -> Bool {
        let deadline = monotonicSeconds() + seconds
        return condition.locked {
            state.deciding += 1
            defer { state.deciding -= 1 }
            while true {
                let running = Set(state.running.values.map(\.thread))
                let undecided = (0..<(threadCount + spareCount)).contains { !running.contains($0) && state.looked[$0] != state.version }
                guard undecided else { return true }
                let left = deadline - monotonicSeconds()
                guard left > 0 else { return false }
                condition.wait(seconds: left)
            }
        }
    }

    /// The clock moved on by more than the threads expect (a test's clock): they look
    /// again at what has turned slow.
    public func clockMoved() {
        condition.locked {
            state.version += 1
            condition.broadcast()
        }
    }

    /// Ends the threads after the tiles in progress (abandoning those that can be), without
    /// waiting for them.
    public func stop() {
        condition.locked {
            state.stopped = true
            state.plan = []
            for key in state.running.keys { state.running[key]?.wanted = false }
            _ = abandonUnwanted(now: clock.now)
            state.version += 1
            condition.broadcast()
        }
    }

    /// Ends the threads and waits until all have finished and closed their documents (a
    /// render that cannot be abandoned cannot be interrupted either, so this may take as
    /// long as the tiles in progress).
    public func stopAndWait() {
        stop()
        threads.waitUntilAllEnded()
    }

    /// Runs `work` on each tile the thread takes; `work` says whether the tile's render
    /// was abandoned.
    private func drain(_ number: Int, first: TileKey? = nil, _ work: (TileKey, Int) -> Bool) {
        var finished: (key: TileKey, abandoned: Bool)?
        if let first {
            // Abandoned while this thread waited for its renderer: not drawn again.
            let (abandoned, generation) = condition.locked { (state.running[first]?.abandoned ?? false, state.generation) }
            finished = (first, abandoned ? true : work(first, generation))
        }
        while let (key, generation) = next(number, after: finished) {
            finished = (key, work(key, generation))
        }
    }

    /// The next tile for thread `number` to render, and its generation; nil once stopped.
    /// The thread's last tile is marked done in the same step, so a thread that has just
    /// finished is idle before any other thread can take its place.
    private func next(_ number: Int, after finished: (key: TileKey, abandoned: Bool)?) -> (TileKey, Int)? {
        condition.locked {
            if let (key, abandoned) = finished {
                // A plan that asked for it again while it was being abandoned had it dropped
                // as running: it goes back where that plan wants it.
                if abandoned, let running = state.running[key], running.wanted, !state.plan.contains(key) {
                    if running.urgent { state.plan.insert(key, at: 0); state.urgent += 1 } else { state.plan.insert(key, at: state.urgent) }
                }
                state.running[key] = nil
                state.version += 1
                condition.broadcast()
            }
            state.idle.insert(number)
            defer { state.idle.remove(number) }
            while true {
                // Tiles another thread is rendering now are delivered by it; tiles delivered
                // since the plan was made are on their way.
                while let first = state.plan.first, state.running[first] != nil || state.unseen[first] != nil {
                    state.plan.removeFirst()
                    if state.urgent > 0 { state.urgent -= 1 }
                }
                if state.stopped { return nil }
                let now = clock.now
                // An idle thread wakes to abandon a render left out of the plan once it is slow.
                let nextAbandon = abandonUnwanted(now: now)
                // Renders not yet slow hold the cores; a non-urgent tile waits while an urgent one renders.
                var busy = 0, busyUrgent = 0, firstSlow = Double.infinity
                for running in state.running.values where now - running.since < slowAfter {
                    busy += 1
                    if running.urgent { busyUrgent += 1 }
                    firstSlow = min(firstSlow, running.since + slowAfter)
                }
                let waiting = !state.plan.isEmpty && (state.urgent > 0 || busyUrgent == 0)
                if waiting && busy < (state.oneAtATime ? 1 : threadCount) && state.idle.min() == number { break }
                let wake = min(nextAbandon, waiting ? firstSlow : .infinity)
                if state.looked.updateValue(state.version, forKey: number) != state.version && state.deciding > 0 { condition.broadcast() }
                if wake.isFinite { condition.wait(seconds: wake - now) } else { condition.wait() }
            }
            let urgent = state.urgent > 0
            if urgent { state.urgent -= 1 }
            let key = state.plan.removeFirst()
            state.running[key] = Running(thread: number, urgent: urgent, since: clock.now)
            state.version += 1
            // The next idle thread may take the next tile.
            condition.broadcast()
            return (key, state.generation)
        }
    }
}

public struct RenderFailure: Error, Sendable, CustomStringConvertible {
    public let description: String
    /// The render was stopped because its tile was no longer wanted: no fault of the page's.
    public let isAbandoned: Bool
    /// The render ran past its watchdog: the page may be drawn at a lower resolution
    /// (`LowerResolution`).
    public let isTooSlow: Bool
    public init(_ description: String, tooSlow: Bool = false) { self.init(description, abandoned: false, tooSlow: tooSlow) }
    private init(_ description: String, abandoned: Bool, tooSlow: Bool = false) {
        self.description = description
        isAbandoned = abandoned
        isTooSlow = tooSlow
    }

    public static let abandoned = RenderFailure("stopped: the tile was no longer wanted", abandoned: true)
}

private extension TileKey {
    /// Whether rendering this tile redoes most of `running`'s work (see `RenderWorkers`).
    func supersedes(_ running: TileKey) -> Bool {
        guard page == running.page, self != running else { return false }
        if rotation != running.rotation { return true }
        return scale != running.scale && max(scale, running.scale) <= 4 * min(scale, running.scale)
    }
}
