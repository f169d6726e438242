import CGtk
#if canImport(Glibc)
import Glibc
#endif

/// Whether a D-Bus session bus can be reached without starting one. Without it Quire runs
/// as a lone instance, quietly, instead of GLib trying to autolaunch a bus or warning.
enum SessionBus {
    static var isAvailable: Bool {
        if let address = Environment.string("DBUS_SESSION_BUS_ADDRESS"), !address.isEmpty { return true }
        guard let runtime = Environment.string("XDG_RUNTIME_DIR") else { return false }
        return access("\(runtime)/bus", F_OK) == 0
    }

    /// Whether a process owns `name` on the session bus now (a Quire running, that this
    /// launch will hand its files to): one call over the connection GApplication uses later.
    static func isOwned(_ name: String) -> Bool {
        guard isAvailable, let connection = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, nil) else { return false }
        defer { g_object_unref(UnsafeMutableRawPointer(connection)) }
        var argument: OpaquePointer? = g_variant_new_string(name)
        let arguments = g_variant_new_tuple(&argument, 1)
        guard let reply = g_dbus_connection_call_sync(connection, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                                      "NameHasOwner", arguments, nil, G_DBUS_CALL_FLAGS_NONE, 1000, nil, nil) else { return false }
        defer { g_variant_unref(reply) }
        let answer = g_variant_get_child_value(reply, 0)
        defer { g_variant_unref(answer) }
        return g_variant_get_boolean(answer) != 0
    }
}
