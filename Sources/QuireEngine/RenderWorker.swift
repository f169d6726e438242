/// A thread that owns one `PageRendering` (its own document: poppler documents must not be
/// shared between threads) and renders the tiles of the current plan in order.
/// `submit` replaces the plan; a render already running finishes and is delivered with its
/// generation, so the receiver can tell it is stale.
public final class RenderWorker<Renderer: PageRendering>: Sendable {
    public struct Result: Sendable {
        public let key: TileKey
        public let generation: Int
        public let outcome: Swift.Result<Renderer.Picture, RenderFailure>
    }

    private struct State {
        var plan: [TileKey] = []
        var generation = 0
        var stopped = false
        var finished = false
    }

    private let condition = Condition()
    nonisolated(unsafe) private var state = State() // guarded by `condition`

    /// Starts the thread. `makeRenderer` runs on it (so the renderer is confined there);
    /// `deliver` is called on it for every finished tile.
    public init(makeRenderer: @escaping @Sendable () throws -> Renderer,
                deliver: @escaping @Sendable (Result) -> Void) {
        startThread {
            self.run(makeRenderer: makeRenderer, deliver: deliver)
            self.condition.locked {
                self.state.finished = true
                self.condition.broadcast()
            }
        }
    }

    /// The thread's whole life; the renderer (and its document) is gone when it returns.
    private func run(makeRenderer: () throws -> Renderer, deliver: (Result) -> Void) {
        let renderer: Renderer
        do {
            renderer = try makeRenderer()
        } catch {
            // Without a document every planned tile fails with the same reason.
            drain { key, generation in
                deliver(Result(key: key, generation: generation, outcome: .failure(RenderFailure("\(error)"))))
            }
            return
        }
        drain { key, generation in
            let outcome: Swift.Result<Renderer.Picture, RenderFailure>
            do { outcome = .success(try renderer.render(key)) } catch { outcome = .failure(RenderFailure("\(error)")) }
            deliver(Result(key: key, generation: generation, outcome: outcome))
        }
    }

    /// Replaces whatever was waiting with `plan`; returns its generation.
    @discardableResult
    public func submit(_ plan: [TileKey]) -> Int {
        condition.locked {
            state.plan = plan
            state.generation += 1
            condition.broadcast()
            return state.generation
        }
    }

    /// Ends the thread after the tile in progress, if any, without waiting for it.
    public func stop() {
        condition.locked {
            state.stopped = true
            state.plan = []
            condition.broadcast()
        }
    }

    /// Ends the thread and waits until it has finished and closed its document (a render
    /// cannot be interrupted, so this may take as long as the tile in progress).
    public func stopAndWait() {
        stop()
        condition.locked {
            while !state.finished { condition.wait() }
        }
    }

    private func drain(_ work: (TileKey, Int) -> Void) {
        while let (key, generation) = next() { work(key, generation) }
    }

    private func next() -> (TileKey, Int)? {
        condition.locked {
            while state.plan.isEmpty && !state.stopped { condition.wait() }
            if state.stopped { return nil }
            return (state.plan.removeFirst(), state.generation)
        }
    }
}

public struct RenderFailure: Error, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
