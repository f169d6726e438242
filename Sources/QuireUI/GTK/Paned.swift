import CAdwaita
import CGtk
import CShim

/// A typed handle on a GtkPaned: two children with a handle between them that the reader
/// drags. As every `WidgetHandle`, it does not own its widget.
@MainActor
struct Paned: WidgetHandle {
    let widget: UnsafeMutablePointer<GtkWidget>
    private var paned: OpaquePointer { widget.opaque }

    init(_ orientation: GtkOrientation) { widget = gtk_paned_new(orientation) }

    var orientation: GtkOrientation {
        get { gtk_orientable_get_orientation(paned) }
        nonmutating set { gtk_orientable_set_orientation(paned, newValue) }
    }

    func setStart(_ child: UnsafeMutablePointer<GtkWidget>?) { gtk_paned_set_start_child(paned, child) }
    func setEnd(_ child: UnsafeMutablePointer<GtkWidget>?) { gtk_paned_set_end_child(paned, child) }

    /// Where the handle is, in pixels from the start.
    var position: Int32 {
        get { gtk_paned_get_position(paned) }
        nonmutating set { gtk_paned_set_position(paned, newValue) }
    }

    /// The start child keeps its width when the paned grows: the end child takes the rest.
    func keepStartWidth() { gtk_paned_set_resize_start_child(paned, 0) }

    /// Neither child can be made smaller than it asks.
    func keepChildrenWhole() {
        gtk_paned_set_shrink_start_child(paned, 0)
        gtk_paned_set_shrink_end_child(paned, 0)
    }
}
