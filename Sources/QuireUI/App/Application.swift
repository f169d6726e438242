import CGtk
import CAdwaita
import CShim
import QuireRemote
import QuireEngine
#if canImport(Glibc)
import Glibc
#endif

/// The GtkApplication: windows of document tabs, the application-wide actions and
/// shortcuts, hand-off of files to an instance already running, and the last session's
/// documents kept and reopened.
@MainActor
public final class Application {
    public static let id = "app.quire.Quire"

    private let app: UnsafeMutablePointer<GtkApplication>
    private let options: LaunchOptions
    /// What the environment says, read once at start-up.
    private let configuration: Configuration
    private var windows: [UnsafeMutableRawPointer: DocumentWindow] = [:]
    /// The windows in the order they were made, for the last session.
    private var windowOrder: [UnsafeMutableRawPointer] = []
    /// The last session's documents (`LastSession`), kept a second after the tabs change.
    private lazy var sessionFile = LastSessionFile()
    private var sessionTimer: UInt32 = 0
    /// The size new windows open at (`WindowGeometry`): read at the first window, kept as
    /// windows close.
    private lazy var geometryFile = WindowGeometryFile()
    private lazy var geometry: WindowGeometry = options.snapshotPath == nil ? geometryFile.read() : .standard
    /// Quit is closing every window: the session is what they showed.
    private var ending = false
    private var snapshot: SnapshotRun?
    private var exitStatus: Int32 = 0
    private var memoryMonitor: OpaquePointer? // GMemoryMonitor, kept for the application's life
    private var recent: RecentDocuments!
    /// The command line's forward search, until it is sent or shown.
    private var syncTeXForward: SyncTeXForwarding?
    /// Read when the first window opens a document; shared by all windows.
    private lazy var states: DocumentStateStore = {
        let store = DocumentStateStore()
        if let setAside = store.setAside { printError(setAside) }
        if let memoryOnly = store.memoryOnly { printError(memoryOnly) }
        return store
    }()

    /// Runs Quire with the process's arguments and returns the exit status.
    /// `startHelpers` forks the helper processes' zygote; it is called while the process
    /// has one thread, before GTK starts, and only for a window (not for `--help`).
    public static func main(_ arguments: [String], startHelpers: () -> Void) -> Int32 {
        // A helper that ends while the window writes to it must not take the window with it.
        signal(SIGPIPE, SIG_IGN)
        let options: LaunchOptions
        do {
            options = try LaunchOptions(arguments: Array(arguments.dropFirst()))
        } catch {
            printError("\(error)\n\(LaunchOptions.usage)")
            return 1
        }
        if options.showHelp {
            print(LaunchOptions.usage)
            return 0
        }
        if options.showVersion {
            print("quire \(LaunchOptions.version)")
            return 0
        }
        if let command = options.editorCommand {
            Settings.shared.setEditorCommand(command.template)
            Settings.shared.sync()
        }
        let configuration = ThisProcess.configuration()
        if configuration.tracesLaunch { LaunchTrace.turnOn() }
        LaunchTrace.mark("main")
        startHelpers()
        RendererChoice.applyBeforeGtkStarts()
        guard GtkStart.withoutItsOwnTheme() else {
            printError(GtkStart.noDisplay)
            return 1
        }
        LaunchTrace.mark("GTK initialised")
        // The helpers read the files on the other core while GTK builds the window. Not
        // before gtk_init: the opening then took the cores from it and the X server while
        // the zygote was still loading (the paper's first picture painted 28 ms later).
        DocumentOpening.startEarly(options.files, watchdogs: configuration.watchdogs)
        // Not when a running Quire will be handed the addresses: it downloads them itself.
        if options.snapshotPath != nil || !SessionBus.isOwned(id) { EarlyFetch.start(options.files) }
        return Application(options: options, configuration: configuration).run(program: arguments.first ?? "quire")
    }

