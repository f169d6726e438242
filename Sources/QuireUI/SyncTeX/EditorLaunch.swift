import CAdwaita
import CGtk
import QuireEngine
#if canImport(Glibc)
import Glibc
#endif

/// Starts the editor for inverse search: the argument words as given (`EditorCommand`),
/// run directly, without a shell (no word is ever read as shell syntax) and without
/// xdotool, so that it works on Wayland too. The window's process is not confined, so
/// the editor does not inherit a sandbox; GLib closes the window's other descriptors in
/// the child and reaps it.
enum EditorLaunch {
    /// Starts `arguments[0]` (looked up in PATH) with the rest; returns why not, or nil.
    static func start(_ arguments: [String]) -> String? {
        guard !arguments.isEmpty else { return tr("the editor command is empty") }
        var argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var error: UnsafeMutablePointer<GError>?
        let started = argv.withUnsafeMutableBufferPointer { argv in
            g_spawn_async(nil, argv.baseAddress, nil, G_SPAWN_SEARCH_PATH, nil, nil, nil, &error)
        }
        guard started == 0 else { return nil }
        defer { g_clear_error(&error) }
        return error.map { String(cString: $0.pointee.message) } ?? tr("it could not be started")
    }
}
