import CAdwaita
import CGtk
import QuireEngine

/// Quire's preferences in GSettings (schema `app.quire.Quire`, data/app.quire.Quire.gschema.xml).
/// The schema is looked up first in the source tree Quire runs from (`.build/schemas`,
/// compiled by scripts/run.sh and scripts/test.sh), then where GLib looks (an installed
/// Quire); without one — `g_settings_new` would abort — the built-in defaults hold, nothing
/// is kept, and one line on stderr says so.
@MainActor
final class Settings {
    static let shared = Settings()
    static let compiledInSourceTree = ".build/schemas/gschemas.compiled"

    private let settings: GObjectRef?

    private init() {
        guard let schema = Self.schema() else {
            printError("Preferences are not kept: the settings schema \(Application.id) is not installed, or is an older Quire's (built-in defaults hold)")
            settings = nil
            return
        }
        defer { g_settings_schema_unref(schema) }
        settings = g_settings_new_full(schema, nil, nil).map { GObjectRef(taking: $0) }
    }

    /// Whether preferences are kept (a schema was found).
    var keeps: Bool { settings != nil }

    /// The schema, from the source tree's compiled folder or GLib's, if it has every key
    /// (reading a key it lacks would abort too: an older Quire's); the caller unrefs it.
    private static func schema() -> OpaquePointer? {
        let installed = g_settings_schema_source_get_default()
        if let compiled = ExecutableLocation.inSourceTree(compiledInSourceTree) {
            let folder = String(compiled.dropLast("/gschemas.compiled".count))
            if let source = g_settings_schema_source_new_from_directory(folder, installed, 0, nil) {
                defer { g_settings_schema_source_unref(source) }
                if let schema = complete(g_settings_schema_source_lookup(source, Application.id, 0)) { return schema }
            }
        }
        guard let installed else { return nil }
        return complete(g_settings_schema_source_lookup(installed, Application.id, 1))
    }

    private static func complete(_ schema: OpaquePointer?) -> OpaquePointer? {
        guard let schema else { return nil }
        if Preferences.Key.all.allSatisfy({ g_settings_schema_has_key(schema, $0) != 0 }) { return schema }
        g_settings_schema_unref(schema)
        return nil
    }

    /// The preferences stored (the defaults where nothing is kept).
    var preferences: Preferences {
        guard let settings else { return Preferences() }
        typealias Key = Preferences.Key
        var stored = Preferences.Stored()
        stored.zoom = string(Key.zoom, in: settings)
        stored.layout = string(Key.layout, in: settings)
        stored.continuous = g_settings_get_boolean(pointer(settings), Key.continuous) != 0
        stored.night = g_settings_get_boolean(pointer(settings), Key.night) != 0
        stored.reopen = g_settings_get_boolean(pointer(settings), Key.reopen) != 0
        stored.cacheMiB = Int(g_settings_get_int(pointer(settings), Key.cacheMiB))
        stored.printAnnotations = g_settings_get_boolean(pointer(settings), Key.printAnnotations) != 0
        stored.tabs = g_settings_get_boolean(pointer(settings), Key.tabs) != 0
        stored.lastSession = g_settings_get_boolean(pointer(settings), Key.lastSession) != 0
        stored.voiceRate = Int(g_settings_get_int(pointer(settings), Key.voiceRate))
        stored.recognise = g_settings_get_boolean(pointer(settings), Key.recognise) != 0
        stored.recognitionLanguages = strings(Key.recognitionLanguages, in: settings)
        stored.textStoreMiB = Int(g_settings_get_int(pointer(settings), Key.textStoreMiB))
        stored.webDownloadLimitMiB = Int(g_settings_get_int(pointer(settings), Key.webDownloadLimitMiB))
        return Preferences(stored)
    }

