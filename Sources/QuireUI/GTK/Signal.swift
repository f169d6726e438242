import CAdwaita
import CGtk
import CShim

/// Connects Swift closures to GObject signals. The closure is retained by the connection
/// and released when the signal handler is destroyed (with its object).
private final class Handler<Body> {
    let body: Body
    init(_ body: Body) { self.body = body }
}

private func body<Body>(_ data: UnsafeMutableRawPointer?) -> Body {
    (Unmanaged<AnyObject>.fromOpaque(data!).takeUnretainedValue() as! Handler<Body>).body
}

@MainActor
enum Signal {
    private static let release: GClosureNotify = { data, _ in
        Unmanaged<AnyObject>.fromOpaque(data!).release()
    }

    private static func connect<Body>(_ instance: some GObjectPointer, _ signal: String, _ body: Body,
                                      _ callback: GCallback) -> UInt {
        let data = Unmanaged.passRetained(Handler(body) as AnyObject).toOpaque()
        return quire_signal_connect(instance.gobject, signal, callback, data, release)
    }

    /// Disconnects the handler `id` (as `connect` returned it) from `instance`.
    static func disconnect(_ instance: some GObjectPointer, _ id: UInt) { g_signal_handler_disconnect(instance.gobject, id) }

    /// For signals with no arguments: `clicked`, `activate`, `destroy`, `close-request` (returns false).
    @discardableResult
    static func connect(_ instance: some GObjectPointer, _ signal: String, _ handler: @escaping @MainActor () -> Void) -> UInt {
        let callback: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> gboolean = { _, data in
            let handler: @MainActor () -> Void = body(data)
            MainActor.assumeIsolated { handler() }
            return 0
        }
        return connect(instance, signal, handler, unsafeBitCast(callback, to: GCallback.self))
    }

    /// A window's `close-request`: true keeps it open.
    @discardableResult
    static func connectCloseRequest(_ window: some GObjectPointer, _ handler: @escaping @MainActor () -> Bool) -> UInt {
        let callback: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> gboolean = { _, data in
            let handler: @MainActor () -> Bool = body(data)
            return MainActor.assumeIsolated { handler() } ? 1 : 0
        }
        return connect(window, "close-request", handler, unsafeBitCast(callback, to: GCallback.self))
    }

