/// The reader's standing choices (the Preferences window), and how they combine with the
/// command line's options and a document's remembered view into the view it starts with:
/// 1. The command line wins: a zoom, rotation, layout or continuity it names holds for every
///    document of the run; what it leaves unsaid comes from the preferences.
/// 2. A document's remembered view wins over both (`ViewStart`), unless the command line
///    chose a view (then for the window's first document only) or the reader turned
///    "Reopen documents where I left them" off (then for none).
/// 3. Night mode by default starts each new window in night mode, as `--night` does; a
///    remembered document's own mode still wins.
/// 4. The picture cache: `QUIRE_CACHE_MB` wins, then the preference, then the machine's share.
/// 5. Preferences are read for the next document opened: a document shown keeps its view.
/// 6. A printout has the annotations the pages show (the reader's, saved or not), unless
///    "Print annotations" is off: then the pages alone, with their form fields' values.
/// 7. A file opened while a window shows a document opens as a tab of that window, or with
///    "Open documents in tabs" off in a window of its own. Ctrl+N always makes a window.
/// 8. Quire started with no file reopens the last session's documents (`LastSession`)
///    unless "Reopen the last session's documents" is off.
/// 9. Read Aloud's voice rate (-100 slowest, 0 the voice's own, 100 fastest) holds from
///    the next sentence said; a stored rate out of range is brought into it.
/// 10. The text store (`TextStore`) keeps documents' text within `textStoreMiB`; 0 keeps
///    none (nothing is written, nothing read). A stored size out of range is the default.
/// 11. Scans are read in the document's language or the reader's, and English
///    (`RecognitionLanguages`), and in the languages the reader added: Tesseract's names
///    ("deu"), at most `recognitionLanguageLimit`, each once; a stored name that is not one
///    is dropped.
public struct Preferences: Sendable, Equatable {
    public var zoom: ZoomMode = .fitWidth
    public var arrangement: PageLayout.Arrangement = .single
    public var continuous = true
    public var night = false
    public var reopensWhereLeft = true
    /// Mebibytes of pictures to keep; nil: the machine's share (`CacheBudget`).
    public var cacheMiB: Int?
    public var printsAnnotations = true
    public var opensInTabs = true
    public var reopensLastSession = true
    public var voiceRate = 0
    /// Scanned pages' text recognised in the background (`Recognition`).
    public var recognisesScans = true
    public var textStoreMiB = TextStore.defaultBudgetMiB
    /// Languages every scan is read in too (rule 11).
    public var recognitionLanguages: [String] = []
    /// The largest web document downloaded (`WebFetchPolicy` rule 3), in MiB.
    public var webDownloadLimitMiB = WebFetchPolicy.defaultSizeLimit >> 20

    public init() {}

    /// The zooms the Preferences window offers; a stored one not among them is offered too.
    public static let zoomChoices: [ZoomMode] = [.fitWidth, .fitPage, .fitInk] + [50, 75, 100, 125, 150, 200, 300, 400].map { .percent($0) }
    /// The picture cache sizes offered, in MiB, after "Automatic".
    public static let cacheChoicesMiB = [32, 48, 64, 96, 128, 256, 512, 1024]
    public static let cacheRangeMiB = 16...4096
    public static let voiceRates = -100...100
    /// The text store sizes offered, in MiB, after "Off".
    public static let textStoreChoicesMiB = [64, 128, 256, 512, 1024, 2048]
    public static let textStoreRangeMiB = 0...16384
    /// The rates the Preferences window offers; a stored one not among them is offered too.
    public static let voiceRateChoices = [-50, -25, 0, 25, 50]
    public static let webDownloadRangeMiB = 1...65536
    public static let recognitionLanguageLimit = 8

    /// The languages the reader added, as rule 11 keeps them.
    public static func recognitionLanguages(_ names: [String]) -> [String] {
        var kept: [String] = []
        for name in names where (3...8).contains(name.utf8.count) && name.utf8.allSatisfy({ (0x61...0x7A).contains($0) || $0 == 0x5F })
            && !kept.contains(name) && kept.count < recognitionLanguageLimit {
            kept.append(name)
        }
        return kept
    }

    /// GSettings' keys (data/app.quire.Quire.gschema.xml).
    public enum Key {
        public static let zoom = "default-zoom", layout = "default-layout", continuous = "continuous", night = "night-mode"
        public static let reopen = "reopen-where-left", cacheMiB = "picture-cache-mb", editorCommand = "synctex-editor-command"
        public static let printAnnotations = "print-annotations", textStoreMiB = "text-store-mb"
        public static let tabs = "open-in-tabs", lastSession = "reopen-last-session", voiceRate = "read-aloud-rate"
        public static let recognise = "recognise-scans", recognitionLanguages = "recognition-languages"
        public static let webDownloadLimitMiB = "web-download-limit-mb"
        /// Not a preference of the window: the colour each kind of markup last took (`MarkupColours`).
        public static let markupColours = "markup-colours"
        public static let all = [zoom, layout, continuous, night, reopen, cacheMiB, editorCommand, printAnnotations, markupColours, tabs, lastSession, voiceRate,
                                 recognise, recognitionLanguages, textStoreMiB, webDownloadLimitMiB]
    }

