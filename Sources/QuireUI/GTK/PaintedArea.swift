import CGtk
import CShim

/// A widget drawn by a Swift closure with cairo (a `GtkDrawingArea`): the closure is kept
/// by the area and released with it.
@MainActor
struct PaintedArea: WidgetHandle {
    let widget: UnsafeMutablePointer<GtkWidget>

    private final class Painter {
        let paint: @MainActor (_ cairo: OpaquePointer, _ width: Double, _ height: Double) -> Void
        init(_ paint: @escaping @MainActor (OpaquePointer, Double, Double) -> Void) { self.paint = paint }
    }

    init(paint: @escaping @MainActor (_ cairo: OpaquePointer, _ width: Double, _ height: Double) -> Void) {
        widget = gtk_drawing_area_new()
        let draw: GtkDrawingAreaDrawFunc = { _, cairo, width, height, data in
            let painter = Unmanaged<Painter>.fromOpaque(data!).takeUnretainedValue()
            guard let cairo else { return }
            MainActor.assumeIsolated { painter.paint(cairo, Double(width), Double(height)) }
        }
        let release: GDestroyNotify = { data in Unmanaged<Painter>.fromOpaque(data!).release() }
        gtk_drawing_area_set_draw_func(quire_drawing_area(widget), draw, Unmanaged.passRetained(Painter(paint)).toOpaque(), release)
    }

    func setContentSize(width: Int32, height: Int32) {
        gtk_drawing_area_set_content_width(quire_drawing_area(widget), width)
        gtk_drawing_area_set_content_height(quire_drawing_area(widget), height)
    }

    func redraw() { gtk_widget_queue_draw(widget) }
}
