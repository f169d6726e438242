import CAdwaita
import CGtk
import CShim
import QuireEngine

/// Keys and pointer on the canvas. Single keys live here, on the canvas, never as
/// application shortcuts (those would eat typing in entries). Page Up/Down are left to
/// the scrolled window, which animates them.
extension PageCanvas {
    func addInputControllers(_ canvasWidget: UnsafeMutablePointer<GtkWidget>) {
        let keys = gtk_event_controller_key_new()!
        Signal.connectKeyPressed(keys) { [unowned self] keyval, modifiers in
            self.keyPressed(keyval, modifiers)
        }
        gtk_widget_add_controller(canvasWidget, keys)

        let motion = gtk_event_controller_motion_new()!
        Signal.connect(motion, "motion") { [unowned self] (x: Double, y: Double) -> Bool in
            self.pointerMoved(to: Point(x: x, y: y))
            self.onPointerMoved?(Point(x: x, y: y))
            return false
        }
        gtk_widget_add_controller(canvasWidget, motion)

        // Ctrl+wheel zooms around the pointer; a plain wheel scrolls (the scrolled window's).
        let wheel = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_VERTICAL)!
        Signal.connect(wheel, "scroll") { [unowned self] (_: Double, dy: Double) -> Bool in
            let state = gtk_event_controller_get_current_event_state(wheel)
            guard state.rawValue & GDK_CONTROL_MASK.rawValue != 0 else { return false }
            self.zoom(steps: -dy, around: self.pointerPosition)
            return true
        }
        gtk_widget_add_controller(canvasWidget, wheel)

        // Pinch to zoom around the fingers.
        let pinch = gtk_gesture_zoom_new()!
        var pinchStart = (percent: 100.0, focus: Point(x: 0, y: 0))
        Signal.connect(pinch, "begin") { [unowned self] (_: UnsafeMutableRawPointer?) in
            var x = 0.0, y = 0.0
            gtk_gesture_get_bounding_box_center(pinch, &x, &y)
            pinchStart = (self.zoomPercent, Point(x: x, y: y))
        }
        Signal.connect(pinch, "scale-changed") { [unowned self] (scale: Double) in
            let percent = min(max(pinchStart.percent * scale, ZoomMode.minimumPercent), ZoomMode.maximumPercent)
            self.setZoom(.percent(percent), around: pinchStart.focus)
        }
        gtk_widget_add_controller(canvasWidget, pinch)

        // Drag with the middle button to pan.
        let pan = gtk_gesture_drag_new()!
        gtk_gesture_single_set_button(pan, 2)
        var panStart = Point(x: 0, y: 0)
        Signal.connect(pan, "drag-begin") { [unowned self] (_: Double, _: Double) -> Bool in
            panStart = self.scrollPosition
            return false
        }
        Signal.connect(pan, "drag-update") { [unowned self] (dx: Double, dy: Double) -> Bool in
            self.scroll(by: Point(x: panStart.x - dx - self.scrollPosition.x, y: panStart.y - dy - self.scrollPosition.y))
            return false
        }
        gtk_widget_add_controller(canvasWidget, pan)

        // The mouse's back and forward buttons (8 and 9) go through the jump history.
        let sideButtons = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(sideButtons, 0)
        Signal.connectClick(sideButtons, "pressed") { [unowned self] _, _, _ in
            switch gtk_gesture_single_get_current_button(sideButtons) {
            case 8: self.goThroughHistory(back: true)
            case 9: self.goThroughHistory(back: false)
            default: break
            }
        }
        gtk_widget_add_controller(canvasWidget, sideButtons)

