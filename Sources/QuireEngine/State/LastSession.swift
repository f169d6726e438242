import Foundation

/// The documents the reader had open when Quire last ended, for the next start to reopen
/// ("Reopen the last session's documents", on by default). Policy:
/// 1. What is kept: each window's local files in their tabs' order, the tab chosen, and the
///    window's size and state (`WindowGeometry`), which it reopens at.
///    Not web addresses, not a window or tab showing no document. Each document reopens
///    at its own remembered place (`DocumentStateStore`), as any document does.
/// 2. When: whenever a window's tabs change (a document opened, a tab closed, chosen or
///    moved), so a crash loses at most that change. A window closed while others stay
///    leaves the session; the last window closed, or Quit, leaves it as it was: those
///    documents are the session.
/// 3. Read when Quire starts with no file to open and no instance running, never for a
///    snapshot. Files no longer there are left out; a window left with none is too.
/// 4. The file is ours but untrusted: one that does not decode, or is over 1 MiB, is an
///    empty session; at most 100 windows of 500 tabs are kept, paths under 4,096 bytes.
public struct LastSession: SmallState, Equatable {
    public struct Window: Sendable, Equatable, Codable {
        public var files: [String]
        /// The index of the tab chosen, among `files`.
        public var chosen: Int
        /// The window's size and state (`WindowGeometry`); nil in a session kept before they were.
        public var geometry: WindowGeometry?

        public init(files: [String], chosen: Int = 0, geometry: WindowGeometry? = nil) {
            self.files = files
            self.chosen = chosen
            self.geometry = geometry
        }
    }

    public var windows: [Window]

    public init(windows: [Window] = []) { self.windows = windows }

    public static let fileName = "session.json"
    public static let sizeLimit = 1 << 20
    public static var empty: LastSession { LastSession() }
    static let maxWindows = 100, maxTabs = 500, maxPath = 4096

    /// A window's tabs as kept: the local files (`nil` for a tab without one is left out),
    /// the chosen tab's index moved to count only those kept; nil when none is kept.
    public static func window(tabs: [String?], chosen: Int) -> Window? {
        var files: [String] = []
        var chosenFile = 0
        for (index, tab) in tabs.enumerated() {
            guard let tab, isKept(path: tab), files.count < maxTabs else { continue }
            if index == chosen { chosenFile = files.count }
            files.append(tab)
        }
        return files.isEmpty ? nil : Window(files: files, chosen: chosenFile)
    }

    /// What a start reopens: the windows' files that still exist (`exists`), each window's
    /// chosen tab moved to count only those; windows left without a file are left out.
    public func reopenable(exists: (String) -> Bool) -> LastSession {
        LastSession(windows: windows.prefix(Self.maxWindows).compactMap { window in
            let chosen = window.files.indices.contains(window.chosen) ? window.files[window.chosen] : nil
            let kept = window.files.prefix(Self.maxTabs).filter { Self.isKept(path: $0) && exists($0) }
            guard !kept.isEmpty else { return nil }
            return Window(files: kept, chosen: chosen.flatMap { kept.firstIndex(of: $0) } ?? 0,
                          geometry: window.geometry.flatMap { $0.isKept ? $0 : nil })
        })
    }

    public var isEmpty: Bool { windows.isEmpty }

    /// A path the session keeps and reopens: absolute, and not absurdly long (rule 4).
    private static func isKept(path: String) -> Bool { path.hasPrefix("/") && path.utf8.count < maxPath }
}

/// Where the last session is kept: `session.json`.
public typealias LastSessionFile = SmallStateFile<LastSession>
