import CGtk
import CShim

// Typed handles on the containers Quire lays its windows out with, beyond the box and the
// stack of Widgets.swift. As there, a handle does not own its widget.

/// Widgets laid over a child (GtkOverlay).
@MainActor
struct Overlay: WidgetHandle {
    let widget: UnsafeMutablePointer<GtkWidget>
    private var overlay: OpaquePointer { widget.opaque }

    init() { widget = gtk_overlay_new() }

    func setChild(_ child: UnsafeMutablePointer<GtkWidget>?) { gtk_overlay_set_child(overlay, child) }
    func addOverlay(_ child: UnsafeMutablePointer<GtkWidget>) { gtk_overlay_add_overlay(overlay, child) }
}

/// A child shown and hidden with an animation (GtkRevealer).
@MainActor
struct Revealer: WidgetHandle {
    let widget: UnsafeMutablePointer<GtkWidget>
    private var revealer: OpaquePointer { widget.opaque }

    init(transition: GtkRevealerTransitionType) {
        widget = gtk_revealer_new()
        gtk_revealer_set_transition_type(revealer, transition)
    }

    func setChild(_ child: UnsafeMutablePointer<GtkWidget>?) { gtk_revealer_set_child(revealer, child) }
    func reveal(_ shown: Bool) { gtk_revealer_set_reveal_child(revealer, shown ? 1 : 0) }
}

/// A bar that slides in for a search (GtkSearchBar): its entry takes the keys typed.
@MainActor
struct SearchBarWidget: WidgetHandle {
    let widget: UnsafeMutablePointer<GtkWidget>
    private var bar: OpaquePointer { widget.opaque }

    /// With a close button.
    init() {
        widget = gtk_search_bar_new()
        gtk_search_bar_set_show_close_button(bar, 1)
    }

    /// Holds `child`, which has `entry` in it.
    func setChild(_ child: UnsafeMutablePointer<GtkWidget>, entry: SearchEntry) {
        gtk_search_bar_set_child(bar, child)
        gtk_search_bar_connect_entry(bar, entry.widget.opaque)
    }

    /// Whether it shows (GTK's "search mode"); setting it opens or closes it.
    var isOpen: Bool {
        get { gtk_search_bar_get_search_mode(bar) != 0 }
        nonmutating set { gtk_search_bar_set_search_mode(bar, newValue ? 1 : 0) }
    }
}

/// Buttons that choose the page a stack shows (GtkStackSwitcher).
@MainActor
struct StackSwitcher: WidgetHandle {
    let widget: UnsafeMutablePointer<GtkWidget>

    init(for stack: Stack) {
        widget = gtk_stack_switcher_new()
        gtk_stack_switcher_set_stack(widget.opaque, stack.widget.opaque)
    }
}
