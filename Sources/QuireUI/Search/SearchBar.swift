import CAdwaita
import CGtk
import CShim
import QuireEngine

/// The find bar under the header bar: the search entry (typing searches after a short
/// pause), previous and next, the match count ("7 of 312") with a spinner while pages are
/// still being searched, the options (match case, whole words, regular expression) and the
/// results list.
/// Reopened, it offers the last query, selected, as Evince does: GtkSearchBar empties its
/// entry when it closes, so the bar keeps the text the reader last had in it.
@MainActor
final class SearchBar {
    private let bar = SearchBarWidget()
    var widget: UnsafeMutablePointer<GtkWidget> { bar.widget }
    private let entry = SearchEntry(placeholder: tr("Find in document"))
    private var field: Editable { entry.editable }
    /// The count: a status bar to a screen reader, which reads it on request.
    private let status = Label(quire_status_label_new()!)
    private let spinner = Spinner()
    private let resultsButton = MenuButton(icon: "view-list-symbolic")
    let results = SearchResultsList()
    /// The query text after typing paused (GtkSearchEntry's delay).
    var onChanged: ((String) -> Void)?
    /// Next (true) or previous match.
    var onStep: ((Bool) -> Void)?
    /// A row of the results list was chosen: its match number, from 1.
    var onChosen: ((Int) -> Void)?
    /// The bar was closed: clear the highlights.
    var onClosed: (() -> Void)?
    private var wrapNotice: UInt32 = 0
    /// The entry's text while the bar was last open (closing empties the entry).
    private var lastQuery = ""

    init() {
        // Narrow at least, wide when there is room: the bar must not widen a small window.
        field.setWidth(chars: 12)
        field.setMaxWidth(chars: 40)
        gtk_widget_set_hexpand(entry.widget, 1)
        entry.setSearchDelay(milliseconds: 150)
        let previous = gtk_button_new_from_icon_name("go-up-symbolic")!
        gtk_widget_set_tooltip_text(previous, tr("Previous match (Shift+Enter, Ctrl+Shift+G)"))
        let next = gtk_button_new_from_icon_name("go-down-symbolic")!
        gtk_widget_set_tooltip_text(next, tr("Next match (Enter, Ctrl+G)"))
        gtk_label_set_xalign(quire_label(status.widget), 0)
        status.setAccessibleName(tr("Matches"))
        entry.setAccessibleName(tr("Find in document"))
        setAccessibleName(previous, tr("Previous match"))
        setAccessibleName(next, tr("Next match"))
        status.addCSSClass("numeric")
        status.addCSSClass("dim-label")
        status.setWidth(chars: 10)
        status.ellipsize()
        spinner.setVisible(false)
        let options = MenuButton(icon: "emblem-system-symbolic")
        gtk_widget_set_tooltip_text(options.widget, tr("Search options"))
        options.setAccessibleName(tr("Search options"))
        owning(g_menu_new()!) { menu in
            g_menu_append(menu, tr("Match _Case"), "win.find-case-sensitive")
            g_menu_append(menu, tr("_Whole Words"), "win.find-whole-words")
            g_menu_append(menu, tr("_Regular Expression"), "win.find-regex")
            options.setMenu(menu)
        }
        gtk_widget_set_tooltip_text(resultsButton.widget, tr("All matches"))
        resultsButton.setAccessibleName(tr("All matches"))
        results.setName(tr("All matches"))
        let popover = gtk_popover_new()!
        gtk_popover_set_child(quire_popover(popover), results.widget)
        resultsButton.setPopover(popover)
        // The list hangs left from the button at the bar's right end, no wider than the bar
        // leaves room for: it stays inside a narrow window.
        gtk_widget_set_halign(popover, GTK_ALIGN_END)
        Signal.connect(popover, "show") { [unowned self] in
            self.results.fit(width: Int(gtk_widget_get_width(self.widget)) - 56)
        }

        for button in [options, resultsButton] { PopoverTooltips.keepAway(from: button) }

        let box = Box.row(spacing: 6)
        for child in [entry.widget, previous, next, status.widget, spinner.widget, options.widget, resultsButton.widget] { box.append(child) }
        bar.setChild(box.widget, entry: entry)
        quire_search_bar_name_close(bar.widget, tr("Close the find bar"))

        Signal.connect(previous, "clicked") { [unowned self] in self.onStep?(false) }
        Signal.connect(next, "clicked") { [unowned self] in self.onStep?(true) }
        Signal.connect(entry.widget, "search-changed") { [unowned self] in self.onChanged?(self.text) }
        // At once, not after the search delay: Escape right after typing still keeps it.
        Signal.connect(entry.widget, "changed") { [unowned self] in
            if self.isOpen { self.lastQuery = self.text }
        }
        Signal.connect(entry.widget, "activate") { [unowned self] in self.onStep?(true) }
        Signal.connect(entry.widget, "next-match") { [unowned self] in self.onStep?(true) }
        Signal.connect(entry.widget, "previous-match") { [unowned self] in self.onStep?(false) }
        Signal.connect(widget, "notify::search-mode-enabled") { [unowned self] (_: UnsafeMutableRawPointer?) in
            if !self.isOpen { self.onClosed?() }
        }
        // Shift+Enter goes back; the entry's own handler would go forward.
        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        Signal.connectKeyPressed(keys) { [unowned self] keyval, modifiers in
            let enter = Int32(keyval) == GDK_KEY_Return || Int32(keyval) == GDK_KEY_KP_Enter
            guard enter, modifiers.rawValue & GDK_SHIFT_MASK.rawValue != 0 else { return false }
            self.onStep?(false)
            return true
        }
        gtk_widget_add_controller(entry.widget, keys)
        results.onChosen = { [unowned self] ordinal in
            self.resultsButton.popdown()
            self.onChosen?(ordinal)
        }
    }