    /// The values as GSettings stores them: names as the command line spells them, 0 MiB
    /// for the machine's share.
    public struct Stored: Sendable, Equatable {
        public var zoom = "fit-width", layout = "single", continuous = true, night = false, reopen = true, cacheMiB = 0
        public var printAnnotations = true, tabs = true, lastSession = true, voiceRate = 0, recognise = true, textStoreMiB = TextStore.defaultBudgetMiB
        public var webDownloadLimitMiB = WebFetchPolicy.defaultSizeLimit >> 20
        public var recognitionLanguages: [String] = []
        public init() {}
    }

    /// The stored values read; one that does not parse keeps its default.
    public init(_ stored: Stored) {
        zoom = ZoomMode(argument: stored.zoom) ?? zoom
        arrangement = PageLayout.Arrangement(argument: stored.layout) ?? arrangement
        continuous = stored.continuous
        night = stored.night
        reopensWhereLeft = stored.reopen
        cacheMiB = Self.cacheRangeMiB.contains(stored.cacheMiB) ? stored.cacheMiB : nil
        printsAnnotations = stored.printAnnotations
        opensInTabs = stored.tabs
        reopensLastSession = stored.lastSession
        voiceRate = min(max(stored.voiceRate, Self.voiceRates.lowerBound), Self.voiceRates.upperBound)
        recognisesScans = stored.recognise
        recognitionLanguages = Self.recognitionLanguages(stored.recognitionLanguages)
        textStoreMiB = Self.textStoreRangeMiB.contains(stored.textStoreMiB) ? stored.textStoreMiB : TextStore.defaultBudgetMiB
        if Self.webDownloadRangeMiB.contains(stored.webDownloadLimitMiB) { webDownloadLimitMiB = stored.webDownloadLimitMiB }
    }

    public var stored: Stored {
        var stored = Stored()
        stored.zoom = zoom.argument
        stored.layout = arrangement.argument
        stored.continuous = continuous
        stored.night = night
        stored.reopen = reopensWhereLeft
        stored.cacheMiB = cacheMiB ?? 0
        stored.printAnnotations = printsAnnotations
        stored.tabs = opensInTabs
        stored.lastSession = reopensLastSession
        stored.voiceRate = voiceRate
        stored.recognise = recognisesScans
        stored.recognitionLanguages = Self.recognitionLanguages(recognitionLanguages)
        stored.textStoreMiB = textStoreMiB
        stored.webDownloadLimitMiB = webDownloadLimitMiB
        return stored
    }

    /// How a new window's documents start, given what the command line says (rules 1–3).
    public func start(_ launch: LaunchView) -> ViewStart.Options {
        ViewStart.Options(zoom: launch.zoom ?? zoom, rotation: launch.rotation ?? .none, arrangement: launch.arrangement ?? arrangement,
                          continuous: launch.continuous ?? continuous, page: launch.page, find: launch.find, sidebar: launch.sidebar,
                          restoresRemembered: !launch.choosesView, night: launch.night, remembers: reopensWhereLeft)
    }

    /// What a printout shows of the reader's `edits` (rule 6): all of them, or with
    /// annotations off only the form fields' values.
    public func printed(_ edits: AnnotationEdits) -> PrintContent {
        guard printsAnnotations else { return PrintContent(changes: DocumentChanges(fields: edits.documentChanges.fields), annotations: false) }
        return PrintContent(markups: edits.markups, changes: edits.documentChanges)
    }

    /// The web download bound in bytes.
    public var webDownloadLimitBytes: Int { webDownloadLimitMiB << 20 }

    /// Whether a new window starts in night mode (rule 3).
    public func startsNight(_ launch: LaunchView) -> Bool { launch.night || night }

    /// The bytes of pictures a new window keeps (rule 4).
    public func pictureCacheBytes(_ configuration: Configuration) -> Int {
        guard !configuration.pictureCacheFromEnvironment, let cacheMiB else { return configuration.pictureCacheBytes }
        return cacheMiB << 20
    }

    /// The SyncTeX editor command: the preference once it was ever set (`stored` non-nil,
    /// even empty: cleared); until then the one `--synctex-editor-command` remembered in a
    /// file before there were preferences (`legacy`), which `migrate` says to copy over.
    public static func editorCommand<Failure: Error>(stored: String?, legacy: () throws(Failure) -> String?) throws(Failure)
        -> (command: String?, migrate: String?) {
        if let stored { return (stored.isEmpty ? nil : stored, nil) }
        guard let old = try legacy(), !old.isEmpty else { return (nil, nil) }
        return (old, old)
    }
}

/// What the command line says of the view: nil (or false) where it says nothing.
public struct LaunchView: Sendable, Equatable {
    public var zoom: ZoomMode?
    public var rotation: Rotation?
    public var arrangement: PageLayout.Arrangement?
    public var continuous: Bool?
    public var page: Int?  // from 0
    public var find: String?
    public var sidebar: SidebarView?
    public var night = false

    public init(zoom: ZoomMode? = nil, rotation: Rotation? = nil, arrangement: PageLayout.Arrangement? = nil, continuous: Bool? = nil,
                page: Int? = nil, find: String? = nil, sidebar: SidebarView? = nil, night: Bool = false) {
        self.zoom = zoom; self.rotation = rotation; self.arrangement = arrangement; self.continuous = continuous
        self.page = page; self.find = find; self.sidebar = sidebar; self.night = night
    }

    /// Whether it asks for a view of its own (a page, a search, a zoom…), which then replaces
    /// the one remembered for the window's first document.
    public var choosesView: Bool {
        page != nil || find != nil || sidebar != nil || zoom != nil || rotation != nil || arrangement != nil || continuous != nil
    }
}
