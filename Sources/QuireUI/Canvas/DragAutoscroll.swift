import CAdwaita
import CGtk
import QuireEngine

/// Scrolls the canvas while a selection is dragged past its edge, at `SelectionAutoscroll`'s
/// speeds, on a timer that ticks for as long as the button is held there, the pointer still
/// or not; each tick extends the selection to what is now under the pointer.
@MainActor
final class DragAutoscroll {
    private unowned let canvas: PageCanvas
    private var pointer: Point?
    private var timer: UInt32 = 0
    private var lastTick = 0.0
    /// About a frame.
    static let tick = 0.016

    init(canvas: PageCanvas) { self.canvas = canvas }

    /// The primary button is held with the pointer at `point` (view coordinates).
    func dragged(to point: Point) {
        pointer = point
        guard timer == 0, velocity(at: point) != Point(x: 0, y: 0) else { return }
        lastTick = monotonicSeconds()
        timer = MainLoop.after(seconds: Self.tick) { [weak self] in self?.ticked() }
    }

    /// The button was let go.
    func ended() {
        pointer = nil
        if timer != 0 { g_source_remove(timer) }
        timer = 0
    }

    private func ticked() {
        timer = 0
        guard let pointer else { return }
        let velocity = velocity(at: pointer)
        guard velocity != Point(x: 0, y: 0) else { return }
        let now = monotonicSeconds()
        canvas.scroll(by: SelectionAutoscroll.distance(velocity, seconds: now - lastTick))
        lastTick = now
        canvas.onPrimaryDrag?(pointer)
        timer = MainLoop.after(seconds: Self.tick) { [weak self] in self?.ticked() }
    }

    private func velocity(at point: Point) -> Point {
        let view = canvas.viewportSize
        return SelectionAutoscroll.velocity(pointer: point, viewport: view, scrollsAcross: canvas.contentSize.width > view.width)
    }
}
