/// Until the first complete view is painted, only what is on screen is rendered: work
/// ahead (the next pages, the thumbnails) would take the cores the window needs to draw
/// it. The view is complete when every page in it shows its sharp picture or its failure;
/// it is painted at the end of the frame after that, and from then on the whole plan goes
/// to the workers.
public struct FirstViewHold: Sendable {
    public enum State: Equatable, Sendable { case incomplete, painting, painted }
    public private(set) var state = State.incomplete

    public init() {}

    /// What of `plan` the workers may have now.
    public func tiles(of plan: RenderPlanner.Plan) -> [TileKey] {
        state == .painted ? plan.tiles : Array(plan.tiles.prefix(plan.urgent))
    }

    /// Told whether the view is complete after each render taken: true exactly once, when
    /// it first is, and the window is to wait for the frame that paints it.
    public mutating func viewIs(complete: Bool) -> Bool {
        guard state == .incomplete, complete else { return false }
        state = .painting
        return true
    }

    /// The frame that paints the complete view has ended.
    public mutating func painted() { state = .painted }
}
