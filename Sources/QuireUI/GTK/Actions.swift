import CAdwaita
import CGtk
import CShim

/// GSimpleActions on a window or the application, made from Swift closures: check items
/// whose boolean state the owner sets to what is true, and reads back.
@MainActor
enum Actions {
    /// Adds `name` to `map`, doing `activate`.
    static func add(_ name: String, to map: some GObjectPointer, _ activate: @escaping @MainActor () -> Void) {
        owning(g_simple_action_new(name, nil)!) { action in
            Signal.connect(action, "activate") { (_: UnsafeMutableRawPointer?) in activate() }
            g_action_map_add_action(quire_action_map(map.gobject), action)
        }
    }

    /// Adds `name` to `map` with a boolean state, `initial` at first; `activate` decides
    /// what the state becomes (through `setState`).
    static func addToggle(_ name: String, to map: some GObjectPointer, initial: Bool = false,
                          _ activate: @escaping @MainActor () -> Void) {
        owning(g_simple_action_new_stateful(name, nil, g_variant_new_boolean(initial ? 1 : 0))!) { action in
            Signal.connect(action, "activate") { (_: UnsafeMutableRawPointer?) in activate() }
            g_action_map_add_action(quire_action_map(map.gobject), action)
        }
    }

    /// Adds `name` to `map` with a string state, `initial` at first: each menu item names
    /// the value it stands for (`win.fit::page`), which `activate` is given.
    static func addChoice(_ name: String, to map: some GObjectPointer, initial: String,
                          _ activate: @escaping @MainActor (String) -> Void) {
        let type = g_variant_type_new("s")
        owning(g_simple_action_new_stateful(name, type, g_variant_new_string(initial))!) { action in
            Signal.connectOpaque(action, "activate") { parameter in
                guard let parameter else { return }
                activate(String(cString: g_variant_get_string(parameter, nil)))
            }
            g_action_map_add_action(quire_action_map(map.gobject), action)
        }
        g_variant_type_free(type)
    }

    /// Activates `name` of `group` (an application or a window: one running in another
    /// process too, which it is sent to) with `parameter` (a GVariant, or nil).
    static func activate(_ name: String, of group: some GObjectPointer, _ parameter: OpaquePointer?) {
        g_action_group_activate_action(group.opaque, name, parameter)
    }

    /// Gives `widget` a group of actions named `prefix` ("bookmark" for `bookmark.rename`),
    /// which `add` fills.
    static func addGroup(_ prefix: String, to widget: UnsafeMutablePointer<GtkWidget>,
                         _ add: (UnsafeMutablePointer<GSimpleActionGroup>) -> Void) {
        owning(g_simple_action_group_new()!) { group in
            add(group)
            gtk_widget_insert_action_group(widget, prefix, group.opaque)
        }
    }

    static func setChoice(_ name: String, of map: some GObjectPointer, _ value: String) {
        guard let action = g_action_map_lookup_action(quire_action_map(map.gobject), name) else { return }
        g_simple_action_set_state(action, g_variant_new_string(value))
    }

    /// Makes `name` sensitive or not, and with it the buttons and menu items that name it.
    static func setEnabled(_ name: String, of map: some GObjectPointer, _ enabled: Bool) {
        guard let action = g_action_map_lookup_action(quire_action_map(map.gobject), name) else { return }
        g_simple_action_set_enabled(action, enabled ? 1 : 0)
    }

    static func setState(_ name: String, of map: some GObjectPointer, _ on: Bool) {
        guard let action = g_action_map_lookup_action(quire_action_map(map.gobject), name) else { return }
        g_simple_action_set_state(action, g_variant_new_boolean(on ? 1 : 0))
    }

    static func state(_ name: String, of map: some GObjectPointer) -> Bool {
        guard let action = g_action_map_lookup_action(quire_action_map(map.gobject), name), let state = g_action_get_state(action) else { return false }
        defer { g_variant_unref(state) }
        return g_variant_get_boolean(state) != 0
    }
}