    /// For signals with one pointer argument, such as GSimpleAction's `activate` or a dialog's
    /// `response` (an int, passed in the pointer's place).
    @discardableResult
    static func connect(_ instance: some GObjectPointer, _ signal: String,
                        _ handler: @escaping @MainActor (UnsafeMutableRawPointer?) -> Void) -> UInt {
        let callback: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, argument, data in
            let handler: @MainActor (UnsafeMutableRawPointer?) -> Void = body(data)
            MainActor.assumeIsolated { handler(argument) }
        }
        return connect(instance, signal, handler, unsafeBitCast(callback, to: GCallback.self))
    }

    /// For signals whose one argument Swift sees as an opaque pointer: a GSimpleAction's
    /// `activate` (its GVariant parameter, nil for an action without one), a list item
    /// factory's `setup`, `bind` and `unbind` (the GtkListItem).
    @discardableResult
    static func connectOpaque(_ instance: some GObjectPointer, _ signal: String,
                              _ handler: @escaping @MainActor (OpaquePointer?) -> Void) -> UInt {
        let callback: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutableRawPointer?) -> Void = { _, argument, data in
            let handler: @MainActor (OpaquePointer?) -> Void = body(data)
            MainActor.assumeIsolated { handler(argument) }
        }
        return connect(instance, signal, handler, unsafeBitCast(callback, to: GCallback.self))
    }

    /// For signals with one pointer argument whose handler answers, such as AdwTabView's
    /// `close-page` (true: handled).
    @discardableResult
    static func connectAnswering(_ instance: some GObjectPointer, _ signal: String,
                                 _ handler: @escaping @MainActor (UnsafeMutableRawPointer?) -> Bool) -> UInt {
        let callback: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> gboolean = { _, argument, data in
            let handler: @MainActor (UnsafeMutableRawPointer?) -> Bool = body(data)
            return MainActor.assumeIsolated { handler(argument) } ? 1 : 0
        }
        return connect(instance, signal, handler, unsafeBitCast(callback, to: GCallback.self))
    }

    /// GtkEventControllerKey's `key-pressed`: (keyval, keycode, modifiers) → handled.
    @discardableResult
    static func connectKeyPressed(_ controller: some GObjectPointer,
                                  _ handler: @escaping @MainActor (_ keyval: UInt32, _ modifiers: GdkModifierType) -> Bool) -> UInt {
        let callback: @convention(c) (UnsafeMutableRawPointer?, UInt32, UInt32, GdkModifierType, UnsafeMutableRawPointer?) -> gboolean = { _, keyval, _, modifiers, data in
            let handler: @MainActor (UInt32, GdkModifierType) -> Bool = body(data)
            return MainActor.assumeIsolated { handler(keyval, modifiers) } ? 1 : 0
        }
        return connect(controller, "key-pressed", handler, unsafeBitCast(callback, to: GCallback.self))
    }

    /// `widget` lost the keyboard for good (a click elsewhere): `left` runs after this turn
    /// of the main loop, once the focus has gone where it goes, if `widget` did not take it back.
    static func whenFocusLeaves(_ widget: UnsafeMutablePointer<GtkWidget>, _ left: @escaping @MainActor () -> Void) {
        let focus = gtk_event_controller_focus_new()!
        // The controller is the widget's: the widget is alive when it leaves, and kept until the check.
        let raw = widget.gobject
        connect(focus, "leave") {
            let held = GObjectRef(taking: g_object_ref(raw)!)
            MainLoop.invoke {
                guard gtk_widget_has_focus(held.typed(as: GtkWidget.self)) == 0 else { return }
                left()
            }
        }
        gtk_widget_add_controller(widget, focus)
    }

    /// Signals with two doubles: a scroll controller's `scroll` (dx, dy) → handled.
    @discardableResult
    static func connect(_ instance: some GObjectPointer, _ signal: String,
                        _ handler: @escaping @MainActor (Double, Double) -> Bool) -> UInt {
        let callback: @convention(c) (UnsafeMutableRawPointer?, Double, Double, UnsafeMutableRawPointer?) -> gboolean = { _, a, b, data in
            let handler: @MainActor (Double, Double) -> Bool = body(data)
            return MainActor.assumeIsolated { handler(a, b) } ? 1 : 0
        }
        return connect(instance, signal, handler, unsafeBitCast(callback, to: GCallback.self))
    }

    /// Signals with one double: a zoom gesture's `scale-changed`.
    @discardableResult
    static func connect(_ instance: some GObjectPointer, _ signal: String,
                        _ handler: @escaping @MainActor (Double) -> Void) -> UInt {
        let callback: @convention(c) (UnsafeMutableRawPointer?, Double, UnsafeMutableRawPointer?) -> Void = { _, value, data in
            let handler: @MainActor (Double) -> Void = body(data)
            MainActor.assumeIsolated { handler(value) }
        }
        return connect(instance, signal, handler, unsafeBitCast(callback, to: GCallback.self))
    }

    /// GtkGestureClick's `pressed` and `released`: (presses, x, y).
    @discardableResult
    static func connectClick(_ gesture: some GObjectPointer, _ signal: String,
                             _ handler: @escaping @MainActor (_ presses: Int32, _ x: Double, _ y: Double) -> Void) -> UInt {
        let callback: @convention(c) (UnsafeMutableRawPointer?, Int32, Double, Double, UnsafeMutableRawPointer?) -> Void = { _, presses, x, y, data in
            let handler: @MainActor (Int32, Double, Double) -> Void = body(data)
            MainActor.assumeIsolated { handler(presses, x, y) }
        }
        return connect(gesture, signal, handler, unsafeBitCast(callback, to: GCallback.self))
    }

    /// GFileMonitor's `changed`: (file, other file, event); the handler is told only that one came.
    @discardableResult
    static func connectFileChanged(_ monitor: some GObjectPointer, _ handler: @escaping @MainActor () -> Void) -> UInt {
        let callback: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, OpaquePointer?, GFileMonitorEvent,
                                      UnsafeMutableRawPointer?) -> Void = { _, _, _, _, data in
            let handler: @MainActor () -> Void = body(data)
            MainActor.assumeIsolated { handler() }
        }
        return connect(monitor, "changed", handler, unsafeBitCast(callback, to: GCallback.self))
    }

    /// Signals with a pointer and an int: AdwTabView's `page-attached`, `page-detached` and
    /// `page-reordered` (the page, its position).
    @discardableResult
    static func connect(_ instance: some GObjectPointer, _ signal: String,
                        _ handler: @escaping @MainActor (UnsafeMutableRawPointer?, Int32) -> Void) -> UInt {
        let callback: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, Int32, UnsafeMutableRawPointer?) -> Void = { _, argument, position, data in
            let handler: @MainActor (UnsafeMutableRawPointer?, Int32) -> Void = body(data)
            MainActor.assumeIsolated { handler(argument, position) }
        }
        return connect(instance, signal, handler, unsafeBitCast(callback, to: GCallback.self))
    }

    /// Signals with no argument whose handler answers an object, such as AdwTabView's
    /// `create-window` (the tab view of a new window, or nil).
    @discardableResult
    static func connectMaking(_ instance: some GObjectPointer, _ signal: String,
                              _ handler: @escaping @MainActor () -> OpaquePointer?) -> UInt {
        let callback: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> OpaquePointer? = { _, data in
            let handler: @MainActor () -> OpaquePointer? = body(data)
            return OpaquePointer(bitPattern: MainActor.assumeIsolated { handler().map { Int(bitPattern: $0) } ?? 0 })
        }
        return connect(instance, signal, handler, unsafeBitCast(callback, to: GCallback.self))
    }

    /// GApplication's `open`: (files, count, hint).
    @discardableResult
    static func connectOpen(_ application: some GObjectPointer,
                            _ handler: @escaping @MainActor ([OpaquePointer]) -> Void) -> UInt {
        let callback: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<OpaquePointer?>?, Int32,
                                      UnsafePointer<CChar>?, UnsafeMutableRawPointer?) -> Void = { _, files, count, _, data in
            let handler: @MainActor ([OpaquePointer]) -> Void = body(data)
            let list = (0..<Int(count)).compactMap { files?[$0] }
            MainActor.assumeIsolated { handler(list) }
        }
        return connect(application, "open", handler, unsafeBitCast(callback, to: GCallback.self))
    }
}
