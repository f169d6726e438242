import CAdwaita
import CGtk
import CShim

/// The desktop's light or dark preference, as libadwaita's style manager follows it (the
/// settings portal, or ADW_DEBUG_COLOR_SCHEME): the chrome and the canvas around the pages
/// follow it; the pages stay paper-coloured unless night mode is on.
@MainActor
final class ColourScheme {
    private let manager = adw_style_manager_get_default()!
    private var handler: UInt = 0
    /// Whether the style is dark now.
    var isDark: Bool { adw_style_manager_get_dark(manager) != 0 }

    /// Calls `changed` with whether the style is dark, now and on every change, until `stop`.
    init(_ changed: @escaping @MainActor (Bool) -> Void) {
        let manager = manager
        handler = Signal.connect(manager, "notify::dark") { (_: UnsafeMutableRawPointer?) in
            changed(adw_style_manager_get_dark(manager) != 0)
        }
        changed(adw_style_manager_get_dark(manager) != 0)
    }

    /// The style manager outlives the window: its handler goes with the window.
    func stop() {
        if handler != 0 { Signal.disconnect(manager, handler) }
        handler = 0
    }
}
