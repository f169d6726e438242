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
}
