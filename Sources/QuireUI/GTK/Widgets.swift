import CAdwaita
import CGtk
import CShim
import QuireEngine

/// Typed handles on the GTK widgets Quire builds by hand: each holds the widget and the one
/// cast its C type needs, so that a call site says what it does (`label.text = …`,
/// `box.append(entry)`) instead of casting. A handle does not own its widget: as in GTK,
/// the widget's parent does (a window, its application).
@MainActor
protocol WidgetHandle {
    var widget: UnsafeMutablePointer<GtkWidget> { get }
}

extension WidgetHandle {
    func setVisible(_ visible: Bool) { gtk_widget_set_visible(widget, visible ? 1 : 0) }
    func addCSSClass(_ name: String) { gtk_widget_add_css_class(widget, name) }
}

@MainActor
struct Label: WidgetHandle {
    let widget: UnsafeMutablePointer<GtkWidget>
    private var label: OpaquePointer { quire_label(widget) }

    /// A widget known to be a label.
    init(_ widget: UnsafeMutablePointer<GtkWidget>) { self.widget = widget }

    /// A label of `text`, aligned across at `xalign` (0 the start, 1 the end); `wrap`
    /// breaks it at words, and inside a word longer than the line.
    init(_ text: String? = nil, xalign: Float? = nil, wrap: Bool = false) {
        widget = gtk_label_new(text)
        if let xalign { gtk_label_set_xalign(label, xalign) }
        if wrap {
            gtk_label_set_wrap(label, 1)
            gtk_label_set_wrap_mode(label, PANGO_WRAP_WORD_CHAR)
        }
    }

    var text: String {
        get { String(cString: gtk_label_get_text(label)) }
        nonmutating set { gtk_label_set_text(label, newValue) }
    }

    /// Ends too long a line with "…".
    func ellipsize() { gtk_label_set_ellipsize(label, PANGO_ELLIPSIZE_END) }
    func setWidth(chars: Int32) { gtk_label_set_width_chars(label, chars) }
    func setMaxWidth(chars: Int32) { gtk_label_set_max_width_chars(label, chars) }
    func setYAlign(_ yalign: Float) { gtk_label_set_yalign(label, yalign) }
    func centreLines() { gtk_label_set_justify(label, GTK_JUSTIFY_CENTER) }
    /// The reader can select and copy the text.
    func makeSelectable() { gtk_label_set_selectable(label, 1) }
}

@MainActor
struct Box: WidgetHandle {
    let widget: UnsafeMutablePointer<GtkWidget>
    private var box: UnsafeMutablePointer<GtkBox> { quire_box(widget) }

    init(_ orientation: GtkOrientation, spacing: Int32 = 0) { widget = gtk_box_new(orientation, spacing) }
    static func row(spacing: Int32 = 0) -> Box { Box(GTK_ORIENTATION_HORIZONTAL, spacing: spacing) }
    static func column(spacing: Int32 = 0) -> Box { Box(GTK_ORIENTATION_VERTICAL, spacing: spacing) }

    func append(_ child: UnsafeMutablePointer<GtkWidget>) { gtk_box_append(box, child) }
    func prepend(_ child: UnsafeMutablePointer<GtkWidget>) { gtk_box_prepend(box, child) }
    func append(_ child: some WidgetHandle) { append(child.widget) }
    func remove(_ child: UnsafeMutablePointer<GtkWidget>) { gtk_box_remove(box, child) }
}

@MainActor
struct Stack: WidgetHandle {
    let widget: UnsafeMutablePointer<GtkWidget>
    private var stack: OpaquePointer { quire_stack(widget) }

    /// A stack that changes pages at once, without an animation.
    init() {
        widget = gtk_stack_new()
        gtk_stack_set_transition_type(stack, GTK_STACK_TRANSITION_TYPE_NONE)
    }

    func add(_ child: UnsafeMutablePointer<GtkWidget>, named name: String, title: String? = nil) {
        if let title { gtk_stack_add_titled(stack, child, name, title) } else { gtk_stack_add_named(stack, child, name) }
    }

    func add(_ child: some WidgetHandle, named name: String, title: String? = nil) { add(child.widget, named: name, title: title) }

    /// Takes out the page of that name, if there is one.
    func remove(named name: String) {
        if let old = gtk_stack_get_child_by_name(stack, name) { gtk_stack_remove(stack, old) }
    }

    /// Shows `icon` for the page `child` in a switcher, with its title as the tooltip.
    func setIcon(_ icon: String, of child: some WidgetHandle) {
        if let page = gtk_stack_get_page(stack, child.widget) { gtk_stack_page_set_icon_name(page, icon) }
    }

    /// Shows or hides the page `child` and its switcher button.
    func setPageVisible(_ child: UnsafeMutablePointer<GtkWidget>, _ visible: Bool) {
        if let page = gtk_stack_get_page(stack, child) { gtk_stack_page_set_visible(page, visible ? 1 : 0) }
    }

