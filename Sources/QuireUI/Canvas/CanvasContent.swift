import CAdwaita
import CGtk
import CShim
import QuireEngine

/// What a `QuireCanvas` shows: the document's pages or the thumbnails. The canvas tells
/// its size and scroll offset; the content draws the viewport.
@MainActor
protocol CanvasContent: AnyObject {
    func draw(_ snapshot: OpaquePointer, width: Double, height: Double)
    func resize(width: Double, height: Double)
    func scrolled(to point: Point)
}

/// A new `QuireCanvas` inside a new scrolled window: the scrolled window and the canvas.
/// `role` is what a screen reader takes the canvas for (it can only be given here).
@MainActor
func makeScrolledCanvas(role: GtkAccessibleRole? = nil) -> (scrolled: UnsafeMutablePointer<GtkWidget>, canvas: OpaquePointer) {
    let scrolled = gtk_scrolled_window_new()!
    let widget = (role.map(quire_canvas_new_with_role) ?? quire_canvas_new())!
    gtk_scrolled_window_set_child(quire_scrolled_window(scrolled), widget)
    return (scrolled, OpaquePointer(widget))
}

extension CanvasContent {
    /// Makes `canvas` call back into `self`. The canvas holds `self` (released when the
    /// canvas is disposed), so callbacks never outlive it.
    func show(on canvas: OpaquePointer) {
        func content(_ data: UnsafeMutableRawPointer?) -> CanvasContent { CallbackData.borrow(data) }
        var callbacks = QuireCanvasCallbacks(
            snapshot: { data, snapshot, width, height, _, _ in
                MainActor.assumeIsolated { content(data).draw(snapshot!, width: width, height: height) }
            },
            resized: { data, width, height in
                MainActor.assumeIsolated { content(data).resize(width: Double(width), height: Double(height)) }
            },
            scrolled: { data, x, y in
                MainActor.assumeIsolated { content(data).scrolled(to: Point(x: x, y: y)) }
            })
        quire_canvas_set_callbacks(canvas, &callbacks, CallbackData.lend(self), CallbackData.release)
    }
}
