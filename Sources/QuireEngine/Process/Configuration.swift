/// What the environment and the machine say to one run of Quire, read once at start-up
/// (`Configuration(reading:physicalMemory:processors:)`, given `getenv` and `sysconf` by the
/// executable) and handed down to what each value concerns: nothing else reads a QUIRE_*
/// variable. A value that does not parse, or is out of range, is ignored. Only the cache
/// sizes are for readers; the rest are switches for tests and measurement (the README lists
/// them all). The helpers' fault switches (`QUIRE_HELPER_FAULT`, `QUIRE_CHECK_FAULT`) are
/// read by the helper processes themselves, which inherit the environment.
public struct Configuration: Sendable {
    /// Bytes of pictures to keep: `QUIRE_CACHE_MB`, else the machine's share (`CacheBudget`).
    public var pictureCacheBytes: Int
    /// Whether `QUIRE_CACHE_MB` set `pictureCacheBytes` (it wins over the preferences).
    public var pictureCacheFromEnvironment: Bool
    /// Bytes of page text the search keeps: `QUIRE_TEXT_CACHE_MB` (64 MiB; 0 keeps none).
    public var textCacheBytes: Int
    /// How long a helper may take: `QUIRE_RENDER_SECONDS` a render, `QUIRE_CHECK_SECONDS`
    /// an opening.
    public var watchdogs: HelperWatchdogs
    /// `QUIRE_PASSWORD`: the password a `--snapshot` run opens its document with.
    public var snapshotPassword: String?
    /// `QUIRE_SNAPSHOT_TIMEOUT`: seconds a `--snapshot` run waits at most (120).
    public var snapshotSeconds: Int
    /// `QUIRE_PRINT_TO_FILE` and `QUIRE_PRINT_PAGES`: Ctrl+P writes those pages there as a
    /// PDF, without the dialog.
    public var printToFile: String?
    public var printPages: String?
    /// `QUIRE_PROPERTIES_REPORT`: the properties dialog writes what it shows there.
    public var propertiesReport: String?
    /// `QUIRE_REPORT_STALLS=1`: the longest main-loop stall is printed at exit.
    public var reportsStalls: Bool
    /// `QUIRE_TRACE_PREVIEWS=1`: each link preview prints how long its picture took.
    public var tracesPreviews: Bool
    /// `QUIRE_TRACE_SEARCH=1`: the search prints its query, its state (`SearchSession.summary`)
    /// and the results list's rows each time they change.
    public var tracesSearch: Bool
    /// `QUIRE_TRACE_LAUNCH=1`: the steps to the first view print when they are reached (`LaunchTrace`).
    public var tracesLaunch: Bool
    /// `QUIRE_TRACE_FRAMES=PATH`: the document window writes each frame's times there (`FrameTrace`).
    public var framesTrace: String?
    /// `QUIRE_REPORT_SHOWN_TEXT=1`: `--snapshot` also prints the words the window shows.
    public var reportsShownText: Bool
    /// `QUIRE_BACKGROUND_SECONDS`: how long a tab stays in the background before it is
    /// trimmed (`BackgroundTab.trimAfter`, 60 s).
    public var backgroundTrimSeconds: Double
    /// Render and search threads: one a core, at most four (beyond that poppler's memory
    /// traffic dominates).
    public var workerThreads: Int

    public static let defaultTextCacheBytes = 64 << 20

    /// `variable` looks a name up (nil when unset); `processors` are the cores online.
    public init(reading variable: (String) -> String?, physicalMemory: Int, processors: Int) {
        func integer(_ name: String) -> Int? { variable(name).flatMap { Int($0) } }
        func seconds(_ name: String) -> Double? {
            variable(name).flatMap { Double($0) }.flatMap { $0.isFinite && $0 > 0 ? max(0.5, min($0, 86_400)) : nil }
        }
        func path(_ name: String) -> String? { variable(name).flatMap { $0.isEmpty ? nil : $0 } }
        let pictureMiB = integer("QUIRE_CACHE_MB").flatMap { (1...(1 << 20)).contains($0) ? $0 : nil }
        pictureCacheBytes = CacheBudget.bytes(physicalMemory: physicalMemory, overrideMiB: pictureMiB)
        pictureCacheFromEnvironment = pictureMiB != nil
        textCacheBytes = integer("QUIRE_TEXT_CACHE_MB").flatMap { (0...(1 << 20)).contains($0) ? $0 << 20 : nil }
            ?? Self.defaultTextCacheBytes
        watchdogs = HelperWatchdogs(render: seconds("QUIRE_RENDER_SECONDS") ?? HelperWatchdogs.standard.render,
                                    opening: seconds("QUIRE_CHECK_SECONDS") ?? HelperWatchdogs.standard.opening)
        snapshotPassword = variable("QUIRE_PASSWORD")
        snapshotSeconds = integer("QUIRE_SNAPSHOT_TIMEOUT").flatMap { (1...86_400).contains($0) ? $0 : nil } ?? 120
        printToFile = path("QUIRE_PRINT_TO_FILE")
        printPages = variable("QUIRE_PRINT_PAGES")
        propertiesReport = path("QUIRE_PROPERTIES_REPORT")
        reportsStalls = variable("QUIRE_REPORT_STALLS") == "1"
        tracesPreviews = variable("QUIRE_TRACE_PREVIEWS") == "1"
        tracesSearch = variable("QUIRE_TRACE_SEARCH") == "1"
        tracesLaunch = variable("QUIRE_TRACE_LAUNCH") == "1"
        framesTrace = path("QUIRE_TRACE_FRAMES")
        reportsShownText = variable("QUIRE_REPORT_SHOWN_TEXT") == "1"
        workerThreads = min(max(processors, 1), 4)
        backgroundTrimSeconds = seconds("QUIRE_BACKGROUND_SECONDS") ?? BackgroundTab.trimAfter
    }
}

/// How long the window waits for a helper before it counts as hung and is ended.
public struct HelperWatchdogs: Sendable, Equatable {
    /// Seconds for one render, all its questions together.
    public var render: Double
    /// Seconds for a document helper to open the document (the opening's verdict).
    public var opening: Double

    public init(render: Double, opening: Double) {
        self.render = render
        self.opening = opening
    }

    public static let standard = HelperWatchdogs(render: 20, opening: 20)
}
