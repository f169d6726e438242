import CAdwaita
import CGtk

/// Typed handles on the libadwaita widgets Quire uses, named as libadwaita names them
/// (`Adw.HeaderBar` for AdwHeaderBar). As in Widgets.swift, a handle does not own its
/// widget.
@MainActor
enum Adw {
    /// The window's header bar, titled with the window's title.
    struct HeaderBar: WidgetHandle {
        let widget: UnsafeMutablePointer<GtkWidget>
        private var bar: OpaquePointer { widget.opaque }

        init() { widget = adw_header_bar_new() }
        init(_ widget: UnsafeMutablePointer<GtkWidget>) { self.widget = widget }

        func packStart(_ child: UnsafeMutablePointer<GtkWidget>) { adw_header_bar_pack_start(bar, child) }
        func packEnd(_ child: UnsafeMutablePointer<GtkWidget>) { adw_header_bar_pack_end(bar, child) }
        /// The window's own buttons (close, and what the desktop adds) at either end.
        func showTitleButtons(_ shown: Bool) {
            adw_header_bar_set_show_start_title_buttons(bar, shown ? 1 : 0)
            adw_header_bar_set_show_end_title_buttons(bar, shown ? 1 : 0)
        }
    }

    /// Shows toasts over its child.
    struct ToastOverlay: WidgetHandle {
        let widget: UnsafeMutablePointer<GtkWidget>

        init(child: UnsafeMutablePointer<GtkWidget>) {
            widget = adw_toast_overlay_new()
            adw_toast_overlay_set_child(widget.opaque, child)
        }

        /// Shows `toast`, taking the caller's reference.
        func add(_ toast: Toast) { adw_toast_overlay_add_toast(widget.opaque, toast.toast) }
    }

    /// A short message over the bottom of a toast overlay (not a widget).
    struct Toast: Equatable, GObjectPointer {
        let toast: OpaquePointer
        var gobject: UnsafeMutableRawPointer { toast.gobject }

        /// A new toast (a reference the caller owns), `title` read as Pango markup.
        init(markup title: String) { toast = adw_toast_new(title) }

        func setTitle(markup title: String) { adw_toast_set_title(toast, title) }
        /// 0: until dismissed.
        func setTimeout(seconds: UInt32) { adw_toast_set_timeout(toast, seconds) }
        func dismiss() { adw_toast_dismiss(toast) }
    }

    /// An icon, a headline, a description and a child below, centred.
    struct StatusPage: WidgetHandle {
        let widget: UnsafeMutablePointer<GtkWidget>
        private var page: OpaquePointer { widget.opaque }

        init() { widget = adw_status_page_new() }

        func setIcon(named icon: String) { adw_status_page_set_icon_name(page, icon) }
        func setTitle(_ title: String) { adw_status_page_set_title(page, title) }
        /// Pango markup.
        func setDescription(markup description: String) { adw_status_page_set_description(page, description) }
        func setChild(_ child: UnsafeMutablePointer<GtkWidget>) { adw_status_page_set_child(page, child) }
    }

    /// An application's about window: its name, version, credits, release notes and the
    /// details a bug report needs.
    struct AboutWindow: WidgetHandle {
        let widget: UnsafeMutablePointer<GtkWidget>
        private var about: OpaquePointer { widget.opaque }

        init() { widget = adw_about_window_new() }

        var window: Window { Window(widget) }
        func setApplication(name: String, icon: String, version: String) {
            adw_about_window_set_application_name(about, name)
            adw_about_window_set_application_icon(about, icon)
            adw_about_window_set_version(about, version)
        }
        func setDeveloper(name: String, copyright: String, license: GtkLicense) {
            adw_about_window_set_developer_name(about, name)
            adw_about_window_set_copyright(about, copyright)
            adw_about_window_set_license_type(about, license)
        }
        func setComments(_ comments: String) { adw_about_window_set_comments(about, comments) }
        /// `notes` is the metainfo's markup (`<p>`, `<ul>`, `<li>`).
        func setReleaseNotes(_ notes: String, version: String) {
            adw_about_window_set_release_notes_version(about, version)
            adw_about_window_set_release_notes(about, notes)
        }
        func setDebugInfo(_ text: String, filename: String) {
            adw_about_window_set_debug_info(about, text)
            adw_about_window_set_debug_info_filename(about, filename)
        }
    }

