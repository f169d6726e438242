import CAdwaita
import CGtk
import CShim
import QuireEngine

/// The Preferences window (Ctrl+comma, `app.preferences`): how documents start (zoom,
/// layout, night mode, reopening where left, the last session, tabs), printing annotations, the picture cache and
/// the SyncTeX editor command. A choice is stored as it is made (`Settings`) and holds from the next document
/// opened: documents already shown keep their views. One window at a time.
@MainActor
final class PreferencesWindow {
    private static var shown: PreferencesWindow?

    private let window: UnsafeMutablePointer<GtkWidget>
    private let settings: Settings

    /// Shows the window over `parent` (or brings it forward if it is open).
    static func present(over parent: UnsafeMutablePointer<GtkWidget>?, settings: Settings, configuration: Configuration) {
        let preferences = shown ?? PreferencesWindow(settings: settings, configuration: configuration)
        shown = preferences
        if let parent { gtk_window_set_transient_for(quire_window(UnsafeMutableRawPointer(preferences.window)), quire_window(UnsafeMutableRawPointer(parent))) }
        gtk_window_present(quire_window(UnsafeMutableRawPointer(preferences.window)))
    }

    private init(settings: Settings, configuration: Configuration) {
        self.settings = settings
        window = adw_preferences_window_new()
        let toplevel = quire_window(UnsafeMutableRawPointer(window))
        gtk_window_set_modal(toplevel, 1)
        gtk_window_set_title(toplevel, tr("Preferences"))
        gtk_window_set_default_size(toplevel, 640, 800)
        adw_preferences_window_set_search_enabled(cast(window), 0)
        Signal.connect(window, "destroy") { PreferencesWindow.shown = nil }

        let stored = settings.preferences
        let page = adw_preferences_page_new()!
        adw_preferences_page_set_title(cast(page), tr("General"))
        adw_preferences_page_set_icon_name(cast(page), "preferences-system-symbolic")

        let documents = group(tr("New Documents"), description: tr("How a document opens for the first time. A document already shown keeps its view."))
        var zooms = Preferences.zoomChoices
        if !zooms.contains(stored.zoom) { zooms.append(stored.zoom) }
        add(combo(tr("_Zoom"), zooms.map(Self.label), selected: zooms.firstIndex(of: stored.zoom)!) { [settings] index in
            settings.change { $0.zoom = zooms[index] }
        }, to: documents)
        let arrangements = PageLayout.Arrangement.arguments.map(\.1)
        add(combo(tr("_Layout"), arrangements.map(Self.label), selected: arrangements.firstIndex(of: stored.arrangement) ?? 0) { [settings] index in
            settings.change { $0.arrangement = arrangements[index] }
        }, to: documents)
        add(switchRow(tr("_Continuous"), subtitle: tr("Scroll through the pages; off, Page Down turns them one at a time"), on: stored.continuous) { [settings] on in
            settings.change { $0.continuous = on }
        }, to: documents)
        add(switchRow(tr("_Night Mode"), subtitle: tr("Pages in inverted lightness, hues kept"), on: stored.night) { [settings] on in
            settings.change { $0.night = on }
        }, to: documents)

        let reopening = group(tr("Reopening and Tabs"), description: nil)
        add(switchRow(tr("_Reopen Documents Where I Left Them"), subtitle: tr("At their page, zoom, layout, sidebar and night mode"),
                      on: stored.reopensWhereLeft) { [settings] on in
            settings.change { $0.reopensWhereLeft = on }
        }, to: reopening)
        add(switchRow(tr("Reopen the _Last Session’s Documents"), subtitle: tr("When Quire starts without a file, the tabs it had when it ended"),
                      on: stored.reopensLastSession) { [settings] on in
            settings.change { $0.reopensLastSession = on }
        }, to: reopening)
        add(switchRow(tr("Open Documents in _Tabs"), subtitle: tr("A document opened while a window shows another becomes its tab; off, it has a window of its own"),
                      on: stored.opensInTabs) { [settings] on in
            settings.change { $0.opensInTabs = on }
        }, to: reopening)

        let printing = group(tr("Printing"), description: nil)
        add(switchRow(tr("Print _Annotations"), subtitle: tr("Highlights, notes and other marks, as the pages show them"),
                      on: stored.printsAnnotations) { [settings] on in
            settings.change { $0.printsAnnotations = on }
        }, to: printing)

        let memory = group(tr("Memory"), description: nil)
        add(cacheRow(stored: stored, configuration: configuration), to: memory)

        let syncTeX = group(tr("SyncTeX"), description: tr("Ctrl+click on a page runs this command for the page’s source line, such as gvim --remote +%{line} %{input} (%{column} too)."))
        add(editorCommandRow(), to: syncTeX)

        for group in [documents, reopening, printing, memory, syncTeX] { adw_preferences_page_add(cast(page), cast(group)) }
        adw_preferences_window_add(cast(window), cast(page))
        if !settings.keeps {
            adw_preferences_window_add_toast(cast(window), adw_toast_new(tr("The settings schema is not installed: these choices last until Quire ends")))
        }
    }

    private static func label(_ zoom: ZoomMode) -> String {
        switch zoom {
        case .fitWidth: tr("Fit Width")
        case .fitPage: tr("Fit Page")
        case .fitInk: tr("Smart Fit")
        case .percent(let value):
            // xgettext:no-c-format
            tr("{percent} %", ["percent": value == value.rounded() ? String(Int(value)) : String(value)])
        }
    }