    private init(options: LaunchOptions, configuration: Configuration) {
        self.options = options
        self.configuration = configuration
        var flags = G_APPLICATION_HANDLES_OPEN
        // A snapshot is its own run: never handed to (or served by) another instance.
        if options.snapshotPath != nil || !SessionBus.isAvailable { flags = GApplicationFlags(flags.rawValue | G_APPLICATION_NON_UNIQUE.rawValue) }
        if !SessionBus.isAvailable { quire_quiet_missing_session_bus() }
        app = adw_application_new(Self.id, flags)!.typed(as: GtkApplication.self)
        let instance = app.gobject
        Signal.connect(instance, "startup") { [unowned self] in self.startup() }
        Signal.connect(instance, "activate") { [unowned self] in self.activate() }
        Signal.connectOpen(instance) { [unowned self] files in self.open(files) }
        syncTeXForward = SyncTeXForwarding(options: options)
    }

    private func run(program: String) -> Int32 {
        if options.snapshotPath == nil, let request = syncTeXForward, request.sendToRunningInstance(app) { return 0 }
        // GApplication sees only the files, so they travel to a running instance as `open`
        // (a forward search's file is opened by `activate`, here).
        let arguments = [program] + (syncTeXForward == nil ? options.files : [])
        var pointers = arguments.map { strdup($0) }
        defer { pointers.forEach { free($0) } }
        if configuration.reportsStalls { StallWatch.start() }
        LaunchTrace.mark("application runs")
        // The reference gtk_application_new gave goes once the application has run.
        let status = owning(app) { g_application_run(quire_application($0), Int32(pointers.count), &pointers) }
        if configuration.reportsStalls { StallWatch.report() }
        FrameRecorder.finish()
        return exitStatus != 0 ? exitStatus : status
    }

    /// Application actions and their keys.
    static let accelerators = [
        ("open", "<Control>o"),
        ("open-location", "<Control><Shift>l"),
        ("new-window", "<Control>n"),
        ("close", "<Control>w"),
        ("quit", "<Control>q"),
        ("preferences", "<Control>comma"),
    ]

    private func startup() {
        LaunchTrace.mark("GTK started")
        recent = RecentDocuments()
        // The application's icon (window, About) where an installed Quire has it in hicolor;
        // a window's icon is made of its PNG sizes (scripts/render-icons.sh says why).
        gtk_window_set_default_icon_name(Self.id)
        if let icons = ExecutableLocation.inSourceTree("data/icons"), let display = gdk_display_get_default() {
            gtk_icon_theme_add_search_path(gtk_icon_theme_get_for_display(display), icons)
        }
        Actions.add("open", to: app) { [unowned self] in self.chooseFile(for: self.activeWindow) }
        Actions.add("open-location", to: app) { [unowned self] in
            let window = self.activeWindow
            OpenLocation.ask(over: window?.window) { [unowned self] text in self.open(text, in: window) }
        }
        Actions.add("new-window", to: app) { [unowned self] in self.newWindow().showWelcome() }
        let stringType = g_variant_type_new("s")
        owning(g_simple_action_new("open-recent", stringType)!) { openRecent in
            Signal.connect(openRecent, "activate") { [unowned self] (parameter: UnsafeMutableRawPointer?) in
                guard let parameter else { return }
                self.open(String(cString: g_variant_get_string(parameter.opaque, nil)), in: self.activeWindow)
            }
            g_action_map_add_action(quire_action_map(app), openRecent)
        }
        g_variant_type_free(stringType)
        Actions.add("quit", to: app) { [unowned self] in self.quit() }
        Actions.add("close", to: app) { [unowned self] in self.activeWindow?.close() }
        Actions.add("about", to: app) { [unowned self] in AboutWindow.present(over: self.activeWindow?.window) }
        Actions.add("preferences", to: app) { [unowned self] in
            PreferencesWindow.present(over: self.activeWindow?.window, settings: Settings.shared, configuration: self.configuration)
        }
        SyncTeXForwarding.addAction(to: app) { [unowned self] request in self.forward(request) }
        for (action, accels) in Self.accelerators { quire_set_accels(app, "app.\(action)", accels) }
        for (action, accels) in WindowMenus.accelerators { quire_set_accels(app, "win.\(action)", accels) }
        // After the first window is up: the monitor may ask D-Bus for a portal.
        MainLoop.invoke { [unowned self] in self.watchMemory() }
    }

