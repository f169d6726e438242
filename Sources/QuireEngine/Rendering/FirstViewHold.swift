/// Until the first complete view is painted, only what is on screen is rendered: work
/// ahead (the next pages, the thumbnails) would take the cores the window needs to draw
/// it. The view is complete when every page in it shows its sharp picture or its failure;
/// it is painted at the end of the frame after that, and from then on the whole plan goes
/// to the workers. A view resized after its first view (the window shown at the size it was
/// predicted to have, then given another by a window manager's first configure or a tiling
/// layout) is held again, once: the pictures at the real size have the cores, not the
/// pages ahead at the predicted one.
public struct FirstViewHold: Sendable {
    public enum State: Equatable, Sendable { case incomplete, painting, painted }
    public private(set) var state = State.incomplete
    private var heldAgain = false

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
    public mutating func painted() { if state == .painting { state = .painted } }

    /// The view took another size: held again if it is the first view's first resize.
    public mutating func resized() {
        guard state != .incomplete, !heldAgain else { return }
        heldAgain = true
        state = .incomplete
    }
}