    /// The name of the page shown; setting it shows that page.
    var shown: String? {
        get { gtk_stack_get_visible_child_name(stack).map { String(cString: $0) } }
        nonmutating set { gtk_stack_set_visible_child_name(stack, newValue) }
    }
}

/// A text entry (GtkEditable).
@MainActor
struct Editable: WidgetHandle {
    let widget: UnsafeMutablePointer<GtkWidget>
    private var editable: OpaquePointer { quire_editable(widget) }

    init(_ widget: UnsafeMutablePointer<GtkWidget>) { self.widget = widget }

    var text: String {
        get { String(cString: gtk_editable_get_text(editable)) }
        nonmutating set { gtk_editable_set_text(editable, newValue) }
    }

    /// Selects characters `start..<end` (-1: to the end).
    func select(from start: Int32, to end: Int32) { gtk_editable_select_region(editable, start, end) }
    func setCursor(at position: Int32) { gtk_editable_set_position(editable, position) }
    func setWidth(chars: Int32) { gtk_editable_set_width_chars(editable, chars) }
    func setMaxWidth(chars: Int32) { gtk_editable_set_max_width_chars(editable, chars) }
    func setAlignment(_ xalign: Float) { gtk_editable_set_alignment(editable, xalign) }
}

/// A top-level window.
@MainActor
struct Window: WidgetHandle {
    let widget: UnsafeMutablePointer<GtkWidget>
    var window: UnsafeMutablePointer<GtkWindow> { quire_window(widget) }

    init(_ widget: UnsafeMutablePointer<GtkWidget>) { self.widget = widget }

    var title: String? {
        get { gtk_window_get_title(window).map { String(cString: $0) } }
        nonmutating set { gtk_window_set_title(window, newValue) }
    }

    func setChild(_ child: UnsafeMutablePointer<GtkWidget>?) { gtk_window_set_child(window, child) }
    func setTitlebar(_ titlebar: UnsafeMutablePointer<GtkWidget>?) { gtk_window_set_titlebar(window, titlebar) }
    var titlebar: UnsafeMutablePointer<GtkWidget>? { gtk_window_get_titlebar(window) }
    func setDefaultSize(width: Int32, height: Int32) { gtk_window_set_default_size(window, width, height) }
    /// The size the window has when neither maximised nor fullscreen (GTK 4 keeps its
    /// default size so as the reader resizes it).
    var defaultSize: (width: Int, height: Int) {
        var width: Int32 = 0, height: Int32 = 0
        gtk_window_get_default_size(window, &width, &height)
        return (Int(width), Int(height))
    }
    var isMaximized: Bool { gtk_window_is_maximized(window) != 0 }
    func maximize() { gtk_window_maximize(window) }
    /// A dialog over `parent`, keeping its input while it is open.
    func setTransient(for parent: Window) { gtk_window_set_transient_for(window, parent.window) }
    func setModal(_ modal: Bool) { gtk_window_set_modal(window, modal ? 1 : 0) }
    func setModal(over parent: Window) {
        gtk_window_set_transient_for(window, parent.window)
        gtk_window_set_modal(window, 1)
        gtk_window_set_destroy_with_parent(window, 1)
    }
    func present() {
        // At the size GTK will give it (the default size): the first pictures are asked
        // for now, while GTK realizes the window, rather than once it has (issue 48).
        if quire_window_lay_out_early(window) != 0 { LaunchTrace.mark("window laid out") }
        LaunchTrace.mark("window presented")
        gtk_window_present(window)
        LaunchTrace.mark("window realized")
        guard LaunchTrace.isOn, let clock = gtk_widget_get_frame_clock(widget) else { return }
        var frames = 0
        Signal.connect(clock, "after-paint") {
            frames += 1
            LaunchTrace.mark("frame \(frames) painted")
        }
    }
    /// Escape closes the window (a dialog's).
    func closesOnEscape() {
        let escape = gtk_shortcut_controller_new()!
        gtk_shortcut_controller_add_shortcut(escape,
                                             gtk_shortcut_new(gtk_keyval_trigger_new(UInt32(GDK_KEY_Escape), GdkModifierType(rawValue: 0)),
                                                              gtk_named_action_new("window.close")))
        gtk_widget_add_controller(widget, escape)
    }
    /// Shows a dialog or brings it forward (launch traces follow document windows only).
    func presentDialog() { gtk_window_present(window) }
    func destroy() { gtk_window_destroy(window) }
    var focus: UnsafeMutablePointer<GtkWidget>? { gtk_window_get_focus(window) }
    var isFullscreen: Bool { gtk_window_is_fullscreen(window) != 0 }
    func setFullscreen(_ on: Bool) { if on { gtk_window_fullscreen(window) } else { gtk_window_unfullscreen(window) } }
}
