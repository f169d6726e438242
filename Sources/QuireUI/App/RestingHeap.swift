import CGtk
import QuireEngine

/// Gives the heap's free memory back once the windows' frames stop (`HeapRest`), watching
/// the frame clock of each document window.
@MainActor
enum RestingHeap {
    private static var rest = HeapRest()

    /// Watches `window`'s frames; it must be realized (it has a frame clock then).
    static func watch(_ window: UnsafeMutablePointer<GtkWidget>) {
        guard let clock = gtk_widget_get_frame_clock(window) else { return }
        Signal.connect(clock, "after-paint") {
            if rest.painted(at: monotonicSeconds()) { check(after: HeapRest.rest) }
        }
    }

    private static func check(after seconds: Double) {
        _ = MainLoop.after(seconds: seconds) {
            switch rest.check(at: monotonicSeconds()) {
            case .trim: ProcessHeap.giveBackFree()
            case .again(let wait): check(after: wait)
            case .nothing: break
            }
        }
    }
}