    /// When the system warns of low memory, every window keeps only what is on screen.
    private func watchMemory() {
        guard let monitor = g_memory_monitor_dup_default() else { return }
        memoryMonitor = monitor
        Signal.connect(monitor, "low-memory-warning") { [unowned self] (_: UnsafeMutableRawPointer?) in
            self.windows.values.forEach { $0.trimMemory() }
        }
    }

    private func activate() {
        if let request = syncTeXForward {
            syncTeXForward = nil
            return forward(request)
        }
        if windows.isEmpty, reopenLastSession() { return }
        if let path = SampleDocument.pathInSourceTree() {
            newWindow().open(path)
        } else if options.snapshotPath != nil {
            finishSnapshot(status: 1, message: "--snapshot needs a FILE")
        } else {
            newWindow().showWelcome()
        }
    }

    /// Files from the command line, or handed to the running Quire by another launch or the
    /// desktop: tabs of the window in front (a snapshot has a window of its own).
    private func open(_ files: [OpaquePointer]) {
        LaunchTrace.mark("open signal")
        for file in files {
            let argument: String
            // A web address is Quire's to download, even where GVfs would give it a path.
            if g_file_has_uri_scheme(file, "http") != 0 || g_file_has_uri_scheme(file, "https") != 0, let uri = g_file_get_uri(file) {
                argument = String(cString: uri)
                g_free(uri)
            } else if let path = g_file_get_path(file) {
                argument = String(cString: path)
                g_free(path)
            } else if let uri = g_file_get_uri(file) {
                argument = String(cString: uri)
                g_free(uri)
            } else {
                continue
            }
            if options.snapshotPath != nil {
                newWindow(opening: argument).open(argument, password: snapshotPassword)
            } else {
                open(argument, in: activeWindow)
                activeWindow?.present()
            }
        }
    }

    /// A forward search: the tab showing its document (chosen) moves there, else one opens it.
    private func forward(_ request: SyncTeXForwarding) {
        let window = windows.values.first { $0.chooseTab(where: request.names) }
            ?? activeWindow.flatMap { $0.isEmpty ? $0 : nil } ?? newWindow()
        if !request.names(window.documentPath) || window.isEmpty { window.open(request.pdfPath) }
        window.syncTeXForward(request.position)
        window.present()
    }

    /// The first start without a file: the last session's documents, each window with its
    /// tabs, the chosen one chosen again. False when there is none to reopen (or it is not wanted).
    private func reopenLastSession() -> Bool {
        guard options.snapshotPath == nil, preferences.reopensLastSession else { return false }
        let session = sessionFile.read().reopenable { access($0, F_OK) == 0 }
        for kept in session.windows {
            let window = newWindow(geometry: kept.geometry)
            for (index, file) in kept.files.enumerated() {
                if index == 0 { window.open(file) } else { window.openInNewTab(file) }
            }
            let chosen = kept.files[kept.chosen]
            _ = window.chooseTab { $0 == chosen }
        }
        return !session.isEmpty
    }

    /// The tabs changed: the session is kept a second later (changes come in bursts).
    private func sessionChanged() {
        guard options.snapshotPath == nil, !ending else { return }
        if sessionTimer != 0 { g_source_remove(sessionTimer) }
        sessionTimer = MainLoop.after(seconds: 1) { [unowned self] in
            self.sessionTimer = 0
            self.keepSession()
        }
    }

    /// Writes the windows' documents as the last session (`LastSession`'s rule 2).
    private func keepSession() {
        if sessionTimer != 0 { g_source_remove(sessionTimer) }
        sessionTimer = 0
        guard options.snapshotPath == nil else { return }
        let session = LastSession(windows: windowOrder.compactMap { windows[$0]?.sessionWindow })
        do { try sessionFile.write(session) } catch { printError("cannot keep the session's documents: \(error)") }
    }

    /// The closing `window`'s size and state, for every window made after (`WindowGeometry`
    /// rules 2 and 3; a window `--size` made is not the reader's choice).
    private func keepGeometry(of window: DocumentWindow) {
        guard options.snapshotPath == nil, options.windowSize == nil,
              let kept = window.keptGeometry ?? window.geometry, kept != geometry else { return }
        geometry = kept
        do { try geometryFile.write(kept) } catch { printError("cannot keep the window's size: \(error)") }
    }

