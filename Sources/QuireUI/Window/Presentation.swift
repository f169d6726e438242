import CAdwaita
import CGtk
import CShim
import QuireEngine

/// Presentation (F5): the window fullscreen, one page at a time fitted to the screen on
/// black, and nothing else (no header bar, sidebar or find bar). Forward: Page Down,
/// Space, Right, Down, Enter, n, a click or the wheel down; back: Page Up, Backspace,
/// Left, Up, p, a right click or the wheel up; Home and End go to the first and last page.
/// Escape (or F5 again) ends it and restores the layout, zoom, sidebar and fullscreen
/// state the reader had. It reuses the canvas's one-page-at-a-time layout and fit-page zoom.
@MainActor
final class Presentation {
    private unowned let owner: DocumentWindow
    private var saved: Saved?
    /// When the pointer rests, it hides (`FullscreenChrome`).
    private var pointer = FullscreenChrome.PointerRest()
    private var pointerTimer: UInt32?

    /// What a presentation changes, to put back when it ends.
    private struct Saved {
        var zoom: ZoomMode
        var continuous: Bool
        var arrangement: PageLayout.Arrangement
        var gap: Double
        var sidebar: SidebarView?
        var fullscreen: Bool
    }

    var isActive: Bool { saved != nil }

    /// While presenting, the view the reader had before (what is worth remembering).
    var viewBefore: (zoom: ZoomMode, continuous: Bool, arrangement: PageLayout.Arrangement, sidebar: SidebarView?)? {
        saved.map { ($0.zoom, $0.continuous, $0.arrangement, $0.sidebar) }
    }

    init(of owner: DocumentWindow) {
        self.owner = owner
        let window = owner.window
        Actions.addToggle("presentation", to: window) { [unowned self] in
            if self.isActive { self.leave() } else { self.enter() }
        }
        // In the capture phase, before the canvas and the scrolled window: while presenting,
        // these keys and clicks turn pages and nothing else.
        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        Signal.connectKeyPressed(keys) { [unowned self] keyval, modifiers in
            self.isActive && self.keyPressed(keyval, modifiers)
        }
        gtk_widget_add_controller(window, keys)
        let click = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(click, 0)
        gtk_event_controller_set_propagation_phase(click, GTK_PHASE_CAPTURE)
        Signal.connectClick(click, "pressed") { [unowned self] _, _, _ in
            guard self.isActive else {
                gtk_gesture_set_state(click, GTK_EVENT_SEQUENCE_DENIED)
                return
            }
            gtk_gesture_set_state(click, GTK_EVENT_SEQUENCE_CLAIMED)
            switch gtk_gesture_single_get_current_button(click) {
            case 1: self.turn(forward: true)
            case 3: self.turn(forward: false)
            default: break
            }
        }
        gtk_widget_add_controller(window, click)
        let wheel = gtk_event_controller_scroll_new(
            GtkEventControllerScrollFlags(GTK_EVENT_CONTROLLER_SCROLL_VERTICAL.rawValue | GTK_EVENT_CONTROLLER_SCROLL_DISCRETE.rawValue))!
        gtk_event_controller_set_propagation_phase(wheel, GTK_PHASE_CAPTURE)
        Signal.connect(wheel, "scroll") { [unowned self] (_: Double, dy: Double) -> Bool in
            guard self.isActive, dy != 0 else { return false }
            self.turn(forward: dy > 0)
            return true
        }
        gtk_widget_add_controller(window, wheel)
        let motion = gtk_event_controller_motion_new()!
        Signal.connect(motion, "motion") { [unowned self] (x: Double, y: Double) -> Bool in
            if self.isActive, self.pointer.moved(to: Point(x: x, y: y)) { self.showPointer(rests: true) }
            return false
        }
        gtk_widget_add_controller(window, motion)
    }

    /// Shows the pointer, and hides it again once it has rested (`rests`).
    private func showPointer(rests: Bool) {
        if let pointerTimer { g_source_remove(pointerTimer) }
        pointerTimer = nil
        gtk_widget_set_cursor_from_name(owner.window, nil)
        guard rests else { return }
        pointerTimer = MainLoop.after(seconds: FullscreenChrome.pointerRest) { [weak self] in
            guard let self else { return }
            self.pointerTimer = nil
            gtk_widget_set_cursor_from_name(self.owner.window, "none")
        }
    }

    func enter() {
        guard !isActive, let canvas = owner.canvas else { return }
        saved = Saved(zoom: canvas.zoomMode, continuous: canvas.continuous, arrangement: canvas.arrangement, gap: canvas.gap,
                      sidebar: owner.sidebar.isOpen ? owner.sidebar.view : nil, fullscreen: owner.isFullscreen)
        owner.placeHeader()
        setChromeVisible(false)
        owner.setSidebar(open: false)
        canvas.presenting = true
        canvas.setArrangement(.single)
        canvas.setContinuous(false)
        canvas.setGap(0)
        canvas.setZoom(.fitPage)
        owner.setFullscreen(true)
        canvas.grabFocus()
        showPointer(rests: true)
        Actions.setState("presentation", of: owner.window, true)
    }

    func leave() {
        guard let saved else { return }
        self.saved = nil
        if let canvas = owner.canvas {
            canvas.presenting = false
            canvas.setGap(saved.gap)
            canvas.setArrangement(saved.arrangement)
            // The zoom while one page is laid out, then the layout, which shows the page
            // from its top as going to it would.
            canvas.setZoom(saved.zoom)
            canvas.setContinuous(saved.continuous)
        }
        setChromeVisible(true)
        if let view = saved.sidebar { owner.setSidebar(open: true, view: view) }
        if !saved.fullscreen { owner.setFullscreen(false) }
        owner.placeHeader()
        showPointer(rests: false)
        owner.canvas?.grabFocus()
        Actions.setState("presentation", of: owner.window, false)
    }

    /// The header bar and the find bar (the find bar keeps its text and matches).
    private func setChromeVisible(_ visible: Bool) {
        owner.headerReveal.setVisible(visible)
        gtk_widget_set_visible(owner.searchBar.widget, visible ? 1 : 0)
        // A split view presents the pane with the focus alone.
        owner.view.panes?.showOnlyFocused(!visible)
    }

    private func turn(forward: Bool) { owner.canvas?.pageDown(forward: forward) }

    private func keyPressed(_ keyval: UInt32, _ modifiers: GdkModifierType) -> Bool {
        let modifierMask = GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue
        guard modifiers.rawValue & modifierMask == 0, let canvas = owner.canvas else { return false }
        let shift = modifiers.rawValue & GDK_SHIFT_MASK.rawValue != 0
        switch Int32(keyval) {
        case GDK_KEY_Page_Down, GDK_KEY_KP_Page_Down, GDK_KEY_Right, GDK_KEY_KP_Right, GDK_KEY_Down, GDK_KEY_KP_Down,
             GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_n:
            turn(forward: true)
        case GDK_KEY_Page_Up, GDK_KEY_KP_Page_Up, GDK_KEY_BackSpace, GDK_KEY_Left, GDK_KEY_KP_Left, GDK_KEY_Up, GDK_KEY_KP_Up, GDK_KEY_p:
            turn(forward: false)
        case GDK_KEY_space: turn(forward: !shift)
        case GDK_KEY_Home, GDK_KEY_KP_Home: canvas.show(page: 0)
        case GDK_KEY_End, GDK_KEY_KP_End: canvas.show(page: canvas.pageCount - 1)
        case GDK_KEY_Escape: leave()
        default: return false
        }
        return true
    }
}
