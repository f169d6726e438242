import CAdwaita
import CGtk

// The two ways QuireUI holds a GObject reference it made or was given, so that no other
// file drops one by hand: kept (`GObjectRef`, dropped when its owner goes) or lent for a
// while (`owning`, dropped when the body returns: an action handed to its map, a menu to
// its button, a layout drawn once, each of which keeps its own reference if it needs one).

/// One GObject reference, dropped in `deinit`. Read `opaque` or `raw` at each use: a copy
/// of the pointer outlives nothing.
final class GObjectRef: GObjectPointer {
    let raw: UnsafeMutableRawPointer

    init(taking object: some GObjectPointer) { raw = object.gobject }

    var gobject: UnsafeMutableRawPointer { raw }

    deinit { g_object_unref(raw) }
}

/// Runs `body` with `object`, a reference the caller owns, and drops it after.
@discardableResult
func owning<Object: GObjectPointer, R>(_ object: Object, _ body: (Object) throws -> R) rethrows -> R {
    defer { g_object_unref(object.gobject) }
    return try body(object)
}

/// A Swift object lent to C as a callback's user data, with the destroy notify that lets
/// it go: C holds one reference from `lend` until it calls `release` (a widget disposed, a
/// model freed, a job done), and callbacks `borrow` it meanwhile. The one place besides
/// `Signal` and `MainLoop` where Swift objects cross into C.
enum CallbackData {
    static func lend(_ object: AnyObject) -> UnsafeMutableRawPointer { Unmanaged.passRetained(object).toOpaque() }

    static func borrow<T>(_ data: UnsafeMutableRawPointer?, as type: T.Type = T.self) -> T {
        // Lent as AnyObject: taken back as the type it was lent as.
        Unmanaged<AnyObject>.fromOpaque(data!).takeUnretainedValue() as! T
    }

    static let release: @convention(c) (UnsafeMutableRawPointer?) -> Void = { data in
        Unmanaged<AnyObject>.fromOpaque(data!).release()
    }
}
