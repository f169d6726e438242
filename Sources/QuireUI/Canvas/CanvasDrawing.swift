import CAdwaita
import CGtk
import CShim
import QuireEngine

/// What draws with the canvas's primary button while a drawing tool is chosen
/// (`DrawingTools`): the canvas asks it before selecting text or following a link.
@MainActor
protocol CanvasDrawing: AnyObject {
    /// Whether the primary button draws (a tool other than Select is chosen).
    var takesPointer: Bool { get }
    /// Whether a press is being drawn with, until its release.
    var isDrawing: Bool { get }
    /// The pointer's shape over the pages while a tool is chosen; nil for the canvas's own.
    var cursor: String? { get }
    /// A press at `point` (view coordinates); true when it took it (then nothing selects).
    func pressed(at point: Point, presses: Int, shift: Bool) -> Bool
    func dragged(to point: Point, shift: Bool)
    func released()
    /// Escape on the canvas: true when it used it (back to Select).
    func escape() -> Bool
}

extension PageCanvas {
    /// The drawing's pointer moved to `point` (view coordinates): it is told first the
    /// places GTK folded into this event (motion compression drops the samples of a quick
    /// stroke that came between two frames), then `point`.
    func drawingDragged(_ drawing: CanvasDrawing, by gesture: OpaquePointer, to point: Point) {
        let shift = gtk_event_controller_get_current_event_state(gesture).rawValue & GDK_SHIFT_MASK.rawValue != 0
        for folded in Self.foldedMotion(of: gesture, endingAt: point) { drawing.dragged(to: folded, shift: shift) }
        drawing.dragged(to: point, shift: shift)
    }

    /// The history of the current motion event, moved from the surface's coordinates to the
    /// view's by the event's own place (which is `point`), oldest first.
    private static func foldedMotion(of gesture: OpaquePointer, endingAt point: Point) -> [Point] {
        guard let event = gtk_event_controller_get_current_event(gesture), gdk_event_get_event_type(event) == GDK_MOTION_NOTIFY else { return [] }
        var x = 0.0, y = 0.0, count: UInt32 = 0
        guard gdk_event_get_position(event, &x, &y) != 0, let history = gdk_event_get_history(event, &count) else { return [] }
        defer { g_free(history) }
        return (0..<Int(count)).map { index in
            Point(x: history[index].axes.1 - x + point.x, y: history[index].axes.2 - y + point.y)
        }
    }
}
