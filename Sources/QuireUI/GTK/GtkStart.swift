import CGtk
import QuireEngine
#if canImport(Glibc)
import Glibc
#endif

/// GTK starts here, before the application runs, for one reason: GTK parses its own
/// Adwaita stylesheet when it makes its settings, and libadwaita then sets the theme to
/// an empty one and loads its own, so that first parse is thrown away (39 ms of a bare
/// libadwaita window's 175 ms to content under viewer-bench here). So `GTK_THEME` names
/// that empty theme while GTK makes its settings, and goes again before libadwaita reads
/// it (libadwaita styles nothing while it is set) and before anything is launched. A
/// `GTK_THEME` the user set is theirs, and stays. Called while the process has one
/// thread, since the environment is changed.
enum GtkStart {
    /// False when GTK could not open the display: GTK is then half started and must not
    /// be started again (the application's start would crash), so the caller ends, as
    /// GTK's own start would have, with its words.
    static func withoutItsOwnTheme() -> Bool {
        let named = Environment.string("GTK_THEME") == nil
        if named { setenv("GTK_THEME", emptyTheme, 1) }
        defer { if named { unsetenv("GTK_THEME") } }
        guard gtk_init_check() != 0 else { return false }
        _ = gtk_settings_get_default()
        return true
    }

    /// What GTK says when it cannot start.
    static var noDisplay: String { tr("cannot open display: {display}", ["display": Environment.string("DISPLAY") ?? ""]) }

    /// libadwaita's choice for GTK's theme (adw-style-manager.c, 1.2): GTK's built-in empty one.
    static let emptyTheme = "Adwaita-empty"
}