    private static func label(_ arrangement: PageLayout.Arrangement) -> String {
        switch arrangement {
        case .single: tr("Single Pages")
        case .dual(true, false): tr("Dual Pages")
        case .dual(false, false): tr("Dual Pages, Cover Alone")
        case .dual(true, true): tr("Dual Pages, Right to Left")
        case .dual(false, true): tr("Dual Pages, Cover Alone, Right to Left")
        }
    }

    /// "Automatic" (the machine's share) and the sizes offered; insensitive while
    /// `QUIRE_CACHE_MB` decides.
    private func cacheRow(stored: Preferences, configuration: Configuration) -> UnsafeMutablePointer<GtkWidget> {
        let sizes = Preferences.cacheChoicesMiB + (stored.cacheMiB.map { Preferences.cacheChoicesMiB.contains($0) ? [] : [$0] } ?? [])
        let mebibytes = String(configuration.pictureCacheBytes >> 20)
        let automatic = configuration.pictureCacheFromEnvironment ? tr("Automatic") : tr("Automatic ({size} MiB)", ["size": mebibytes])
        let row = combo(tr("_Picture Cache"), [automatic] + sizes.map { tr("{size} MiB", ["size": String($0)]) },
                        selected: stored.cacheMiB.flatMap { sizes.firstIndex(of: $0) }.map { $0 + 1 } ?? 0) { [settings] index in
            settings.change { $0.cacheMiB = index == 0 ? nil : sizes[index - 1] }
        }
        if configuration.pictureCacheFromEnvironment {
            adw_action_row_set_subtitle(cast(row), tr("Set to {size} MiB by QUIRE_CACHE_MB", ["size": mebibytes]))
            gtk_widget_set_sensitive(row, 0)
        } else {
            adw_action_row_set_subtitle(cast(row), tr("Rendered pages kept in memory, for scrolling back"))
        }
        return row
    }

    /// The command, stored when applied (Enter or the row's button); one that does not
    /// parse is marked and not stored; an empty one clears it.
    private func editorCommandRow() -> UnsafeMutablePointer<GtkWidget> {
        let row = adw_entry_row_new()!
        adw_preferences_row_set_title(cast(row), tr("_Editor Command"))
        adw_preferences_row_set_use_underline(cast(row), 1)
        adw_entry_row_set_show_apply_button(cast(row), 1)
        let current: String?
        do { current = try settings.editorCommand() } catch {
            current = nil
            printError(error.description)
        }
        gtk_editable_set_text(OpaquePointer(row), current ?? "")
        Signal.connect(row, "apply") { [settings] in
            let text = String(cString: gtk_editable_get_text(OpaquePointer(row))).trimmingCharacters(in: .whitespaces)
            if !text.isEmpty, (try? EditorCommand(text)) == nil {
                gtk_widget_add_css_class(row, "error")
                return
            }
            gtk_widget_remove_css_class(row, "error")
            settings.setEditorCommand(text)
        }
        return row
    }

    private func group(_ title: String, description: String?) -> UnsafeMutablePointer<GtkWidget> {
        let group = adw_preferences_group_new()!
        adw_preferences_group_set_title(cast(group), title)
        if let description { adw_preferences_group_set_description(cast(group), description) }
        return group
    }

    private func add(_ row: UnsafeMutablePointer<GtkWidget>, to group: UnsafeMutablePointer<GtkWidget>) {
        adw_preferences_group_add(cast(group), row)
    }

    /// A row choosing one of `labels`; `changed` is given the index chosen.
    private func combo(_ title: String, _ labels: [String], selected: Int, changed: @escaping @MainActor (Int) -> Void) -> UnsafeMutablePointer<GtkWidget> {
        let row = adw_combo_row_new()!
        adw_preferences_row_set_title(cast(row), title)
        adw_preferences_row_set_use_underline(cast(row), 1)
        var strings = labels.map { strdup($0) } + [nil]
        defer { strings.forEach { free($0) } }
        let model = strings.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) { gtk_string_list_new($0)! }
        }
        owning(model) { (list: OpaquePointer) in
            let comboRow: UnsafeMutablePointer<AdwComboRow> = cast(row)
            adw_combo_row_set_model(comboRow, list)
        }
        adw_combo_row_set_selected(cast(row), guint(selected))
        // Not while the row goes (its model taken away, nothing selected).
        Signal.connect(row, "notify::selected") { (_: UnsafeMutableRawPointer?) in
            let index = Int(adw_combo_row_get_selected(cast(row)))
            if labels.indices.contains(index) { changed(index) }
        }
        return row
    }

    /// A row with a switch at its end; a click or Enter on the row flips it.
    private func switchRow(_ title: String, subtitle: String, on: Bool, changed: @escaping @MainActor (Bool) -> Void) -> UnsafeMutablePointer<GtkWidget> {
        let row = adw_action_row_new()!
        adw_preferences_row_set_title(cast(row), title)
        adw_preferences_row_set_use_underline(cast(row), 1)
        adw_action_row_set_subtitle(cast(row), subtitle)
        let toggle = gtk_switch_new()!
        gtk_switch_set_active(OpaquePointer(toggle), on ? 1 : 0)
        gtk_widget_set_valign(toggle, GTK_ALIGN_CENTER)
        adw_action_row_add_suffix(cast(row), toggle)
        adw_action_row_set_activatable_widget(cast(row), toggle)
        Signal.connect(toggle, "notify::active") { (_: UnsafeMutableRawPointer?) in
            changed(gtk_switch_get_active(OpaquePointer(toggle)) != 0)
        }
        return row
    }
}

/// A widget as the libadwaita type it is (GObject's cast macros do not reach Swift).
@MainActor
private func cast<T>(_ widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<T> {
    UnsafeMutableRawPointer(widget).assumingMemoryBound(to: T.self)
}
