import CGtk
import QuireEngine

/// Hands an address that `URIPolicy` let through (web or mail) to the program the desktop
/// opens it with. Asked first: is a program set for its scheme (GIO's default handler), or
/// is a desktop portal on the session bus to offer one? With neither, GLib still asks for
/// a portal, and the reader saw nothing until D-Bus gave up on it (25 s), then GTK's
/// generic error; Quire says at once instead (`URIPolicy.noProgram`).
@MainActor
enum AddressLaunch {
    /// Opens `uri` over `window`; false, opening nothing, when no program can.
    static func open(_ uri: String, over window: UnsafeMutablePointer<GtkWindow>) -> Bool {
        guard hasProgram(for: uri) || portalIsOnTheBus else { return false }
        gtk_show_uri(window, uri, UInt32(GDK_CURRENT_TIME))
        return true
    }

    private static func hasProgram(for uri: String) -> Bool {
        guard let scheme = g_uri_parse_scheme(uri) else { return false }
        defer { g_free(scheme) }
        guard let program = g_app_info_get_default_for_uri_scheme(scheme) else { return false }
        return owning(program) { _ in true }
    }

    static let portal = "org.freedesktop.portal.Desktop"

    /// Whether the portal runs, or D-Bus would start it: asked of the bus itself, which
    /// answers at once (a second at most), never of the portal.
    private static var portalIsOnTheBus: Bool {
        guard SessionBus.isAvailable, let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, nil) else { return false }
        return owning(bus) { bus in
            if let owned = askBus(bus, "NameHasOwner", argument: portal) {
                let answer = g_variant_get_child_value(owned, 0)!
                defer { g_variant_unref(answer); g_variant_unref(owned) }
                if g_variant_get_boolean(answer) != 0 { return true }
            }
            guard let activatable = askBus(bus, "ListActivatableNames") else { return false }
            defer { g_variant_unref(activatable) }
            let names = g_variant_get_child_value(activatable, 0)!
            defer { g_variant_unref(names) }
            return (0..<g_variant_n_children(names)).contains { index in
                let name = g_variant_get_child_value(names, index)!
                defer { g_variant_unref(name) }
                return String(cString: g_variant_get_string(name, nil)) == portal
            }
        }
    }

    /// The bus's answer to `method` (with one string `argument`, or none), nil on any error.
    private static func askBus(_ bus: OpaquePointer, _ method: String, argument: String? = nil) -> OpaquePointer? {
        var children: [OpaquePointer?] = argument.map { [g_variant_new_string($0)] } ?? []
        let parameters = g_variant_new_tuple(&children, gsize(children.count))
        return g_dbus_connection_call_sync(bus, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", method,
                                           parameters, nil, G_DBUS_CALL_FLAGS_NONE, 1000, nil, nil)
    }
}