    private var snapshotPassword: String? {
        options.snapshotPath != nil ? configuration.snapshotPassword : nil
    }

    private var activeWindow: DocumentWindow? {
        guard let active = gtk_application_get_active_window(app) else { return windows.values.first }
        return windows[active.gobject] ?? windows.values.first
    }

    /// A new window, presented on the next main-loop turn: whatever it is given to show
    /// before then is in its first frame. `opening`: the argument it is made to open;
    /// `geometry`: its own size (the last session's), else the last window's.
    private func newWindow(opening argument: String? = nil, geometry own: WindowGeometry? = nil) -> DocumentWindow {
        let preferences = self.preferences
        var configuration = self.configuration
        configuration.pictureCacheBytes = preferences.pictureCacheBytes(configuration)
        let given = options.windowSize.map { WindowGeometry(width: $0.width, height: $0.height) }
        let window = DocumentWindow(application: app, start: preferences.start(options.view), geometry: given ?? own ?? geometry, states: states,
                                    recentMenu: recent.menu, configuration: configuration, opening: argument)
        let key = window.window.gobject
        windows[key] = window
        windowOrder.append(key)
        window.onTabsChanged = { [unowned self] in self.sessionChanged() }
        window.onNewWindow = { [unowned self] in self.newWindow() }
        window.onOpenRequest = { [unowned self, unowned window] in self.chooseFile(for: window) }
        window.onOpened = { [unowned self] path in self.recent.add(path: path) }
        window.onFilesDropped = { [unowned self, unowned window] uris in
            for uri in uris { self.open(uri, in: window) }
        }
        window.onClosed = { [unowned self, unowned window] in
            // The last window's documents are the session; another's leave it.
            if self.windows.count == 1, !self.ending { self.keepSession() }
            if !self.ending { self.keepGeometry(of: window) }
            self.windows[key] = nil
            self.windowOrder.removeAll { $0 == key }
            if !self.windows.isEmpty { self.sessionChanged() }
        }
        if preferences.startsNight(options.view) { window.setNight(true) }
        if let path = options.snapshotPath {
            snapshot = SnapshotRun(window: window, path: path, seconds: configuration.snapshotSeconds) { [unowned self] status, message in
                self.finishSnapshot(status: status, message: message)
            }
        }
        MainLoop.invoke { [weak window] in window?.present() }
        return window
    }

    /// The reader's preferences (a snapshot shows what a window would, preferences and all).
    private var preferences: Preferences { Settings.shared.preferences }

    /// Ctrl+O: a file chooser; the choice opens in `window` if it is empty, else in a new tab.
    private func chooseFile(for window: DocumentWindow?) {
        FileChooser.choosePDF(parent: window?.window) { [unowned self] path in self.open(path, in: window) }
    }

    /// Opens a path or URI in `window` if it is empty (with the preferences as they are now,
    /// night mode turned on if it is now the default), else in a new tab of it; a new window
    /// when there is none.
    private func open(_ argument: String, in window: DocumentWindow?) {
        guard let window else { return newWindow(opening: argument).open(argument) }
        let preferences = self.preferences
        window.renewStart(preferences.start(options.view), pictureCacheBytes: preferences.pictureCacheBytes(configuration))
        guard window.isEmpty else { return preferences.opensInTabs ? window.openInNewTab(argument) : newWindow(opening: argument).open(argument) }
        if preferences.startsNight(options.view) { window.setNight(true) }
        window.open(argument)
    }

    /// Ctrl+Q: asks about every window with unsaved changes, one after the other, and
    /// closes the windows only once every answer allows it; Cancel (or a failed save)
    /// closes none.
    private func quit() {
        let asking = windows.values.filter(\.hasUnsavedChanges)
        func settle(_ remaining: ArraySlice<DocumentWindow>) {
            guard let window = remaining.first else {
                keepSession()
                activeWindow.map(keepGeometry)
                ending = true
                return windows.values.forEach { $0.closeAll() }
            }
            window.present()
            window.settleUnsaved { closing in if closing { settle(remaining.dropFirst()) } }
        }
        settle(asking[...])
    }

    private func finishSnapshot(status: Int32, message: String?) {
        if let message { printError(message) }
        exitStatus = status
        g_application_quit(quire_application(app))
    }
}