    /// Stores what `change` makes of the preferences: the keys it changed only, so that the
    /// others keep following the schema's defaults.
    func change(_ change: (inout Preferences) -> Void) {
        guard let settings else { return }
        typealias Key = Preferences.Key
        var preferences = self.preferences
        let before = preferences.stored
        change(&preferences)
        let after = preferences.stored, gsettings = pointer(settings)
        if after.zoom != before.zoom { g_settings_set_string(gsettings, Key.zoom, after.zoom) }
        if after.layout != before.layout { g_settings_set_string(gsettings, Key.layout, after.layout) }
        if after.continuous != before.continuous { g_settings_set_boolean(gsettings, Key.continuous, after.continuous ? 1 : 0) }
        if after.night != before.night { g_settings_set_boolean(gsettings, Key.night, after.night ? 1 : 0) }
        if after.reopen != before.reopen { g_settings_set_boolean(gsettings, Key.reopen, after.reopen ? 1 : 0) }
        if after.cacheMiB != before.cacheMiB { g_settings_set_int(gsettings, Key.cacheMiB, Int32(after.cacheMiB)) }
        if after.voiceRate != before.voiceRate { g_settings_set_int(gsettings, Key.voiceRate, Int32(after.voiceRate)) }
        if after.textStoreMiB != before.textStoreMiB { g_settings_set_int(gsettings, Key.textStoreMiB, Int32(after.textStoreMiB)) }
        if after.recognitionLanguages != before.recognitionLanguages {
            var names = after.recognitionLanguages.map { strdup($0) } + [nil]
            defer { names.forEach { free($0) } }
            names.withUnsafeMutableBufferPointer { buffer in
                buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                    _ = g_settings_set_strv(gsettings, Key.recognitionLanguages, $0)
                }
            }
        }
        if after.webDownloadLimitMiB != before.webDownloadLimitMiB {
            g_settings_set_int(gsettings, Key.webDownloadLimitMiB, Int32(after.webDownloadLimitMiB))
        }
        for (key, value, old) in [(Key.printAnnotations, after.printAnnotations, before.printAnnotations), (Key.tabs, after.tabs, before.tabs),
                                  (Key.lastSession, after.lastSession, before.lastSession), (Key.recognise, after.recognise, before.recognise)]
            where value != old {
            g_settings_set_boolean(gsettings, key, value ? 1 : 0)
        }
    }

    /// The SyncTeX editor command: the preference, or until it was ever set the file
    /// `--synctex-editor-command` wrote before there were preferences (then copied over);
    /// where nothing is kept, that file alone.
    func editorCommand() throws(EditorCommandSetting.Failure) -> String? {
        guard let settings else { return try EditorCommandSetting().read() }
        let stored: String? = g_settings_get_user_value(pointer(settings), Preferences.Key.editorCommand).map { value in
            defer { g_variant_unref(value) }
            return String(cString: g_variant_get_string(value, nil))
        }
        let (command, migrate) = try Preferences.editorCommand(stored: stored) { () throws(EditorCommandSetting.Failure) in
            try EditorCommandSetting().read()
        }
        if let migrate { setEditorCommand(migrate) }
        return command
    }

    /// Remembers the editor command (the file where nothing is kept).
    func setEditorCommand(_ template: String) {
        guard let settings else {
            do { try EditorCommandSetting().write(template) } catch { printError(error.description) }
            return
        }
        g_settings_set_string(pointer(settings), Preferences.Key.editorCommand, template)
    }

    /// The colour each kind of markup takes next, as the reader last chose it (a dictionary
    /// of names: `MarkupColours.stored`); the kinds' own where nothing is kept.
    var markupColours: MarkupColours {
        guard let settings, let value = g_settings_get_value(pointer(settings), Preferences.Key.markupColours) else { return MarkupColours() }
        defer { g_variant_unref(value) }
        var stored: [String: String] = [:]
        for index in 0..<g_variant_n_children(value) {
            guard let entry = g_variant_get_child_value(value, index) else { continue }
            defer { g_variant_unref(entry) }
            func string(_ at: gsize) -> String {
                guard let child = g_variant_get_child_value(entry, at) else { return "" }
                defer { g_variant_unref(child) }
                return String(cString: g_variant_get_string(child, nil))
            }
            stored[string(0)] = string(1)
        }
        return MarkupColours(stored: stored)
    }

    /// Remembers the colour the reader gave a markup of `kind`, for the next ones.
    func rememberColour(_ colour: Markup.Colour, for kind: Markup.Kind) {
        guard let settings else { return }
        var colours = markupColours
        colours.choose(colour, for: kind)
        let entries: [OpaquePointer?] = colours.stored.sorted { $0.key < $1.key }.map { key, name in
            g_variant_new_dict_entry(g_variant_new_string(key), g_variant_new_string(name))
        }
        let type = g_variant_type_new("{ss}")
        defer { g_variant_type_free(type) }
        entries.withUnsafeBufferPointer { children in
            g_settings_set_value(pointer(settings), Preferences.Key.markupColours, g_variant_new_array(type, children.baseAddress, gsize(children.count)))
        }
    }

    /// Writes what is still pending (before the process ends).
    func sync() { if settings != nil { g_settings_sync() } }

    private func string(_ key: String, in settings: GObjectRef) -> String {
        guard let value = g_settings_get_string(pointer(settings), key) else { return "" }
        defer { g_free(value) }
        return String(cString: value)
    }

    private func strings(_ key: String, in settings: GObjectRef) -> [String] {
        guard let values = g_settings_get_strv(pointer(settings), key) else { return [] }
        defer { g_strfreev(values) }
        var strings: [String] = []
        var at = 0
        while let value = values[at], strings.count < 64 {
            strings.append(String(cString: value))
            at += 1
        }
        return strings
    }

    private func pointer(_ settings: GObjectRef) -> UnsafeMutablePointer<GSettings> { settings.raw.assumingMemoryBound(to: GSettings.self) }
}
