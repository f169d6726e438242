import Fixtures
import Foundation

/// Openbox inside the test's X server, for what only a window manager does (fullscreen).
/// Other window tests run without one, so the script stops it when it ends.
enum WindowManager {
    /// Script lines that start openbox and wait until it manages windows. Its
    /// configuration (written in `fixtures`) adds Super+F12 to toggle fullscreen and Super+Up
    /// to toggle maximised, as a window manager's own keys would. They also define `wait_for CONDITION`, which polls
    /// a shell condition for 20 s at most, and `geometry`, which prints $window's
    /// "X,Y WxH" and its _NET_WM_STATE.
    static func start(in fixtures: Fixtures) throws -> String {
        let config = fixtures.path("openbox-rc.xml")
        try """
            <?xml version="1.0"?>
            <openbox_config xmlns="http://openbox.org/3.4/rc">
              <keyboard><keybind key="W-F12"><action name="ToggleFullscreen"/></keybind><keybind key="W-Up"><action name="ToggleMaximize"/></keybind></keyboard>
            </openbox_config>
            """.write(toFile: config, atomically: true, encoding: .utf8)
        return """
            wait_for() { local deadline=$((SECONDS + 20)); until eval "$1"; do [ $SECONDS -lt $deadline ] || return 1; sleep 0.05; done; }
            geometry() { eval "$(xdotool getwindowgeometry --shell "$window")"; echo "$X,$Y ${WIDTH}x$HEIGHT $(xprop -id "$window" _NET_WM_STATE)"; }
            # Up when the root names a check window that exists and says it is Openbox (a
            # stale property from an earlier run names a window that is gone).
            openbox_up() { local id; id=$(xprop -root _NET_SUPPORTING_WM_CHECK 2>/dev/null | grep -o '0x[0-9a-f]*') && xprop -id "$id" _NET_WM_NAME 2>/dev/null | grep -q Openbox; }
            # When the previous test's last client leaves, the X server resets, and a client
            # connecting meanwhile is refused: openbox then ends at once ("Failed to open the
            # display"). Started again until it is up.
            start_openbox() { openbox --sm-disable --config-file '\(config)' >/dev/null 2>&1 & openbox=$!; stop_at_exit="$stop_at_exit $openbox"; }
            start_openbox
            wait_for 'openbox_up || { kill -0 $openbox 2>/dev/null || start_openbox; false; }' || { echo "no window manager"; exit 1; }

            """
    }
}