        // The primary button: a press starts a selection (double and triple presses by word
        // and by line), a drag extends it, a click that does not move follows a link.
        let click = gtk_gesture_click_new()!
        var pressedAt = Point(x: 0, y: 0)
        // A press someone held (`takePresses`) is theirs to the end: its release is no click.
        var pressWasHeld = false
        // Double and triple presses counted by `PressCounter`, not GTK 4.8 (see there).
        let settings = UnsafeMutableRawPointer(gtk_settings_get_default())
        var counter = PressCounter(time: Int(quire_object_get_int(settings, "gtk-double-click-time")),
                                   distance: Int(quire_object_get_int(settings, "gtk-double-click-distance")))
        var presses = 1
        Signal.connectClick(click, "pressed") { [unowned self] _, x, y in
            pressedAt = Point(x: x, y: y)
            presses = counter.press(at: pressedAt, time: gtk_event_controller_get_current_event_time(click))
            self.grabFocus()
            let state = gtk_event_controller_get_current_event_state(click)
            let shift = state.rawValue & GDK_SHIFT_MASK.rawValue != 0
            // A drawing tool takes the press first; with none, a press on a drawing is the
            // editing's to hold (`takePresses`); else it selects.
            self.heldPress = nil
            pressWasHeld = false
            if self.drawingInput?.pressed(at: pressedAt, presses: presses, shift: shift) == true { return }
            self.heldPress = presses == 1 ? self.offerPress(at: pressedAt, shift: shift) : nil
            pressWasHeld = self.heldPress != nil
            guard !pressWasHeld else { return }
            self.onPrimaryPress?(presses, pressedAt, shift)
        }
        Signal.connectClick(click, "released") { [unowned self] _, x, y in
            guard self.drawingInput?.takesPointer != true, presses == 1, !pressWasHeld, abs(x - pressedAt.x) < 4, abs(y - pressedAt.y) < 4 else { return }
            self.clickedWithShift = gtk_event_controller_get_current_event_state(click).rawValue & GDK_SHIFT_MASK.rawValue != 0
            self.primaryClicked(at: Point(x: x, y: y))
        }
        gtk_widget_add_controller(canvasWidget, click)
        let drag = gtk_gesture_drag_new()!
        Signal.connect(drag, "drag-update") { [unowned self] (dx: Double, dy: Double) -> Bool in
            counter.dragged(to: Point(x: pressedAt.x + dx, y: pressedAt.y + dy))
            if let drawing = self.drawingInput, drawing.isDrawing {
                self.drawingDragged(drawing, by: drag, to: Point(x: pressedAt.x + dx, y: pressedAt.y + dy))
                return false
            }
            if let held = self.heldPress {
                let shift = gtk_event_controller_get_current_event_state(drag).rawValue & GDK_SHIFT_MASK.rawValue != 0
                held.dragged(Point(x: pressedAt.x + dx, y: pressedAt.y + dy), shift)
                return false
            }
            self.onPrimaryDrag?(Point(x: pressedAt.x + dx, y: pressedAt.y + dy))
            self.autoscroll.dragged(to: Point(x: pressedAt.x + dx, y: pressedAt.y + dy))
            return false
        }
        Signal.connect(drag, "drag-end") { [unowned self] (dx: Double, dy: Double) -> Bool in
            if let drawing = self.drawingInput, drawing.isDrawing {
                // Where the button came up: the last motion may not have been told.
                self.drawingDragged(drawing, by: drag, to: Point(x: pressedAt.x + dx, y: pressedAt.y + dy))
                drawing.released()
                return false
            }
            if let held = self.heldPress {
                self.heldPress = nil
                held.released()
                return false
            }
            self.autoscroll.ended()
            self.onPrimaryRelease?()
            return false
        }
        Signal.connect(drag, "cancel") { [unowned self] (_: UnsafeMutableRawPointer?) in
            self.autoscroll.ended()
            let held = self.heldPress
            self.heldPress = nil
            held?.released()
        }
        gtk_widget_add_controller(canvasWidget, drag)

        // The secondary button: the context menu, on the release. Shown on the press, the
        // popover could take the release and GTK 4.8 warns of broken active-state accounting.
        let menu = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(menu, 3)
        Signal.connectClick(menu, "released") { [unowned self] _, x, y in
            self.onContextMenu?(Point(x: x, y: y))
        }
        gtk_widget_add_controller(canvasWidget, menu)
    }

    private func keyPressed(_ keyval: UInt32, _ modifiers: GdkModifierType) -> Bool {
        let control = modifiers.rawValue & GDK_CONTROL_MASK.rawValue != 0
        let shift = modifiers.rawValue & GDK_SHIFT_MASK.rawValue != 0
        guard modifiers.rawValue & GDK_ALT_MASK.rawValue == 0 else { return false }
        if !control, Int32(keyval) == GDK_KEY_Escape, drawingInput?.escape() == true { return true }
        if !control, onFieldKey?(keyval, shift) == true { return true }
        if onCaretKey?(keyval, control, shift) == true { return true }
        if onAnnotationKey?(keyval, control, shift) == true { return true }
        if onMarkKey?(keyval, control) == true { return true }
        let step = 48.0, screen = viewportHeight * 0.9
        // One page at a time, the keys that move by screens turn the page at its end.
        if !continuous, !control {
            switch Int32(keyval) {
            case GDK_KEY_Page_Down, GDK_KEY_KP_Page_Down: pageDown(forward: true); return true
            case GDK_KEY_Page_Up, GDK_KEY_KP_Page_Up: pageDown(forward: false); return true
            case GDK_KEY_space: pageDown(forward: !shift); return true
            default: break
            }
        }
        switch (Int32(keyval), control) {
        case (GDK_KEY_Down, false), (GDK_KEY_KP_Down, false): scroll(by: Point(x: 0, y: step))
        case (GDK_KEY_Up, false), (GDK_KEY_KP_Up, false): scroll(by: Point(x: 0, y: -step))
        case (GDK_KEY_Right, false), (GDK_KEY_KP_Right, false): scroll(by: Point(x: step, y: 0))
        case (GDK_KEY_Left, false), (GDK_KEY_KP_Left, false): scroll(by: Point(x: -step, y: 0))
        case (GDK_KEY_space, false): scroll(by: Point(x: 0, y: shift ? -screen : screen))
        case (GDK_KEY_Home, _), (GDK_KEY_KP_Home, _): show(page: 0)
        case (GDK_KEY_End, _), (GDK_KEY_KP_End, _): scrollToEnd()
        case (GDK_KEY_n, false): turn(rows: 1)
        case (GDK_KEY_p, false): turn(rows: -1)
        case (GDK_KEY_slash, false), (GDK_KEY_KP_Divide, false): onFindRequested?()
        // Here, not as application shortcuts: in an entry they copy and select its text.
        case (GDK_KEY_c, true), (GDK_KEY_Insert, true): onCopyRequested?()
        case (GDK_KEY_a, true): onSelectAllRequested?()
        case (GDK_KEY_z, true): if shift { onRedoRequested?() } else { onUndoRequested?() }
        case (GDK_KEY_Z, true), (GDK_KEY_y, true): onRedoRequested?()
        case (GDK_KEY_Delete, false), (GDK_KEY_KP_Delete, false): return onDeleteRequested?() ?? false
        case (GDK_KEY_Escape, false): return onEscape?() ?? false
        default: return false
        }
        return true
    }
}
