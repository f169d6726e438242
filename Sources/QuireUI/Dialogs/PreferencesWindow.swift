import CAdwaita
import CGtk
import CShim
import QuireEngine
import QuireRemote

/// The Preferences window (Ctrl+comma, `app.preferences`): how documents start (zoom,
/// layout, night mode, reopening where left, the last session, tabs), scanned pages (recognition and
/// its languages), printing annotations, the picture cache, the text store,
/// Read Aloud's voice rate and the SyncTeX editor command. A choice is stored as it is made (`Settings`) and holds from the next document
/// opened: documents already shown keep their views. One window at a time.
@MainActor
final class PreferencesWindow {
    private static var shown: PreferencesWindow?

    private let preferences = Adw.PreferencesWindow()
    private var window: Window { preferences.window }
    private let settings: Settings

    /// Shows the window over `parent` (or brings it forward if it is open).
    static func present(over parent: UnsafeMutablePointer<GtkWidget>?, settings: Settings, configuration: Configuration) {
        let preferences = shown ?? PreferencesWindow(settings: settings, configuration: configuration)
        shown = preferences
        if let parent { preferences.window.setTransient(for: Window(parent)) }
        preferences.window.presentDialog()
    }

    private init(settings: Settings, configuration: Configuration) {
        self.settings = settings
        window.setModal(true)
        window.title = tr("Preferences")
        window.setDefaultSize(width: 640, height: 800)
        preferences.setSearchEnabled(false)
        Signal.connect(window.widget, "destroy") { PreferencesWindow.shown = nil }

        let stored = settings.preferences
        let page = Adw.PreferencesPage(title: tr("General"), icon: "preferences-system-symbolic")

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

        let scans = group(tr("Scanned Pages"), description: nil)
        add(switchRow(tr("Reco_gnise Text"), subtitle: tr("Read the words of pages that are pictures of paper, so that Find, selection and screen readers can use them"),
                      on: stored.recognisesScans) { [settings] on in
            settings.change { $0.recognisesScans = on }
        }, to: scans)
        // A document is read in its own language (its /Lang) or the reader's, and English;
        // the reader adds others here, among those installed.
        for language in (RemoteRecognizer.installed()?.languages ?? []).sorted() where language != "eng" {
            add(switchRow(RecognitionLanguages.name(of: language), subtitle: tr("Read every scan in this language too"),
                          on: stored.recognitionLanguages.contains(language)) { [settings] on in
                settings.change { preferences in
                    preferences.recognitionLanguages.removeAll { $0 == language }
                    if on { preferences.recognitionLanguages.append(language) }
                }
            }, to: scans)
        }

        let printing = group(tr("Printing"), description: nil)
        add(switchRow(tr("Print _Annotations"), subtitle: tr("Highlights, notes and other marks, as the pages show them"),
                      on: stored.printsAnnotations) { [settings] on in
            settings.change { $0.printsAnnotations = on }
        }, to: printing)

        let memory = group(tr("Memory"), description: nil)
        add(cacheRow(stored: stored, configuration: configuration), to: memory)
        add(textStoreRow(stored: stored), to: memory)

        let speech = group(tr("Read Aloud"), description: nil)
        var rates = Preferences.voiceRateChoices
        if !rates.contains(stored.voiceRate) { rates.append(stored.voiceRate) }
        add(combo(tr("_Voice Rate"), rates.map(Self.rateLabel), selected: rates.firstIndex(of: stored.voiceRate)!) { [settings] index in
            settings.change { $0.voiceRate = rates[index] }
        }, to: speech)

        let syncTeX = group(tr("SyncTeX"), description: tr("Ctrl+click on a page runs this command for the page’s source line, such as gvim --remote +%{line} %{input} (%{column} too)."))
        add(editorCommandRow(), to: syncTeX)

        for group in [documents, reopening, scans, printing, memory, speech, syncTeX] { page.add(group) }
        preferences.add(page)
        if !settings.keeps {
            preferences.add(Adw.Toast(markup: tr("The settings schema is not installed: these choices last until Quire ends")))
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

    private static func rateLabel(_ rate: Int) -> String {
        switch rate {
        case 0: tr("The Voice’s Own")
        case -50: tr("Slow")
        case -25: tr("A Little Slower")
        case 25: tr("A Little Faster")
        case 50: tr("Fast")
        default: rate < 0 ? tr("Slower ({rate})", ["rate": String(rate)]) : tr("Faster (+{rate})", ["rate": String(rate)])
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

    /// "Off" and the sizes offered for the text store on disk.
    private func textStoreRow(stored: Preferences) -> UnsafeMutablePointer<GtkWidget> {
        let sizes = Preferences.textStoreChoicesMiB + (stored.textStoreMiB == 0 || Preferences.textStoreChoicesMiB.contains(stored.textStoreMiB) ? [] : [stored.textStoreMiB])
        let row = combo(tr("_Text Store"), [tr("Off")] + sizes.map { tr("{size} MiB", ["size": String($0)]) },
                        selected: sizes.firstIndex(of: stored.textStoreMiB).map { $0 + 1 } ?? 0) { [settings] index in
            settings.change { $0.textStoreMiB = index == 0 ? 0 : sizes[index - 1] }
        }
        Adw.ActionRow(row).setSubtitle(tr("Documents' text kept on disk, so that a document reopened is searched at once"))
        return row
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
            Adw.ActionRow(row).setSubtitle(tr("Set to {size} MiB by QUIRE_CACHE_MB", ["size": mebibytes]))
            gtk_widget_set_sensitive(row, 0)
        } else {
            Adw.ActionRow(row).setSubtitle(tr("Rendered pages kept in memory, for scrolling back"))
        }
        return row
    }

    /// The command, stored when applied (Enter or the row's button); one that does not
    /// parse is marked and not stored; an empty one clears it.
    private func editorCommandRow() -> UnsafeMutablePointer<GtkWidget> {
        let entry = Adw.EntryRow(title: tr("_Editor Command"))
        let row = entry.widget
        let current: String?
        do { current = try settings.editorCommand() } catch {
            current = nil
            printError(error.description)
        }
        entry.editable.text = current ?? ""
        Signal.connect(row, "apply") { [settings] in
            let text = entry.editable.text.trimmingCharacters(in: .whitespaces)
            if !text.isEmpty, (try? EditorCommand(text)) == nil {
                gtk_widget_add_css_class(row, "error")
                return
            }
            gtk_widget_remove_css_class(row, "error")
            settings.setEditorCommand(text)
        }
        return row
    }

    private func group(_ title: String, description: String?) -> Adw.PreferencesGroup {
        Adw.PreferencesGroup(title: title, description: description)
    }

    private func add(_ row: UnsafeMutablePointer<GtkWidget>, to group: Adw.PreferencesGroup) {
        group.add(row)
    }

    /// A row choosing one of `labels`; `changed` is given the index chosen.
    private func combo(_ title: String, _ labels: [String], selected: Int, changed: @escaping @MainActor (Int) -> Void) -> UnsafeMutablePointer<GtkWidget> {
        let combo = Adw.ComboRow(title: title)
        var strings = labels.map { strdup($0) } + [nil]
        defer { strings.forEach { free($0) } }
        let model = strings.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) { gtk_string_list_new($0)! }
        }
        owning(model) { combo.setModel($0) }
        combo.selected = selected
        // Not while the row goes (its model taken away, nothing selected).
        Signal.connect(combo.widget, "notify::selected") { (_: UnsafeMutableRawPointer?) in
            let index = combo.selected
            if labels.indices.contains(index) { changed(index) }
        }
        return combo.widget
    }

    /// A row with a switch at its end; a click or Enter on the row flips it.
    private func switchRow(_ title: String, subtitle: String, on: Bool, changed: @escaping @MainActor (Bool) -> Void) -> UnsafeMutablePointer<GtkWidget> {
        let row = Adw.ActionRow(title: title, subtitle: subtitle)
        let toggle = Switch()
        toggle.isActive = on
        gtk_widget_set_valign(toggle.widget, GTK_ALIGN_CENTER)
        row.addSuffix(toggle.widget)
        row.setActivatable(toggle.widget)
        Signal.connect(toggle.widget, "notify::active") { (_: UnsafeMutableRawPointer?) in
            changed(toggle.isActive)
        }
        return row.widget
    }
}
