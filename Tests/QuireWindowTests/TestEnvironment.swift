import Foundation

/// The environment of every program a window test starts (Quire, and the scripts that
/// drive it): hermetic whatever runs the tests. Nothing of the person's desktop session,
/// nor a bus another program left, is inherited: a session or accessibility bus address
/// inherited made GTK wait on, or warn about, a bus that was not the test's. And nothing
/// GLib, GTK, fontconfig, Mesa or Quire writes (recent files, caches, settings, state)
/// lands in the machine's home: each run has folders of its own under the temporary
/// folder. The tests that need a session bus start their own (`ownSessionBus`).
enum TestEnvironment {
    /// Variables of a desktop session that would reach outside the run.
    static let sessionVariables = [
        "DBUS_SESSION_BUS_ADDRESS", "AT_SPI_BUS_ADDRESS", "WAYLAND_DISPLAY", "XDG_SESSION_TYPE",
        "XDG_CURRENT_DESKTOP", "DESKTOP_SESSION", "GTK_MODULES", "GTK_THEME", "GDK_BACKEND", "SESSION_MANAGER",
    ]

    /// The test process's environment without the session's variables, with a home, caches,
    /// data, settings, state and runtime folder of the run's own, then `extra` over it.
    static func forRun(stateHome: String = freshStateHome(), _ extra: [String: String] = [:]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for name in sessionVariables { environment[name] = nil }
        let run = freshStateHome()
        for folder in ["home", "cache", "data", "runtime"] {
            try? FileManager.default.createDirectory(atPath: run + "/" + folder, withIntermediateDirectories: true,
                                                     attributes: [.posixPermissions: 0o700])
        }
        environment["HOME"] = run + "/home"
        environment["XDG_CACHE_HOME"] = run + "/cache"
        environment["XDG_DATA_HOME"] = run + "/data"
        environment["XDG_RUNTIME_DIR"] = run + "/runtime"
        environment["XDG_STATE_HOME"] = stateHome
        environment["GDK_BACKEND"] = "x11"
        // No accessibility bus: GTK would ask the session bus to start at-spi-bus-launcher,
        // which outlives the test (issue 47's accessibility tests start theirs explicitly).
        environment["GTK_A11Y"] = "none"
        environment.merge(freshSettings()) { $1 }
        environment.merge(extra) { $1 }
        return environment
    }

    /// Script lines that start a session bus of the script's own (its socket abstract:
    /// a path under the run's folders would pass the 108 bytes a socket name may have),
    /// exported in DBUS_SESSION_BUS_ADDRESS and stopped when the script ends. Its
    /// configuration names no service folder, so nothing of the machine's (the
    /// accessibility bus launcher, portals) is started on it.
    static let ownSessionBus = """
        cat > "$XDG_RUNTIME_DIR/session-bus.conf" <<END
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig>
          <type>session</type>
          <listen>unix:tmpdir=/tmp</listen>
          <auth>EXTERNAL</auth>
          <policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/><allow own="*"/></policy>
        </busconfig>
        END
        { read -r DBUS_SESSION_BUS_ADDRESS; read -r bus; } < <(dbus-daemon --config-file="$XDG_RUNTIME_DIR/session-bus.conf" --fork --print-address=1 --print-pid=1)
        export DBUS_SESSION_BUS_ADDRESS
        stop_at_exit="$stop_at_exit $bus"

        """

    /// The first lines of every script: what it lists in `stop_at_exit` (a bus, a window
    /// manager) is stopped when it ends, however it ends; and the pointer is put near the
    /// screen's corner, where the scripts' moves start (`pointerInSteps`), as the test
    /// before may have left it anywhere (the X server is the run's). Run alone, a test found
    /// it at the screen's centre, over the main menu, whose keys then began at its item.
    static let scriptStart = """
        stop_at_exit=""
        trap 'for pid in $stop_at_exit; do kill $pid 2>/dev/null; wait $pid 2>/dev/null; done' EXIT
        xdotool mousemove 1590 1190
        # `appears SECONDS ARGUMENTS...`: what `xdotool search ARGUMENTS` finds, once it finds
        # something (SECONDS at most, else it fails). xdotool's own --sync looks again only
        # every half second: a window mapped 100 ms after the look began was found at 506 ms.
        appears() {
            local until=$((SECONDS + $1)) found; shift
            while :; do
                found=$(xdotool search "$@" 2>/dev/null)
                [ -n "$found" ] && { echo "$found"; return 0; }
                [ $SECONDS -lt $until ] || return 1
                sleep 0.02
            done
        }

        """
}

/// A state directory of its own for a run, so that no run opens where another left off
/// (tests of remembering pass one explicitly). All of them lie in one folder of the test
/// process's, removed when it exits.
func freshStateHome() -> String {
    let path = TestEnvironment.processFolder + "/state-\(UUID().uuidString)"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

extension TestEnvironment {
    /// The test process's folder for the runs' homes and states, removed at its exit.
    static let processFolder: String = {
        let path = NSTemporaryDirectory() + "quire-tests-\(getpid())-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: TestEnvironment.processFolder) }
        return path
    }()
}

/// Preferences of its own for a run, none shared with another or with the reader's own:
/// GSettings in a keyfile under a fresh config folder (tests of preferences pass one).
/// Scans' text is not recognised there (a core of Tesseract in the background of every
/// test that opens a scan): the tests of recognition turn it on (`recognisingSettings`).
func freshSettings() -> [String: String] {
    let config = freshStateHome()
    try? FileManager.default.createDirectory(atPath: config + "/glib-2.0/settings", withIntermediateDirectories: true)
    try? "[app/quire/Quire]\nrecognise-scans=false\n".write(toFile: config + "/glib-2.0/settings/keyfile", atomically: true, encoding: .utf8)
    return ["GSETTINGS_BACKEND": "keyfile", "XDG_CONFIG_HOME": config]
}

/// Fresh preferences with the Preferences window's defaults: scans' text recognised.
func recognisingSettings() -> [String: String] {
    ["GSETTINGS_BACKEND": "keyfile", "XDG_CONFIG_HOME": freshStateHome()]
}