    /// A window of preferences pages.
    struct PreferencesWindow: WidgetHandle {
        let widget: UnsafeMutablePointer<GtkWidget>

        init() { widget = adw_preferences_window_new() }

        var window: Window { Window(widget) }
        func setSearchEnabled(_ enabled: Bool) { adw_preferences_window_set_search_enabled(widget.typed(), enabled ? 1 : 0) }
        func add(_ page: PreferencesPage) { adw_preferences_window_add(widget.typed(), page.widget.typed()) }
        /// Shows `toast`, taking the caller's reference.
        func add(_ toast: Toast) { adw_preferences_window_add_toast(widget.typed(), toast.toast) }
    }

    /// A page of preferences groups, with a title and an icon for the window's switcher.
    struct PreferencesPage: WidgetHandle {
        let widget: UnsafeMutablePointer<GtkWidget>

        init(title: String, icon: String) {
            widget = adw_preferences_page_new()
            adw_preferences_page_set_title(widget.typed(), title)
            adw_preferences_page_set_icon_name(widget.typed(), icon)
        }

        func add(_ group: PreferencesGroup) { adw_preferences_page_add(widget.typed(), group.widget.typed()) }
    }

    /// Rows under a title and an optional description.
    struct PreferencesGroup: WidgetHandle {
        let widget: UnsafeMutablePointer<GtkWidget>

        init(title: String, description: String?) {
            widget = adw_preferences_group_new()
            adw_preferences_group_set_title(widget.typed(), title)
            if let description { adw_preferences_group_set_description(widget.typed(), description) }
        }

        func add(_ row: UnsafeMutablePointer<GtkWidget>) { adw_preferences_group_add(widget.typed(), row) }
    }

    /// A row with a title, a subtitle and widgets at its end (AdwActionRow, and the combo
    /// row made from it).
    struct ActionRow: WidgetHandle {
        let widget: UnsafeMutablePointer<GtkWidget>

        init(_ widget: UnsafeMutablePointer<GtkWidget>) { self.widget = widget }
        init(title: String, subtitle: String) {
            widget = adw_action_row_new()
            setTitle(mnemonic: title)
            setSubtitle(subtitle)
        }

        func setSubtitle(_ subtitle: String) { adw_action_row_set_subtitle(widget.typed(), subtitle) }
        func addSuffix(_ child: UnsafeMutablePointer<GtkWidget>) { adw_action_row_add_suffix(widget.typed(), child) }
        /// A click or Enter on the row activates `child`.
        func setActivatable(_ child: UnsafeMutablePointer<GtkWidget>) { adw_action_row_set_activatable_widget(widget.typed(), child) }
    }

    /// A row choosing one of a list's strings.
    struct ComboRow: WidgetHandle {
        let widget: UnsafeMutablePointer<GtkWidget>
        private var row: UnsafeMutablePointer<AdwComboRow> { widget.typed() }

        init(title: String) {
            widget = adw_combo_row_new()
            setTitle(mnemonic: title)
        }

        /// Shows the items of `model` (a GListModel; the row keeps its own reference).
        func setModel(_ model: OpaquePointer) { adw_combo_row_set_model(row, model) }
        var selected: Int {
            get { Int(adw_combo_row_get_selected(row)) }
            nonmutating set { adw_combo_row_set_selected(row, guint(newValue)) }
        }
    }

    /// A row that is a text entry (an editable) with a title, and an apply button.
    struct EntryRow: WidgetHandle {
        let widget: UnsafeMutablePointer<GtkWidget>

        init(title: String) {
            widget = adw_entry_row_new()
            setTitle(mnemonic: title)
            adw_entry_row_set_show_apply_button(widget.typed(), 1)
        }

        var editable: Editable { Editable(widget) }
    }
}

extension WidgetHandle {
    /// A preferences row's title, its underlined letter (`_Zoom`) the row's mnemonic.
    fileprivate func setTitle(mnemonic title: String) {
        adw_preferences_row_set_title(widget.typed(), title)
        adw_preferences_row_set_use_underline(widget.typed(), 1)
    }
}