    var text: String { field.text }
    var isOpen: Bool { bar.isOpen }

    /// Shows the bar with the focus in the entry, its text (`text`, else the last query)
    /// selected: typing replaces it, Enter finds it.
    func open(text: String? = nil) {
        if let text { lastQuery = text }
        // Filled and selected before the focus comes (opening the bar gives it): GTK 4.8
        // starts the cursor's blinking when its text gains the focus with no selection, and
        // warns ("unexpected blinking selection") when a selection made after that meets the
        // blink. An empty entry is left alone: selected before the focus, it lost a key of
        // those typed at once after Ctrl+F (the space of "page 9", two runs in three).
        if text != nil || (!isOpen && !lastQuery.isEmpty) {
            field.text = lastQuery
            field.select(from: 0, to: -1)
        }
        bar.isOpen = true
        field.select(from: 0, to: -1)
        gtk_widget_grab_focus(entry.widget)
        // The entry's text widget is realized only at the next frame, and keys typed before
        // that are lost (its input method has no window yet): realize it now.
        if let root = gtk_widget_get_root(entry.widget), let focus = gtk_root_get_focus(root) { gtk_widget_realize(focus) }
    }

    func close() { bar.isOpen = false }

    /// The count, and whether pages are still being searched; `spoken`, once the count
    /// settles, becomes the entry's description: Orca 43 speaks a change of the focused
    /// widget's description, and nothing of a label that changes beside it. Emptied while
    /// a search runs, so that the same count settling again is a change, spoken again.
    func show(status text: String, searching: Bool, spoken: String? = nil) {
        if showsProblem {
            showsProblem = false
            gtk_widget_remove_css_class(entry.widget, "error")
            gtk_widget_set_tooltip_text(status.widget, nil)
        }
        if (spoken ?? "") != lastSpoken {
            lastSpoken = spoken ?? ""
            entry.setAccessibleDescription(lastSpoken)
        }
        gtk_widget_set_sensitive(resultsButton.widget, results.count > 0 ? 1 : 0)
        // Batches of results arrive every few milliseconds: touch the widgets only on change.
        if text != lastStatus {
            lastStatus = text
            if wrapNotice == 0 { status.text = text }
        }
        if searching != isSearching {
            isSearching = searching
            spinner.setVisible(searching)
            spinner.setSpinning(searching)
        }
    }
    private var lastStatus = ""
    private var showsProblem = false

    /// Says why the query cannot be searched (a pattern that is not one), in the count's
    /// place and to a screen reader, with the entry marked as in error until the next count.
    func show(problem: String) {
        show(status: problem, searching: false, spoken: problem)
        showsProblem = true
        gtk_widget_add_css_class(entry.widget, "error")
        gtk_widget_set_tooltip_text(status.widget, problem)
    }
    private var lastSpoken = ""
    private var isSearching = false

    /// Says for a moment that the search went past the end (or the start) and wrapped.
    func showWrapped(forward: Bool) {
        if wrapNotice != 0 { g_source_remove(wrapNotice) }
        status.text = forward ? tr("Wrapped to the start") : tr("Wrapped to the end")
        wrapNotice = MainLoop.after(seconds: 1.5) { [weak self] in
            guard let self else { return }
            self.wrapNotice = 0
            self.status.text = self.lastStatus
        }
    }
}
